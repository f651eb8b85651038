// SPDX-License-Identifier: GPL-3.0-or-later
// OCR benchmark (not a test): `swift run -c release ocr-bench [runs]`.
// Draws an A4 page of text at 300 dpi (2480 × 3508 pixels), then times, in the same run and
// alternately, the `tesseract` command on that image (PNG, English, 300 dpi) and the app's
// recognition (TextRecognizer, one engine kept loaded as the app's worker keeps it) on the same
// pixels; prints each median, the ratio, and the ratio with the engine's loading counted too.
import CCairo
import Foundation
import Geometry
import TextRecognition

let runs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 3
let folder = NSTemporaryDirectory() + "ocr-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

// The page: 45 lines of 11 pt serif text on A4.
let scale = 300.0 / 72
let (width, height) = (2480, 3508)
let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
let cr = cairo_create(surface)!
cairo_set_source_rgb(cr, 1, 1, 1)
cairo_paint(cr)
cairo_set_source_rgb(cr, 0, 0, 0)
cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
cairo_set_font_size(cr, 11 * scale)
let words = "the quick brown fox jumps over a lazy dog while seven patient herons watch from the reeds and every morning a ferry leaves at eight with letters parcels and bread".split(separator: " ")
for line in 0..<45 {
    let text = (0..<11).map { words[(line * 7 + $0 * 3) % words.count] }.joined(separator: " ")
    cairo_move_to(cr, 60 * scale, (70 + Double(line) * 16) * scale)
    cairo_show_text(cr, text)
}
cairo_destroy(cr)
cairo_surface_flush(surface)
let png = folder + "/page.png"
guard cairo_surface_write_to_png(surface, png) == CAIRO_STATUS_SUCCESS else { fatalError("could not write \(png)") }
// The same pixels as 8-bit grey.
let stride = Int(cairo_image_surface_get_stride(surface))
let data = cairo_image_surface_get_data(surface)!
var grey = [UInt8](repeating: 255, count: width * height)
for y in 0..<height {
    for x in 0..<width {
        let p = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        grey[y * width + x] = UInt8(clamping: (Int(p >> 16 & 0xFF) * 77 + Int(p >> 8 & 0xFF) * 150 + Int(p & 0xFF) * 29) >> 8)
    }
}
cairo_surface_destroy(surface)

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let command = ["/usr/bin/tesseract", png, folder + "/out", "-l", "eng", "--dpi", "300"]
var commandTimes: [Double] = [], appTimes: [Double] = []
var commandWords = 0, appWords = 0
var loading = 0.0
var recognizer: TextRecognizer!
loading = try seconds { recognizer = try TextRecognizer(language: "eng") }
for _ in 0..<runs {
    commandTimes.append(try seconds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    })
    commandWords = (try String(contentsOfFile: folder + "/out.txt", encoding: .utf8)).split(whereSeparator: { $0.isWhitespace }).count
    appTimes.append(try seconds {
        appWords = try grey.withUnsafeBytes {
            try recognizer.recognize(gray: $0, width: width, height: height, stride: width, pixelsPerPoint: scale).count
        }
    })
}
// Tesseract's data is let go of before the process ends (its cache warns of leaks otherwise).
recognizer = nil
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
let c = median(commandTimes), a = median(appTimes)
print("ocr-bench: A4 at 300 dpi (\(width)×\(height)), \(runs) runs each, alternating, medians")
print("  tesseract command: \(String(format: "%.2f", c)) s (\(commandWords) words)   [\(command.joined(separator: " "))]")
print("  app (TextRecognizer, engine loaded): \(String(format: "%.2f", a)) s (\(appWords) words); loading the engine once: \(String(format: "%.2f", loading)) s")
print("  ratio app/command: \(String(format: "%.2f", a / c))× (goal ≤ 1.2×); with the loading: \(String(format: "%.2f", (a + loading) / c))×")
