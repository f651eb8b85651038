// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import TestSupport
import XCTest

/// A /RichMedia clip on a page moved and not saved plays on a click where the page is now: the
/// app finds it in the document in memory, not in the file on disk at the page's new number
/// (which holds another page there). Read from the state dump (mediaAnnotation, mediaPlaying,
/// mediaError).
final class MediaAfterPageMoveUITests: XCTestCase {
    func testARichMediaClipOnAPageMovedAndNotSavedPlaysOnAClick() throws {
        try AppSession.skipUnderWayland("clicks with xdotool")
        let session = try AppSession()
        var pdf = AttachmentsPDF(richMedia: [.playing(.init(name: "tone.wav", bytes: AttachmentsPDF.wav(seconds: 2), mimeType: "audio/x-wav"),
                                                      rect: [100, 400, 300, 500])])
        pdf.blankPagesAfter = 1
        let path = session.workDir.appendingPathComponent("media.pdf").path
        try pdf.data().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        session.waitFor("shown, editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable
        }
        // The media page goes after the blank one; nothing is saved.
        session.activate("move-page-down")
        session.waitFor("moved, unsaved") { $0.windows.first?.hasUnsavedChanges == true }
        session.activate("fit-page")
        let window = try XCTUnwrap(session.waitFor("the moved page whole in view") { s in
            guard let w = s.windows.first, w.zoomMode == "fitPage", !w.isAnimating, w.missingTiles == 0,
                  let p = w.visiblePages.first(where: { $0.page == 2 }) else { return false }
            return p.width > 100 && p.y >= -1 && p.y + p.height <= w.viewHeight + 1 && p.width / p.height < 0.75
        }?.windows.first)
        XCTAssertNil(window.mediaAnnotation, "nothing plays by itself")
        let page = try XCTUnwrap(window.visiblePages.first { $0.page == 2 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let (x, y) = (page.x + 200 / 595 * page.width, page.y + (842 - 450) / 842 * page.height)
        session.xdotool("mousemove", "\(Int(origin.x + window.canvasX + x))", "\(Int(origin.y + window.canvasY + y))", "click", "1")
        let played = try XCTUnwrap(session.waitFor("the clip plays after the click") { s in
            guard let w = s.windows.first else { return false }
            return w.mediaAnnotation != nil && (w.mediaPlaying == true || w.mediaEnded == true) || w.mediaError != nil
        }?.windows.first)
        XCTAssertNil(played.mediaError, "the moved page's clip is found and played: \(played.mediaError ?? "")")
        XCTAssertEqual(played.hasUnsavedChanges, true, "still unsaved")
    }
}
