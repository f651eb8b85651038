// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Alt+Down moves the page in view one place on (the view follows it), `win.delete-page` takes
/// the page in view out, Ctrl+S saves both as an incremental update, and undo puts things back.
/// Judged from the saved file with pdftotext and qpdf.
final class OrganisePagesUITests: XCTestCase {
    /// Three A5 pages saying their numbers.
    static func document() -> Data { NumberedPagesPDF.data(pages: 3) }

    private func texts(_ path: String) throws -> [String] {
        try (1...3).compactMap { page -> String? in
            let r = try ExternalTools.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"])
            guard r.status == 0 else { return nil }
            return String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func testAPageMovedAndAPageDeletedAreSavedAndUndoneAfterTheSave() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("organise.pdf").path
        try Self.document().write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try session.launchEditable(path)

        // Page 1 moves after page 2; the view follows it to its new place.
        session.xdotool("key", "alt+Down")
        let moved = try XCTUnwrap(session.waitFor("page 1 moved down one place") { s in
            s.windows.first.map { $0.undoName == "Move Page" && $0.currentPage == 2 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(moved.pageCount, 3)

        // The page in view (the moved one, now second) is taken out.
        session.activate("delete-page")
        let deleted = try XCTUnwrap(session.waitFor("a page taken out") { s in
            s.windows.first.map { $0.undoName == "Delete Page" && $0.pageCount == 2 && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(deleted.hasUnsavedChanges, true)

        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        XCTAssertEqual(try texts(path), ["Page number 2", "Page number 3"], "page 1 moved, then taken out")

        // After the save that took the page out, Ctrl+Z still puts it back (its object is in
        // the file), where it was before the deletion; a save writes it.
        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("the page is back") { s in
            s.windows.first.map { $0.pageCount == 3 && $0.undoName == "Move Page" && $0.hasUnsavedChanges == true } ?? false
        })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved again") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        XCTAssertEqual(try texts(path), ["Page number 2", "Page number 1", "Page number 3"], "page 1 back after page 2, where it was moved")
    }

    func testUndoingAMoveAndADeletionBeforeSavingPutsEveryPageBack() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("undo.pdf").path
        try Self.document().write(to: URL(fileURLWithPath: path))
        try session.launchEditable(path)
        session.xdotool("key", "alt+Down")
        _ = try XCTUnwrap(session.waitFor("moved") { s in s.windows.first.map { $0.undoName == "Move Page" && $0.currentPage == 2 } ?? false })
        session.activate("delete-page")
        _ = try XCTUnwrap(session.waitFor("deleted") { s in s.windows.first.map { $0.pageCount == 2 } ?? false })
        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("the page is back") { s in s.windows.first.map { $0.pageCount == 3 && $0.undoName == "Move Page" } ?? false })
        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("the move undone") { s in s.windows.first.map { $0.pageCount == 3 && $0.undoName == nil } ?? false })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        XCTAssertEqual(try texts(path), ["Page number 1", "Page number 2", "Page number 3"])
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
    }
}
