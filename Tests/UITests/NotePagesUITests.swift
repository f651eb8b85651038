// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Note pages and writing room through the window's actions and their dialogs: each kind of
/// note page is saved and MuPDF draws its ruling; writing room widens the page in view, is
/// saved as grown boxes with the original area drawn on the same pixels, and undoes.
final class NotePagesUITests: XCTestCase {
    /// Rows (or columns) of non-white pixels along a line of MuPDF's drawing, as run middles.
    private func marks(_ image: PNMImage, _ points: [(Int, Int)]) -> [Double] {
        var centres: [Double] = [], run: [Int] = []
        for (i, p) in points.enumerated() {
            if (image.rgb(x: p.0, y: p.1)?.r ?? 255) < 245 { run.append(i) } else if let first = run.first {
                centres.append(Double(first + run.last!) / 2)
                run = []
            }
        }
        return centres
    }

    private func drawn(_ path: String, page: Int, in folder: URL) throws -> PNMImage {
        let out = folder.appendingPathComponent("drawn-\(UUID().uuidString).pnm").path
        XCTAssertEqual(try ExternalTools.run("mutool", ["draw", "-q", "-r", "72", "-c", "gray", "-F", "pnm", "-o", out, path, "\(page)"]).status, 0)
        return try PNMImage(path: out)
    }

    private func requireTools() throws {
        for tool in ["mutool", "qpdf"] where AppSession.which(tool) == nil { throw XCTSkip("\(tool) is not installed (tools/install-deps.sh installs it)") }
    }

    /// Keeps a picture of the screen where `NOTE_PAGES_SCREENSHOTS` says (to look at a dialog).
    private func keepScreenshot(_ session: AppSession, _ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["NOTE_PAGES_SCREENSHOTS"], !AppSession.isWayland else { return }
        session.run("import", ["-window", "root", "\(folder)/\(name).png"])
    }

    func testEachKindOfNotePageIsSavedAndMuPDFDrawsItsRuling() throws {
        try requireTools()
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("notes.pdf").path
        try NumberedPagesPDF.data(pages: 1).write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try session.launchEditable(path)
        // Each after the page in view, which is then the new page: they come in this order.
        for (n, kind) in ["lined:a4", "squared:letter", "dotted", "blank:a4"].enumerated() {
            session.activate("insert-note-page", "[<'\(kind)'>]")
            _ = try XCTUnwrap(session.waitFor("a \(kind) note page") { s in
                s.windows.first.map { $0.pageCount == n + 2 && $0.undoName == "Insert Note Page" && $0.currentPage == n + 2 } ?? false
            })
        }
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, "qpdf --check: \(String(decoding: check.stdout, as: UTF8.self))")
        let millimetre = 72 / 25.4

        let lined = try drawn(path, page: 2, in: session.workDir)
        XCTAssertEqual(Double(lined.width), 595.28, accuracy: 1, "A4")
        let lines = marks(lined, (0..<lined.height).map { (lined.width / 2, $0) })
        XCTAssertGreaterThan(lines.count, 30)
        for (a, b) in zip(lines, lines.dropFirst()) { XCTAssertEqual(b - a, 8 * millimetre, accuracy: 1.5, "lines 8 mm apart") }

        let squared = try drawn(path, page: 3, in: session.workDir)
        XCTAssertEqual(squared.width, 612, "Letter")
        let rows = marks(squared, (0..<squared.height).map { (Int(7.5 * millimetre), $0) })
        let columns = marks(squared, (0..<squared.width).map { ($0, Int(7.5 * millimetre)) })
        XCTAssertGreaterThan(rows.count, 40)
        XCTAssertGreaterThan(columns.count, 30)
        for (a, b) in zip(columns, columns.dropFirst()) { XCTAssertEqual(b - a, 5 * millimetre, accuracy: 1.5, "squares 5 mm wide") }

        let dotted = try drawn(path, page: 4, in: session.workDir)
        XCTAssertEqual(dotted.width, 612, "the size of the Letter page before it")
        let dots = marks(dotted, (0..<dotted.width).map { ($0, Int((5 * millimetre).rounded())) })
        XCTAssertGreaterThan(dots.count, 30)
        for (a, b) in zip(dots, dots.dropFirst()) { XCTAssertEqual(b - a, 5 * millimetre, accuracy: 1.5, "dots 5 mm apart") }
        XCTAssertEqual(marks(dotted, (0..<dotted.width).map { ($0, Int((7.5 * millimetre).rounded())) }), [], "between rows of dots, paper")

        let blank = try drawn(path, page: 5, in: session.workDir)
        XCTAssertFalse((0..<blank.height).contains { y in (0..<blank.width).contains { blank.isInk(x: $0, y: y) } }, "a blank page is white")
    }

    func testTheNotePageDialogInsertsThePaperPickedAndUndoTakesItOut() throws {
        try requireTools()
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("dialog.pdf").path
        try NumberedPagesPDF.data(pages: 2).write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        session.activate("insert-note-page", "[<''>]")
        _ = try XCTUnwrap(session.waitFor("the note page dialog") { $0.windows.first?.dialog == "insert-note-page" })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        keepScreenshot(session, "insert-note-page")
        // Alt+Q picks Squared, Alt+I inserts (their mnemonics).
        session.xdotool("key", "alt+q")
        session.xdotool("key", "alt+i")
        _ = try XCTUnwrap(session.waitFor("a squared page after page 1") { s in
            s.windows.first.map { $0.pageCount == 3 && $0.undoName == "Insert Note Page" && $0.dialog == nil } ?? false
        })
        try session.waitForDialogGone(pid: Int(app.processIdentifier))
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges } ?? false })
        let squared = try drawn(path, page: 2, in: session.workDir)
        let millimetre = 72 / 25.4
        let columns = marks(squared, (0..<squared.width).map { ($0, Int(7.5 * millimetre)) })
        XCTAssertGreaterThan(columns.count, 20, "the page picked is squared: vertical lines")

        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("undone") { s in s.windows.first.map { $0.pageCount == 2 } ?? false })
        // Escape closes the dialog without inserting.
        session.activate("insert-note-page", "[<''>]")
        _ = try XCTUnwrap(session.waitFor("the dialog again") { $0.windows.first?.dialog == "insert-note-page" })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("the dialog closed") { $0.windows.first?.dialog == nil })
        XCTAssertEqual(session.state()?.windows.first?.pageCount, 2, "Escape inserts nothing")
    }

    func testWritingRoomFromTheDialogWidensThePageKeepsWhatItShowedAndUndoes() throws {
        try requireTools()
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("room.pdf").path
        try NumberedPagesPDF.data(pages: 2).write(to: URL(fileURLWithPath: path))
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = try drawn(path, page: 1, in: session.workDir)
        let (app, window) = try session.launchEditable(path)
        let shown = try XCTUnwrap(window.visiblePages.first { $0.page == 1 })

        session.activate("add-writing-room", "[<''>]")
        _ = try XCTUnwrap(session.waitFor("the writing room dialog") { $0.windows.first?.dialog == "add-writing-room" })
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        keepScreenshot(session, "add-writing-room")
        // The first offer: on the right, 50 % of the page's width.
        session.xdotool("key", "Return")
        let grown = try XCTUnwrap(session.waitFor("page 1 wider in view") { s in
            s.windows.first.map { w in
                w.undoName == "Add Writing Room" && w.dialog == nil
                    && (w.visiblePages.first { $0.page == 1 }.map { $0.width / $0.height > 1.4 * shown.width / shown.height } ?? false)
            } ?? false
        }?.windows.first)
        XCTAssertEqual(grown.pageCount, 2)
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges } ?? false })
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "the original bytes stay a prefix")
        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        let after = try drawn(path, page: 1, in: session.workDir)
        XCTAssertEqual(after.width, before.width + Int((Double(before.width) / 2).rounded(.up)), "half as wide again")
        XCTAssertEqual(after.height, before.height)
        var differing = 0
        for y in 0..<before.height { for x in 0..<before.width where before.rgb(x: x, y: y)! != after.rgb(x: x, y: y)! { differing += 1 } }
        XCTAssertEqual(differing, 0, "what the page showed is drawn on the same pixels")

        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("undone") { s in s.windows.first.map { $0.undoName == nil && $0.hasUnsavedChanges } ?? false })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved again") { s in s.windows.first.map { !$0.hasUnsavedChanges } ?? false })
        XCTAssertEqual(try drawn(path, page: 1, in: session.workDir).width, before.width, "undo gives the page its width back")
    }
}
