// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
@testable import GtkShell
import TestSupport
import XCTest

/// Printing through GTK's print operation, exported to a PDF file as "Print to File" does: every
/// page, landscape pages on turned paper, and the unsaved annotations drawn on them (checked with
/// qpdf and MuPDF, not poppler).
final class PrintingTests: XCTestCase {
    private static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: FileManager.default.isExecutableFile)
    }

    private func run(_ path: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }

    /// Pixels clearly red (the square's colour) in page 1 of `pdf` as MuPDF draws it.
    private func redPixels(_ pdf: String, mutool: String, in folder: URL) throws -> Int {
        let pnm = folder.appendingPathComponent(UUID().uuidString + ".pnm").path
        _ = try run(mutool, ["draw", "-q", "-r", "36", "-c", "rgb", "-F", "pnm", "-o", pnm, pdf, "1"])
        let image = try PNMImage(path: pnm)
        var count = 0
        for i in stride(from: 0, to: image.pixels.count - 2, by: 3)
        where image.pixels[i] > 200 && image.pixels[i + 1] < 80 && image.pixels[i + 2] < 80 { count += 1 }
        return count
    }

    func testExportingThroughThePrintOperationGivesEveryPageWithTheUnsavedAnnotations() throws {
        try GtkTestDisplay.require()
        guard let qpdf = tool("qpdf"), let mutool = tool("mutool") else { throw XCTSkip("qpdf and mutool are installed by tools/install-deps.sh") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("print-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = folder.appendingPathComponent("sample.pdf").path
        try FileManager.default.copyItem(atPath: Self.repo.appendingPathComponent("data/sample.pdf").path, toPath: sample)

        // A red square on page 1, not saved: printing shows what the user sees.
        let editor = try DocumentEditor.open(path: sample, password: nil)
        _ = editor.annotations(on: PageIndex(0))
        let square = try XCTUnwrap(Annotation.shape(.square, from: Point(x: 100, y: 300), to: Point(x: 400, y: 500), on: PageIndex(0),
                                                    style: AnnotationStyle(color: RGBColor(red: 1, green: 0, blue: 0), width: 12,
                                                                           fill: RGBColor(red: 1, green: 0, blue: 0)),
                                                    stamp: CreationStamp(id: "p0-n1", author: nil, date: "D:20261124000000Z")))
        try editor.perform(EditRecord("Rectangle", .insert([PlacedAnnotation(square, at: 0)])))
        let document = try PopplerDocument.open(path: sample, password: nil).reloaded(from: try editor.currentBytes())

        let out = folder.appendingPathComponent("printed.pdf").path
        let failure = MainActor.assumeIsolated { DocumentPrinter(document: document, title: "sample").export(to: out) }
        XCTAssertNil(failure)

        let json = try JSONSerialization.jsonObject(with: try run(qpdf, ["--json=2", "--json-key=pages", "--json-key=qpdf", out])) as? [String: Any]
        let pages = try XCTUnwrap(json?["pages"] as? [[String: Any]])
        XCTAssertEqual(pages.count, 6, "every page printed")
        let objects = try XCTUnwrap((json?["qpdf"] as? [Any])?.last as? [String: Any])
        func mediaBox(_ page: [String: Any]) -> [Double]? {
            guard let ref = page["object"] as? String, let dict = (objects["obj:\(ref)"] as? [String: Any])?["value"] as? [String: Any] else { return nil }
            return (dict["/MediaBox"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
        }
        let first = try XCTUnwrap(mediaBox(pages[0])), fourth = try XCTUnwrap(mediaBox(pages[3]))
        XCTAssertLessThan(first[2] - first[0], first[3] - first[1], "page 1 on portrait paper")
        XCTAssertGreaterThan(fourth[2] - fourth[0], fourth[3] - fourth[1], "the landscape page 4 on turned paper")
        XCTAssertGreaterThan(try redPixels(out, mutool: mutool, in: folder), 200, "the unsaved square is printed")
        XCTAssertEqual(try redPixels(sample, mutool: mutool, in: folder), 0, "the file itself has no red on page 1")
    }
}
