// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// View ▸ Split in the real app, the active half: the keyboard moved into a half (F6) or a click
/// there makes it the active one, and the search bar's search and the zoom strip's box follow
/// it (the matches drawn and stepped through in that half only, the box on the page that half
/// shows). Judged from the state dump (`split`'s views with their `searchQuery`, `zoomStrip`'s
/// `view`).
final class SplitViewActiveHalfUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    func testTheSearchAndTheZoomStripFollowTheHalfLastFocusedOrClicked() throws {
        try AppSession.skipUnderWayland("moves the keyboard and types the query with xdotool")
        guard AppSession.which("pdftotext") != nil else { throw XCTSkip("pdftotext is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let expected = session.run("pdftotext", [sample, "-"]).lowercased().components(separatedBy: "page").count - 1
        let (app, opened) = try session.launchEditable(sample)
        let pageCount = opened.pageCount
        let shown = try session.split()
        XCTAssertEqual(shown.split?.activeView, 0)

        // F6 from the first half's page goes to the second's, which becomes the active half.
        session.waitFor("the first half has the keyboard") { $0.windows.first?.focusRegion == "page" }
        session.xdotool("key", "F6")
        session.waitFor("the second half is active and has the keyboard") { s in
            s.windows.first.map { $0.split?.activeView == 1 && $0.canvasHasFocus } ?? false
        }
        session.xdotool("key", "End")
        session.waitFor("the second half at the last page, the first where it was") { s in
            s.windows.first?.split.map { $0.views[1].currentPage == pageCount && $0.views[0].currentPage == 1 } ?? false
        }

        // The search runs in the active (second) half: its matches, its current one.
        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "page")
        let searched = try XCTUnwrap(session.waitFor("every match counted, in the second half") { s in
            guard let w = s.windows.first, let views = w.split?.views, views.count == 2 else { return false }
            return w.searchDone == true && w.searchMatchCount == expected && views[1].searchQuery == "page"
                && views[1].searchMatchCount == expected
        }?.windows.first)
        let views = try XCTUnwrap(searched.split?.views)
        XCTAssertNil(views[0].searchQuery, "no search runs in the first half")
        XCTAssertEqual(views[1].searchCurrentMatch, searched.searchCurrentMatch, "the bar counts the second half's search")
        // Shift+Enter steps back in the second half; the first stays at page 1.
        let before = try XCTUnwrap(views[1].searchCurrentMatch)
        session.xdotool("key", "shift+Return")
        let stepped = try XCTUnwrap(session.waitFor("the previous match, in the second half") { s in
            s.windows.first?.split.map { $0.views[1].searchCurrentMatch != before } ?? false
        }?.windows.first)
        XCTAssertEqual(stepped.split?.views[0].currentPage, 1, "the first half did not move")
        XCTAssertNil(stepped.split?.views[0].searchQuery)

        // A click in the first half: the search goes over to it as it stands (its matches and
        // current match), not started again from the page it shows.
        let current = try XCTUnwrap(stepped.split?.views[1].searchCurrentMatch)
        XCTAssertNotEqual(current, 1, "a search started again from the first half's page 1 would stand on match 1")
        try session.click(view: 0, of: stepped, app: app)
        let moved = try XCTUnwrap(session.waitFor("the search runs in the first half now") { s in
            guard let w = s.windows.first, let views = w.split?.views, views.count == 2 else { return false }
            return w.split?.activeView == 0 && views[0].searchQuery == "page" && views[1].searchQuery == nil
                && views[0].searchMatchCount == expected && w.searchDone == true
        }?.windows.first)
        XCTAssertEqual(moved.split?.views[0].searchCurrentMatch, current, "the current match went over with the search")
        XCTAssertEqual(moved.searchCurrentMatch, current, "and the bar counts it")
        session.xdotool("key", "F3")
        let next = try XCTUnwrap(session.waitFor("F3: the next match after the carried one, in the first half") { s in
            s.windows.first?.split?.views[0].searchCurrentMatch == current % expected + 1
        }?.windows.first)
        XCTAssertEqual(next.split?.views[1].currentPage, pageCount, "the second half stayed at the last page")
        session.activate("close-search")
        session.waitFor("the search ended") { s in s.windows.first?.split?.views.allSatisfy { $0.searchQuery == nil } ?? false }

        // The zoom strip's box: on the page the active half shows, drawn over that half.
        session.xdotool("key", "F6")
        session.waitFor("the second half is active again") { $0.windows.first?.split?.activeView == 1 }
        session.activate("zoom-strip")
        let strip = try XCTUnwrap(session.waitFor("the strip shows, its box on the second half's page") { s in
            s.windows.first?.zoomStrip.map { $0.shown && $0.view == 1 && $0.boxInView != nil } ?? false
        }?.windows.first)
        XCTAssertEqual(strip.zoomStrip?.page, pageCount, "the page the second half shows, not the first half's page 1")
        let box = try XCTUnwrap(strip.zoomStrip?.boxInView)
        let second = try XCTUnwrap(strip.split?.views[1])
        XCTAssertTrue(box[1] >= 0 && box[1] < second.viewHeight, "the box is in the second half's view: \(box)")
        // The strip itself is docked under the second half: as wide as that half, below it.
        XCTAssertEqual(strip.zoomStrip?.dockedView, 1)
        try assertStrip(of: strip, isUnder: 1)
        // A click in the first half takes the box there, on the page it was on, and the strip
        // under that half.
        try session.click(view: 0, of: strip, app: app)
        let followed = try XCTUnwrap(session.waitFor("the box and the strip follow the first half") { s in
            s.windows.first?.zoomStrip.map { $0.view == 0 && $0.dockedView == 0 } ?? false
        }?.windows.first)
        XCTAssertEqual(followed.zoomStrip?.page, pageCount, "the box keeps its page")
        XCTAssertEqual(followed.split?.activeView, 0)
        try assertStrip(of: followed, isUnder: 0)
        session.quitApps()
    }

    /// The zoom strip of `window` lies under view `index` of its split: it starts at that
    /// view's left edge, spans at least its page area's width and no more than its page area
    /// and scrollbar, and lies below it.
    private func assertStrip(of window: AppSession.Window, isUnder index: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try XCTUnwrap(window.zoomStrip?.frame, file: file, line: line)
        let view = try XCTUnwrap(window.split?.views[index], file: file, line: line)
        XCTAssertEqual(frame[0], view.canvasX, accuracy: 2, "the strip starts at the half's left edge: \(frame)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(frame[2], view.viewWidth - 2, "as wide as the half", file: file, line: line)
        XCTAssertLessThanOrEqual(frame[2], view.viewWidth + 40, "and no wider than the half with its scrollbar", file: file, line: line)
        XCTAssertGreaterThanOrEqual(frame[1], view.canvasY + view.viewHeight - 2, "below the half's page area", file: file, line: line)
    }

    func testClosingTheSplitWithASelectionInTheSecondHalfKeepsTheDocumentAndTheEdit() throws {
        try AppSession.skipUnderWayland("a half is made active with a click (xdotool)")
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("split-close.pdf").path
        try FileManager.default.copyItem(atPath: sample, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        // Every page's: the highlight is made on the page the second half shows.
        func highlights(_ saved: SavedPDF) -> Int {
            saved.pages.indices.flatMap { saved.annotations(onPage: $0) }.filter { $0["/Subtype"] as? String == "/Highlight" }.count
        }
        let highlightsBefore = highlights(try SavedPDF(path: path))
        let (app, opened) = try session.launchEditable(path)
        let shown = try session.split()
        try session.click(view: 1, of: shown, app: app)
        session.waitFor("the second half is active") { $0.windows.first?.split?.activeView == 1 }
        // A highlight made in the second half, and its text still selected there.
        let id = try session.highlightPageText(besides: opened)
        session.activate("select-all")
        let selected = try XCTUnwrap(session.waitFor("text selected in the second half") { s in
            s.windows.first.map { $0.split?.activeView == 1 && ($0.selectedText?.isEmpty == false) } ?? false
        }?.windows.first?.selectedText)

        session.activate("split-view", "[<'none'>]")
        let single = try XCTUnwrap(session.waitFor("one view, the document, its edit and the selection kept") { s in
            guard let w = s.windows.first, let split = w.split else { return false }
            return split.orientation == "none" && split.views.count == 1 && w.content == "document" && w.missingTiles == 0
                && split.views[0].annotations.contains(id) && w.selectedText != nil
        }?.windows.first)
        XCTAssertEqual(single.selectedText, selected, "the selection made in the half that went goes on in the one that stays")
        XCTAssertTrue(single.hasUnsavedChanges, "the edit is still there to save")
        XCTAssertEqual(single.undoName, "Highlight", "and to undo")
        XCTAssertEqual(single.annotationEdits, 1)
        session.key("ctrl+s", runs: "save")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        XCTAssertEqual(highlights(try SavedPDF(path: path)), highlightsBefore + 1, "saved once")
    }

    func testASecondSplitRequestWhileSplitOnlyTurnsItKeepingBothHalves() throws {
        try AppSession.skipUnderWayland("a half is made active with a click (xdotool)")
        let session = try AppSession()
        let (app, opened) = try session.launchEditable(sample)
        let shown = try session.split()
        try session.click(view: 1, of: shown, app: app)
        session.waitFor("the second half is active and has the keyboard") { s in
            s.windows.first.map { $0.split?.activeView == 1 && $0.canvasHasFocus } ?? false
        }
        session.xdotool("key", "End")
        session.waitFor("the second half at the last page") { s in
            s.windows.first?.split.map { $0.views[1].currentPage == opened.pageCount } ?? false
        }
        // The same orientation again changes nothing; another turns the same two halves.
        session.activate("split-view", "[<'horizontal'>]")
        session.activate("split-view", "[<'vertical'>]")
        let turned = try XCTUnwrap(session.waitFor("one above the other, both sharp") { s in
            guard let split = s.windows.first?.split, split.orientation == "vertical", split.views.count == 2 else { return false }
            return split.views.allSatisfy { $0.missingTiles == 0 } && split.views[1].canvasY > split.views[0].canvasY + 50
        }?.windows.first?.split)
        XCTAssertEqual(turned.activeView, 1, "the active half stays active")
        // A new second half would start where the first is (page 1, its top): this one is still
        // at the document's end.
        XCTAssertEqual(turned.views[0].currentPage, 1)
        XCTAssertGreaterThan(turned.views[1].currentPage, 1, "the second half is the same view, near where it was")
        XCTAssertGreaterThan(turned.views[1].offsetY, turned.views[0].offsetY + 100)
        session.quitApps()
    }

    func testASplitAskedForOnADocumentWithNoPagesOrOneStillAskingForItsPasswordIsRefused() throws {
        let session = try AppSession()
        let empty = session.workDir.appendingPathComponent("no-pages.pdf")
        try HandWrittenPDF.pages(0, catalogEntries: "").write(to: empty)
        var files = [empty.path]
        let locked = try? AppSession.sharedPDF("encrypted-userpw-libreoffice.pdf")
        if let locked { files.append(locked) }
        files.append(sample)
        let app = try session.launch(files)
        session.waitFor("every tab shown, the first in front") { s in
            s.pid == Int(app.processIdentifier) && s.windows.count == files.count && s.windows.first?.currentTab == 0
                && s.windows.contains { $0.path == self.sample && $0.content == "document" && $0.missingTiles == 0 }
        }
        // Each tab in turn asked to split, then the next tab brought to the front: the state
        // after each switch shows what the request before it did.
        for tab in 0..<files.count {
            session.activate("split-view", "[<'horizontal'>]")
            session.activate("toggle-split")
            session.activate("next-tab")
            session.waitFor("the next tab in front") { $0.windows.first?.currentTab == (tab + 1) % files.count }
        }
        let after = try XCTUnwrap(session.state())
        XCTAssertTrue(app.isRunning)
        let noPages = try XCTUnwrap(after.windows.first { $0.path == empty.path })
        XCTAssertEqual(noPages.content, "error", "a document with no pages shows why")
        XCTAssertNil(noPages.split, "and is not split")
        if let locked {
            let asking = try XCTUnwrap(after.windows.first { $0.path == locked })
            XCTAssertEqual(asking.content, "password", "still asking for its password")
            XCTAssertNil(asking.split)
        }
        // The document that shows was split by the first request and closed by F8's action.
        let document = try XCTUnwrap(after.windows.first { $0.path == sample })
        XCTAssertEqual(document.split?.orientation, "none")
        XCTAssertEqual(document.split?.views.count, 1)
        XCTAssertEqual(document.content, "document")
        session.quitApps()
    }
}
