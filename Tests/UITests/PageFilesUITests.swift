// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Pages dragged in the Pages grid, pages inserted from another file, a blank page and a
/// duplicate, and pages extracted to a new file, through the window's actions and the mouse;
/// Ctrl+S, then a reopening. Judged from the saved and extracted files with qpdf and pdftotext.
final class PageFilesUITests: XCTestCase {
    private func texts(_ path: String) throws -> [String] {
        let count = try SavedPDF(path: path).pages.count
        return try (1...count).map { page in
            let r = try ExternalTools.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"])
            return String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func testAPageDraggedInTheGridLandsInTheGapItIsDroppedIn() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("drag.pdf").path
        try NumberedPagesPDF.data(pages: 3).write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        let grid = try session.showPagesGrid(thumbnails: 3)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let first = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == 1 })
        let third = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == 3 })
        // From the middle of page 1's thumbnail to the lower part of page 3's: after page 3.
        let from = (Int(origin.x + first[1] + first[3] / 2), Int(origin.y + first[2] + first[4] / 2))
        let to = (Int(origin.x + third[1] + third[3] / 2), Int(origin.y + third[2] + third[4] * 0.8))
        session.xdotool("mousemove", "\(from.0)", "\(from.1)")
        session.xdotool("mousedown", "1")
        for i in 1...16 {
            session.xdotool("mousemove", "\(from.0 + (to.0 - from.0) * i / 16)", "\(from.1 + (to.1 - from.1) * i / 16)")
            usleep(40_000)
        }
        // Let go once the grid shows the gap after page 3 (the drag has reached it).
        session.waitFor("the grid shows the gap after page 3") { $0.windows.first?.gridDropGap == 3 }
        session.xdotool("mouseup", "1")
        let moved = try XCTUnwrap(session.waitFor("page 1 moved to the end") { s in
            s.windows.first.map { $0.undoName == "Move Page" && $0.pageCount == 3 } ?? false
        }?.windows.first)
        XCTAssertEqual(moved.currentPage, 3, "the view follows the page to its new place")
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        XCTAssertEqual(try texts(path), ["Page number 2", "Page number 3", "Page number 1"])
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
    }

    func testPagesInsertedFromAFileDuplicatedAndExtractedAreSavedAndReopen() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("insert.pdf").path
        let other = session.workDir.appendingPathComponent("other.pdf").path
        let extracted = session.workDir.appendingPathComponent("extracted.pdf").path
        try NumberedPagesPDF.data(pages: 2).write(to: URL(fileURLWithPath: path))
        try NumberedPagesPDF.data(pages: 3).write(to: URL(fileURLWithPath: other))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)

        // The page in view is page 1: the other file's three pages come after it.
        session.activate("insert-pages", "[<'\(other)'>]")
        _ = try XCTUnwrap(session.waitFor("three pages inserted") { s in
            s.windows.first.map { $0.pageCount == 5 && $0.undoName == "Insert Pages" && $0.currentPage == 2 } ?? false
        })
        // The page in view (the first inserted) is duplicated, then a blank page follows it.
        session.activate("duplicate-pages")
        _ = try XCTUnwrap(session.waitFor("duplicated") { s in s.windows.first.map { $0.pageCount == 6 && $0.undoName == "Duplicate Page" } ?? false })
        session.activate("insert-blank-page")
        _ = try XCTUnwrap(session.waitFor("a blank page") { s in s.windows.first.map { $0.pageCount == 7 && $0.undoName == "Insert Blank Page" } ?? false })
        let expected = ["Page number 1", "Page number 1", "Page number 1", "", "Page number 2", "Page number 3", "Page number 2"]

        // The page in view, extracted: a new file; this document stays as it is.
        let inView = try XCTUnwrap(session.state()?.windows.first?.currentPage)
        session.activate("extract-pages", "[<'\(extracted)'>]")
        _ = try XCTUnwrap(session.waitFor("extracted") { $0.windows.first?.dialog == "pages-extracted" })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("the note closed") { s in s.windows.first.map { $0.dialog == nil } ?? false })
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", extracted]).status, 0)
        XCTAssertEqual(try texts(extracted), [expected[inView - 1]], "the page in view, alone")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "extracting saves nothing here")

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        XCTAssertEqual(try texts(path), expected)
        XCTAssertEqual(try ExternalTools.run("mutool", ["draw", "-q", "-o", "/dev/null", path]).status, 0, "MuPDF draws every page")

        session.quitApps()
        let (reopened, _) = try session.launchEditable(path)
        XCTAssertEqual(session.state()?.pid, Int(reopened.processIdentifier))
        XCTAssertEqual(session.state()?.windows.first?.pageCount, 7, "the saved file reopens with its seven pages")
    }
}
