// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A scanned page (an image of text, no text in the PDF) in the running app: shown, it is read
/// on a worker without being asked (and so is one a search reaches); Recognize Text reads the
/// rest with a progress the state dump shows. Search then finds its words and Select All + Copy
/// puts them on the clipboard; Make Searchable writes them into the file, where pdftotext finds
/// them. The recognition cache lives in the session's own folder.
final class ScannedPageUITests: XCTestCase {
    /// Writes a one-page scan (text drawn into a 300 dpi image with pycairo, the image alone in
    /// a PDF) to `path`.
    static func makeScan(_ path: String, session: AppSession) throws {
        let script = """
        import cairo, sys
        scale = 300 / 72
        w, h = int(420 * scale), int(595 * scale)
        img = cairo.ImageSurface(cairo.FORMAT_RGB24, w, h)
        cr = cairo.Context(img)
        cr.set_source_rgb(1, 1, 1); cr.paint(); cr.set_source_rgb(0, 0, 0)
        cr.select_font_face("DejaVu Serif"); cr.set_font_size(14 * scale)
        for i, line in enumerate(["The quick brown fox jumps over", "the lazy dog while seven patient", "herons watch from the reeds."]):
            cr.move_to(40 * scale, (80 + i * 28) * scale); cr.show_text(line)
        pdf = cairo.PDFSurface(sys.argv[1], 420, 595)
        c = cairo.Context(pdf)
        c.scale(1 / scale, 1 / scale); c.set_source_surface(img, 0, 0); c.paint()
        pdf.finish()
        """
        // Debian's own Python, where python3-cairo installs pycairo (not one found first on PATH).
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("python3 with pycairo is installed by tools/install-deps.sh") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("pycairo could not make the scan (python3-cairo missing?)") }
    }

    func testAShownScanIsRecognizedUnaskedThenSearchedCopiedAndMadeSearchable() throws {
        try AppSession.skipUnderWayland("types the query with xdotool and reads the clipboard with xclip")
        for tool in ["tesseract", "pdftotext", "xclip"] where AppSession.which(tool) == nil {
            throw XCTSkip("\(tool) is installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.pdf").path
        try Self.makeScan(scan, session: session)
        XCTAssertFalse(session.run("pdftotext", [scan, "-"]).contains("herons"), "the scan has no text")
        let cache = session.workDir.appendingPathComponent("cache").path
        let app = try session.launch([scan], environment: ["XDG_CACHE_HOME": cache, "LANG": "C.UTF-8", "LANGUAGE": ""])
        session.waitFor("shown, its language known") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.isEditable == true && w.ocrLanguage == "eng"
        }

        // Shown, the textless page is read without Recognize Text, and without its bar.
        let done = try XCTUnwrap(session.waitFor("the shown page is recognised unasked", timeout: 120) { s in
            s.windows.first.map { $0.ocrPages == [1] && $0.ocrWaiting == nil } ?? false
        }?.windows.first)
        XCTAssertEqual(done.ocrLanguage, "eng")
        XCTAssertNil(done.ocrProgress, "reading pages unasked shows no progress bar")
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache + "/pdf-annotator/ocr"), "the result is cached in XDG_CACHE_HOME")

        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "patient herons")
        session.waitFor("search finds the recognised words") { s in
            s.windows.first.map { $0.searchQuery == "patient herons" && $0.searchDone == true && $0.searchMatchCount == 1 } ?? false
        }
        session.xdotool("key", "Escape")
        session.waitFor("the search ends") { $0.windows.first?.searchQuery == nil }

        session.activate("select-all")
        let selected = try XCTUnwrap(session.waitFor("Select All takes the recognised text") { s in
            s.windows.first?.selectedText?.contains("brown fox") == true
        }?.windows.first?.selectedText)
        session.activate("copy")
        var copied = ""
        session.waitFor("Copy puts the words on the clipboard") { _ in
            copied = session.run("xclip", ["-selection", "clipboard", "-o"])
            return copied.contains("brown fox")
        }
        XCTAssertEqual(copied.trimmingCharacters(in: .whitespacesAndNewlines), selected.trimmingCharacters(in: .whitespacesAndNewlines))

        let before = try Data(contentsOf: URL(fileURLWithPath: scan))
        session.activate("make-searchable")
        session.waitFor("Make Searchable writes the words into the file", timeout: 60) { _ in
            session.run("pdftotext", [scan, "-"]).contains("herons")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: scan))
        XCTAssertEqual(after.prefix(before.count), before, "an incremental update keeps the original bytes")
        session.waitFor("the document is shown again from the file") { s in
            s.windows.first.map { $0.missingTiles == 0 && $0.content == "document" } ?? false
        }
    }

    /// Make Searchable after the pages in view were read on their own: every scanned page is
    /// read and written, not just the ones shown.
    func testMakeSearchableReadsThePagesNotShownBeforeWriting() throws {
        for tool in ["tesseract", "pdftotext", "qpdf"] where AppSession.which(tool) == nil {
            throw XCTSkip("\(tool) is installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let one = session.workDir.appendingPathComponent("one.pdf").path
        try Self.makeScan(one, session: session)
        let scan = session.workDir.appendingPathComponent("scans.pdf").path
        _ = session.run("qpdf", ["--empty", "--pages", one, one, one, one, one, one, "--", scan])
        let cache = session.workDir.appendingPathComponent("cache").path
        let app = try session.launch([scan], environment: ["XDG_CACHE_HOME": cache, "LANG": "C.UTF-8", "LANGUAGE": ""])
        let read = try XCTUnwrap(session.waitFor("the pages in view are read unasked", timeout: 120) { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first, w.pageCount == 6 else { return false }
            return (w.ocrPages ?? []).contains(1) && w.ocrWaiting == nil
        }?.windows.first)
        XCTAssertLessThan(read.ocrPages?.count ?? 0, 6, "the last page is not in view")
        session.activate("make-searchable")
        session.waitFor("Make Searchable writes the last page's words too", timeout: 240) { _ in
            session.run("pdftotext", ["-f", "6", "-l", "6", scan, "-"]).contains("herons")
        }
        XCTAssertTrue(session.run("pdftotext", ["-f", "6", "-l", "6", scan, "-"]).contains("herons"))
        XCTAssertTrue(session.run("pdftotext", ["-f", "1", "-l", "1", scan, "-"]).contains("herons"))
    }

    func testASearchRecognizesAScanItReachesBeyondTheView() throws {
        try AppSession.skipUnderWayland("types the query with xdotool")
        for tool in ["tesseract", "qpdf"] where AppSession.which(tool) == nil {
            throw XCTSkip("\(tool) is installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.pdf").path
        try Self.makeScan(scan, session: session)
        // Six pages with text of their own, then the scan, far below the first page in view.
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let mixed = session.workDir.appendingPathComponent("mixed.pdf").path
        _ = session.run("qpdf", ["--empty", "--pages", sample, scan, "--", mixed])
        let cache = session.workDir.appendingPathComponent("cache").path
        let app = try session.launch([mixed], environment: ["XDG_CACHE_HOME": cache, "LANG": "C.UTF-8", "LANGUAGE": ""])
        let shown = try XCTUnwrap(session.waitFor("shown, its language known") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.pageCount == 7 && w.missingTiles == 0 && w.ocrLanguage == "eng"
        }?.windows.first)
        XCTAssertEqual(shown.currentPage, 1)
        XCTAssertNil(shown.ocrPages, "pages with text of their own are not recognised, and the scan was not shown")

        session.openSearchBar()
        session.xdotool("type", "--delay", "30", "herons")
        let found = try XCTUnwrap(session.waitFor("the search reaches the scan, has it read, and finds its word", timeout: 120) { s in
            s.windows.first.map { $0.ocrPages == [7] && $0.searchDone == true && ($0.searchMatchCount ?? 0) >= 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(found.searchQuery, "herons")
    }

    func testRecognizedWordsMoveWithTheirPageAndAreCachedByPageNotPlace() throws {
        for tool in ["tesseract", "qpdf"] where AppSession.which(tool) == nil {
            throw XCTSkip("\(tool) is installed by tools/install-deps.sh")
        }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.pdf").path
        try Self.makeScan(scan, session: session)
        // The scan first, then a page with text of its own.
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let path = session.workDir.appendingPathComponent("two.pdf").path
        _ = session.run("qpdf", ["--empty", "--pages", scan, sample, "1", "--", path])
        let cache = session.workDir.appendingPathComponent("cache").path
        let environment = ["XDG_CACHE_HOME": cache, "LANG": "C.UTF-8", "LANGUAGE": ""]
        let app = try session.launch([path], environment: environment)
        session.waitFor("the shown scan is recognised", timeout: 120) { s in
            s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.ocrPages == [1] && $0.isEditable } ?? false)
        }

        // The scan moves after the text page: its words go with it, nothing is read again.
        session.activate("move-page-down")
        let moved = try XCTUnwrap(session.waitFor("the scan is page 2, its words with it") { s in
            s.windows.first.map { $0.undoName == "Move Page" && $0.ocrPages == [2] && !$0.isAnimating } ?? false
        }?.windows.first)
        XCTAssertEqual(moved.ocrPagesRead, 1, "the moved page was not read again")
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        // Opened again, the scan (now page 2 in the file) comes from the cache, by its page object.
        let again = try session.launch([path], environment: environment)
        let reopened = try XCTUnwrap(session.waitFor("the saved scan's words come back as page 2's") { s in
            s.pid == Int(again.processIdentifier) && (s.windows.first.map { $0.ocrPages == [2] && $0.ocrWaiting == nil } ?? false)
        }?.windows.first)
        XCTAssertNil(reopened.ocrPagesRead, "taken from the cache, not read again")
        XCTAssertEqual(reopened.currentPage, 1, "the page in view is the text page, which has words of its own")
    }

    func testCancelStopsRecognitionAndHidesItsProgress() throws {
        guard AppSession.which("tesseract") != nil else { throw XCTSkip("tesseract is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let scan = session.workDir.appendingPathComponent("scan.pdf").path
        try Self.makeScan(scan, session: session)
        // Twenty copies of the page: long enough to cancel in the middle.
        let many = session.workDir.appendingPathComponent("many.pdf").path
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is installed by tools/install-deps.sh") }
        _ = session.run("qpdf", ["--empty", "--pages"] + Array(repeating: scan, count: 20) + ["--", many])
        let cache = session.workDir.appendingPathComponent("cache").path
        let app = try session.launch([many], environment: ["XDG_CACHE_HOME": cache])
        session.waitFor("shown, its language known") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.pageCount == 20 && w.ocrLanguage != nil
        }
        session.activate("recognize-text", "[<''>]")
        session.waitFor("recognition runs, a page done", timeout: 120) { s in
            s.windows.first.map { ($0.ocrProgress ?? 0) > 0 } ?? false
        }
        session.activate("cancel-recognition")
        let stopped = try XCTUnwrap(session.waitFor("Cancel stops it") { $0.windows.first?.ocrProgress == nil }?.windows.first)
        XCTAssertLessThan(stopped.ocrPages?.count ?? 0, 20, "the pages not reached stay unread")
    }
}
