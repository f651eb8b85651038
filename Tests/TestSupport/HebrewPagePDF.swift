// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A page of four Hebrew lines drawn glyph by glyph from right to left, as a Hebrew book's PDF
/// has them (one line holds a number), made with pycairo: the page poppler-glib 22.12 reads
/// with lines missing.
public enum HebrewPagePDF {
    public static let lines = [["שלום", "עולם"], ["שורה", "שניה", "כאן"], ["גרסה", "2024", "של", "הספר"], ["תודה", "רבה"]]

    static let script = """
    import sys, json, cairo
    lines = json.loads(sys.argv[2])
    surface = cairo.PDFSurface(sys.argv[1], 420, 595)
    ctx = cairo.Context(surface)
    ctx.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
    ctx.set_font_size(16)
    space = ctx.text_extents(" ").x_advance * 1.5
    y = 80
    for words in lines:
        x = 380
        for word in words:
            if word.isdigit():
                x -= ctx.text_extents(word).x_advance
                ctx.move_to(x, y); ctx.show_text(word)
            else:
                for ch in word:
                    x -= ctx.text_extents(ch).x_advance
                    ctx.move_to(x, y); ctx.show_text(ch)
            x -= space
        y += 30
    surface.finish()
    """

    /// Writes the page to `path`; `nil` when it worked, else why not (no Debian python3 with
    /// pycairo: tools/install-deps.sh installs python3-cairo).
    public static func write(to path: String) -> String? {
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is not installed" }
        guard let json = try? JSONSerialization.data(withJSONObject: lines) else { return "the lines do not encode" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path, String(decoding: json, as: UTF8.self)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return "\(python) did not start: \(error)" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "pycairo could not make the page: \(String(decoding: output, as: UTF8.self))"
    }
}
