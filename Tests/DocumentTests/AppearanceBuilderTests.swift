// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import Document
import Geometry

final class AppearanceBuilderTests: XCTestCase {
    // MARK: Syntax of every kind

    func testEveryDrawableKindWritesWellFormedOperators() throws {
        for a in samples() {
            let (stream, ops) = try draw(a)
            XCTAssertEqual(stream.boundingBox, Rect(x: 0, y: 0, width: a.rect.width, height: a.rect.height), "\(a.subtype)")
            XCTAssertTrue(stream.content.allSatisfy { $0 < 128 }, "\(a.subtype): content is 7-bit")
            // Fonts used are the resources' fonts, base-14 Helvetica in WinAnsi.
            for op in ops where op.op == "Tf" {
                guard case .name(let font) = op.operands[0] else { return XCTFail("Tf without a name") }
                let dict = try XCTUnwrap(stream.resources["Font"]?.dictionaryValue?[font]?.dictionaryValue, "\(a.subtype): font \(font)")
                XCTAssertEqual(dict["Subtype"], .name("Type1"))
                XCTAssertEqual(dict["Encoding"], .name("WinAnsiEncoding"))
                XCTAssertTrue(["Helvetica", "Helvetica-Bold"].contains(dict["BaseFont"]?.nameValue ?? ""))
            }
            for op in ops where op.op == "gs" {
                guard case .name(let name) = op.operands[0] else { return XCTFail("gs without a name") }
                XCTAssertNotNil(stream.resources["ExtGState"]?.dictionaryValue?[name], "\(a.subtype): graphics state \(name)")
            }
        }
    }

    func testCanDrawExactlyTheKindsItDraws() {
        let drawable: Set<AnnotationSubtype> = [.ink, .highlight, .underline, .strikeOut, .squiggly, .square, .circle, .line,
                                                .polygon, .polyLine, .freeText, .text, .stamp, .caret, .fileAttachment]
        for subtype in AnnotationSubtype.allCases {
            XCTAssertEqual(AppearanceBuilder.canDraw(subtype), drawable.contains(subtype), "\(subtype)")
        }
        XCTAssertEqual(Set(samples().map(\.subtype)), drawable, "the samples cover every drawable kind")
        for subtype in AnnotationSubtype.allCases where !drawable.contains(subtype) {
            XCTAssertNil(AppearanceBuilder.appearance(for: annotation(subtype, Rect(x: 0, y: 0, width: 20, height: 20))), "\(subtype)")
        }
    }

    func testNothingForAnEmptyRectangleOrMissingGeometry() {
        for a in samples() {
            var flat = a
            flat.rect.size.height = 0
            XCTAssertNil(AppearanceBuilder.appearance(for: flat), "\(a.subtype) with zero height")
            var narrow = a
            narrow.rect.size.width = -3
            XCTAssertNil(AppearanceBuilder.appearance(for: narrow), "\(a.subtype) with negative width")
        }
        let r = Rect(x: 10, y: 10, width: 50, height: 50)
        XCTAssertNil(AppearanceBuilder.appearance(for: annotation(.ink, r)))
        XCTAssertNil(AppearanceBuilder.appearance(for: annotation(.ink, r, geometry: .ink([]))))
        XCTAssertNil(AppearanceBuilder.appearance(for: annotation(.ink, r, geometry: .ink([InkStroke(points: [])]))))
        for markup in [AnnotationSubtype.highlight, .underline, .strikeOut, .squiggly] {
            XCTAssertNil(AppearanceBuilder.appearance(for: annotation(markup, r)))
            XCTAssertNil(AppearanceBuilder.appearance(for: annotation(markup, r, geometry: .quadPoints([]))))
        }
        XCTAssertNil(AppearanceBuilder.appearance(for: annotation(.line, r)))
        XCTAssertNil(AppearanceBuilder.appearance(for: annotation(.polygon, r)))
    }

    // MARK: Staying in the box

    func testDrawingStaysInsideTheBoxWidenedByTheLineWidth() throws {
        for a in samples() + lineEndingSamples() {
            let (stream, ops) = try draw(a)
            for (pt, lineWidth) in pathPoints(ops) {
                let box = stream.boundingBox.insetBy(dx: -lineWidth - 0.001, dy: -lineWidth - 0.001)
                XCTAssertTrue(box.contains(Point(x: pt.x, y: pt.y)), "\(a.subtype) \(a.geometry): \(pt) outside \(stream.boundingBox)")
            }
        }
    }

    // MARK: Ink

    func testPressureInkIsOneCounterClockwiseFillPerStroke() throws {
        // Points that turn every way, so that segments run in all directions.
        let zigzag = [(0.0, 0.0), (30, 10), (10, 40), (-20, 30), (-25, -10), (5, -30), (5, -30), (40, -5)]
        let pressures = [0.0, 0.3, 1, 0.6, 0.1, 0.9, 0.5, 0.2]
        let points = zigzag.map { Point(x: 100 + $0.0, y: 200 + $0.1) }
        let strokes = [InkStroke(points: points, pressures: pressures),
                       InkStroke(points: points.reversed(), pressures: pressures.reversed()),
                       InkStroke(points: [Point(x: 110, y: 210)], pressures: [0.5])]
        let width = 6.0
        let a = annotationFitting(.ink, geometry: .ink(strokes), width: width)
        let (_, ops) = try draw(a)
        let fills = ops.filter { $0.op == "f" }
        XCTAssertEqual(fills.count, strokes.count, "one fill per stroke")
        XCTAssertFalse(ops.contains { $0.op == "S" }, "pressure strokes are filled, not stroked")

        var subpaths: [[Point]] = []
        var circles: [[Point]] = []
        var current: [Point] = []
        var curves = 0
        for op in ops {
            let n = op.numbers
            switch op.op {
            case "m": current = [Point(x: n[0], y: n[1])]; curves = 0
            case "l": current.append(Point(x: n[0], y: n[1]))
            case "c":
                current += [Point(x: n[0], y: n[1]), Point(x: n[2], y: n[3]), Point(x: n[4], y: n[5])]
                curves += 1
            case "h":
                subpaths.append(current)
                if curves == 4 { circles.append(current) }
            default: break
            }
        }
        for path in subpaths {
            XCTAssertGreaterThan(signedArea(path), 0, "every subpath turns counter-clockwise: \(path)")
        }
        // A disc at every point, as wide as the pressure says; a quadrilateral per segment of distinct points.
        let radii = circles.map { c in (c.map(\.x).max()! - c.map(\.x).min()!) / 2 }
        let expected = strokes.flatMap { s in s.pressures!.map { width * (0.25 + 0.75 * $0) / 2 } }
        XCTAssertEqual(radii.count, expected.count)
        for (r, e) in zip(radii, expected) { XCTAssertEqual(r, e, accuracy: 0.002) }
        XCTAssertEqual(subpaths.count - circles.count, 2 * (points.count - 2), "quadrilaterals, the repeated point having none")
        XCTAssertEqual(AppearanceBuilder.inkWidth(4, pressure: 0), 1)
        XCTAssertEqual(AppearanceBuilder.inkWidth(4, pressure: 1), 4)
    }

    func testInkWithoutPressureIsARoundStrokeAndASinglePointADot() throws {
        let strokes = [InkStroke(points: [Point(x: 10, y: 10), Point(x: 40, y: 30), Point(x: 60, y: 12)]),
                       InkStroke(points: [Point(x: 30, y: 50)])]
        let a = annotationFitting(.ink, geometry: .ink(strokes), width: 3, color: RGBColor(red: 0, green: 0, blue: 1))
        let (_, ops) = try draw(a)
        XCTAssertEqual(ops.filter { $0.op == "S" }.count, 1)
        XCTAssertEqual(ops.filter { $0.op == "f" }.count, 1)
        XCTAssertEqual(ops.first { $0.op == "J" }?.numbers, [1])
        XCTAssertEqual(ops.first { $0.op == "j" }?.numbers, [1])
        XCTAssertEqual(ops.first { $0.op == "w" }?.numbers, [3])
        XCTAssertEqual(ops.first { $0.op == "RG" }?.numbers, [0, 0, 1])
        let dot = pathPoints(ops).map(\.0).filter { $0.y > 40 - a.rect.minY }
        XCTAssertEqual(dot.map(\.y).max()! - dot.map(\.y).min()!, 3, accuracy: 0.002, "the dot is as wide as the line")
    }

    func testInkWithoutPressureIsSmoothedThroughTheSegmentsMidpointsAndEndsOnItsSamples() throws {
        let samples = [Point(x: 10, y: 10), Point(x: 40, y: 30), Point(x: 60, y: 12), Point(x: 90, y: 40)]
        let a = annotationFitting(.ink, geometry: .ink([InkStroke(points: samples)]), width: 2)
        let (_, ops) = try draw(a)
        let origin = a.rect.origin
        let local = samples.map { Point(x: $0.x - origin.x, y: $0.y - origin.y) }
        let m = try XCTUnwrap(ops.first { $0.op == "m" }?.numbers)
        XCTAssertEqual(m[0], local[0].x, accuracy: 0.002)
        XCTAssertEqual(m[1], local[0].y, accuracy: 0.002)
        let curves = ops.filter { $0.op == "c" }.map(\.numbers)
        XCTAssertEqual(curves.count, 2, "a bend at each inner sample")
        // The first bend ends halfway between the 2nd and 3rd samples; the last on the last sample.
        XCTAssertEqual(curves[0][4], (local[1].x + local[2].x) / 2, accuracy: 0.002)
        XCTAssertEqual(curves[0][5], (local[1].y + local[2].y) / 2, accuracy: 0.002)
        XCTAssertEqual(curves[1][4], local[3].x, accuracy: 0.002)
        XCTAssertEqual(curves[1][5], local[3].y, accuracy: 0.002)
        // Its controls lie two thirds of the way towards the sample it bends at.
        let start = Point(x: (local[0].x + local[1].x) / 2, y: (local[0].y + local[1].y) / 2)
        XCTAssertEqual(curves[0][0], start.x + (local[1].x - start.x) * 2 / 3, accuracy: 0.002)
        XCTAssertEqual(a.geometry, .ink([InkStroke(points: samples)]), "the samples themselves are kept")
    }

    func testResizedInkScalesItsPointsAndAMoveKeepsThem() throws {
        let strokes = [InkStroke(points: [Point(x: 110, y: 305), Point(x: 150.5, y: 340), Point(x: 190, y: 311.25), Point(x: 170, y: 380)])]
        let a = annotationFitting(.ink, geometry: .ink(strokes), width: 2)
        let (_, ops) = try draw(a)
        let (sx, sy) = (2.0, 1.5)
        let bigger = a.resized(to: Rect(x: 20, y: 40, width: a.rect.width * sx, height: a.rect.height * sy))
        let (_, resizedOps) = try draw(bigger)
        let before = strokePoints(ops), after = strokePoints(resizedOps)
        XCTAssertEqual(before.count, 2 + 3 * 2, "start, first midpoint, then a curve at each of the two inner points")
        XCTAssertEqual(before.count, after.count)
        for (p, q) in zip(before, after) {
            XCTAssertEqual(q.x, p.x * sx, accuracy: 0.003)
            XCTAssertEqual(q.y, p.y * sy, accuracy: 0.003)
        }
        let moved = a.moved(by: Vector(dx: -37.5, dy: 120.25))
        let (_, movedOps) = try draw(moved)
        for (p, q) in zip(before, strokePoints(movedOps)) {
            XCTAssertEqual(q.x, p.x, accuracy: 0.002)
            XCTAssertEqual(q.y, p.y, accuracy: 0.002)
        }
    }

    // MARK: Opacity and blending

    func testOpacityBelowOneIsAGraphicsStateSetFirst() throws {
        for subtype in [AnnotationSubtype.square, .ink, .freeText, .underline] {
            var a = try XCTUnwrap(samples().first { $0.subtype == subtype })
            a.opacity = 0.4
            let (stream, ops) = try draw(a)
            let state = try XCTUnwrap(stream.resources["ExtGState"]?.dictionaryValue?["GS0"]?.dictionaryValue)
            XCTAssertEqual(state["CA"]?.number, 0.4)
            XCTAssertEqual(state["ca"]?.number, 0.4)
            let firstPaint = ops.firstIndex { ["f", "S", "B", "b", "s", "Tj"].contains($0.op) }!
            let gs = try XCTUnwrap(ops.firstIndex { $0.op == "gs" })
            XCTAssertLessThan(gs, firstPaint)
            XCTAssertEqual(ops[gs].operands, [.name("GS0")])

            a.opacity = 1
            let (opaque, opaqueOps) = try draw(a)
            XCTAssertNil(opaque.resources["ExtGState"])
            XCTAssertFalse(opaqueOps.contains { $0.op == "gs" })
        }
    }

    func testHighlightMultipliesInOneFillOfSameTurningQuads() throws {
        for opacity in [1.0, 0.5] {
            var a = try XCTUnwrap(samples().first { $0.subtype == .highlight })
            a.opacity = opacity
            let (stream, ops) = try draw(a)
            let state = try XCTUnwrap(stream.resources["ExtGState"]?.dictionaryValue?["GS0"]?.dictionaryValue)
            XCTAssertEqual(state["BM"], .name("Multiply"))
            XCTAssertEqual(state["Type"], .name("ExtGState"))
            XCTAssertEqual(state["CA"]?.number, opacity < 1 ? opacity : nil)
            XCTAssertEqual(ops.filter { $0.op == "f" }.count, 1)
            let quads = subpathPolygons(ops)
            XCTAssertEqual(quads.count, 2)
            for q in quads { XCTAssertGreaterThan(signedArea(q), 0) }
            XCTAssertEqual(ops.first { $0.op == "rg" }?.numbers, [1, 0.92, 0.23], "yellow by default")
        }
    }

    // MARK: Markup lines

    func testMarkupLinesFollowATurnedQuadrilateral() throws {
        // Text running up the page: the baseline is vertical, "up" points to the left.
        let ll = Point(x: 100, y: 100), lr = Point(x: 100, y: 200), ul = Point(x: 86, y: 100), ur = Point(x: 86, y: 200)
        let quad = AnnotationGeometry.quadPoints([ul, ur, ll, lr])
        let height = 14.0
        for subtype in [AnnotationSubtype.underline, .strikeOut, .squiggly] {
            let a = annotation(subtype, Rect(x: 86, y: 100, width: 14, height: 100), geometry: quad)
            let (_, ops) = try draw(a)
            let width = try XCTUnwrap(ops.first { $0.op == "w" }?.numbers.first)
            XCTAssertEqual(width, max(0.5, height / 14), accuracy: 0.001)
            let points = strokePoints(ops).map { Point(x: $0.x + a.rect.minX, y: $0.y + a.rect.minY) }
            // In the quadrilateral's own axes: `along` up the page, `rise` leftwards from the baseline.
            let along = points.map { $0.y - ll.y }, rise = points.map { ll.x - $0.x }
            XCTAssertEqual(along.min()!, 0, accuracy: 0.002)
            XCTAssertEqual(along.max()!, 100, accuracy: 0.002)
            switch subtype {
            case .underline:
                for r in rise { XCTAssertEqual(r, width / 2, accuracy: 0.002) }
            case .strikeOut:
                for r in rise { XCTAssertEqual(r, height / 2, accuracy: 0.002) }
            default:
                XCTAssertGreaterThan(points.count, 10, "a zigzag")
                XCTAssertGreaterThanOrEqual(rise.min()!, width / 2 - 0.002)
                XCTAssertEqual(rise.max()! - rise.min()!, 2 * height / 10, accuracy: 0.002)
            }
        }
    }

    // MARK: Shapes and lines

    func testSquareAndCirclePaintWithWhatTheyHave() throws {
        let r = Rect(x: 50, y: 60, width: 80, height: 40)
        let red = RGBColor(red: 1, green: 0, blue: 0), blue = RGBColor(red: 0, green: 0, blue: 1)
        for subtype in [AnnotationSubtype.square, .circle] {
            let cases: [(RGBColor?, RGBColor?, String)] = [(red, blue, "B"), (red, nil, "S"), (nil, blue, "f")]
            for (color, interior, paint) in cases {
                var a = annotation(subtype, r, color: color)
                a.interiorColor = interior
                a.borderWidth = 4
                a.dashPattern = [3, 2]
                let (_, ops) = try draw(a)
                XCTAssertEqual(ops.last { ["f", "S", "B"].contains($0.op) }?.op, paint)
                XCTAssertEqual(ops.first { $0.op == "rg" }?.numbers, interior.map { [$0.red, $0.green, $0.blue] })
                if color != nil {
                    XCTAssertEqual(ops.first { $0.op == "d" }?.operands, [.array([3, 2]), .number(0)])
                }
                // Inset by half the border: the outline's extremes are 2 points inside.
                let xs = pathPoints(ops).dropFirst(4).map(\.0.x)
                XCTAssertEqual(xs.min()!, 2, accuracy: 0.002)
                XCTAssertEqual(xs.max()!, 78, accuracy: 0.002)
            }
        }
    }

    func testEveryLineEndingIsDrawnAndClosedArrowsFill() throws {
        for a in lineEndingSamples() { _ = try draw(a) }
        var a = annotationFitting(.line, geometry: .line(start: Point(x: 10, y: 10), end: Point(x: 110, y: 60),
                                                          startEnding: .closedArrow, endEnding: .reversedClosedArrow), width: 2)
        let (_, ops) = try draw(a)
        XCTAssertEqual(ops.filter { $0.op == "B" }.count, 2)
        XCTAssertEqual(ops.first { $0.op == "rg" }?.numbers, [0, 0, 0], "filled with the colour when there is no interior")
        a.interiorColor = RGBColor(red: 0, green: 1, blue: 0)
        let (_, filled) = try draw(a)
        XCTAssertEqual(filled.first { $0.op == "rg" }?.numbers, [0, 1, 0])
    }

    func testResizedLineScalesItsEnds() throws {
        let a = annotationFitting(.line, geometry: .line(start: Point(x: 200, y: 500), end: Point(x: 320, y: 540),
                                                          startEnding: .none, endEnding: .none), width: 1)
        let bigger = a.resized(to: Rect(x: a.rect.minX, y: a.rect.minY, width: a.rect.width * 0.5, height: a.rect.height * 3))
        let (_, ops) = try draw(a), (_, scaled) = try draw(bigger)
        for (p, q) in zip(strokePoints(ops), strokePoints(scaled)) {
            XCTAssertEqual(q.x, p.x * 0.5, accuracy: 0.003)
            XCTAssertEqual(q.y, p.y * 3, accuracy: 0.003)
        }
    }

    // MARK: Free text

    func testFreeTextWrapsLongTextWithinTheBox() throws {
        let sentence = "The quick brown fox jumps over the lazy dog, then naps under the old oak tree while WWWWW watches."
        let a = freeText(sentence, width: 150, height: 200, size: 11)
        let (stream, ops) = try draw(a)
        let lines = textLines(ops)
        XCTAssertGreaterThanOrEqual(lines.count, 3)
        let padding = AppearanceBuilder.freeTextPadding
        let limit = stream.boundingBox.width - 2 * padding
        for (i, line) in lines.enumerated() {
            let width = HelveticaMetrics.width(line.bytes) * line.size
            XCTAssertEqual(line.x, padding, accuracy: 0.002)
            XCTAssertLessThanOrEqual(width, limit + 0.001, "line \(i) is too wide")
            XCTAssertEqual(line.y, 200 - padding - 11 * 0.8 - Double(i) * 11 * 1.2, accuracy: 0.003)
            if i + 1 < lines.count, let next = lines[i + 1].text.split(separator: " ").first {
                // Greedy: the next line's first word would not have fitted.
                XCTAssertGreaterThan(HelveticaMetrics.width(HelveticaMetrics.encode(line.text + " " + next)) * line.size, limit)
            }
        }
        XCTAssertEqual(lines.map(\.text).joined(separator: " "), sentence)
        XCTAssertEqual(stream.resources["Font"]?.dictionaryValue?["Helv"]?.dictionaryValue?["BaseFont"], .name("Helvetica"))
        // Clipped to the box before anything is drawn.
        let clip = try XCTUnwrap(ops.firstIndex { $0.op == "W" })
        XCTAssertEqual(ops[clip - 1].op, "re")
        XCTAssertEqual(ops[clip - 1].numbers, [0, 0, 150, 200])
        XCTAssertEqual(ops[clip + 1].op, "n")
    }

    func testFreeTextKeepsLineBreaksAndAligns() throws {
        for alignment in [FreeTextStyle.Alignment.left, .center, .right] {
            var a = freeText("One\nTwo words\r\n\nThree", width: 120, height: 80, size: 10)
            a.freeText?.alignment = alignment
            a.freeText?.textColor = RGBColor(red: 0.5, green: 0, blue: 0)
            let (_, ops) = try draw(a)
            let lines = textLines(ops)
            XCTAssertEqual(lines.map(\.text), ["One", "Two words", "Three"])
            XCTAssertEqual(lines[2].y, lines[0].y - 3 * 12, accuracy: 0.003, "the empty line keeps its place")
            XCTAssertEqual(ops.last { $0.op == "rg" }?.numbers, [0.5, 0, 0])
            for line in lines {
                let width = HelveticaMetrics.width(line.bytes) * 10
                switch alignment {
                case .left: XCTAssertEqual(line.x, 2, accuracy: 0.002)
                case .center: XCTAssertEqual(line.x + width / 2, 60, accuracy: 0.002)
                case .right: XCTAssertEqual(line.x + width, 118, accuracy: 0.002)
                }
            }
        }
    }

    func testFreeTextEncodesWinAnsiAndEscapes() throws {
        let a = freeText("Café (x) \\ “quoted” – 5 € e\u{301} 漢", width: 400, height: 40, size: 12)
        let (stream, ops) = try draw(a)
        let line = try XCTUnwrap(textLines(ops).first)
        XCTAssertEqual(line.bytes, Array("Caf".utf8) + [0xE9] + Array(" (x) \\ ".utf8) + [0x93] + Array("quoted".utf8) + [0x94, 32, 0x96]
                       + Array(" 5 ".utf8) + [0x80, 32, 0xE9, 32, UInt8(ascii: "?")])
        // Measured as the accented letters' own glyphs: é is as wide as e.
        XCTAssertEqual(HelveticaMetrics.width(0xE9), HelveticaMetrics.width(UInt8(ascii: "e")))
        let text = String(decoding: stream.content, as: UTF8.self)
        XCTAssertTrue(text.contains("\\(x\\) \\\\"), "parentheses and backslash escaped")
        XCTAssertTrue(text.contains("Caf\\351"), "Latin-1 as octal")
    }

    func testHelveticaWidthsAreTheAFMs() {
        // A few from Adobe's Helvetica.afm and Helvetica-Bold.afm.
        let regular: [Character: Int] = [" ": 278, "i": 222, "m": 833, "W": 944, "@": 1015, "0": 556, "|": 260]
        for (ch, w) in regular { XCTAssertEqual(HelveticaMetrics.width(HelveticaMetrics.byte(ch)) * 1000, Double(w), accuracy: 1e-9, "\(ch)") }
        let bold: [Character: Int] = [" ": 278, "i": 278, "m": 889, "W": 944, "@": 975, "A": 722, "|": 280]
        for (ch, w) in bold { XCTAssertEqual(HelveticaMetrics.width(HelveticaMetrics.byte(ch), bold: true) * 1000, Double(w), accuracy: 1e-9, "\(ch)") }
    }

    // MARK: Notes, stamps, carets

    func testStampNameFitsInsideItsFrame() throws {
        let names: [String?] = ["Approved", "NotApproved", "ForPublicRelease", "Draft", nil]
        let sizes = [(150.0, 50.0), (60, 20), (300, 40), (40, 80), (200, 200)]
        for name in names {
            for (w, h) in sizes {
                var a = annotation(.stamp, Rect(x: 300, y: 400, width: w, height: h))
                a.iconName = name
                let (stream, ops) = try draw(a)
                let line = try XCTUnwrap(textLines(ops).first)
                let width = HelveticaMetrics.width(line.bytes, bold: true) * line.size
                XCTAssertGreaterThanOrEqual(line.x, 0)
                XCTAssertLessThanOrEqual(line.x + width, w)
                XCTAssertEqual(line.x + width / 2, w / 2, accuracy: 0.002, "centred")
                XCTAssertGreaterThanOrEqual(line.y, 0)
                XCTAssertLessThanOrEqual(line.y + AppearanceBuilder.boldCapHeight * line.size, h)
                XCTAssertEqual(stream.resources["Font"]?.dictionaryValue?["HelvB"]?.dictionaryValue?["BaseFont"], .name("Helvetica-Bold"))
                let expected = ["NotApproved": "NOT APPROVED", "ForPublicRelease": "FOR PUBLIC RELEASE"][name ?? ""]
                    ?? (name ?? "Draft").uppercased()
                XCTAssertEqual(line.text, expected)
                let frame = try XCTUnwrap(ops.first { $0.op == "w" }?.numbers.first)
                XCTAssertTrue((2...3).contains(frame) || frame == min(w, h) / 6, "frame \(frame)")
            }
        }
    }

    func testNoteIconScalesToItsRectangle() throws {
        let small = annotation(.text, Rect(x: 40, y: 40, width: 20, height: 20))
        let large = annotation(.text, Rect(x: 400, y: 40, width: 40, height: 40))
        let (_, a) = try draw(small), (_, b) = try draw(large)
        let p = pathPoints(a).dropFirst(4).map(\.0), q = pathPoints(b).dropFirst(4).map(\.0)
        XCTAssertEqual(p.count, q.count)
        for (u, v) in zip(p, q) {
            XCTAssertEqual(v.x, 2 * u.x, accuracy: 0.003)
            XCTAssertEqual(v.y, 2 * u.y, accuracy: 0.003)
        }
        XCTAssertEqual(a.first { $0.op == "rg" }?.numbers, [1, 0.92, 0.23])
    }

    // MARK: Samples

    private func annotation(_ subtype: AnnotationSubtype, _ rect: Rect, geometry: AnnotationGeometry = .none,
                            color: RGBColor? = nil) -> Annotation {
        Annotation(id: "new-\(subtype)", page: PageIndex(0), subtype: subtype, rect: rect, color: color, geometry: geometry)
    }

    /// An annotation whose rectangle is its geometry's bounds as the model computes them.
    private func annotationFitting(_ subtype: AnnotationSubtype, geometry: AnnotationGeometry, width: Double,
                                   color: RGBColor? = nil) -> Annotation {
        let rect = AnnotationDictionary.geometryBounds(geometry, lineWidth: width)!
        var a = annotation(subtype, rect, geometry: geometry, color: color)
        a.borderWidth = width
        return a
    }

    private func freeText(_ text: String, width: Double, height: Double, size: Double) -> Annotation {
        var a = annotation(.freeText, Rect(x: 72, y: 500, width: width, height: height))
        a.contents = text
        a.freeText = FreeTextStyle(fontSize: size)
        return a
    }

    /// One annotation of every kind the builder draws, with the options that change its drawing.
    private func samples() -> [Annotation] {
        var out: [Annotation] = []
        let ink = [InkStroke(points: [Point(x: 100, y: 100), Point(x: 130, y: 140), Point(x: 170, y: 120)]),
                   InkStroke(points: [Point(x: 105, y: 150), Point(x: 140, y: 95), Point(x: 160, y: 160)], pressures: [0.2, 1, 0.5]),
                   InkStroke(points: [Point(x: 150, y: 150)])]
        out.append(annotationFitting(.ink, geometry: .ink(ink), width: 3, color: RGBColor(red: 0.1, green: 0.2, blue: 0.8)))
        let quads = [Point(x: 72, y: 714), Point(x: 300, y: 714), Point(x: 72, y: 700), Point(x: 300, y: 700),
                     Point(x: 72, y: 702), Point(x: 200, y: 702), Point(x: 72, y: 688), Point(x: 200, y: 688)]
        for markup in [AnnotationSubtype.highlight, .underline, .strikeOut, .squiggly] {
            out.append(annotationFitting(markup, geometry: .quadPoints(quads), width: 0))
        }
        var square = annotation(.square, Rect(x: 50, y: 50, width: 100, height: 60), color: .red)
        square.interiorColor = RGBColor(red: 0.9, green: 0.9, blue: 1)
        square.borderWidth = 3
        square.dashPattern = [4, 2]
        out.append(square)
        var circle = annotation(.circle, Rect(x: 50, y: 50, width: 60, height: 100), color: .black)
        circle.borderWidth = 2
        out.append(circle)
        var line = annotationFitting(.line, geometry: .line(start: Point(x: 300, y: 300), end: Point(x: 400, y: 350),
                                                             startEnding: .circle, endEnding: .openArrow), width: 2)
        line.dashPattern = [5, 3]
        out.append(line)
        let vertices = [Point(x: 10, y: 10), Point(x: 80, y: 20), Point(x: 60, y: 90), Point(x: 20, y: 60)]
        var polygon = annotationFitting(.polygon, geometry: .vertices(vertices), width: 2, color: .red)
        polygon.interiorColor = .yellow
        out.append(polygon)
        out.append(annotationFitting(.polyLine, geometry: .vertices(vertices), width: 1.5))
        var text = freeText("Hello (world) \\ 100% – café", width: 120, height: 40, size: 12)
        text.color = .black
        text.borderWidth = 1
        text.interiorColor = RGBColor(red: 1, green: 1, blue: 0.9)
        out.append(text)
        out.append(annotation(.text, Rect(x: 500, y: 700, width: 24, height: 20)))
        var stamp = annotation(.stamp, Rect(x: 300, y: 600, width: 150, height: 50))
        stamp.iconName = "NotApproved"
        out.append(stamp)
        out.append(annotation(.caret, Rect(x: 200, y: 200, width: 10, height: 12)))
        out.append(annotation(.fileAttachment, Rect(x: 400, y: 400, width: 20, height: 20)))
        return out
    }

    /// Lines with every ending at each end, at two widths.
    private func lineEndingSamples() -> [Annotation] {
        var out: [Annotation] = []
        for width in [1.0, 4] {
            for (i, ending) in LineEnding.allCases.enumerated() {
                let start = Point(x: 100, y: 100), end = Point(x: 100 + 80 * cos(Double(i)), y: 100 + 80 * sin(Double(i)))
                out.append(annotationFitting(.line, geometry: .line(start: start, end: end, startEnding: ending, endEnding: ending), width: width))
            }
        }
        return out
    }

    // MARK: Reading the content back

    /// The annotation's appearance, its content parsed and checked operator by operator.
    private func draw(_ a: Annotation, file: StaticString = #filePath, line: UInt = #line) throws -> (AppearanceStream, [Operation]) {
        let stream = try XCTUnwrap(AppearanceBuilder.appearance(for: a), "\(a.subtype)", file: file, line: line)
        let ops = try ContentStreamChecker.parse(stream.content)
        try ContentStreamChecker.validate(ops)
        return (stream, ops)
    }

    /// Every point of every path (the corners of `re`), with the line width set at the time.
    private func pathPoints(_ ops: [Operation]) -> [(Point, Double)] {
        var width = 1.0
        var out: [(Point, Double)] = []
        for op in ops {
            let n = op.numbers
            switch op.op {
            case "w": width = n[0]
            case "m", "l", "c":
                for i in stride(from: 0, to: n.count, by: 2) { out.append((Point(x: n[i], y: n[i + 1]), width)) }
            case "re":
                for (x, y) in [(n[0], n[1]), (n[0] + n[2], n[1]), (n[0], n[1] + n[3]), (n[0] + n[2], n[1] + n[3])] {
                    out.append((Point(x: x, y: y), width))
                }
            default: break
            }
        }
        return out
    }

    /// The points of stroked (`S`) paths, in order.
    private func strokePoints(_ ops: [Operation]) -> [Point] {
        var out: [Point] = [], current: [Point] = []
        for op in ops {
            let n = op.numbers
            switch op.op {
            case "m", "l": current.append(Point(x: n[0], y: n[1]))
            case "c": current += [Point(x: n[0], y: n[1]), Point(x: n[2], y: n[3]), Point(x: n[4], y: n[5])]
            case "S": out += current; current = []
            case "f", "B", "b", "s", "n": current = []
            default: break
            }
        }
        return out
    }

    /// The closed subpaths of straight lines.
    private func subpathPolygons(_ ops: [Operation]) -> [[Point]] {
        var out: [[Point]] = [], current: [Point] = []
        for op in ops {
            let n = op.numbers
            switch op.op {
            case "m": current = [Point(x: n[0], y: n[1])]
            case "l": current.append(Point(x: n[0], y: n[1]))
            case "h": out.append(current)
            default: break
            }
        }
        return out
    }

    private func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    struct TextLine {
        var x, y, size: Double
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The lines shown with `Tj`, where `Td` put them (relative to the previous line, as PDF
    /// does), at the size `Tf` set.
    private func textLines(_ ops: [Operation]) -> [TextLine] {
        var out: [TextLine] = []
        var x = 0.0, y = 0.0, size = 0.0
        for op in ops {
            switch op.op {
            case "BT": x = 0; y = 0
            case "Tf": size = op.numbers[0]
            case "Td": x += op.numbers[0]; y += op.numbers[1]
            case "Tj":
                if case .string(let s) = op.operands[0] { out.append(TextLine(x: x, y: y, size: size, bytes: s)) }
            default: break
            }
        }
        return out
    }
}

// MARK: - A small content-stream reader

private enum Operand: Equatable {
    case number(Double)
    case name(String)
    case string([UInt8])
    case array([Double])
}

private struct Operation {
    var op: String
    var operands: [Operand]
    var numbers: [Double] { operands.compactMap { if case .number(let n) = $0 { return n } else { return nil } } }
}

private struct ContentSyntaxError: Error, CustomStringConvertible {
    var description: String
}

/// Reads a content stream into operations and checks that each operator has the operands it
/// needs, and that `q`/`Q` and `BT`/`ET` pair up (PDF 32000-1 §8.2, annex A).
private enum ContentStreamChecker {
    enum Kind { case number, name, string, array }

    static let signatures: [String: [Kind]] = {
        let n = Kind.number
        var s: [String: [Kind]] = [
            "m": [n, n], "l": [n, n], "c": [n, n, n, n, n, n], "v": [n, n, n, n], "y": [n, n, n, n], "re": [n, n, n, n],
            "w": [n], "J": [n], "j": [n], "M": [n], "d": [.array, n], "g": [n], "G": [n], "rg": [n, n, n], "RG": [n, n, n],
            "k": [n, n, n, n], "K": [n, n, n, n], "gs": [.name], "cm": [n, n, n, n, n, n],
            "Tf": [.name, n], "Td": [n, n], "TD": [n, n], "Tm": [n, n, n, n, n, n], "Tj": [.string], "TL": [n],
        ]
        for op in ["h", "q", "Q", "f", "f*", "S", "s", "B", "B*", "b", "b*", "n", "W", "W*", "BT", "ET", "T*"] { s[op] = [] }
        return s
    }()

    static func validate(_ ops: [Operation]) throws {
        var depth = 0, inText = false
        for (i, op) in ops.enumerated() {
            guard let signature = signatures[op.op] else { throw ContentSyntaxError(description: "unknown operator \(op.op)") }
            let kinds: [Kind] = op.operands.map {
                switch $0 {
                case .number: return .number
                case .name: return .name
                case .string: return .string
                case .array: return .array
                }
            }
            guard kinds == signature else { throw ContentSyntaxError(description: "\(op.op) with operands \(op.operands)") }
            guard op.numbers.allSatisfy(\.isFinite) else { throw ContentSyntaxError(description: "\(op.op): not finite") }
            switch op.op {
            case "q": depth += 1
            case "Q":
                depth -= 1
                guard depth >= 0 else { throw ContentSyntaxError(description: "Q without q") }
            case "BT":
                guard !inText else { throw ContentSyntaxError(description: "nested BT") }
                inText = true
            case "ET":
                guard inText else { throw ContentSyntaxError(description: "ET without BT") }
                inText = false
            case "Tj", "Td", "Tf", "Tm", "TD", "TL", "T*":
                guard inText || op.op == "Tf" else { throw ContentSyntaxError(description: "\(op.op) outside BT") }
            case "W", "W*":
                guard i + 1 < ops.count, ["n", "f", "S", "B", "b", "s"].contains(ops[i + 1].op) else {
                    throw ContentSyntaxError(description: "clip not followed by a painting operator")
                }
            default:
                if ["m", "l", "c", "re", "h", "f", "S", "B", "b", "s", "n"].contains(op.op), inText {
                    throw ContentSyntaxError(description: "path operator \(op.op) inside BT")
                }
            }
        }
        guard depth == 0, !inText else { throw ContentSyntaxError(description: "unbalanced q/Q or BT/ET") }
    }

    static func parse(_ bytes: [UInt8]) throws -> [Operation] {
        var ops: [Operation] = []
        var operands: [Operand] = []
        var i = 0
        func isWhite(_ b: UInt8) -> Bool { [0, 9, 10, 12, 13, 32].contains(b) }
        func isDelimiter(_ b: UInt8) -> Bool { Array("()<>[]{}/%".utf8).contains(b) }
        func regular() -> String {
            let start = i
            while i < bytes.count, !isWhite(bytes[i]), !isDelimiter(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        // PDF numbers: an optional sign, digits with at most one period, no exponent.
        func number(_ token: String) -> Double? {
            var body = Substring(token)
            if body.first == "+" || body.first == "-" { body = body.dropFirst() }
            guard body.contains(where: \.isWholeNumber), body.filter({ $0 == "." }).count <= 1,
                  body.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }) else { return nil }
            return Double(token.hasSuffix(".") ? token + "0" : token)
        }
        while i < bytes.count {
            let b = bytes[i]
            if isWhite(b) { i += 1; continue }
            switch b {
            case UInt8(ascii: "/"):
                i += 1
                operands.append(.name(regular()))
            case UInt8(ascii: "("):
                i += 1
                var depth = 1, s: [UInt8] = []
                while true {
                    guard i < bytes.count else { throw ContentSyntaxError(description: "unterminated string") }
                    let c = bytes[i]
                    i += 1
                    if c == UInt8(ascii: "\\") {
                        guard i < bytes.count else { throw ContentSyntaxError(description: "bad escape") }
                        let e = bytes[i]
                        i += 1
                        switch e {
                        case UInt8(ascii: "n"): s.append(10)
                        case UInt8(ascii: "r"): s.append(13)
                        case UInt8(ascii: "t"): s.append(9)
                        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): s.append(e)
                        case UInt8(ascii: "0")...UInt8(ascii: "7"):
                            var value = Int(e - 48), digits = 1
                            while digits < 3, i < bytes.count, (48...55).contains(bytes[i]) {
                                value = value * 8 + Int(bytes[i] - 48); i += 1; digits += 1
                            }
                            s.append(UInt8(value & 0xFF))
                        default: throw ContentSyntaxError(description: "unexpected escape \\\(UnicodeScalar(e))")
                        }
                    } else if c == UInt8(ascii: "(") {
                        depth += 1; s.append(c)
                    } else if c == UInt8(ascii: ")") {
                        depth -= 1
                        if depth == 0 { break }
                        s.append(c)
                    } else {
                        s.append(c)
                    }
                }
                operands.append(.string(s))
            case UInt8(ascii: "["):
                i += 1
                var values: [Double] = []
                while true {
                    while i < bytes.count, isWhite(bytes[i]) { i += 1 }
                    guard i < bytes.count else { throw ContentSyntaxError(description: "unterminated array") }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                    let token = regular()
                    guard let v = number(token) else { throw ContentSyntaxError(description: "array item \(token)") }
                    values.append(v)
                }
                operands.append(.array(values))
            default:
                guard !isDelimiter(b) else { throw ContentSyntaxError(description: "unexpected \(UnicodeScalar(b))") }
                let token = regular()
                if let v = number(token) {
                    operands.append(.number(v))
                } else {
                    ops.append(Operation(op: token, operands: operands))
                    operands = []
                }
            }
        }
        guard operands.isEmpty else { throw ContentSyntaxError(description: "operands without an operator at the end") }
        return ops
    }
}

/// The base64 that carries a picture's bytes through journals.
final class StampImageCodingTests: XCTestCase {
    func testBytesSurviveAJSONRoundTripAsBase64Text() throws {
        for count in [0, 1, 2, 3, 4, 5, 255, 256, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let image = StampImage(pixelWidth: 1, pixelHeight: 1, samples: bytes, alpha: bytes.reversed())
            let data = try JSONEncoder().encode(image)
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.contains("[") && count > 0, "not an array of numbers: \(text.prefix(80))")
            XCTAssertEqual(try JSONDecoder().decode(StampImage.self, from: data), image, "\(count) bytes")
        }
        // RFC 4648's own examples.
        let encoded = try JSONEncoder().encode(StampImage.Bytes(Array("foobar".utf8)))
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "\"Zm9vYmFy\"")
        XCTAssertThrowsError(try JSONDecoder().decode(StampImage.Bytes.self, from: Data("\"Zm9v!\"".utf8)))
    }
}
