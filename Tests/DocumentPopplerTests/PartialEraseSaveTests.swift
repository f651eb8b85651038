// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import TestSupport
import XCTest
@testable import DocumentPoppler

/// A stroke cut by the partial eraser, saved: the file's /Ink gives way to one /Ink per piece
/// (written as an incremental update), each /InkList the stroke's points outside the eraser and
/// the cuts, as qpdf reads them; undo and save give the one stroke back.
final class PartialEraseSaveTests: XCTestCase {
    var folder: TemporaryFolder!
    override func tearDown() {
        folder = nil
        super.tearDown()
    }

    override func setUpWithError() throws { folder = try TemporaryFolder() }

    private let stroke = InkStroke(points: (0...12).map { Point(x: 60 + Double($0) * 20, y: 250 + Double($0 % 3) * 4) },
                                   pressures: (0...12).map { 0.3 + 0.05 * Double($0 % 5) })

    /// The /InkList of every /Ink in the page's /Annots, as qpdf reads the file.
    private func inkLists(_ path: String) throws -> [[[Double]]] {
        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(json.status, 0, json.output)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func value(_ ref: String) -> [String: Any]? { (objects["obj:" + ref] as? [String: Any])?["value"] as? [String: Any] }
        let pageRef = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first?["object"] as? String)
        let refs = value(pageRef)?["/Annots"] as? [String] ?? []
        return refs.compactMap(value).filter { $0["/Subtype"] as? String == "/Ink" }.map { dict in
            (dict["/InkList"] as? [[Any]] ?? []).map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } }
        }
    }

    private func flat(_ points: [Point]) -> [Double] { points.flatMap { [$0.x, $0.y] } }

    func testAStrokeCutInTheMiddleIsSavedAsTwoInksOfItsRemainingPoints() throws {
        _ = try ExternalTool.require("qpdf")
        let path = try folder.write(MinimalPDF(pages: [.init(width: 400, height: 500)], content: "\n").data(), to: "ink.pdf")
        let page = PageIndex(0)
        let made = try XCTUnwrap(Annotation.ink([stroke], on: page, style: AnnotationStyle(color: .red, width: 2, opacity: 0.7),
                                                stamp: CreationStamp(id: "p0-n1", author: "Ada", date: "D:20261201")))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            _ = editor.annotations(on: page)
            try editor.perform(EditRecord("Ink", .insert([PlacedAnnotation(made, at: 0)])))
            try editor.save()
        }
        let before = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(try inkLists(path), [[flat(stroke.points)]])

        let editor = try DocumentEditor.open(path: path, password: nil)
        let original = try XCTUnwrap(editor.annotations(on: page).first { $0.subtype == .ink })
        guard case .ink(let strokes) = original.geometry else { return XCTFail("ink") }
        // Across the middle, between the 6th and 7th points.
        let eraser = [Point(x: 170, y: 300), Point(x: 172, y: 200)]
        let pieces = InkEraser.remaining(strokes, penWidth: 2, along: eraser, radius: 5)
        XCTAssertEqual(pieces.count, 2)
        let placed = pieces.enumerated().map { i, piece -> PlacedAnnotation in
            var a = original
            a.id = "p0-n\(i + 2)"
            a.uniqueName = a.id
            a.appearance = .generated
            a.geometry = .ink([InkStroke(points: piece.points.map(\.quantized), pressures: piece.pressures)])
            let box = piece.points.dropFirst().reduce(Rect(origin: piece.points[0], size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
            a.rect = box.insetBy(dx: -2, dy: -2).quantized
            return PlacedAnnotation(a, at: i)
        }
        try editor.perform(EditRecord("Erase", .exchange(removed: editor.removal(of: [original.id]), inserted: placed)))
        try editor.save()

        let after = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(after.prefix(before.count)), before, "an incremental update keeps every original byte")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let saved = try inkLists(path)
        XCTAssertEqual(saved.count, 2, "two /Ink annotations")
        // Each /InkList: the original points outside the eraser on its side, and the cut.
        let outside = stroke.points.filter { p in
            let d = InkEraserTestGeometry.distance(p, toSegment: eraser[0], eraser[1])
            return d > 5 + 1
        }
        let left = outside.filter { $0.x < 171 }, right = outside.filter { $0.x > 171 }
        XCTAssertEqual(saved[0].count, 1)
        XCTAssertEqual(Array(saved[0][0].dropLast(2)), flat(left))
        XCTAssertEqual(Array(saved[1][0].dropFirst(2)), flat(right))
        for (list, piece) in zip(saved, pieces) {
            for (a, b) in zip(list[0], flat(piece.points)) { XCTAssertEqual(a, b, accuracy: 1e-4) }
        }

        // MuPDF draws the two pieces and nothing where the eraser went (the page at 144 dpi,
        // 2 px a point, y down from the top of the 500 pt page).
        if ExternalTool.path(of: "mutool") != nil {
            let image = folder.path("cut.pnm")
            let draw = try ExternalTool.run("mutool", ["draw", "-q", "-r", "144", "-c", "rgb", "-F", "pnm", "-o", image, path, "1"])
            XCTAssertEqual(draw.status, 0, draw.output)
            let pixels = try PNMImage(path: image)
            func inked(atX x: Double) -> Bool {
                (Int((500 - 264) * 2)...Int((500 - 244) * 2)).contains { pixels.isInk(x: Int(x * 2), y: $0) }
            }
            XCTAssertTrue(inked(atX: 120), "the left piece")
            XCTAssertTrue(inked(atX: 240), "the right piece")
            XCTAssertFalse(inked(atX: 171), "nothing where the eraser went")
        }

        // Undo, saved: the one stroke again, as it was.
        try editor.undo()
        try editor.save()
        XCTAssertEqual(try inkLists(path), [[flat(stroke.points)]])
    }
}

/// The distance from a point to a segment, as the test measures it.
enum InkEraserTestGeometry {
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let v = b - a, w = p - a
        let t = min(1, max(0, (w.dx * v.dx + w.dy * v.dy) / (v.dx * v.dx + v.dy * v.dy)))
        return p.distance(to: Point(x: a.x + v.dx * t, y: a.y + v.dy * t))
    }
}
