// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The real app under Xvfb: what a person sees and does, checked against the app's state dump.
final class ViewerUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    private func openSample(_ session: AppSession) throws -> AppSession.State {
        try session.launch([sample])
        let state = session.waitFor("sample open and sharp") { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.viewWidth > 100
        }
        return try XCTUnwrap(state)
    }

    /// Moves the pointer to the middle of the canvas and clicks so the canvas has focus.
    private func focusCanvas(_ session: AppSession, _ state: AppSession.State) throws {
        let w = try XCTUnwrap(state.windows.first)
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let x = Int(origin.x + w.canvasX + w.viewWidth / 2), y = Int(origin.y + w.canvasY + w.viewHeight / 2)
        session.xdotool("mousemove", "\(x)", "\(y)")
        session.xdotool("click", "1")
    }

    func testFirstPageTitleBlockIsPaintedWhereTheLayoutPutsIt() throws {
        try AppSession.skipUnderWayland("reads the page's colours from a screenshot")
        let session = try AppSession()
        let state = try openSample(session)
        let w = try XCTUnwrap(state.windows.first)
        XCTAssertEqual(w.pageCount, 6)
        XCTAssertEqual(w.currentPage, 1)
        XCTAssertTrue(w.canvasHasFocus, "keys scroll the document right after it opens")
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: state.pid))
        let shot = try session.screenshot()
        func screen(_ px: Double, _ py: Double) -> (Int, Int) {
            (Int(origin.x + w.canvasX + page.x + px * w.zoom), Int(origin.y + w.canvasY + page.y + py * w.zoom))
        }
        // data/README.md: page 1's title block spans x 36–288, y 36–100 pt and is #1c71d8.
        let (bx, by) = screen(276, 42)
        let block = shot.pixel(x: bx, y: by)
        XCTAssertLessThan(abs(block.r - 0x1c) + abs(block.g - 0x71) + abs(block.b - 0xd8), 40, "title block colour at \(bx),\(by): \(block)")
        // Paper margin above the block is white.
        let (mx, my) = screen(20, 12)
        let margin = shot.pixel(x: mx, y: my)
        XCTAssertGreaterThan(margin.r + margin.g + margin.b, 740, "page margin at \(mx),\(my): \(margin)")
        // Outside the page (left of it, in the canvas) is not paper.
        let (ox, oy) = screen(-8, 42)
        let outside = shot.pixel(x: ox, y: oy)
        XCTAssertLessThan(outside.r + outside.g + outside.b, 740, "canvas background at \(ox),\(oy): \(outside)")
    }

    func testWheelAndKeysScrollTheDocument() throws {
        try AppSession.skipUnderWayland("scrolls with xdotool's wheel and keys and resizes the window with it")
        let session = try AppSession()
        let state = try openSample(session)
        try focusCanvas(session, state)
        for _ in 0..<5 { session.xdotool("click", "5") }
        session.waitFor("wheel scrolled down") { ($0.windows.first?.offsetY ?? 0) >= 5 * 64 - 1 }
        session.xdotool("key", "End")
        session.waitFor("End shows the last page") { $0.windows.first?.currentPage == 6 }
        session.xdotool("key", "Page_Up")
        let before = try XCTUnwrap(session.waitFor("page 5 shown") { $0.windows.first?.currentPage == 5 }?.windows.first)
        // Making the window narrower re-fits the width and keeps the reader on the same page.
        let id = try XCTUnwrap(session.windowID(pid: state.pid))
        session.xdotool("windowsize", id, "700", "600")
        let resized = session.waitFor("resized") { ($0.windows.first?.viewWidth ?? 0) < before.viewWidth - 100 }
        XCTAssertEqual(resized?.windows.first?.currentPage, 5)
        session.xdotool("key", "Home")
        session.waitFor("Home shows the first page") { $0.windows.first?.currentPage == 1 && $0.windows.first?.offsetY == 0 }
        session.xdotool("key", "Page_Down")
        let paged = session.waitFor("Page Down scrolls a screenful") { ($0.windows.first?.offsetY ?? 0) > 300 }
        XCTAssertNotNil(paged)
        for _ in 0..<8 { session.xdotool("key", "Page_Down") }
        session.waitFor("the visible page changes") { ($0.windows.first?.currentPage ?? 1) > 1 }
    }

    func testControlPlusZoomsIn() throws {
        try AppSession.skipUnderWayland("presses Ctrl+plus and Ctrl+minus with xdotool")
        let session = try AppSession()
        let state = try openSample(session)
        let before = try XCTUnwrap(state.windows.first?.zoom)
        try focusCanvas(session, state)
        session.xdotool("key", "ctrl+plus")
        let after = session.waitFor("Ctrl+plus zooms in") { ($0.windows.first?.zoom ?? 0) > before * 1.2 }
        XCTAssertEqual(after?.windows.first?.zoomMode, "free")
        session.xdotool("key", "ctrl+minus")
        session.waitFor("Ctrl+minus zooms back") { abs(($0.windows.first?.zoom ?? 0) - before) < 0.001 }
    }

    func testFitPageAndActualSizeShortcutsSetTheZoom() throws {
        try AppSession.skipUnderWayland("presses Ctrl+2, Ctrl+0 and Ctrl+1 with xdotool")
        let session = try AppSession()
        let state = try openSample(session)
        try focusCanvas(session, state)
        session.xdotool("key", "ctrl+2")
        let fitted = session.waitFor("fit page") { $0.windows.first?.zoomMode == "fitPage" }
        let w = try XCTUnwrap(fitted?.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first { $0.page == w.currentPage })
        XCTAssertLessThanOrEqual(page.height, w.viewHeight, "the whole page fits")
        session.xdotool("key", "ctrl+0")
        session.waitFor("actual size") { abs(($0.windows.first?.zoom ?? 0) - 1) < 0.0001 }
        session.xdotool("key", "ctrl+1")
        session.waitFor("fit width") { $0.windows.first?.zoomMode == "fitWidth" }
    }

    func testTypingAPageNumberJumpsToIt() throws {
        try AppSession.skipUnderWayland("types the page number with xdotool")
        let session = try AppSession()
        let state = try openSample(session)
        try focusCanvas(session, state)
        session.xdotool("key", "ctrl+l")
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "4")
        session.xdotool("key", "Return")
        session.waitFor("page 4 is shown") { $0.windows.first?.currentPage == 4 }
    }

    func testBrokenFileShowsAMessageAndTheAppKeepsRunning() throws {
        let broken = try AppSession.sharedPDF("not-a-pdf-jpeg.pdf")
        let session = try AppSession()
        let app = try session.launch([broken, sample])
        let state = session.waitFor("one error window and one document window") { s in
            s.windows.count == 2 && s.windows.contains { $0.content == "error" } && s.windows.contains { $0.content == "document" }
        }
        let error = try XCTUnwrap(state?.windows.first { $0.content == "error" })
        XCTAssertTrue(error.errorMessage?.contains("not-a-pdf-jpeg.pdf") == true, String(describing: error.errorMessage))
        XCTAssertTrue(app.isRunning)
    }

    func testMissingFileAndTruncatedFileAreExplained() throws {
        let truncated = try AppSession.sharedPDF("truncated-60pct.pdf")
        let empty = try AppSession.sharedPDF("zero-pages-empty-tree.pdf")
        let session = try AppSession()
        try session.launch(["/nonexistent/lost.pdf", truncated, empty, "/tmp"])
        let state = session.waitFor("four error windows") { s in s.windows.filter { $0.content == "error" }.count == 4 }
        let messages = state?.windows.compactMap(\.errorMessage) ?? []
        XCTAssertTrue(messages.contains { $0.contains("lost.pdf") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("truncated-60pct.pdf") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("zero-pages-empty-tree.pdf") && $0.contains("no pages") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("tmp") }, "a folder is refused by name: \(messages)")
    }

    func testEncryptedDocumentAsksForItsPasswordAndSaysWhenItIsWrong() throws {
        try AppSession.skipUnderWayland("types the passwords with xdotool")
        let locked = try AppSession.sharedPDF("encrypted-userpw-libreoffice.pdf")
        let session = try AppSession()
        let state = try XCTUnwrap({ () throws -> AppSession.State? in
            try session.launch([locked])
            return session.waitFor("password prompt") { $0.windows.first?.content == "password" }
        }())
        try focusCanvas(session, state)
        session.xdotool("type", "guess")
        session.xdotool("key", "Return")
        session.waitFor("wrong password is reported") { $0.windows.first?.passwordError != nil }
        session.xdotool("type", "openpassword")
        session.xdotool("key", "Return")
        let open = session.waitFor("document opens with the right password") { $0.windows.first?.content == "document" }
        XCTAssertEqual(open?.windows.first?.pageCount, 1)
    }

    func testSecondLaunchOpensItsFileInTheRunningInstance() throws {
        let other = try AppSession.sharedPDF("rotate-90-180-270-arabic.pdf")
        let session = try AppSession()
        let first = try openSample(session)
        // The first window's first frame left its view size for the next one to render ahead for.
        let memory = session.workDir.appendingPathComponent("state/pdf-annotator/first-view.json")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: memory.path), Date() < deadline { usleep(20_000) }
        let second = try session.launch([other], withStateFile: false)
        second.waitUntilExit()
        XCTAssertEqual(second.terminationStatus, 0)
        let state = session.waitFor("the running instance opened a second window, sharp") { s in
            s.windows.count == 2 && s.windows.allSatisfy { $0.content == "document" && $0.missingTiles == 0 }
        }
        XCTAssertEqual(state?.pid, first.pid)
        let opened = try XCTUnwrap(state?.windows.first { $0.path == other })
        XCTAssertEqual(opened.pageCount, 4)
        // Its document opened, and its first frame rendered, on a worker while its window was built.
        XCTAssertGreaterThan(opened.firstFrameTilesTaken ?? 0, 0)
        XCTAssertEqual(opened.firstFrameTilesRendered, 0)
    }
}

/// The command line, which needs no display.
final class CommandLineTests: XCTestCase {
    func testInvalidArgumentsPrintUsageAndExitNonZero() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: AppSession.binary)
        p.arguments = ["--no-such-option"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertNotEqual(p.terminationStatus, 0)
        XCTAssertTrue(text.contains("Usage"), text)
    }
}
