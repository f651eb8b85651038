// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import XCTest

/// Reading and drawing existing annotations through poppler-glib, and the coordinate convention
/// the shell relies on (crop-box-relative PDF user space, the space of `DocumentLayout.PageSpace`).
/// Changing annotations goes through `DocumentEditor`, tested in its own files.
final class AnnotationTests: XCTestCase {
    // MARK: Listing

    func testTheMixedITextFileListsTheSubtypesTheManifestCounts() throws {
        let file = "annots-mixed-itext.pdf"
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path(file))
        let expected = try Self.manifestCountsWithoutPopups(file)
        XCTAssertFalse(expected.isEmpty, "the manifest counts annotations in \(file)")
        XCTAssertEqual(Self.subtypeCounts(document, listed: true), expected)
        XCTAssertTrue(document.annotations(on: .init(0)).allSatisfy(\.isLocked), "every annotation has /F 132 (Print + Locked)")
    }

    func testFilesWhoseManifestCountsPopupsListEverythingButThePopups() throws {
        for file in ["annots-text-markup-popups.pdf", "annots-stamp-attachment.pdf"] {
            let document = try PopplerDocument.open(path: DeveloperPDFSet.path(file))
            let expected = try Self.manifestCountsWithoutPopups(file)
            XCTAssertEqual(Self.subtypeCounts(document, listed: true), expected, file)
            XCTAssertFalse(Self.allAnnotations(document).contains { $0.subtype == .popup }, "\(file): poppler reaches parented popups only through their parent")
        }
    }

    func testTheSquareAndCircleFileListsTwoOfEachWithRectanglesInsideThePage() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let annotations = document.annotations(on: .init(0))
        XCTAssertEqual(annotations.filter { $0.subtype == .square }.count, 2)
        XCTAssertEqual(annotations.filter { $0.subtype == .circle }.count, 2)
        XCTAssertEqual(annotations.count, 4)
        let page = Rect(origin: Point(x: 0, y: 0), size: document.pageInfo(.init(0)).mediaSize)
        for annotation in annotations {
            XCTAssertTrue(page.contains(annotation.rect), "\(annotation.id) \(annotation.rect) lies on the page")
            XCTAssertGreaterThan(annotation.rect.width, 50, annotation.id)
            XCTAssertGreaterThan(annotation.rect.height, 50, annotation.id)
            XCTAssertEqual(annotation.page, PageIndex(0))
            XCTAssertFalse(annotation.isHidden || annotation.isLocked, annotation.id)
        }
        XCTAssertEqual(Set(annotations.compactMap(\.contents)), ["Square content", "Circle content"])
    }

    func testHiddenAnnotationsAreLeftOutOfTheEditingListButStayInTheFullList() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-form-fields.pdf"))
        let all = document.allAnnotations(on: .init(6))
        let listed = document.annotations(on: .init(6))
        XCTAssertEqual(all.count, 3)
        XCTAssertEqual(all.filter(\.isHidden).count, 2)
        XCTAssertEqual(listed.map(\.id), all.filter { !$0.isHidden }.map(\.id))
    }

    func testARotatedDocumentGivesWidgetRectanglesInsideTheMediaBox() throws {
        let file = "rotate-form-fields.pdf"
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path(file))
        let counts = try Self.manifestCountsWithoutPopups(file)  // outside XCTUnwrap, which would turn a skip into a failure
        let widgets = try XCTUnwrap(counts["widget"], "the manifest counts the widgets of \(file)")
        var rotations = Set<PageRotation>()
        var count = 0
        for index in 0..<document.pageCount {
            let info = document.pageInfo(PageIndex(index))
            rotations.insert(info.rotation)
            let box = Rect(origin: Point(x: 0, y: 0), size: info.mediaSize)
            for annotation in document.allAnnotations(on: info.index) {
                count += 1
                XCTAssertEqual(annotation.subtype, .widget)
                XCTAssertFalse(annotation.rect.isEmpty, annotation.id)
                XCTAssertTrue(box.contains(annotation.rect), "\(annotation.id) \(annotation.rect) inside \(info.mediaSize)")
            }
        }
        XCTAssertEqual(count, widgets, "the manifest's widget count")
        XCTAssertEqual(rotations, [.none, .quarter, .half, .threeQuarters])
    }

    func testAnAnnotationListForAPageOutsideTheDocumentIsEmpty() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        XCTAssertEqual(document.annotations(on: .init(1)), [])
        XCTAssertEqual(document.allAnnotations(on: .init(-1)), [])
    }

    // MARK: Identity

    func testIdsAreStableAcrossCallsAndUniqueAcrossPages() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-form-fields.pdf"))
        let first = Self.allAnnotations(document)
        let second = Self.allAnnotations(document)
        XCTAssertEqual(first, second)
        XCTAssertEqual(Set(first.map(\.id)).count, first.count, "ids are unique")
        XCTAssertEqual(first.first?.id, "p0-a0")
        for annotation in first {
            XCTAssertEqual(document.annotation(withID: annotation.id), annotation)
        }
    }

    func testAnIdThisDocumentNeverGaveOutNamesNoAnnotation() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        let pastTheLast = "p0-a\(document.allAnnotations(on: .init(0)).count)"
        for id in ["", "p0", pastTheLast, "p1-a0", "p-1-a0", "x0-a0", "p00-a1", "p0-a1-"] {
            XCTAssertNil(document.annotation(withID: id), id)
        }
    }

    // MARK: Drawing

    /// The appearance stream fills its 10×10 /BBox with blue, and a viewer maps that box onto
    /// /Rect, so the blue pixels are exactly the displayed rectangle: its area inside, none outside.
    func testAStampWithCustomArtworkIsDrawnFromItsAppearanceFillingExactlyItsRectangle() throws {
        let folder = try TemporaryFolder()
        let pdf = AnnotatedPDF(cropBox: nil, annotations: [
            .init(subtype: "Stamp", rect: (100, 100, 140, 140), extra: "/F 4 /Name /Approved", appearance: "0 0 1 rg 0 0 10 10 re f"),
        ])
        let document = try PopplerDocument.open(path: folder.write(pdf.data(), to: "stamp.pdf"))
        let stamp = try XCTUnwrap(document.annotations(on: .init(0)).first)
        XCTAssertEqual(stamp.subtype, .stamp)
        XCTAssertEqual(stamp.rect, Rect(corner: Point(x: 100, y: 100), corner: Point(x: 140, y: 140)), "no crop box: plain user space")

        let blue: (UInt32) -> Bool = { ($0 & 0xFF) > 200 && ($0 >> 16 & 0xFF) < 80 }
        for scale in [1.0, 1.5] {
            let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: scale))
            let expected = Self.displayRect(stamp.rect, document.pageInfo(.init(0)), scale: scale)
            // Anti-aliasing may tint at most the one-pixel band along the rectangle's edges.
            let edgeBand = 2 * (expected.width + expected.height) + 4
            let inside = Self.count(image, in: expected.insetBy(dx: -1, dy: -1), where: blue)
            XCTAssertEqual(Double(inside), expected.width * expected.height, accuracy: edgeBand, "scale \(scale): the artwork fills \(expected)")
            XCTAssertEqual(Self.count(image, where: blue), inside, "scale \(scale): no artwork outside \(expected)")
        }
    }

    // MARK: Coordinates

    /// A 400×500 media box with the crop box at (50, 60)–(350, 460) and a red square annotation
    /// at /Rect [100 110 160 190]: crop-relative (50, 50), 60×80.
    func testRectanglesAreCropBoxRelativeAndLandWherePageSpacePutsThemOnEveryRotation() throws {
        let folder = try TemporaryFolder()
        for rotate in [0, 90, 180, 270] {
            let pdf = AnnotatedPDF(rotate: rotate, annotations: [
                .init(subtype: "Square", rect: (100, 110, 160, 190), extra: "/C [1 0 0] /IC [1 0 0] /BS << /W 4 >> /F 4"),
            ])
            let document = try PopplerDocument.open(path: folder.write(pdf.data(), to: "r\(rotate).pdf"))
            let info = document.pageInfo(.init(0))
            XCTAssertEqual(info.mediaSize, Size(width: 300, height: 400))
            XCTAssertEqual(info.rotation, PageRotation(degrees: rotate))
            let square = try XCTUnwrap(document.annotations(on: .init(0)).first)
            XCTAssertEqual(square.rect, Rect(x: 50, y: 50, width: 60, height: 80), "rotate \(rotate): minus the crop origin, unrotated")
            try assertRedSquare(document, at: square.rect, rotate: rotate)
        }
    }

    /// /Rect [100 110 120 130] with the crop box at (50, 60): crop-relative (50, 50), 20×20,
    /// whatever the page's /Rotate and although the NoRotate flag (/F 20) is set.
    func testANoRotateAnnotationOnARotatedPageReadsItsRectangleCropRelativeAndUnrotated() throws {
        let folder = try TemporaryFolder()
        for rotate in [90, 180, 270] {
            let pdf = AnnotatedPDF(rotate: rotate, annotations: [
                .init(subtype: "Text", rect: (100, 110, 120, 130), extra: "/F 20 /Contents (note)"),
            ])
            let document = try PopplerDocument.open(path: folder.write(pdf.data(), to: "n\(rotate).pdf"))
            let note = try XCTUnwrap(document.annotations(on: .init(0)).first)
            XCTAssertEqual(note.rect, Rect(x: 50, y: 50, width: 20, height: 20))
            XCTAssertEqual(note.contents, "note")
            XCTAssertEqual(document.annotation(withID: note.id), note, "rotate \(rotate)")
        }
    }

    // MARK: Threading

    func testListingAndLookingUpAnnotationsWhileAnotherThreadRendersGivesTheSingleThreadedAnswer() throws {
        let path = try DeveloperPDFSet.path("annots-mixed-itext.pdf")
        let expected = try PopplerDocument.open(path: path).annotations(on: .init(0))
        guard !expected.isEmpty else { return XCTFail("test set-up: the page has annotations") }
        let document = try PopplerDocument.open(path: path)
        let renderCount = 40, readers = 2, rounds = 300
        let renders = LockedCounter()
        let reads = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 1 + readers) { worker in
            if worker == 0 {
                for _ in 0..<renderCount where document.renderImage(page: .init(0), scale: 0.5) != nil { renders.increment() }
                return
            }
            for round in 0..<rounds {
                guard document.annotations(on: .init(0)) == expected else { continue }
                let probe = expected[round % expected.count]
                if document.annotation(withID: probe.id) == probe { reads.increment() }
            }
        }
        XCTAssertEqual(renders.value, renderCount)
        XCTAssertEqual(reads.value, readers * rounds)
        XCTAssertEqual(document.annotations(on: .init(0)), expected)
    }

    // MARK: Helpers

    private func assertRedSquare(_ document: PopplerDocument, at rect: Rect, rotate: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1), file: file, line: line)
        let red: (UInt32) -> Bool = { ($0 >> 16 & 0xFF) > 200 && ($0 >> 8 & 0xFF) < 80 && ($0 & 0xFF) < 80 }
        let bounds = try XCTUnwrap(Self.bounds(image, where: red), "rotate \(rotate): red is drawn", file: file, line: line)
        let expected = Self.displayRect(rect, document.pageInfo(.init(0)), scale: 1)
        XCTAssertEqual(bounds.minX, expected.minX, accuracy: 1, "rotate \(rotate)", file: file, line: line)
        XCTAssertEqual(bounds.minY, expected.minY, accuracy: 1, "rotate \(rotate)", file: file, line: line)
        XCTAssertEqual(bounds.maxX, expected.maxX, accuracy: 1, "rotate \(rotate)", file: file, line: line)
        XCTAssertEqual(bounds.maxY, expected.maxY, accuracy: 1, "rotate \(rotate)", file: file, line: line)
    }

    /// A crop-relative PDF rectangle on the displayed page, in image pixels: the map of
    /// `DocumentLayout.PageSpace.pdfToPageTransform` (copied, as this test target does not
    /// depend on DocumentLayout), then the scale.
    private static func displayRect(_ r: Rect, _ info: PageInfo, scale: Double) -> Rect {
        let w = info.mediaSize.width, h = info.mediaSize.height
        func map(_ x: Double, _ y: Double) -> Point {
            switch info.rotation {
            case .none: return Point(x: x, y: h - y)
            case .quarter: return Point(x: y, y: x)
            case .half: return Point(x: w - x, y: y)
            case .threeQuarters: return Point(x: h - y, y: w - x)
            }
        }
        let a = map(r.minX, r.minY), b = map(r.maxX, r.maxY)
        let page = Rect(corner: a, corner: b)
        return Rect(x: page.minX * scale, y: page.minY * scale, width: page.width * scale, height: page.height * scale)
    }

    private static func pixelRange(_ r: Rect, _ image: RenderedImage) -> (xs: Range<Int>, ys: Range<Int>) {
        let x0 = max(0, Int(r.minX.rounded(.down))), x1 = min(image.width, Int(r.maxX.rounded(.up)))
        let y0 = max(0, Int(r.minY.rounded(.down))), y1 = min(image.height, Int(r.maxY.rounded(.up)))
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    private static func count(_ image: RenderedImage, in r: Rect, where predicate: (UInt32) -> Bool) -> Int {
        let range = pixelRange(r, image)
        var n = 0
        for y in range.ys { for x in range.xs where predicate(image.argb(x: x, y: y)) { n += 1 } }
        return n
    }

    private static func count(_ image: RenderedImage, where predicate: (UInt32) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width where predicate(image.argb(x: x, y: y)) { n += 1 } }
        return n
    }

    private static func bounds(_ image: RenderedImage, where predicate: (UInt32) -> Bool) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<image.height { for x in 0..<image.width where predicate(image.argb(x: x, y: y)) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        guard maxX >= 0 else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    private static func allAnnotations(_ document: PopplerDocument) -> [AnnotationInfo] {
        (0..<document.pageCount).flatMap { document.allAnnotations(on: PageIndex($0)) }
    }

    /// Subtype (as `AnnotationSubtype.rawValue`) → count over every page.
    private static func subtypeCounts(_ document: PopplerDocument, listed: Bool) -> [String: Int] {
        var counts: [String: Int] = [:]
        for index in 0..<document.pageCount {
            let page = PageIndex(index)
            for annotation in listed ? document.annotations(on: page) : document.allAnnotations(on: page) {
                counts[annotation.subtype.rawValue, default: 0] += 1
            }
        }
        return counts
    }

    /// The manifest's `annots` (PDF /Subtype names such as "StrikeOut") without "Popup", keyed
    /// like `AnnotationSubtype.rawValue` ("strikeOut").
    private static func manifestCountsWithoutPopups(_ file: String) throws -> [String: Int] {
        let data = try Data(contentsOf: try DeveloperPDFSet.requireFolder().appendingPathComponent("manifest.json"))
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let entry = try XCTUnwrap(entries.first { $0["file"] as? String == file }, "\(file) in the manifest")
        let annots = try XCTUnwrap(entry["annots"] as? [String: Int])
        var counts: [String: Int] = [:]
        for (name, count) in annots where name != "Popup" {
            counts[name.prefix(1).lowercased() + name.dropFirst(), default: 0] += count
        }
        return counts
    }
}

/// A counter several threads may bump.
private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
