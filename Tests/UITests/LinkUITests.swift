// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Links: a click on a contents entry jumps to its page; a web link is only opened after the
/// user agrees.
final class LinkUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testAContentsLinkJumpsToItsPageAndAWebLinkAsksFirst() throws {
        let session = try AppSession()
        try session.launch([sample])
        let state = try XCTUnwrap(session.waitFor("links listed") { s in
            guard let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.annotations.filter { $0.kind == "link" }.count == 6
        })
        let w = try XCTUnwrap(state.windows.first)
        // data/README.md: page 1 lists links to pages 2–6 from top to bottom, then the homepage.
        let links = w.annotations.filter { $0.kind == "link" }.sorted { $0.y < $1.y }
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        func click(_ link: AppSession.Annotation) {
            session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + link.x + 20))", "\(Int(origin.y + w.canvasY + link.y + link.height / 2))")
            session.xdotool("click", "1")
        }
        click(links[5])
        let asked = session.waitFor("the web link asks first") { $0.windows.first?.pendingExternalLink != nil }
        XCTAssertEqual(asked?.windows.first?.pendingExternalLink, "https://github.com/pdfannotator/pdf-annotator")
        XCTAssertEqual(asked?.windows.first?.currentPage, 1)
        session.xdotool("key", "Escape")
        session.waitFor("declined") { $0.windows.first?.pendingExternalLink == nil }
        click(links[2])
        session.waitFor("the page-4 entry shows page 4") { $0.windows.first?.currentPage == 4 }
    }
}
