// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// View ▸ Split in the real app: two views of one document, one editor. A highlight made in one
/// half shows in the other (its annotation laid out there and its tiles drawn again), is saved
/// once, and undoes from the other half; each half keeps its own place, and closing the split
/// keeps the active half's.
final class SplitViewUITests: XCTestCase {
    func testAHighlightMadeInOneHalfShowsInTheOtherIsSavedOnceAndUndoesFromTheOther() throws {
        try AppSession.skipUnderWayland("a view is made active with a click (xdotool)")
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let path = session.workDir.appendingPathComponent("split.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        func highlights(_ saved: SavedPDF) -> Int { saved.annotations.filter { $0["/Subtype"] as? String == "/Highlight" }.count }
        let highlightsBefore = highlights(try SavedPDF(path: path))

        let (app, opened) = try session.launchEditable(path)
        XCTAssertEqual(opened.split?.orientation, "none")
        XCTAssertEqual(opened.split?.views.count, 1)
        // An orientation the action does not know leaves one view (the bell rings).
        session.activate("split-view", "[<'diagonal'>]")
        let split = try XCTUnwrap(try session.split { $0.views.allSatisfy { $0.pageLabel != nil } }.split)
        let pageCount = opened.pageCount
        XCTAssertEqual(split.activeView, 0, "the tab's own view stays the active one")
        XCTAssertEqual(split.views.map(\.pageLabel), ["Page 1 of \(pageCount)", "Page 1 of \(pageCount)"], "each view says its page")
        XCTAssertGreaterThan(split.views[1].canvasX, split.views[0].canvasX + split.views[0].viewWidth - 1, "side by side")
        XCTAssertEqual(split.views[0].canvasY, split.views[1].canvasY, accuracy: 1)

        // A highlight of page 1's text, made in the first (active) view.
        let id = try session.highlightPageText(besides: opened)
        let both = try XCTUnwrap(session.waitFor("the highlight laid out and drawn in both views") { s in
            guard let split = s.windows.first?.split, split.views.count == 2 else { return false }
            return split.views.allSatisfy { $0.annotations.contains(id) && $0.missingTiles == 0 }
        }?.windows.first)
        XCTAssertEqual(both.annotationEdits, 1, "one edit, one history")

        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        let saved = try SavedPDF(path: path)
        XCTAssertEqual(highlights(saved), highlightsBefore + 1, "saved once: one new /Highlight on page 1")
        let savedBytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(savedBytes.prefix(original.count), original, "an incremental update")

        // A click in the second view makes it the active one; Ctrl+Z there undoes the highlight
        // made in the first, and it goes from both.
        try session.click(view: 1, of: both, app: app)
        session.waitFor("the second view is active and has the keyboard") { s in
            s.windows.first.map { $0.split?.activeView == 1 && $0.canvasHasFocus } ?? false
        }
        session.xdotool("key", "ctrl+z")
        session.waitFor("the highlight undone in both views") { s in
            guard let w = s.windows.first, let split = w.split, split.views.count == 2 else { return false }
            return w.hasUnsavedChanges && split.views.allSatisfy { !$0.annotations.contains(id) && $0.missingTiles == 0 }
        }

        // Each view has its own place: End in the second goes to the last page there only.
        session.xdotool("key", "End")
        let apart = try XCTUnwrap(session.waitFor("the second view at the last page") { s in
            s.windows.first?.split.map { $0.views.count == 2 && $0.views[1].currentPage == pageCount } ?? false
        }?.windows.first)
        XCTAssertEqual(apart.split?.views[0].currentPage, 1, "the first view stays where it was")
        XCTAssertEqual(apart.currentPage, pageCount, "the header follows the active view")
        XCTAssertEqual(apart.split?.views[1].pageLabel, "Page \(pageCount) of \(pageCount)")

        // Back to one view, at the active view's place.
        session.activate("split-view", "[<'none'>]")
        let single = try XCTUnwrap(session.waitFor("one view again") { s in
            s.windows.first.map { $0.split?.orientation == "none" && $0.split?.views.count == 1 && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(single.currentPage, pageCount, "the active view's place is kept")
        XCTAssertEqual(single.split?.activeView, 0)
        session.quitApps()

        // The undo was not saved: the file holds the one highlight saved.
        XCTAssertEqual(highlights(try SavedPDF(path: path)), highlightsBefore + 1)
    }

    func testOneAboveTheOtherStacksTheViewsAndTheDividerDrags() throws {
        try AppSession.skipUnderWayland("the divider is dragged with xdotool")
        let session = try AppSession()
        let path = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let (app, _) = try session.launchEditable(path)
        let split = try XCTUnwrap(try session.split("vertical").split)
        let top = split.views[0], bottom = split.views[1]
        XCTAssertGreaterThanOrEqual(bottom.canvasY, top.canvasY + top.viewHeight, "one above the other")
        XCTAssertEqual(top.canvasX, bottom.canvasX, accuracy: 1)
        let position = try XCTUnwrap(split.dividerPosition)
        // The divider's handle lies just above the lower view's page area.
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let x = Int(origin.x + bottom.canvasX + bottom.viewWidth / 2), y = Int(origin.y + bottom.canvasY - 2)
        session.drag(from: (x, y), to: (x, y + 80))
        let moved = try XCTUnwrap(session.waitFor("the divider moved down") { s in
            (s.windows.first?.split?.dividerPosition).map { $0 > position + 40 } ?? false
        }?.windows.first?.split)
        XCTAssertEqual(moved.views.count, 2)
        XCTAssertGreaterThan(moved.views[0].viewHeight, top.viewHeight + 40, "the upper view grew")
        // Side by side from there: the same two views turned.
        session.activate("split-view", "[<'horizontal'>]")
        session.waitFor("side by side") { s in
            guard let split = s.windows.first?.split, split.orientation == "horizontal", split.views.count == 2 else { return false }
            return split.views[1].canvasX > split.views[0].canvasX + 50
        }
        session.quitApps()
    }

    /// The half not scrolled costs nothing: the wheel turned over the left half moves that half
    /// only, and the right half's canvas draws no frame meanwhile (its frames counted in the
    /// dump, `framesDrawn`); both halves' tiles are drawn by the document's one render worker.
    func testTheIdleHalfDrawsNoFrameWhileTheOtherHalfScrollsAndBothShareOneRenderWorker() throws {
        try AppSession.skipUnderWayland("the wheel is turned with xdotool")
        let session = try AppSession()
        let path = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let (app, _) = try session.launchEditable(path)
        let split = try XCTUnwrap(try session.split { $0.views.allSatisfy { ($0.framesDrawn ?? 0) > 0 } }.split)
        XCTAssertEqual(split.renderWorkers, 1, "one render worker draws both halves")
        XCTAssertNotEqual(split.views[0].canvas, split.views[1].canvas, "each half's canvas has its own number")
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let left = split.views[0]
        let x = "\(Int(origin.x + left.canvasX + left.viewWidth / 2))", y = "\(Int(origin.y + left.canvasY + left.viewHeight / 2))"
        // The pointer over the left half; a first turn of the wheel there, so that whatever the
        // split and the pointer's arrival left to draw is drawn.
        session.xdotool("mousemove", x, y)
        session.xdotool("click", "--repeat", "3", "--delay", "40", "5")
        func settled(after offset: Double) -> (AppSession.State) -> Bool {
            { s in
                guard let w = s.windows.first, let views = w.split?.views, views.count == 2 else { return false }
                return views[0].offsetY > offset + 1 && views.allSatisfy { $0.missingTiles == 0 } && !w.isAnimating
            }
        }
        let first = try XCTUnwrap(session.waitFor("the left half moved down, sharp", settled(after: left.offsetY))?.windows.first?.split)
        let idleBefore = try XCTUnwrap(first.views[1].framesDrawn), scrolledBefore = try XCTUnwrap(first.views[0].framesDrawn)
        session.xdotool("click", "--repeat", "10", "--delay", "40", "5")
        let moved = try XCTUnwrap(session.waitFor("the left half moved on, sharp", settled(after: first.views[0].offsetY))?.windows.first?.split)
        XCTAssertGreaterThan(try XCTUnwrap(moved.views[0].framesDrawn), scrolledBefore, "the scrolled half drew its frames")
        XCTAssertEqual(moved.views[1].offsetY, first.views[1].offsetY, "the right half stayed where it was")
        XCTAssertEqual(moved.views[1].framesDrawn, idleBefore, "the right half drew no frame while the left one scrolled")
        XCTAssertEqual(moved.renderWorkers, 1)
        session.quitApps()
    }
}
