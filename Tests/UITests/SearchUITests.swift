// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Ctrl+F: the search bar finds a word on every page as pdftotext reads the document, counts the
/// matches, steps through them with Enter / Shift+Enter (and F3), wraps round with a notice, and
/// Escape ends it. Judged from the state dump (query, count, current match, page in view).
final class SearchUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("types the query into the search entry with xdotool")
    }

    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    /// How many times `word` occurs in the document's text as pdftotext reads it (case folded).
    private func occurrences(of word: String, in session: AppSession) -> Int {
        let text = session.run("pdftotext", [sample, "-"]).lowercased()
        return text.components(separatedBy: word.lowercased()).count - 1
    }

    func testCtrlFFindsEveryMatchStepsThroughThemAndWrapsRound() throws {
        guard AppSession.which("pdftotext") != nil else { throw XCTSkip("pdftotext is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let expected = occurrences(of: "page", in: session)
        XCTAssertGreaterThan(expected, 6, "the sample names its pages")
        let app = try session.launch([sample])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.isEditable == true
        }
        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "page")
        let found = try XCTUnwrap(session.waitFor("every page read, every match counted") { s in
            s.windows.first.map { $0.searchQuery == "page" && $0.searchDone == true && $0.searchMatchCount == expected } ?? false
        }?.windows.first)
        XCTAssertEqual(found.searchCurrentMatch, 1, "the first match from the page in view is current")

        session.xdotool("key", "Return")
        session.waitFor("Enter: the second match") { $0.windows.first?.searchCurrentMatch == 2 }
        session.xdotool("key", "shift+Return")
        session.waitFor("Shift+Enter: back to the first") { $0.windows.first?.searchCurrentMatch == 1 }
        session.xdotool("key", "shift+Return")
        let wrapped = try XCTUnwrap(session.waitFor("Shift+Enter again wraps to the last match, with a notice") { s in
            s.windows.first.map { $0.searchCurrentMatch == expected && $0.searchNotice != nil } ?? false
        }?.windows.first)
        XCTAssertEqual(wrapped.currentPage, wrapped.pageCount, "the last match is on the last page, now in view")
        session.xdotool("key", "F3")
        session.waitFor("F3 wraps to the first") { $0.windows.first?.searchCurrentMatch == 1 }

        // Whole words: "Page" as a word only (not "pages"); Match Case: only "Page".
        session.xdotool("key", "alt+w")
        session.waitFor("Whole Words searched again") { s in
            s.windows.first.map { $0.searchDone == true && $0.searchMatchCount > 0 && $0.searchMatchCount < expected } ?? false
        }
        session.xdotool("key", "Escape")
        let closed = try XCTUnwrap(session.waitFor("Escape ends the search") { $0.windows.first?.searchQuery == nil }?.windows.first)
        XCTAssertEqual(closed.searchMatchCount, 0)
        XCTAssertEqual(closed.canvasHasFocus, true, "the page has the keyboard again")
    }

    /// The search bar's row (entry, buttons, count) is made the first time Find opens it, not
    /// before the first frame: Ctrl+F as soon as the page is painted still opens a working bar.
    func testCtrlFAsSoonAsThePageIsPaintedOpensAWorkingSearchBar() throws {
        let session = try AppSession()
        let app = try session.launch([sample])
        session.waitFor("the first frame painted") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && (w.framesPainted ?? 0) > 0
        }
        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "page")
        session.waitFor("the query typed into the new row searches and counts") { s in
            s.windows.first.map { $0.searchQuery == "page" && $0.searchDone == true && $0.searchMatchCount > 0 } ?? false
        }
        session.xdotool("key", "Escape")
        session.waitFor("Escape ends the search") { $0.windows.first?.searchQuery == nil }
        // Opened again, the same row shows, emptied of the last query's count.
        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "page")
        session.waitFor("a second search in the same row") { s in
            s.windows.first.map { $0.searchQuery == "page" && $0.searchDone == true && $0.searchMatchCount > 0 } ?? false
        }
    }

    func testALongSearchShowsItsProgressAndCanBeStoppedKeepingWhatItFound() throws {
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is installed by tools/install-deps.sh") }
        let session = try AppSession()
        // Eight copies of the 236-page manual: 1,888 pages, long enough to stop in the middle.
        let manual = try AppSession.sharedPDF("r-exts-236p.pdf")
        let long = session.workDir.appendingPathComponent("long.pdf").path
        _ = session.run("qpdf", ["--empty", "--pages"] + Array(repeating: manual, count: 8) + ["--", long])
        guard FileManager.default.fileExists(atPath: long) else { throw XCTSkip("qpdf could not join the pages") }
        let app = try session.launch([long])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.pageCount == 1888 && w.missingTiles == 0 && w.isEditable == true
        }
        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "the")
        let running = try XCTUnwrap(session.waitFor("the first match shows while the rest is read") { s in
            s.windows.first.map { $0.searchCurrentMatch == 1 && ($0.searchProgress ?? 1) < 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(running.searchDone, false)
        session.activate("stop-search")
        let stopped = try XCTUnwrap(session.waitFor("stopped") { $0.windows.first?.searchStopped == true }?.windows.first)
        XCTAssertEqual(stopped.searchDone, true, "nothing more is read")
        XCTAssertLessThan(stopped.searchProgress ?? 1, 1)
        let count = stopped.searchMatchCount
        XCTAssertGreaterThan(count, 0, "what was found stays")
        usleep(500_000)
        XCTAssertEqual(session.state()?.windows.first?.searchMatchCount, count, "no page is read after the stop")
        session.xdotool("key", "Return")
        session.waitFor("Enter still steps through the matches found") { $0.windows.first?.searchCurrentMatch == 2 }
    }
}
