// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TextRecognition
import XCTest

/// A scanned document (text pages as images, no text in the PDF) becomes text: search finds what
/// the `tesseract` command reads on the same images, a highlight lands on the words, and Make
/// Searchable writes them so that pdftotext finds them while MuPDF draws every page as before.
final class TextRecognitionTests: XCTestCase {
    /// The scan and what recognition made of it, shared by the tests (recognising takes seconds).
    final class Fixture: @unchecked Sendable {
        let folder: String
        let scan: ScannedDocument
        let pages: [PageIndex: RecognizedPage]
        let infos: [PageInfo]

        init() throws {
            folder = NSTemporaryDirectory() + "TextRecognitionTests-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            scan = try ScannedDocument(in: folder)
            let document = try PopplerDocument.open(path: scan.pdf)
            let recognizer = try TextRecognizer(language: "eng")
            var pages: [PageIndex: RecognizedPage] = [:]
            for i in 0..<document.pageCount {
                let page = PageIndex(i)
                guard let image = document.renderImage(page: page, scale: ScannedDocument.dpi / 72) else { continue }
                let grey = image.greyPixels()
                let words = try grey.withUnsafeBytes {
                    try recognizer.recognize(gray: $0, width: image.width, height: image.height, stride: image.width, pixelsPerPoint: image.scale)
                }
                pages[page] = RecognizedPage(words: words, language: "eng")
            }
            self.pages = pages
            infos = (0..<document.pageCount).map { document.pageInfo(PageIndex($0)) }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }
    }

    nonisolated(unsafe) static var shared: Result<Fixture, Error>?

    func fixture() throws -> Fixture {
        _ = try Tool.path("tesseract")
        guard !TextRecognizer.installedLanguages().isEmpty, TextRecognizer.installedLanguages().contains("eng") else {
            throw XCTSkip("Tesseract's English data is not installed (tools/install-deps.sh installs tesseract-ocr-eng)")
        }
        if Self.shared == nil { Self.shared = Result { try Fixture() } }
        return try Self.shared!.get()
    }

    /// The words the command reads on each page, as a search would type them.
    func commandWords(_ f: Fixture) throws -> [[String]] {
        try f.scan.images.map { try Tool.tesseractWords($0).map { Tool.searchable($0.text) }.filter { !$0.isEmpty } }
    }

    func testTheScanHasNoTextOfItsOwn() throws {
        let f = try fixture()
        let document = try PopplerDocument.open(path: f.scan.pdf)
        for i in 0..<document.pageCount {
            XCTAssertTrue(RecognizedTextSource.hasNoText(document.text(on: PageIndex(i))), "page \(i + 1) should be an image only")
        }
    }

    func testSearchFindsNearlyEveryWordTesseractFindsOnTheSameImages() throws {
        let f = try fixture()
        let document = try PopplerDocument.open(path: f.scan.pdf)
        let source = RecognizedTextSource(base: document)
        for (page, words) in f.pages { source.recognized[page] = words }
        var found = 0, total = 0, missing: [String] = []
        for (i, words) in try commandWords(f).enumerated() {
            let text = source.text(on: PageIndex(i))
            for word in words {
                total += 1
                if !TextSearch(query: word).matches(in: text).isEmpty { found += 1 } else { missing.append(word) }
            }
        }
        XCTAssertGreaterThan(total, 50, "the command should read the pages")
        XCTAssertGreaterThanOrEqual(Double(found), 0.95 * Double(total), "found \(found) of \(total); missing \(missing)")
    }

    func testRecognisedWordsHaveBoxesOnTheirInkAndAConfidence() throws {
        let f = try fixture()
        let words = try XCTUnwrap(f.pages[PageIndex(0)]).words
        let fox = try XCTUnwrap(words.first { $0.text == "fox" })
        // The command's box for the same word, in points.
        let command = try XCTUnwrap(try Tool.tesseractWords(f.scan.images[0]).first { $0.text == "fox" })
        let s = 72 / ScannedDocument.dpi
        XCTAssertEqual(fox.box.minX, command.x * s, accuracy: 2)
        XCTAssertEqual(fox.box.minY, command.y * s, accuracy: 2)
        XCTAssertEqual(fox.box.width, command.w * s, accuracy: 2)
        XCTAssertGreaterThan(fox.confidence, 50)
        XCTAssertTrue(fox.baseline >= fox.box.minY && fox.baseline <= fox.box.maxY)
        XCTAssertEqual(words.filter(\.startsLine).count, ScannedDocument.pages[0].count, "one line start per line drawn")
    }

    func testAHighlightOverRecognisedWordsHasQuadPointsOnThem() throws {
        let f = try fixture()
        let text = try XCTUnwrap(f.pages[PageIndex(0)]).pageText
        let match = try XCTUnwrap(TextSearch(query: "patient herons").matches(in: text).first)
        let h = f.infos[0].displaySize.height
        var quads: [Point] = []
        for r in text.selectionRects(from: match.lowerBound, to: match.upperBound) {
            quads += [Point(x: r.minX, y: h - r.minY), Point(x: r.maxX, y: h - r.minY), Point(x: r.minX, y: h - r.maxY), Point(x: r.maxX, y: h - r.maxY)]
        }
        let copy = f.folder + "/highlighted.pdf"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: f.scan.pdf, toPath: copy)
        let editor = try DocumentEditor.open(path: copy, password: nil)
        let rect = quads.reduce(Rect(x: quads[0].x, y: quads[0].y, width: 0, height: 0)) { $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0)) }
        let highlight = Annotation(id: "new-highlight", page: PageIndex(0), subtype: .highlight, rect: rect, color: .yellow, geometry: .quadPoints(quads))
        try editor.perform(EditRecord("Highlight", .insert([PlacedAnnotation(highlight, at: 0)])))
        try editor.save()
        let saved = try XCTUnwrap(DocumentEditor.open(path: copy, password: nil).annotations(on: PageIndex(0)).first { $0.subtype == .highlight })
        guard case .quadPoints(let points) = saved.geometry else { return XCTFail("no QuadPoints: \(saved.geometry)") }
        // The command's boxes for the two words, in PDF space: each lies inside the quads' area.
        let s = 72 / ScannedDocument.dpi
        let marked = points.reduce(Rect(x: points[0].x, y: points[0].y, width: 0, height: 0)) { $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0)) }
        for word in try Tool.tesseractWords(f.scan.images[0]) where word.text == "patient" || word.text == "herons" {
            let box = Rect(x: word.x * s, y: h - (word.y + word.h) * s, width: word.w * s, height: word.h * s)
            let inside = box.intersection(marked).map { $0.width * $0.height } ?? 0
            XCTAssertGreaterThan(inside, 0.8 * box.width * box.height, "\(word.text) at \(box) is not under the highlight \(marked)")
        }
    }

    func testMakeSearchableLetsPdftotextFindTheWordsAndDrawsEveryPageAsBefore() throws {
        let f = try fixture()
        _ = try Tool.path("pdftotext"); _ = try Tool.path("mutool"); _ = try Tool.path("qpdf")
        let pages = f.infos.map { info in
            (info: info, words: (f.pages[info.index]?.words ?? []).map { InvisibleWord(text: $0.text, box: $0.box, baseline: $0.baseline) })
        }
        let bytes = try SearchableText.update(path: f.scan.pdf, password: nil, pages: pages)
        let original = try Data(contentsOf: URL(fileURLWithPath: f.scan.pdf))
        XCTAssertEqual(Data(bytes.prefix(original.count)), original, "an incremental update keeps the original bytes")
        let out = f.folder + "/searchable.pdf"
        try AtomicSave.write(bytes, to: out, modeFrom: f.scan.pdf)

        let check = try Tool.run("qpdf", ["--check", out])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("No syntax or stream encoding errors"), check.output)

        var found = 0, total = 0, missing: [String] = []
        for (i, words) in try commandWords(f).enumerated() {
            let text = try Tool.run("pdftotext", ["-f", "\(i + 1)", "-l", "\(i + 1)", out, "-"]).output
            let extracted = Set(text.split(whereSeparator: { $0.isWhitespace }).map { Tool.searchable(String($0)) })
            for word in words {
                total += 1
                if extracted.contains(word) { found += 1 } else { missing.append(word) }
            }
        }
        XCTAssertGreaterThan(total, 50)
        XCTAssertGreaterThanOrEqual(Double(found), 0.95 * Double(total), "pdftotext found \(found) of \(total); missing \(missing)")

        for page in 1...f.infos.count {
            let before = f.folder + "/before-\(page).pnm", after = f.folder + "/after-\(page).pnm"
            XCTAssertEqual(try Tool.run("mutool", ["draw", "-q", "-r", "72", "-o", before, f.scan.pdf, "\(page)"]).status, 0)
            XCTAssertEqual(try Tool.run("mutool", ["draw", "-q", "-r", "72", "-o", after, out, "\(page)"]).status, 0)
            let a = try Data(contentsOf: URL(fileURLWithPath: before)), b = try Data(contentsOf: URL(fileURLWithPath: after))
            XCTAssertGreaterThan(a.count, 1000)
            XCTAssertEqual(a, b, "page \(page) draws differently after Make Searchable")
        }
    }

    func testTheCacheGivesBackThePageAsRecognised() throws {
        let f = try fixture()
        let cache = RecognitionCache(folder: f.folder + "/cache")
        let page = try XCTUnwrap(f.pages[PageIndex(1)])
        let key = RecognitionCache.pageKey(objectNumber: 12, generation: 0, rotation: 0)
        XCTAssertNil(cache.page(documentID: "abc123", page: key, language: "eng"))
        XCTAssertTrue(cache.store(page, documentID: "abc123", page: key))
        let read = try XCTUnwrap(cache.page(documentID: "abc123", page: key, language: "eng"))
        XCTAssertEqual(read.plainText, page.plainText)
        XCTAssertEqual(read.words.count, page.words.count)
        for (a, b) in zip(read.words, page.words) { XCTAssertEqual(a.box.minX, b.box.minX, accuracy: 0.01) }
        XCTAssertNil(cache.page(documentID: "abc123", page: key, language: "deu"), "another language is another entry")
        let turned = RecognitionCache.pageKey(objectNumber: 12, generation: 0, rotation: 90)
        XCTAssertNil(cache.page(documentID: "abc123", page: turned, language: "eng"), "the page turned is read again")
    }

    func testRecognisedWordsFollowTheirPagesWhenPagesMove() throws {
        let f = try fixture()
        let words = try XCTUnwrap(f.pages[PageIndex(1)])
        let pages = RecognizedPages()
        pages[PageIndex(1)] = words
        pages[PageIndex(2)] = RecognizedPage(words: [], language: "eng")
        // Page 1 moves to the front, page 0 goes to 1, page 2 is taken out.
        pages.follow([PageIndex(1), PageIndex(0), nil])
        XCTAssertEqual(pages[PageIndex(0)]?.plainText, words.plainText)
        XCTAssertNil(pages[PageIndex(1)])
        XCTAssertNil(pages[PageIndex(2)])
        XCTAssertEqual(pages.all.count, 1)
    }

    func testCancellingStopsRecognitionOfAPage() throws {
        let f = try fixture()
        let document = try PopplerDocument.open(path: f.scan.pdf)
        let image = try XCTUnwrap(document.renderImage(page: PageIndex(0), scale: ScannedDocument.dpi / 72))
        let grey = image.greyPixels()
        let recognizer = try TextRecognizer(language: "eng")
        XCTAssertThrowsError(try grey.withUnsafeBytes {
            try recognizer.recognize(gray: $0, width: image.width, height: image.height, stride: image.width, pixelsPerPoint: image.scale,
                                     shouldCancel: { true })
        }) { XCTAssertEqual($0 as? TextRecognitionError, .cancelled) }
    }

    func testTheLanguageFollowsTheDocumentThenTheInterface() {
        let installed = ["deu", "eng"]
        XCTAssertEqual(RecognitionLanguage.choose(documentLanguage: "de-DE", interfaceLanguages: ["en_GB.UTF-8"], installed: installed), "deu")
        XCTAssertEqual(RecognitionLanguage.choose(documentLanguage: nil, interfaceLanguages: ["de_DE.UTF-8"], installed: installed), "deu")
        XCTAssertEqual(RecognitionLanguage.choose(documentLanguage: "fr", interfaceLanguages: ["it"], installed: installed), "eng")
        XCTAssertEqual(RecognitionLanguage.choose(documentLanguage: "fr", interfaceLanguages: [], installed: ["deu"]), "deu")
        XCTAssertNil(RecognitionLanguage.choose(documentLanguage: nil, interfaceLanguages: [], installed: []))
    }

    func testAnUnknownLanguageIsRefused() {
        XCTAssertThrowsError(try TextRecognizer(language: "xyz")) { XCTAssertEqual($0 as? TextRecognitionError, .languageUnavailable("xyz")) }
    }
}
