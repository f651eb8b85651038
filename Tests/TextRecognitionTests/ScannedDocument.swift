// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Foundation
import XCTest

/// A scanned document made for a test: text pages drawn into 300 dpi images with cairo (kept
/// as PNG files for the `tesseract` command), then wrapped one image a page in a PDF that has no
/// text at all, as a scanner writes it.
struct ScannedDocument {
    static let dpi = 300.0
    /// A5 portrait, in points.
    static let pageSize = (width: 420.0, height: 595.0)

    /// What the pages say: a few paragraphs of plain English, one list of lines a page.
    static let pages: [[String]] = [
        ["The quick brown fox jumps over the lazy dog near",
         "the river bank, while seven patient herons watch",
         "from the reeds. Every morning the ferry leaves",
         "at eight o'clock and returns before noon with",
         "letters, parcels and fresh bread for the village.",
         "Nobody remembers when the old bridge collapsed."],
        ["Invoice number 4711 was paid on the third of May.",
         "Please keep this receipt together with the signed",
         "contract; the warranty covers parts and labour for",
         "two years from the date of delivery. Questions",
         "about your order may be sent to the support desk",
         "between nine and five on working days."],
    ]

    let pdf: String
    let images: [String]

    /// Writes the images and the PDF into `folder`.
    init(in folder: String) throws {
        let scale = Self.dpi / 72
        let width = Int32((Self.pageSize.width * scale).rounded()), height = Int32((Self.pageSize.height * scale).rounded())
        var images: [String] = []
        for (n, lines) in Self.pages.enumerated() {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
            let cr = cairo_create(surface)!
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 11 * scale)
            for (i, line) in lines.enumerated() {
                cairo_move_to(cr, 40 * scale, (70 + Double(i) * 22) * scale)
                cairo_show_text(cr, line)
            }
            cairo_destroy(cr)
            let path = folder + "/page-\(n + 1).png"
            XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
            cairo_surface_destroy(surface)
            images.append(path)
        }
        self.images = images
        pdf = folder + "/scan.pdf"
        let document = cairo_pdf_surface_create(pdf, Self.pageSize.width, Self.pageSize.height)!
        let cr = cairo_create(document)!
        for image in images {
            let picture = cairo_image_surface_create_from_png(image)!
            cairo_save(cr)
            cairo_scale(cr, 1 / scale, 1 / scale)
            cairo_set_source_surface(cr, picture, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
            cairo_show_page(cr)
            cairo_surface_destroy(picture)
        }
        cairo_destroy(cr)
        cairo_surface_finish(document)
        XCTAssertEqual(cairo_surface_status(document), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(document)
    }
}

/// Command-line tools that judge the results; a test whose tool is missing skips and says so.
enum Tool {
    static func path(_ tool: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
            return "\(folder)/\(tool)"
        }
        throw XCTSkip("\(tool) is not installed (tools/install-deps.sh installs it)")
    }

    /// Runs the tool to its end: its status and standard output.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path(tool))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The words `tesseract` reads on an image (TSV output, level 5 rows), with their boxes in pixels.
    static func tesseractWords(_ image: String, language: String = "eng") throws -> [(text: String, x: Double, y: Double, w: Double, h: Double)] {
        let result = try run("tesseract", [image, "-", "-l", language, "--dpi", "300", "tsv"])
        XCTAssertEqual(result.status, 0)
        return result.output.split(separator: "\n").dropFirst().compactMap { row in
            let f = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 12, f[0] == "5" else { return nil }
            let text = String(f[11]).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, let x = Double(f[6]), let y = Double(f[7]), let w = Double(f[8]), let h = Double(f[9]) else { return nil }
            return (text, x, y, w, h)
        }
    }

    /// A word as a search looks for it: letters and digits only.
    static func searchable(_ word: String) -> String {
        String(word.filter { $0.isLetter || $0.isNumber })
    }
}
