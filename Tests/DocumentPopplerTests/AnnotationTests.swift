// SPDX-License-Identifier: GPL-3.0-or-later
import Document
@testable import DocumentPoppler
import Foundation
import Geometry
import XCTest

/// Reading, moving and drawing existing annotations, and the coordinate convention the shell
/// relies on (crop-box-relative PDF user space, the space of `DocumentLayout.PageSpace`).
final class AnnotationTests: XCTestCase {
    private static let white: UInt32 = 0xFFFF_FFFF

    // MARK: Listing

    func testTheMixedITextFileListsTheSubtypesTheManifestCounts() throws {
        let file = "annots-mixed-itext.pdf"
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path(file))
        let expected = try Self.manifestCountsWithoutPopups(file)
        XCTAssertEqual(expected.values.reduce(0, +), 18, "the manifest's own count, no popups in this file")
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
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("rotate-form-fields.pdf"))
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
        XCTAssertEqual(count, 27, "the manifest's widget count")
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

    func testMovingAnAnnotationKeepsEveryId() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let before = document.allAnnotations(on: .init(0))
        let circle = try XCTUnwrap(before.last)
        XCTAssertTrue(document.setRectangle(circle.rect.offsetBy(Vector(dx: 10, dy: 10)), forAnnotation: circle.id))
        XCTAssertEqual(document.allAnnotations(on: .init(0)).map(\.id), before.map(\.id))
        XCTAssertNotEqual(document.annotation(withID: circle.id), circle, "the same id now has the new rectangle")
    }

    func testAnIdThisDocumentNeverGaveOutIsRejected() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        for id in ["", "p0", "p0-a18", "p1-a0", "p-1-a0", "x0-a0", "p00-a1", "p0-a1-"] {
            XCTAssertNil(document.annotation(withID: id), id)
            XCTAssertFalse(document.setRectangle(Rect(x: 0, y: 0, width: 10, height: 10), forAnnotation: id), id)
        }
        XCTAssertFalse(document.hasUnsavedChanges)
    }

    // MARK: Moving

    func testAMovedRectangleReadsBackMovedAndMarksTheDocumentChanged() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        XCTAssertFalse(document.hasUnsavedChanges)
        let square = try XCTUnwrap(document.annotations(on: .init(0)).first { $0.subtype == .square })
        let target = Rect(x: 300, y: 100, width: 120, height: 60)
        XCTAssertTrue(document.setRectangle(target, forAnnotation: square.id))
        XCTAssertTrue(Self.isClose(try XCTUnwrap(document.annotation(withID: square.id)).rect, target))
        XCTAssertTrue(Self.isClose(try XCTUnwrap(document.annotations(on: .init(0)).first { $0.id == square.id }).rect, target))
        XCTAssertTrue(document.hasUnsavedChanges)
    }

    func testInvalidRectanglesAreRejectedAndLeaveTheAnnotationWhereItWas() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let square = try XCTUnwrap(document.annotations(on: .init(0)).first)
        for bad in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -5, height: 10),
                    Rect(x: 0, y: .infinity, width: 10, height: 10)] {
            XCTAssertFalse(document.setRectangle(bad, forAnnotation: square.id))
        }
        XCTAssertEqual(document.annotation(withID: square.id), square)
        XCTAssertFalse(document.hasUnsavedChanges)
    }

    func testAMovedSquareWithoutAppearanceIsDrawnAtItsNewPlace() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let square = try XCTUnwrap(document.annotations(on: .init(0)).first { $0.subtype == .square })
        let target = square.rect.offsetBy(Vector(dx: 0, dy: -480))
        try assertMoveIsDrawn(document, square, to: target)
        let after = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        let info = document.pageInfo(.init(0))
        XCTAssertEqual(Self.ink(after, in: Self.displayRect(square.rect, info, scale: 1)), 0, "the old place is blank paper again")
    }

    func testAMovedSquareWithItsOwnAppearanceIsDrawnAtItsNewPlace() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        let square = try XCTUnwrap(document.annotations(on: .init(0)).first { $0.subtype == .square })
        let target = square.rect.offsetBy(Vector(dx: 200, dy: 300))
        let blue: (UInt32) -> Bool = { ($0 & 0xFF) > 200 && ($0 >> 16 & 0xFF) < 100 && ($0 >> 8 & 0xFF) < 150 }
        let info = document.pageInfo(.init(0))
        let before = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        try assertMoveIsDrawn(document, square, to: target)
        let after = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        let oldPlace = Self.displayRect(square.rect, info, scale: 1), newPlace = Self.displayRect(target, info, scale: 1)
        XCTAssertGreaterThan(Self.count(before, in: oldPlace, where: blue), 2000, "a filled blue square")
        XCTAssertGreaterThan(Self.count(after, in: newPlace, where: blue), 2000, "the blue square at its new place")
        XCTAssertLessThan(Self.count(after, in: oldPlace, where: blue), 50, "no blue square left behind")
    }

    func testAResizedCircleIsDrawnToFillItsNewRectangle() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-square-circle-noap.pdf"))
        let circle = try XCTUnwrap(document.annotations(on: .init(0)).first { $0.subtype == .circle })
        let target = Rect(x: 350, y: 100, width: 200, height: 150)
        try assertMoveIsDrawn(document, circle, to: target)
        let after = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        let box = try XCTUnwrap(Self.inkBounds(after, in: Self.displayRect(target, document.pageInfo(.init(0)), scale: 1).insetBy(dx: -3, dy: -3)))
        XCTAssertEqual(box.width, target.width, accuracy: 6, "the ellipse spans the new width")
        XCTAssertEqual(box.height, target.height, accuracy: 6, "the ellipse spans the new height")
    }

    /// Poppler 22.12 drops /AP when the rectangle changes (`Annot::invalidateAppearance`) and
    /// would draw a stamp from its /Name again, replacing custom artwork, so stamps are refused.
    func testAStampWithCustomArtworkIsNotMovedAndKeepsItsArtwork() throws {
        let folder = try TemporaryFolder()
        let pdf = AnnotatedPDF(cropBox: nil, annotations: [
            .init(subtype: "Stamp", rect: (100, 100, 140, 140), extra: "/F 4 /Name /Approved", appearance: "0 0 1 rg 0 0 10 10 re f"),
        ])
        let document = try PopplerDocument.open(path: folder.write(pdf.data(), to: "stamp.pdf"))
        let stamp = try XCTUnwrap(document.annotations(on: .init(0)).first)
        XCTAssertEqual(stamp.subtype, .stamp)
        let blue: (UInt32) -> Bool = { ($0 & 0xFF) > 200 && ($0 >> 16 & 0xFF) < 80 }
        XCTAssertEqual(Self.count(try XCTUnwrap(document.renderImage(page: .init(0), scale: 1)), where: blue), 1600, "the 40 pt custom appearance")
        XCTAssertFalse(document.setRectangle(stamp.rect.offsetBy(Vector(dx: 100, dy: 100)), forAnnotation: stamp.id))
        XCTAssertEqual(Self.count(try XCTUnwrap(document.renderImage(page: .init(0), scale: 1)), where: blue), 1600, "the artwork is untouched")
        XCTAssertEqual(document.annotation(withID: stamp.id), stamp)
        XCTAssertFalse(document.hasUnsavedChanges)
    }

    /// Lines, polylines, ink and text markup draw from /L, /Vertices, /InkList and /QuadPoints, so
    /// a new /Rect alone would leave the drawing where it was; carets would vanish.
    func testSubtypesWhoseDrawingARectangleCannotMoveAreRefusedAndTheirPixelsStay() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        let before = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        let refused: Set<AnnotationSubtype> = [.line, .polyLine, .ink, .highlight, .strikeOut, .caret]
        let candidates = document.annotations(on: .init(0)).filter { refused.contains($0.subtype) }
        XCTAssertEqual(Set(candidates.map(\.subtype)), refused)
        for annotation in candidates {
            XCTAssertFalse(PopplerDocument.canSetRectangle(of: annotation.subtype))
            XCTAssertFalse(document.setRectangle(annotation.rect.offsetBy(Vector(dx: 5, dy: 5)), forAnnotation: annotation.id), annotation.id)
            XCTAssertEqual(document.annotation(withID: annotation.id), annotation)
        }
        let after = try XCTUnwrap(document.renderImage(page: .init(0), scale: 1))
        XCTAssertNil(Self.changedBounds(before, after), "nothing was redrawn")
        XCTAssertFalse(document.hasUnsavedChanges)
        XCTAssertTrue([.square, .circle, .text, .fileAttachment, .freeText, .link].allSatisfy(PopplerDocument.canSetRectangle(of:)))
        XCTAssertFalse([.stamp, .widget, .popup, .unknown].contains(where: PopplerDocument.canSetRectangle(of:)))
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

            let target = Rect(x: 150, y: 250, width: 100, height: 40)
            XCTAssertTrue(document.setRectangle(target, forAnnotation: square.id))
            XCTAssertTrue(Self.isClose(try XCTUnwrap(document.annotation(withID: square.id)).rect, target), "rotate \(rotate): round trip")
            try assertRedSquare(document, at: target, rotate: rotate)
        }
    }

    func testANoRotateAnnotationOnARotatedPageReadsBackTheRectangleItWasGiven() throws {
        let folder = try TemporaryFolder()
        for rotate in [90, 180, 270] {
            let pdf = AnnotatedPDF(rotate: rotate, annotations: [
                .init(subtype: "Text", rect: (100, 110, 120, 130), extra: "/F 20 /Contents (note)"),
            ])
            let document = try PopplerDocument.open(path: folder.write(pdf.data(), to: "n\(rotate).pdf"))
            let note = try XCTUnwrap(document.annotations(on: .init(0)).first)
            XCTAssertEqual(note.rect, Rect(x: 50, y: 50, width: 20, height: 20))
            XCTAssertEqual(note.contents, "note")
            let target = Rect(x: 200, y: 300, width: 24, height: 24)
            XCTAssertTrue(document.setRectangle(target, forAnnotation: note.id))
            XCTAssertTrue(Self.isClose(try XCTUnwrap(document.annotation(withID: note.id)).rect, target), "rotate \(rotate)")
        }
    }

    /// The corners handed to `poppler_annot_set_rectangle` come back as the target after
    /// poppler's `_page_unrotate_xy` (glib/poppler-page.cc, copied below), so one call suffices.
    func testTheRotatedFrameCornersUndoPopplersUnrotation() {
        let crop = Size(width: 300, height: 400)
        let target = Rect(x: 20, y: 30, width: 50, height: 70)
        for rotation in PageRotation.allCases {
            let c = PopplerDocument.rotatedFrameCorners(for: target, rotation: rotation, cropSize: crop, noRotate: false)
            let a = Self.popplerUnrotate(c.x1, c.y1, rotation: rotation, crop: crop)
            let b = Self.popplerUnrotate(c.x2, c.y2, rotation: rotation, crop: crop)
            XCTAssertEqual(Rect(corner: Point(x: a.0, y: a.1), corner: Point(x: b.0, y: b.1)), target, "\(rotation)")
        }
    }

    // MARK: Threading

    func testListingAndMovingAnnotationsWhileAnotherThreadRendersDoesNotCrash() throws {
        let document = try PopplerDocument.open(path: DeveloperPDFSet.path("annots-mixed-itext.pdf"))
        let renders = LockedCounter()
        let reads = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            switch worker {
            case 0:
                for _ in 0..<40 where document.renderImage(page: .init(0), scale: 0.5) != nil { renders.increment() }
            default:
                for round in 0..<300 {
                    let annotations = document.annotations(on: .init(0))
                    if annotations.count == 18 { reads.increment() }
                    if let first = annotations.first, worker == 1 {
                        document.setRectangle(first.rect.offsetBy(Vector(dx: round % 2 == 0 ? 1 : -1, dy: 0)), forAnnotation: first.id)
                    }
                    _ = document.hasUnsavedChanges
                }
            }
        }
        XCTAssertEqual(renders.value, 40)
        XCTAssertEqual(reads.value, 600)
        XCTAssertEqual(document.annotations(on: .init(0)).count, 18)
    }

    // MARK: Helpers

    /// Checks that moving `annotation` to `target` changes the pixels of its old place and of its
    /// new place (works on pages with text behind), and that every changed pixel lies in one of
    /// the two places.
    private func assertMoveIsDrawn(
        _ document: PopplerDocument, _ annotation: AnnotationInfo, to target: Rect,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let info = document.pageInfo(annotation.page)
        let scale = 1.0
        let oldPlace = Self.displayRect(annotation.rect, info, scale: scale)
        let newPlace = Self.displayRect(target, info, scale: scale)
        XCTAssertFalse(oldPlace.intersects(newPlace), "test set-up: the places do not overlap", file: file, line: line)
        let before = try XCTUnwrap(document.renderImage(page: annotation.page, scale: scale))
        XCTAssertGreaterThan(Self.ink(before, in: oldPlace), 100, "drawn at the old place", file: file, line: line)

        XCTAssertTrue(document.setRectangle(target, forAnnotation: annotation.id), file: file, line: line)
        let after = try XCTUnwrap(document.renderImage(page: annotation.page, scale: scale))
        XCTAssertGreaterThan(Self.changes(before, after, in: newPlace), 100, "drawn at the new place", file: file, line: line)
        XCTAssertGreaterThan(Self.changes(before, after, in: oldPlace), 100, "gone from the old place", file: file, line: line)
        let changed = try XCTUnwrap(Self.changedBounds(before, after), "something changed", file: file, line: line)
        XCTAssertTrue(oldPlace.union(newPlace).insetBy(dx: -3, dy: -3).contains(changed),
                      "changes \(changed) stay within \(oldPlace) ∪ \(newPlace)", file: file, line: line)
    }

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

    /// `_page_unrotate_xy` from poppler-glib 22.12, glib/poppler-page.cc.
    private static func popplerUnrotate(_ x: Double, _ y: Double, rotation: PageRotation, crop: Size) -> (Double, Double) {
        let rotated = rotation == .quarter || rotation == .threeQuarters
        let pageWidth = rotated ? crop.height : crop.width
        let pageHeight = rotated ? crop.width : crop.height
        switch rotation {
        case .none: return (x, y)
        case .quarter: return (pageHeight - y, x)
        case .half: return (pageWidth - x, pageHeight - y)
        case .threeQuarters: return (y, pageWidth - x)
        }
    }

    private static func pixelRange(_ r: Rect, _ image: RenderedImage) -> (xs: Range<Int>, ys: Range<Int>) {
        let x0 = max(0, Int(r.minX.rounded(.down))), x1 = min(image.width, Int(r.maxX.rounded(.up)))
        let y0 = max(0, Int(r.minY.rounded(.down))), y1 = min(image.height, Int(r.maxY.rounded(.up)))
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// Non-white pixels inside `r` (image pixels).
    private static func ink(_ image: RenderedImage, in r: Rect) -> Int {
        let range = pixelRange(r, image)
        var n = 0
        for y in range.ys { for x in range.xs where image.argb(x: x, y: y) != white { n += 1 } }
        return n
    }

    /// Pixels inside `r` that differ between two images of the same size.
    private static func changes(_ a: RenderedImage, _ b: RenderedImage, in r: Rect) -> Int {
        let range = pixelRange(r, a)
        var n = 0
        for y in range.ys { for x in range.xs where a.argb(x: x, y: y) != b.argb(x: x, y: y) { n += 1 } }
        return n
    }

    private static func inkBounds(_ image: RenderedImage, in r: Rect) -> Rect? {
        let range = pixelRange(r, image)
        var box: Rect?
        for y in range.ys { for x in range.xs where image.argb(x: x, y: y) != white {
            let pixel = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
            box = box.map { $0.union(pixel) } ?? pixel
        } }
        return box
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

    private static func changedBounds(_ a: RenderedImage, _ b: RenderedImage) -> Rect? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<a.height { for x in 0..<a.width where a.argb(x: x, y: y) != b.argb(x: x, y: y) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        guard maxX >= 0 else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }

    private static func isClose(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 0.01 && abs(a.minY - b.minY) < 0.01
            && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
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
