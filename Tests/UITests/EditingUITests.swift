// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Editing through the real app with a real pointer and keyboard (xdotool): a drag moves an
/// annotation as one undoable "Move", Ctrl+S writes it as an incremental update of a writable
/// copy of a developer PDF, a killed session offers to restore its unsaved edits, closing with
/// unsaved changes asks first, and Delete can be undone. Outcomes are read from the state dump
/// and from the saved file (byte prefix, `qpdf --check`, and the file opened again).
final class EditingUITests: XCTestCase {
    /// Two squares and two circles without appearance streams, none locked.
    static let file = "annots-square-circle-noap.pdf"

    // MARK: Tests

    func testDraggingAnAnnotationThenSavingMovesItInTheFile() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, original) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)
        let before = try XCTUnwrap(state.windows.first)

        try drag(square, by: (80, 60), in: session, state: state)
        let moved = try XCTUnwrap(session.waitFor("the drag is one Move and the title says unsaved") { s in
            guard let w = s.windows.first else { return false }
            return w.undoName == "Move" && w.title.hasPrefix("*") && w.hasUnsavedChanges == true
        }?.windows.first)
        let rect = try XCTUnwrap(moved.annotations.first { $0.id == square.id })
        XCTAssertEqual(rect.x - square.x, 80, accuracy: 1, "moved as far as the pointer went")
        XCTAssertEqual(rect.y - square.y, 60, accuracy: 1)

        session.xdotool("key", "ctrl+s")
        let saved = try XCTUnwrap(session.waitFor("saved") { s in
            guard let w = s.windows.first else { return false }
            return w.hasUnsavedChanges == false && !w.title.hasPrefix("*")
        }?.windows.first)
        XCTAssertNil(saved.saveError)
        XCTAssertNil(saved.dialog)
        XCTAssertEqual(saved.undoName, "Move", "saving keeps the history")
        try assertIncrementalUpdate(of: original, at: path)

        // Opened again, the square is where it was dropped: same zoom, 80 px right and 60 down on its page.
        session.quitApps()
        let (again, reopened) = try open(path, in: session, annotation: square.id)
        let after = try XCTUnwrap(again.windows.first)
        XCTAssertEqual(after.zoom, before.zoom, "same zoom as the first time")
        XCTAssertNil(after.dialog, "nothing to restore after a save")
        XCTAssertEqual(after.hasUnsavedChanges, false)
        let was = try pageRelative(square, in: before), now = try pageRelative(reopened, in: after)
        XCTAssertEqual(now.x - was.x, 80, accuracy: 2, "saved file: moved right")
        XCTAssertEqual(now.y - was.y, 60, accuracy: 2, "saved file: moved down")
        XCTAssertEqual(reopened.width, square.width, accuracy: 2, "a move keeps the size")
        XCTAssertEqual(reopened.height, square.height, accuracy: 2)
    }

    func testUndoAndRedoRestoreAndReapplyAMove() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, _) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)

        try drag(square, by: (80, 60), in: session, state: state)
        session.waitFor("moved") { s in s.windows.first.map { $0.undoName == "Move" && $0.hasUnsavedChanges == true } ?? false }

        func isMoved(_ s: AppSession.State) -> Bool {
            guard let a = s.windows.first?.annotations.first(where: { $0.id == square.id }) else { return false }
            return abs(a.x - square.x - 80) <= 1 && abs(a.y - square.y - 60) <= 1
        }
        func isOriginal(_ s: AppSession.State) -> Bool {
            guard let a = s.windows.first?.annotations.first(where: { $0.id == square.id }) else { return false }
            return abs(a.x - square.x) <= 1 && abs(a.y - square.y) <= 1
        }

        session.xdotool("key", "ctrl+z")
        let undone = try XCTUnwrap(session.waitFor("Ctrl+Z puts the square back") { s in
            isOriginal(s) && s.windows.first?.redoName == "Move"
        }?.windows.first)
        XCTAssertNil(undone.undoName, "the move was the only edit")
        XCTAssertEqual(undone.redoName, "Move")
        XCTAssertEqual(undone.hasUnsavedChanges, false, "undoing every edit leaves nothing to save")
        XCTAssertFalse(undone.title.hasPrefix("*"), "title: \(undone.title)")

        session.xdotool("key", "ctrl+shift+z")
        let redone = try XCTUnwrap(session.waitFor("Ctrl+Shift+Z moves it again") { s in
            isMoved(s) && s.windows.first?.undoName == "Move"
        }?.windows.first)
        XCTAssertNil(redone.redoName)
        XCTAssertEqual(redone.hasUnsavedChanges, true)
        XCTAssertTrue(redone.title.hasPrefix("*"), "title: \(redone.title)")

        session.xdotool("key", "ctrl+z")
        session.waitFor("undone again") { s in isOriginal(s) && s.windows.first?.redoName == "Move" }
        session.xdotool("key", "ctrl+y")
        let again = try XCTUnwrap(session.waitFor("Ctrl+Y moves it again") { s in
            isMoved(s) && s.windows.first?.undoName == "Move"
        }?.windows.first)
        XCTAssertNil(again.redoName)
        XCTAssertTrue(again.title.hasPrefix("*"), "title: \(again.title)")
    }

    func testAKilledSessionOffersToRestoreItsUnsavedEditsAndReturnRestoresThem() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, original) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)
        let before = try XCTUnwrap(state.windows.first)

        try drag(square, by: (80, 60), in: session, state: state)
        session.waitFor("moved, unsaved") { s in s.windows.first.map { $0.undoName == "Move" && $0.hasUnsavedChanges == true } ?? false }

        try session.crash(leaving: path, as: original)

        // Same file, same XDG_STATE_HOME (same session): the journal is found.
        let relaunched = try session.launch([path])
        let asking = try XCTUnwrap(session.waitFor("the restore question") { s in
            s.pid == Int(relaunched.processIdentifier) && s.windows.first?.dialog == "restore"
        })
        XCTAssertEqual(asking.windows.first?.hasUnsavedChanges, false, "nothing is applied before the answer")
        try session.waitForDialogFocus(pid: asking.pid)
        session.xdotool("key", "Return")
        let restored = try XCTUnwrap(session.waitFor("Return restores the move") { s in
            guard let w = s.windows.first, w.dialog == nil, w.hasUnsavedChanges == true,
                  let a = w.annotations.first(where: { $0.id == square.id }) else { return false }
            return abs(a.x - square.x - 80) <= 1 && abs(a.y - square.y - 60) <= 1 && w.missingTiles == 0
        }?.windows.first)
        XCTAssertTrue(restored.title.hasPrefix("*"), "title: \(restored.title)")
        XCTAssertEqual(restored.undoName, "Move", "the restored edit can be undone")

        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { s in
            s.windows.first.map { $0.hasUnsavedChanges == false && !$0.title.hasPrefix("*") && $0.saveError == nil } ?? false
        }
        try assertIncrementalUpdate(of: original, at: path)

        session.quitApps()
        let (again, reopened) = try open(path, in: session, annotation: square.id)
        let after = try XCTUnwrap(again.windows.first)
        XCTAssertNil(after.dialog, "the save used up the journal")
        XCTAssertEqual(after.zoom, before.zoom)
        let was = try pageRelative(square, in: before), now = try pageRelative(reopened, in: after)
        XCTAssertEqual(now.x - was.x, 80, accuracy: 2, "saved file: moved right")
        XCTAssertEqual(now.y - was.y, 60, accuracy: 2, "saved file: moved down")
    }

    func testClosingWithUnsavedChangesAsksAndSaveIsTheDefault() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, original) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)
        let before = try XCTUnwrap(state.windows.first)
        let app = try XCTUnwrap(session.apps.last)

        try drag(square, by: (80, 60), in: session, state: state)
        session.waitFor("moved, unsaved") { s in s.windows.first.map { $0.undoName == "Move" && $0.hasUnsavedChanges == true } ?? false }

        // Ctrl+W asks; Escape answers Cancel: the window stays with its changes.
        session.xdotool("key", "ctrl+w")
        session.waitFor("the close question") { $0.windows.first?.dialog == "close" }
        try session.waitForDialogFocus(pid: state.pid)
        session.xdotool("key", "Escape")
        let kept = try XCTUnwrap(session.waitFor("Escape cancels") { s in
            s.windows.count == 1 && s.windows.first?.dialog == nil
        }?.windows.first)
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(kept.hasUnsavedChanges, true, "cancelling keeps the changes")
        XCTAssertTrue(kept.title.hasPrefix("*"), "title: \(kept.title)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "cancel writes nothing")

        // Ctrl+W again; Return takes the default, Save: the file is written and the window closes.
        session.xdotool("key", "ctrl+w")
        session.waitFor("the close question again") { $0.windows.first?.dialog == "close" }
        try session.waitForDialogFocus(pid: state.pid)
        session.xdotool("key", "Return")
        XCTAssertTrue(session.waitForExit(app, timeout: 20), "the app quits with its last window. Log: \(session.log)")
        XCTAssertEqual(app.terminationStatus, 0)
        try assertIncrementalUpdate(of: original, at: path)

        let (again, reopened) = try open(path, in: session, annotation: square.id)
        let after = try XCTUnwrap(again.windows.first)
        XCTAssertNil(after.dialog, "saved before closing: nothing to restore")
        XCTAssertEqual(after.zoom, before.zoom)
        let was = try pageRelative(square, in: before), now = try pageRelative(reopened, in: after)
        XCTAssertEqual(now.x - was.x, 80, accuracy: 2)
        XCTAssertEqual(now.y - was.y, 60, accuracy: 2)
    }

    func testDeleteIsUndoable() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, _) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let (cx, cy) = center(of: square, in: w, origin: origin)

        session.xdotool("mousemove", "\(cx)", "\(cy)")
        session.waitFor("hovered") { $0.windows.first?.hoveredAnnotation == square.id }
        session.xdotool("click", "1")
        session.waitFor("selected, keys go to the canvas") { s in
            s.windows.first.map { $0.selectedAnnotation == square.id && $0.canvasHasFocus } ?? false
        }
        session.xdotool("key", "Delete")
        let deleted = try XCTUnwrap(session.waitFor("Delete removes it") { s in
            guard let w = s.windows.first else { return false }
            return !w.annotations.contains { $0.id == square.id } && w.undoName == "Delete"
        }?.windows.first)
        XCTAssertEqual(deleted.annotations.count, 3)
        XCTAssertNil(deleted.selectedAnnotation)
        XCTAssertEqual(deleted.hasUnsavedChanges, true)
        XCTAssertTrue(deleted.title.hasPrefix("*"), "title: \(deleted.title)")

        session.xdotool("key", "ctrl+z")
        let back = try XCTUnwrap(session.waitFor("Ctrl+Z brings it back") { s in
            guard let w = s.windows.first else { return false }
            return w.annotations.contains { $0.id == square.id } && w.undoName == nil && w.redoName == "Delete"
        }?.windows.first)
        let restored = try XCTUnwrap(back.annotations.first { $0.id == square.id })
        XCTAssertEqual(restored.kind, square.kind)
        XCTAssertEqual(restored.page, square.page)
        XCTAssertEqual(restored.x, square.x, accuracy: 1)
        XCTAssertEqual(restored.y, square.y, accuracy: 1)
        XCTAssertEqual(restored.width, square.width, accuracy: 1)
        XCTAssertEqual(restored.height, square.height, accuracy: 1)
        XCTAssertEqual(back.annotations.count, 4)
        XCTAssertEqual(back.hasUnsavedChanges, false)
        XCTAssertFalse(back.title.hasPrefix("*"), "title: \(back.title)")
    }

    func testArrowKeysNudgeTheSelectedAnnotationOnePointAtATimeAndTenWithShift() throws {
        let shared = try AppSession.sharedPDF(Self.file)
        let session = try AppSession()
        let (path, _) = try writableCopy(of: shared, in: session)
        let (state, square) = try open(path, in: session)
        let w = try XCTUnwrap(state.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == square.page })
        // View pixels per PDF point (the page is 612 pt wide, unrotated).
        let scale = page.width / 612
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let (cx, cy) = center(of: square, in: w, origin: origin)

        session.xdotool("mousemove", "\(cx)", "\(cy)")
        session.waitFor("hovered") { $0.windows.first?.hoveredAnnotation == square.id }
        session.xdotool("click", "1")
        session.waitFor("selected, keys go to the canvas") { s in
            s.windows.first.map { $0.selectedAnnotation == square.id && $0.canvasHasFocus } ?? false
        }
        func offset(_ s: AppSession.State) -> (dx: Double, dy: Double)? {
            s.windows.first?.annotations.first { $0.id == square.id }.map { ($0.x - square.x, $0.y - square.y) }
        }
        session.xdotool("key", "Right")
        let right = try XCTUnwrap(session.waitFor("Right nudges one point right") { s in
            s.windows.first?.undoName == "Move" && (offset(s).map { abs($0.dx - scale) < 0.5 } ?? false)
        })
        XCTAssertEqual(try XCTUnwrap(offset(right)).dy, 0, accuracy: 0.5)
        XCTAssertEqual(right.windows.first?.selectedAnnotation, square.id, "a nudge keeps the selection")
        session.xdotool("key", "shift+Down")
        let down = try XCTUnwrap(session.waitFor("Shift+Down nudges ten points down") { s in
            offset(s).map { abs($0.dy - 10 * scale) < 0.5 } ?? false
        })
        XCTAssertEqual(try XCTUnwrap(offset(down)).dx, scale, accuracy: 0.5)
        XCTAssertEqual(down.windows.first?.undoName, "Move")
        XCTAssertEqual(down.windows.first?.hasUnsavedChanges, true)

        // Each nudge is its own step: one Ctrl+Z takes back only the last.
        session.xdotool("key", "ctrl+z")
        session.waitFor("Ctrl+Z undoes Shift+Down only") { s in
            (offset(s).map { abs($0.dx - scale) < 0.5 && abs($0.dy) < 0.5 } ?? false) && s.windows.first?.undoName == "Move"
        }
        session.xdotool("key", "ctrl+z")
        let back = try XCTUnwrap(session.waitFor("a second Ctrl+Z undoes Right") { s in
            (offset(s).map { abs($0.dx) < 0.5 && abs($0.dy) < 0.5 } ?? false) && s.windows.first?.undoName == nil
        }?.windows.first)
        XCTAssertEqual(back.hasUnsavedChanges, false)
    }

    // MARK: Helpers

    /// Copies `shared` into the session's folder as a file the app may write (the developer
    /// set is read-only), returning its path and its original bytes.
    private func writableCopy(of shared: String, in session: AppSession) throws -> (String, Data) {
        let target = session.workDir.appendingPathComponent(Self.file)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: shared), to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        return (target.path, try Data(contentsOf: target))
    }

    /// Launches the app on `path` and waits until it shows the four annotations sharply with
    /// the editor open; returns the state and the annotation `id` (the first square by default).
    private func open(_ path: String, in session: AppSession, annotation id: String? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws -> (AppSession.State, AppSession.Annotation) {
        let app = try session.launch([path])
        let state = try XCTUnwrap(session.waitFor("\(path) shown, editable, annotations listed", file: file, line: line) { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.annotations.count == 4 && w.isEditable == true
                && !w.isAnimating
        }, file: file, line: line)
        let annotations = try XCTUnwrap(state.windows.first?.annotations, file: file, line: line)
        let found = id.map { id in annotations.first { $0.id == id } } ?? annotations.first { $0.kind == "square" }
        return (state, try XCTUnwrap(found, "annotation \(id ?? "square") in \(annotations)", file: file, line: line))
    }

    /// The screen point at the middle of `a` (the window sits at the screen's top-left).
    private func center(of a: AppSession.Annotation, in w: AppSession.Window, origin: (x: Double, y: Double)) -> (Int, Int) {
        (Int(origin.x + w.canvasX + a.x + a.width / 2), Int(origin.y + w.canvasY + a.y + a.height / 2))
    }

    /// Presses on the middle of `a`, moves the pointer `offset` in ten steps, and releases.
    private func drag(_ a: AppSession.Annotation, by offset: (dx: Int, dy: Int), in session: AppSession, state: AppSession.State,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let w = try XCTUnwrap(state.windows.first, file: file, line: line)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid), file: file, line: line)
        let (x, y) = center(of: a, in: w, origin: origin)
        session.xdotool("mousemove", "\(x)", "\(y)")
        session.waitFor("the pointer is over \(a.id)", file: file, line: line) { $0.windows.first?.hoveredAnnotation == a.id }
        session.xdotool("mousedown", "1")
        session.waitFor("the press selects \(a.id)", file: file, line: line) { $0.windows.first?.selectedAnnotation == a.id }
        let steps = 10
        for i in 1...steps {
            session.xdotool("mousemove", "\(x + offset.dx * i / steps)", "\(y + offset.dy * i / steps)")
            usleep(15_000)
        }
        session.xdotool("mouseup", "1")
    }

    /// `a`'s top-left relative to its page's top-left on screen (independent of scrolling).
    private func pageRelative(_ a: AppSession.Annotation, in w: AppSession.Window) throws -> (x: Double, y: Double) {
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == a.page }, "page \(a.page) visible")
        return (a.x - page.x, a.y - page.y)
    }

    /// The file at `path` is `original` with an incremental update appended, and qpdf finds
    /// no problem in it.
    private func assertIncrementalUpdate(of original: Data, at path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertGreaterThan(saved.count, original.count, "the save appended an update", file: file, line: line)
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes are a prefix of the saved file", file: file, line: line)
        let qpdf = try XCTUnwrap(AppSession.which("qpdf"), "qpdf is installed", file: file, line: line)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: qpdf)
        p.arguments = ["--check", path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let report = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "qpdf --check: \(report)", file: file, line: line)
    }
}
