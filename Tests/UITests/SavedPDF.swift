// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Command-line tools the UI tests judge saved files with (qpdf, mutool, pdftotext).
enum ExternalTools {
    /// Runs `tool` to the end; its exit status and what it printed (stdout and stderr).
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data, stdout: Data) {
        let path = try XCTUnwrap(AppSession.which(tool), "\(tool) is installed")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, data + errors, data)
    }
}

/// A saved PDF as qpdf's JSON (`--json=2`) shows it: page 1's dictionary, its annotations and
/// the objects they refer to (the newest version of each, so an incremental update is seen).
struct SavedPDF {
    struct Box: CustomStringConvertible {
        var x1, y1, x2, y2: Double
        var description: String { "[\(x1) \(y1) \(x2) \(y2)]" }
    }

    let objects: [String: Any]
    let page1: [String: Any]
    /// Every page's dictionary, in page order.
    let pages: [[String: Any]]

    init(path: String) throws {
        let r = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any],
                                 "qpdf's JSON: \(String(decoding: r.output.prefix(2000), as: UTF8.self))")
        let qpdf = try XCTUnwrap(json["qpdf"] as? [Any], "the qpdf key")
        objects = try XCTUnwrap(qpdf.count > 1 ? qpdf[1] as? [String: Any] : nil, "qpdf[1], the objects")
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]], "the pages key")
        let ref = try XCTUnwrap(pages.first?["object"] as? String, "page 1's object")
        let objects = self.objects
        page1 = try XCTUnwrap(Self.dictionary(ref, in: objects), "page 1's dictionary \(ref)")
        self.pages = pages.compactMap { ($0["object"] as? String).flatMap { Self.dictionary($0, in: objects) } }
    }

    /// The annotation dictionaries of page `index` (0-based).
    func annotations(onPage index: Int) -> [[String: Any]] {
        guard index < pages.count else { return [] }
        return ((resolve(pages[index]["/Annots"]) as? [Any]) ?? []).compactMap { resolve($0) as? [String: Any] }
    }

    private static func dictionary(_ ref: String, in objects: [String: Any]) -> [String: Any]? {
        guard let o = objects["obj:\(ref)"] as? [String: Any] else { return nil }
        if let value = o["value"] as? [String: Any] { return value }
        return (o["stream"] as? [String: Any])?["dict"] as? [String: Any]
    }

    /// The dictionary of object `ref` ("4 1 R"), or a stream's dictionary.
    func dictionary(_ ref: String) -> [String: Any]? { Self.dictionary(ref, in: objects) }

    func isStream(_ ref: String) -> Bool { (objects["obj:\(ref)"] as? [String: Any])?["stream"] != nil }

    /// `value` itself, or the object it refers to when it is a reference.
    func resolve(_ value: Any?) -> Any? {
        guard let s = value as? String, s.hasSuffix(" R"), let o = objects["obj:\(s)"] as? [String: Any] else { return value }
        return o["value"] ?? (o["stream"] as? [String: Any])?["dict"]
    }

    /// Page 1's annotation dictionaries.
    var annotations: [[String: Any]] {
        ((resolve(page1["/Annots"]) as? [Any]) ?? []).compactMap { resolve($0) as? [String: Any] }
    }

    /// Page 1's media box, checked to be what the tests assume: unrotated, crop box (if any)
    /// the same, lower-left corner at the origin.
    func pageBox(file: StaticString = #filePath, line: UInt = #line) throws -> Box {
        let media = try XCTUnwrap(Self.rect(resolve(page1["/MediaBox"])), "page 1's /MediaBox in \(page1)", file: file, line: line)
        if let crop = Self.rect(resolve(page1["/CropBox"])) {
            XCTAssertEqual(crop.x1, media.x1, accuracy: 0.01, "crop box = media box", file: file, line: line)
            XCTAssertEqual(crop.y1, media.y1, accuracy: 0.01, file: file, line: line)
            XCTAssertEqual(crop.x2, media.x2, accuracy: 0.01, file: file, line: line)
            XCTAssertEqual(crop.y2, media.y2, accuracy: 0.01, file: file, line: line)
        }
        XCTAssertEqual(Self.number(resolve(page1["/Rotate"])) ?? 0, 0, "page 1 is not rotated", file: file, line: line)
        XCTAssertEqual(media.x1, 0, accuracy: 0.01, "the box starts at the origin", file: file, line: line)
        XCTAssertEqual(media.y1, 0, accuracy: 0.01, file: file, line: line)
        XCTAssertEqual(media.x2, 595.28, accuracy: 0.01, "A4 portrait", file: file, line: line)
        XCTAssertEqual(media.y2, 841.89, accuracy: 0.01, file: file, line: line)
        return media
    }

    static func number(_ value: Any?) -> Double? {
        if let n = value as? NSNumber { return n.doubleValue }
        if let d = value as? Double { return d }
        if let i = value as? Int { return Double(i) }
        return nil
    }

    /// A PDF rectangle, normalised (x1 ≤ x2, y1 ≤ y2).
    static func rect(_ value: Any?) -> Box? {
        guard let a = value as? [Any], a.count == 4 else { return nil }
        let n = a.compactMap(number)
        guard n.count == 4 else { return nil }
        return Box(x1: min(n[0], n[2]), y1: min(n[1], n[3]), x2: max(n[0], n[2]), y2: max(n[1], n[3]))
    }
}
