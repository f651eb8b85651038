// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the screen shows after a carry is what is saved: a square dragged with the mouse to the
/// view's bottom edge, held there while the view scrolls under it and let go, is saved where
/// it was shown when the button came up, the scroll counted (judged with qpdf).
final class CarryDropUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("carries the square with xdotool's pointer and holds it at the edge until the view has scrolled, which a replay, played at its recorded pace, cannot wait for")
    }

    func testASquareCarriedToTheBottomEdgeIsSavedWhereTheScreenShowedIt() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("carry-drop.pdf").path
        try CarryAnnotationUITests.document().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the square shown, editable") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.isEditable && $0.annotations.contains { $0.kind == "square" } } ?? false
        }?.windows.first)
        let square = try XCTUnwrap(shown.annotations.first { $0.kind == "square" })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        func screen(_ x: Double, _ y: Double) -> [String] {
            [String(Int(origin.x + shown.canvasX + x)), String(Int(origin.y + shown.canvasY + y))]
        }
        // Grab the square's middle, then down to the view's bottom edge, in steps, and hold.
        let grab = (x: square.x + square.width / 2, y: square.y + square.height / 2)
        session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y))
        session.xdotool("mousedown", "1")
        let edge = shown.viewHeight - 4
        for step in 1...10 {
            session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y + (edge - grab.y) * Double(step) / 10))
        }
        let scrolled = try XCTUnwrap(session.waitFor("the view scrolls under the held square") { s in
            s.windows.first.map { $0.offsetY > shown.offsetY + 120 && $0.annotations.contains { $0.id == square.id } } ?? false
        }?.windows.first)
        XCTAssertEqual(scrolled.annotationEdits, 0, "nothing dropped yet")
        // Back up from the edge, still held; once the view is still, what the screen shows is
        // the square's place on its page.
        let middle = scrolled.viewHeight / 2
        session.run("xdotool", ["mousemove"] + screen(grab.x, middle))
        var held = scrolled
        let still = try XCTUnwrap(session.waitFor("the view still under the held square") { s in
            guard let w = s.windows.first else { return false }
            defer { held = w }
            return w.offsetY == held.offsetY && w.offsetY > shown.offsetY && w.annotationEdits == 0
                && w.annotations.contains { $0.id == square.id && abs($0.y + $0.height / 2 - middle) < 3 }
        }?.windows.first)
        let shownHeld = try XCTUnwrap(still.annotations.first { $0.id == square.id })
        let heldPage = try XCTUnwrap(still.visiblePages.first { $0.page == shownHeld.page })
        session.xdotool("mouseup", "1")
        let dropped = try XCTUnwrap(session.waitFor("dropped") { s in
            s.windows.first.map { $0.annotationEdits == 1 && $0.layoutSettling != true } ?? false
        }?.windows.first)
        XCTAssertEqual(dropped.undoName, "Move")
        let landed = try XCTUnwrap(dropped.annotations.first { $0.id == square.id })
        XCTAssertEqual(landed.page, shownHeld.page)

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try SavedPDF(path: path)
        let annotation = try XCTUnwrap(saved.annotations(onPage: shownHeld.page - 1).first { ($0["/Subtype"] as? String) == "/Square" },
                                       "the square in page \(shownHeld.page)'s /Annots")
        let rect = try XCTUnwrap((annotation["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, "its /Rect")
        XCTAssertEqual(rect.count, 4)
        // The saved /Rect on its page (420 × 595 pt) against where the screen showed it held.
        let scale = heldPage.width / 420
        let heldTop = 595 - (shownHeld.y - heldPage.y) / scale
        let heldLeft = (shownHeld.x - heldPage.x) / scale
        XCTAssertEqual(rect[3], heldTop, accuracy: 1.5, "saved where the screen showed its top (/Rect \(rect))")
        XCTAssertEqual(rect[0], heldLeft, accuracy: 1.5, "and its left")
        XCTAssertEqual(rect[2] - rect[0], 80, accuracy: 0.5, "the same size")
    }

    func testASquareLetGoAtTheBottomEdgeIsSavedWhereTheViewShowsItAtRest() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("carry-edge.pdf").path
        try CarryAnnotationUITests.document().write(to: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("the square shown, editable") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.isEditable && $0.annotations.contains { $0.kind == "square" } } ?? false
        }?.windows.first)
        let square = try XCTUnwrap(shown.annotations.first { $0.kind == "square" })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        func screen(_ x: Double, _ y: Double) -> [String] {
            [String(Int(origin.x + shown.canvasX + x)), String(Int(origin.y + shown.canvasY + y))]
        }
        let grab = (x: square.x + square.width / 2, y: square.y + square.height / 2)
        session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y))
        session.xdotool("mousedown", "1")
        let edge = shown.viewHeight - 4
        for step in 1...10 {
            session.run("xdotool", ["mousemove"] + screen(grab.x, grab.y + (edge - grab.y) * Double(step) / 10))
        }
        _ = try XCTUnwrap(session.waitFor("the view scrolls under the held square") { s in
            s.windows.first.map { $0.offsetY > shown.offsetY + 60 } ?? false
        })
        // Let go at the edge, the view still scrolling.
        session.xdotool("mouseup", "1")
        var last = shown
        let rest = try XCTUnwrap(session.waitFor("dropped, and the view at rest") { s in
            guard let w = s.windows.first else { return false }
            defer { last = w }
            return w.annotationEdits == 1 && w.layoutSettling != true && !w.isAnimating && w.offsetY == last.offsetY
        }?.windows.first)
        let landed = try XCTUnwrap(rest.annotations.first { $0.id == square.id })
        let page = try XCTUnwrap(rest.visiblePages.first { $0.page == landed.page })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        // Still at rest after the save, in the same place.
        let after = try XCTUnwrap(session.waitFor("the view as it was") { s in s.windows.first.map { $0.offsetY == rest.offsetY } ?? false }?.windows.first)
        XCTAssertEqual(after.annotations.first { $0.id == square.id }?.y ?? .nan, landed.y, accuracy: 0.5, "the square did not jump")
        let saved = try SavedPDF(path: path)
        let annotation = try XCTUnwrap(saved.annotations(onPage: landed.page - 1).first { ($0["/Subtype"] as? String) == "/Square" },
                                       "the square in page \(landed.page)'s /Annots")
        let rect = try XCTUnwrap((annotation["/Rect"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, "its /Rect")
        let scale = page.width / 420
        XCTAssertEqual(rect[3], 595 - (landed.y - page.y) / scale, accuracy: 1.5, "saved where the view shows its top (/Rect \(rect))")
        XCTAssertEqual(rect[0], (landed.x - page.x) / scale, accuracy: 1.5, "and its left")
        // It rests under where the pointer let go, at the view's edge.
        XCTAssertGreaterThan(landed.y + landed.height, shown.viewHeight - 60, "near the bottom edge where it was let go: \(landed)")
    }
}
