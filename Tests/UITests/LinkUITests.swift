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

    func testBackAndForwardReturnToWhereALinkWasFollowedFrom() throws {
        let session = try AppSession()
        try session.launch([sample])
        let state = try XCTUnwrap(session.waitFor("links listed") { s in
            guard let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.annotations.filter { $0.kind == "link" }.count == 6 && !w.isAnimating
        })
        let w = try XCTUnwrap(state.windows.first)
        XCTAssertEqual(w.canGoBack, false)
        let links = w.annotations.filter { $0.kind == "link" }.sorted { $0.y < $1.y }
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let entry = (x: Int(origin.x + w.canvasX + links[3].x + 20), y: Int(origin.y + w.canvasY + links[3].y + links[3].height / 2))
        // Hovering the page-5 entry says where it leads; a click goes there.
        session.xdotool("mousemove", "\(entry.x)", "\(entry.y)")
        session.waitFor("the link's tooltip names its page") { $0.windows.first?.linkTooltip == "Go to page 5" }
        session.xdotool("click", "1")
        let away = try XCTUnwrap(session.waitFor("on page 5, with a way back") { s in
            s.windows.first.map { $0.currentPage == 5 && $0.canGoBack == true && $0.canGoForward == false } ?? false
        }?.windows.first)
        session.xdotool("key", "alt+Left")
        let back = try XCTUnwrap(session.waitFor("Alt+Left: back on page 1, with a way forward") { s in
            s.windows.first.map { $0.currentPage == 1 && $0.canGoForward == true } ?? false
        }?.windows.first)
        XCTAssertEqual(back.offsetY, w.offsetY, accuracy: 1, "exactly where the link was followed from")
        XCTAssertEqual(back.zoom, w.zoom, accuracy: 1e-9)
        session.xdotool("key", "alt+Right")
        let again = try XCTUnwrap(session.waitFor("Alt+Right: page 5 again") { s in
            s.windows.first.map { $0.currentPage == 5 && $0.canGoBack == true } ?? false
        }?.windows.first)
        XCTAssertEqual(again.offsetY, away.offsetY, accuracy: 1)
        // The mouse's back button (8) goes back too.
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + 30))", "\(Int(origin.y + w.canvasY + 30))", "click", "8")
        session.waitFor("button 8: back on page 1") { $0.windows.first?.currentPage == 1 }
    }
}
