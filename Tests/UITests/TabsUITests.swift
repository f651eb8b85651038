// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Documents as tabs of one window (issue 37): the command line opens its files as tabs, the
/// keys move between them, the window's `win.` actions (over D-Bus at `window/N`) act on the tab
/// in front, Ctrl+W closes a tab asking about its unsaved changes first, the last tab closes
/// the window, a tab moves to a window of its own, and the preference gives each document its
/// own window again. Read from the state dump (`tabs`, `currentTab`, `windowNumber`) and the
/// saved file.
final class TabsUITests: XCTestCase {
    /// Three small documents of 2, 3 and 4 pages in the session's folder.
    private func threeDocuments(in session: AppSession) throws -> [String] {
        try [2, 3, 4].map { count in
            let url = session.workDir.appendingPathComponent("doc-\(count).pdf")
            try HandWrittenPDF.pages(count, catalogEntries: "").write(to: url)
            return url.path
        }
    }

    /// The entry of `path`.
    private func tab(_ path: String, in state: AppSession.State) -> AppSession.Window? {
        state.windows.first { $0.path == path }
    }

    /// The entry of the tab in front of the window numbered `number`.
    private func front(of number: Int, in state: AppSession.State) -> AppSession.Window? {
        state.windows.first { $0.windowNumber == number && $0.tabIndex != nil && $0.tabIndex == $0.currentTab }
    }

    func testThreeDocumentsFromTheCommandLineOpenAsThreeTabsOfOneWindow() throws {
        let session = try AppSession()
        let files = try threeDocuments(in: session)
        try session.launch(files)
        let state = try XCTUnwrap(session.waitFor("three tabs, the first in front and sharp") { s in
            guard s.windows.count == 3, let first = s.windows.first(where: { $0.path == files[0] }) else { return false }
            return first.content == "document" && first.missingTiles == 0 && !first.visiblePages.isEmpty && first.currentTab == 0
        })
        let numbers = Set(state.windows.compactMap(\.windowNumber))
        XCTAssertEqual(numbers.count, 1, "one window holds them: \(numbers)")
        for (i, file) in files.enumerated() {
            let entry = try XCTUnwrap(tab(file, in: state))
            XCTAssertEqual(entry.tabs, files, "the strip lists them in command-line order")
            XCTAssertEqual(entry.tabIndex, i)
            XCTAssertEqual(entry.currentTab, 0)
            XCTAssertEqual(entry.tabStripShown, true)
            XCTAssertEqual(entry.content, "document")
        }
        XCTAssertEqual(tab(files[1], in: state)?.pageCount, 3)
        XCTAssertEqual(tab(files[2], in: state)?.pageCount, 4)

        // The window's actions act on the tab in front: Fit Page over D-Bus changes the second
        // tab only, once it is in front.
        session.activate("next-tab")
        session.waitFor("the second tab in front") { self.front(of: numbers.first!, in: $0)?.path == files[1] }
        session.activate("fit-page")
        let fitted = try XCTUnwrap(session.waitFor("the second tab fits its page") { s in
            self.tab(files[1], in: s)?.zoomMode == "fitPage"
        })
        XCTAssertNotEqual(tab(files[0], in: fitted)?.zoomMode, "fitPage", "the first tab keeps its zoom")
        XCTAssertNotEqual(tab(files[2], in: fitted)?.zoomMode, "fitPage", "the third tab keeps its zoom")
        session.activate("next-tab")
        session.waitFor("the third tab in front") { self.front(of: numbers.first!, in: $0)?.path == files[2] }
        session.activate("next-tab")
        session.waitFor("round to the first") { self.front(of: numbers.first!, in: $0)?.path == files[0] }
        session.activate("previous-tab")
        let last = try XCTUnwrap(session.waitFor("back round to the third, shown sharp") { s in
            guard let w = self.front(of: numbers.first!, in: s) else { return false }
            return w.path == files[2] && w.missingTiles == 0 && !w.visiblePages.isEmpty
        })
        XCTAssertEqual(front(of: numbers.first!, in: last)?.pageCount, 4)
    }

    func testCtrlTabAndCtrlPageKeysMoveBetweenTabsAndTheTitleFollows() throws {
        try AppSession.skipUnderWayland("presses the keys with xdotool and reads the window's name")
        let session = try AppSession()
        let files = try threeDocuments(in: session)
        try session.launch(files)
        let state = try XCTUnwrap(session.waitFor("three tabs") { s in
            s.windows.count == 3 && s.windows.allSatisfy { $0.content == "document" } && self.tab(files[0], in: s)?.missingTiles == 0
        })
        let number = try XCTUnwrap(state.windows.first?.windowNumber)
        let id = try XCTUnwrap(session.windowID(pid: state.pid))
        session.xdotool("key", "ctrl+Next")
        session.waitFor("Ctrl+Page Down: the second tab") { self.front(of: number, in: $0)?.path == files[1] }
        XCTAssertEqual(session.xdotool("getwindowname", id).trimmingCharacters(in: .whitespacesAndNewlines), "doc-3.pdf",
                       "the title follows the tab in front")
        session.xdotool("key", "ctrl+Tab")
        session.waitFor("Ctrl+Tab: the third tab") { self.front(of: number, in: $0)?.path == files[2] }
        session.xdotool("key", "ctrl+Prior")
        session.waitFor("Ctrl+Page Up: the second tab again") { self.front(of: number, in: $0)?.path == files[1] }
        session.xdotool("key", "ctrl+shift+Tab")
        session.waitFor("Ctrl+Shift+Tab: the first tab") { self.front(of: number, in: $0)?.path == files[0] }
        XCTAssertEqual(session.xdotool("getwindowname", id).trimmingCharacters(in: .whitespacesAndNewlines), "doc-2.pdf")
    }

    func testCtrlWClosesATabAskingFirstAboutUnsavedChangesAndTheLastTabClosesTheWindow() throws {
        try AppSession.skipUnderWayland("answers the close question with xdotool")
        let session = try AppSession()
        let files = try Array(threeDocuments(in: session).prefix(2))
        let original = try Data(contentsOf: URL(fileURLWithPath: files[0]))
        let app = try session.launch(files)
        let state = try XCTUnwrap(session.waitFor("two tabs, the first editable") { s in
            s.windows.count == 2 && self.tab(files[0], in: s).map { $0.missingTiles == 0 && $0.isEditable && $0.currentTab == 0 } ?? false
        })
        let number = try XCTUnwrap(state.windows.first?.windowNumber)

        // An unsaved change in the tab in front: its page turned.
        session.activate("rotate-right")
        session.waitFor("changed, unsaved") { self.tab(files[0], in: $0)?.hasUnsavedChanges == true }

        // Ctrl+W asks; Escape (Cancel) keeps the tab with its change.
        session.xdotool("key", "ctrl+w")
        session.waitFor("the close question") { self.tab(files[0], in: $0)?.dialog == "close" }
        try session.waitForDialogFocus(pid: state.pid)
        session.xdotool("key", "Escape")
        let kept = try XCTUnwrap(session.waitFor("Cancel keeps both tabs") { s in
            s.windows.count == 2 && self.tab(files[0], in: s)?.dialog == nil
        })
        XCTAssertEqual(tab(files[0], in: kept)?.hasUnsavedChanges, true)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: files[0])), original, "cancel writes nothing")

        // Ctrl+W again, Return (Save): the file is written and only that tab closes.
        session.xdotool("key", "ctrl+w")
        session.waitFor("the close question again") { self.tab(files[0], in: $0)?.dialog == "close" }
        try session.waitForDialogFocus(pid: state.pid)
        session.xdotool("key", "Return")
        let one = try XCTUnwrap(session.waitFor("the saved tab closed, the other one in front") { s in
            s.windows.count == 1 && s.windows.first?.path == files[1] && s.windows.first?.missingTiles == 0
        }?.windows.first)
        XCTAssertEqual(one.tabs, [files[1]])
        XCTAssertEqual(one.currentTab, 0)
        XCTAssertEqual(one.tabStripShown, false, "one tab: no strip")
        XCTAssertEqual(one.windowNumber, number, "the same window")
        let saved = try Data(contentsOf: URL(fileURLWithPath: files[0]))
        XCTAssertTrue(saved.starts(with: original), "saved as an incremental update")
        XCTAssertGreaterThan(saved.count, original.count)
        XCTAssertTrue(String(decoding: saved.dropFirst(original.count), as: UTF8.self).contains("/Rotate 90"), "the turn is saved")

        // The last tab, without changes: Ctrl+W closes it and with it the window; the app ends.
        XCTAssertTrue(app.isRunning)
        session.xdotool("key", "ctrl+w")
        XCTAssertTrue(session.waitForExit(app, timeout: 20), "the app quits with its last tab. Log: \(session.log)")
        XCTAssertEqual(app.terminationStatus, 0)
    }

    func testATabMovedToANewWindowIsThatWindowsOnlyTabAndItsActionsActThere() throws {
        let session = try AppSession()
        let files = try Array(threeDocuments(in: session).prefix(2))
        try session.launch(files)
        let state = try XCTUnwrap(session.waitFor("two tabs") { s in
            s.windows.count == 2 && self.tab(files[0], in: s)?.missingTiles == 0
        })
        let first = try XCTUnwrap(state.windows.first?.windowNumber)
        session.activate("next-tab")
        session.waitFor("the second tab in front") { self.front(of: first, in: $0)?.path == files[1] }
        session.activate("move-tab-to-new-window")
        let moved = try XCTUnwrap(session.waitFor("the second document in a window of its own, shown") { s in
            guard let w = self.tab(files[1], in: s), let number = w.windowNumber else { return false }
            return number != first && w.tabs == [files[1]] && w.currentTab == 0 && w.missingTiles == 0 && !w.visiblePages.isEmpty
        })
        let stayed = try XCTUnwrap(tab(files[0], in: moved))
        XCTAssertEqual(stayed.windowNumber, first)
        XCTAssertEqual(stayed.tabs, [files[0]], "the first window keeps the other tab")
        XCTAssertEqual(stayed.tabStripShown, false)
        // The new window's actions (its own D-Bus path) act on its tab.
        let number = try XCTUnwrap(tab(files[1], in: moved)?.windowNumber)
        session.run("gdbus", ["call", "--session", "--dest", AppSession.applicationID, "--object-path",
                              "/io/github/pdfannotator/PdfAnnotator/window/\(number)", "--method", "org.gtk.Actions.Activate",
                              "fit-page", "[]", "{}"])
        let fitted = try XCTUnwrap(session.waitFor("the moved tab fits its page") { self.tab(files[1], in: $0)?.zoomMode == "fitPage" })
        XCTAssertNotEqual(tab(files[0], in: fitted)?.zoomMode, "fitPage")
        // A window's only tab has nowhere to move: nothing changes.
        session.activate("move-tab-to-new-window")
        session.activate("zoom-in")
        let after = try XCTUnwrap(session.waitFor("the first window's tab zoomed in, still in its window") { s in
            (self.tab(files[0], in: s)?.zoom ?? 0) > stayed.zoom
        })
        XCTAssertEqual(Set(after.windows.compactMap(\.windowNumber)), [first, number], "no third window")
    }

    /// A tab's label pulled sideways along the strip reorders the tabs; pulled down out of the
    /// strip it leaves for a window of its own (on X11 by the app's own gesture, as GTK's tab
    /// drag is off there).
    func testATabDraggedDownOutOfTheStripMakesAWindowOfItsOwnAndOneDraggedAlongItReorders() throws {
        try AppSession.skipUnderWayland("drags the tab with xdotool")
        let session = try AppSession()
        let files = try Array(threeDocuments(in: session).prefix(2))
        try session.launch(files)
        func labels(_ s: AppSession.State) -> (first: [Double], second: [Double])? {
            guard let a = tab(files[0], in: s)?.tabLabelFrame, let b = tab(files[1], in: s)?.tabLabelFrame,
                  a.count == 4, b.count == 4, self.tab(files[0], in: s)?.missingTiles == 0 else { return nil }
            return (a, b)
        }
        let shown = try XCTUnwrap(session.waitFor("two tabs, their labels in the strip") { labels($0) != nil })
        let first = try XCTUnwrap(shown.windows.first?.windowNumber)
        var (a, b) = try XCTUnwrap(labels(shown))
        XCTAssertLessThan(a[0], b[0], "the first document's tab is on the left")
        func centre(_ r: [Double]) -> (Int, Int) { (Int(r[0] + r[2] / 2), Int(r[1] + r[3] / 2)) }

        // Along the strip: the second tab goes before the first, in the same window.
        session.drag(from: centre(b), to: (Int(a[0]) + 4, centre(b).1))
        let reordered = try XCTUnwrap(session.waitFor("the tabs reordered") { s in
            self.tab(files[0], in: s)?.tabs == [files[1], files[0]]
        })
        XCTAssertEqual(Set(reordered.windows.compactMap(\.windowNumber)), [first], "still one window")

        // Down out of the strip, well past it: the dragged tab gets a window of its own.
        (a, b) = try XCTUnwrap(session.waitFor("the labels laid out again") { s in
            labels(s).map { $0.second[0] < $0.first[0] } ?? false
        }.flatMap(labels))
        session.drag(from: centre(b), to: (centre(b).0, centre(b).1 + 240))
        let moved = try XCTUnwrap(session.waitFor("the dragged document in a window of its own, shown") { s in
            guard let w = self.tab(files[1], in: s), let number = w.windowNumber else { return false }
            return number != first && w.tabs == [files[1]] && w.missingTiles == 0 && !w.visiblePages.isEmpty
        }, "log: \(session.log)")
        let stayed = try XCTUnwrap(tab(files[0], in: moved))
        XCTAssertEqual(stayed.windowNumber, first)
        XCTAssertEqual(stayed.tabs, [files[0]], "the first window keeps the other tab")
        XCTAssertEqual(stayed.tabStripShown, false)
    }

    func testATabMovedOntoAWindowShowingTheSameDocumentLeavesOneTabOfItAndLosesNoChange() throws {
        let session = try AppSession()
        let files = try threeDocuments(in: session)
        let (a, c) = (files[0], files[2])
        try session.launch([a, a, c])
        let state = try XCTUnwrap(session.waitFor("three tabs, two of the same document") { s in
            s.windows.count == 3 && s.windows.allSatisfy { $0.content == "document" } && s.windows.first?.missingTiles == 0
        })
        let first = try XCTUnwrap(state.windows.first?.windowNumber)
        // The second tab of `a` goes to a window of its own.
        session.activate("next-tab")
        session.waitFor("the second tab in front") { $0.windows.first { $0.tabIndex == 1 }?.currentTab == 1 }
        session.activate("move-tab-to-new-window")
        let apart = try XCTUnwrap(session.waitFor("a second window holding `a`") { s in
            s.windows.contains { $0.path == a && $0.windowNumber != first && $0.tabs == [a] }
        })
        let second = try XCTUnwrap(apart.windows.first { $0.windowNumber != first }?.windowNumber)
        // In the first window, `a` changes (its page turned), then moves onto the second window.
        session.activate("previous-tab")
        session.waitFor("`a` in front of the first window") { s in
            s.windows.contains { $0.windowNumber == first && $0.path == a && $0.tabIndex == $0.currentTab }
        }
        session.activate("rotate-right")
        session.waitFor("`a` changed") { $0.windows.contains { $0.windowNumber == first && $0.hasUnsavedChanges } }
        session.activate("move-tab-to-window", "[<uint32 \(second)>]")
        let merged = try XCTUnwrap(session.waitFor("one tab of `a` left, the changed one, in the second window") { s in
            let copies = s.windows.filter { $0.path == a }
            return copies.count == 1 && copies[0].windowNumber == second && copies[0].tabs == [a]
        })
        let kept = try XCTUnwrap(merged.windows.first { $0.path == a })
        XCTAssertEqual(kept.hasUnsavedChanges, true, "the change came along")
        XCTAssertEqual(kept.undoName, "Rotate Page", "with its history")
        XCTAssertEqual(merged.windows.first { $0.path == c }?.tabs, [c], "the first window keeps `c`")
        XCTAssertEqual(merged.windows.first { $0.path == c }?.windowNumber, first)
    }

    func testWithTabsTurnedOffEachDocumentOpensInAWindowOfItsOwn() throws {
        let session = try AppSession()
        let files = try Array(threeDocuments(in: session).prefix(2))
        let config = session.workDir.appendingPathComponent("config/pdf-annotator")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("false".utf8).write(to: config.appendingPathComponent("tabs.json"))
        try session.launch(files)
        let state = try XCTUnwrap(session.waitFor("two documents shown") { s in
            s.windows.count == 2 && s.windows.allSatisfy { $0.content == "document" && $0.missingTiles == 0 && !$0.visiblePages.isEmpty }
        })
        XCTAssertEqual(Set(state.windows.compactMap(\.windowNumber)).count, 2, "a window each")
        for file in files {
            XCTAssertEqual(tab(file, in: state)?.tabs, [file])
            XCTAssertEqual(tab(file, in: state)?.tabStripShown, false)
        }
    }

    func testTabsOfTheSameNameShowTheFolderThatTellsThemApart() throws {
        let session = try AppSession()
        let files = try ["work", "private"].map { folder in
            let dir = session.workDir.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let url = dir.appendingPathComponent("report.pdf")
            try HandWrittenPDF.pages(2, catalogEntries: "").write(to: url)
            return url.path
        }
        let other = session.workDir.appendingPathComponent("notes.pdf")
        try HandWrittenPDF.pages(1, catalogEntries: "").write(to: other)
        try session.launch(files + [other.path])
        let state = try XCTUnwrap(session.waitFor("three tabs labelled") { s in
            s.windows.count == 3 && s.windows.allSatisfy { $0.content == "document" && $0.tabLabels?.count == 3 }
        })
        XCTAssertEqual(state.windows.first?.tabs, files + [other.path])
        XCTAssertEqual(state.windows.first?.tabLabels, ["report.pdf — work", "report.pdf — private", "notes.pdf"])
    }
}
