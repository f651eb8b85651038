// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Several annotations at once and the context menu, with a real pointer and keyboard
/// (xdotool), judged from the state dump and from the saved file as qpdf reads it; and the
/// interaction components governing the running app (`--disable-interaction`).
final class SelectionUITests: XCTestCase {
    /// Two squares (top) and two circles (middle) without appearance streams, none locked, on a
    /// Letter page whose text sits at the top.
    static let file = "annots-square-circle-noap.pdf"

    private struct Opened {
        var session: AppSession
        var path: String
        var state: AppSession.State
        var window: AppSession.Window { state.windows[0] }
        var origin: (x: Double, y: Double)
        var page: AppSession.VisiblePage
        var zoom: Double { page.width / 612 }

        /// The screen point of a PDF point on page 1.
        func screen(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int(origin.x + window.canvasX + page.x + x * zoom), Int(origin.y + window.canvasY + page.y + (792 - y) * zoom))
        }

        func center(_ a: AppSession.Annotation) -> (Int, Int) {
            (Int(origin.x + window.canvasX + a.x + a.width / 2), Int(origin.y + window.canvasY + a.y + a.height / 2))
        }
    }

    private func open(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Opened {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent(Self.file).path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch(extra + [path])
        let state = try XCTUnwrap(session.waitFor("shown, editable, four annotations", file: file, line: line) { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.annotations.count == 4 && w.isEditable == true && !w.isAnimating
        }, file: file, line: line)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid), file: file, line: line)
        let page = try XCTUnwrap(state.windows[0].visiblePages.first { $0.page == 1 }, file: file, line: line)
        return Opened(session: session, path: path, state: state, origin: origin, page: page)
    }

    /// Page 1's annotation rectangles in the file at `path`, in /Annots order.
    private func rects(in path: String) throws -> [SavedPDF.Box] {
        try SavedPDF(path: path).annotations.compactMap { SavedPDF.rect($0["/Rect"]) }
    }

    func testABandSelectsBothCirclesAndOneDragMovesThemAsOneStepInTheSavedFile() throws {
        let o = try open()
        let original = try rects(in: o.path)
        let circles = o.window.annotations.filter { $0.kind == "circle" }
        XCTAssertEqual(circles.count, 2)
        // From empty space below and right of the circles (still in view at fit-width) to
        // above-left of them; no text there.
        o.session.drag(from: o.screen(320, 365), to: o.screen(40, 500))
        o.session.waitFor("the band selected both circles and nothing else") { s in
            Set(s.windows.first?.selectedAnnotations ?? []) == Set(circles.map(\.id))
        }
        // One press on a circle moves both, 60 px right and 40 px down.
        let start = o.center(circles[0])
        o.session.drag(from: start, to: (start.0 + 60, start.1 + 40))
        o.session.waitFor("one Move") { $0.windows.first?.undoName == "Move" }
        o.session.xdotool("key", "ctrl+z")
        let undone = try XCTUnwrap(o.session.waitFor("one Ctrl+Z takes both back") { s in
            s.windows.first?.redoName == "Move" && s.windows.first?.undoName == nil
        }?.windows.first)
        for c in circles {
            let now = try XCTUnwrap(undone.annotations.first { $0.id == c.id })
            XCTAssertEqual(now.x, c.x, accuracy: 1)
            XCTAssertEqual(now.y, c.y, accuracy: 1)
        }
        o.session.xdotool("key", "ctrl+shift+z")
        o.session.waitFor("redone") { $0.windows.first?.undoName == "Move" }
        o.session.xdotool("key", "ctrl+s")
        o.session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        o.session.quitApps()

        let saved = try rects(in: o.path)
        XCTAssertEqual(saved.count, original.count)
        let dx = 60 / o.zoom, dy = -40 / o.zoom
        var moved = 0
        for (before, after) in zip(original, saved) where abs(after.x1 - before.x1) > 0.5 || abs(after.y1 - before.y1) > 0.5 {
            moved += 1
            XCTAssertEqual(after.x1 - before.x1, dx, accuracy: 2, "moved right as far as the pointer went")
            XCTAssertEqual(after.y1 - before.y1, dy, accuracy: 2, "and down (PDF y goes up)")
            XCTAssertEqual(after.x2 - after.x1, before.x2 - before.x1, accuracy: 0.01, "a move keeps the size")
        }
        XCTAssertEqual(moved, 2, "both circles and only they moved: \(original) → \(saved)")
    }

    func testShiftClickThenTheContextMenusDeleteRemovesBothSquaresAsOneUndoableStep() throws {
        let o = try open()
        let squares = o.window.annotations.filter { $0.kind == "square" }
        XCTAssertEqual(squares.count, 2)
        let a = o.center(squares[0]), b = o.center(squares[1])
        o.session.xdotool("mousemove", "\(a.0)", "\(a.1)", "click", "1")
        o.session.waitFor("the first square is selected") { $0.windows.first?.selectedAnnotations == [squares[0].id] }
        o.session.xdotool("mousemove", "\(b.0)", "\(b.1)", "keydown", "shift", "click", "1", "keyup", "shift")
        o.session.waitFor("Shift+click added the second") { $0.windows.first?.selectedAnnotations == [squares[0].id, squares[1].id] }
        o.session.xdotool("click", "3")
        o.session.waitFor("the context menu is about the selection") {
            $0.windows.first?.contextMenu == ["Delete", "Cut", "Copy", "Flatten Into the Page", "Properties"]
        }
        // The menu has the keyboard: Return takes its first item.
        o.session.xdotool("key", "Return")
        let deleted = try XCTUnwrap(o.session.waitFor("both squares deleted as one step") { s in
            guard let w = s.windows.first else { return false }
            return w.undoName == "Delete" && w.annotations.count == 2 && w.contextMenu == nil
        }?.windows.first)
        XCTAssertEqual(Set(deleted.annotations.map(\.kind)), ["circle"])
        o.session.xdotool("key", "ctrl+s")
        o.session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let subtypes = try SavedPDF(path: o.path).annotations.compactMap { $0["/Subtype"] as? String }
        XCTAssertEqual(subtypes.sorted(), ["/Circle", "/Circle"], "the saved page keeps only the circles")
        o.session.xdotool("key", "ctrl+z")
        o.session.waitFor("one Ctrl+Z brings both back") { s in
            s.windows.first.map { $0.annotations.count == 4 && $0.redoName == "Delete" } ?? false
        }
    }

    func testWithAnnotationInteractionsDisabledClicksDragsAndBandsChangeNothing() throws {
        let o = try open(["--disable-interaction", "allAnnotationInteractions"])
        let square = try XCTUnwrap(o.window.annotations.first { $0.kind == "square" })
        let c = o.center(square)
        o.session.xdotool("mousemove", "\(c.0)", "\(c.1)", "click", "1")
        o.session.drag(from: c, to: (c.0 + 80, c.1 + 60))
        o.session.drag(from: o.screen(320, 365), to: o.screen(40, 500))
        o.session.xdotool("mousemove", "\(c.0)", "\(c.1)", "click", "3")
        let after = try XCTUnwrap(o.session.waitFor("the right click opened only the page's menu") { s in
            s.windows.first?.contextMenu == ["Select All", "Paste"]
        }?.windows.first)
        XCTAssertNil(after.selectedAnnotation, "nothing was selected")
        XCTAssertEqual(after.selectedAnnotations, [])
        XCTAssertNil(after.undoName, "nothing was edited")
        XCTAssertEqual(after.annotationEdits, 0)
        let now = try XCTUnwrap(after.annotations.first { $0.id == square.id })
        XCTAssertEqual(now.x, square.x, accuracy: 0.5, "the square did not move")
        XCTAssertEqual(now.y, square.y, accuracy: 0.5)
    }
}
