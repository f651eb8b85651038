// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Images of a page's content in the running app: a click on an image where there is no text
/// selects it (the state dump's `selectedImage`), Copy Image puts a PNG with the image's own
/// pixels on the clipboard, Save Image As… writes PNG and JPEG at its own resolution, and a
/// damaged image gets a message instead of a crash.
final class ImageSelectionUITests: XCTestCase {
    /// The fixture's image, 4 × 3 pixels, row by row (RGB).
    static let pixels: [[(Int, Int, Int)]] = [
        [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],
        [(0, 0, 0), (255, 255, 0), (0, 255, 255), (255, 0, 255)],
        [(10, 20, 30), (200, 100, 50), (128, 128, 128), (0, 128, 255)],
    ]
    /// Where the page draws it, PDF points (y up): 200 × 150 at (100, 300).
    static let placed = (x: 100.0, y: 300.0, width: 200.0, height: 150.0)

    /// A 420 × 595 page with a line of text at the top and the image below it; `damaged`, the
    /// image's data is a broken JPEG instead; `enormous`, it claims 100,000 × 100,000 pixels.
    static func imagePDF(damaged: Bool = false, enormous: Bool = false) -> Data {
        let hex = pixels.flatMap { $0 }.map { String(format: "%02X%02X%02X", $0.0, $0.1, $0.2) }.joined() + ">"
        let image = enormous
            ? "<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /ASCIIHexDecode /Length 7 >>\nstream\nFF0000>\nendstream"
            : damaged
            ? "<< /Type /XObject /Subtype /Image /Width 640 /Height 480 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter [/ASCIIHexDecode /DCTDecode] /Length 41 >>\nstream\nFFD8FFE000104A46494600DEADBEEF0102030405>\nendstream"
            : "<< /Type /XObject /Subtype /Image /Width 4 /Height 3 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /ASCIIHexDecode /Length \(hex.utf8.count) >>\nstream\n\(hex)\nendstream"
        let p = placed
        let content = "BT /F1 18 Tf 40 540 Td (A picture below) Tj ET q \(Int(p.width)) 0 0 \(Int(p.height)) \(Int(p.x)) \(Int(p.y)) cm /Im1 Do Q"
        return HandWrittenPDF.data(objects: [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 3 0 R /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> >>",
            image,
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ])
    }

    /// Opens `pdf`, waits for its page to show, and clicks the middle of the image.
    private func openAndClickImage(_ session: AppSession, _ pdf: String) throws -> AppSession.Window {
        try session.launch([pdf])
        let shown = try XCTUnwrap(session.waitFor("the page shows") { s in
            s.windows.first.map { $0.missingTiles == 0 && $0.isEditable == true && !$0.visiblePages.isEmpty && $0.layoutSettling != true } ?? false
        })
        let w = try XCTUnwrap(shown.windows.first)
        let page = try XCTUnwrap(w.visiblePages.first)
        let scale = page.width / 420
        let origin = try XCTUnwrap(session.windowOrigin(pid: shown.pid))
        let p = Self.placed
        let x = origin.x + w.canvasX + page.x + (p.x + p.width / 2) * scale
        let y = origin.y + w.canvasY + page.y + (595 - (p.y + p.height / 2)) * scale
        session.xdotool("mousemove", "\(Int(x))", "\(Int(y))")
        session.xdotool("click", "1")
        return try XCTUnwrap(session.waitFor("the click selects the image") { $0.windows.first?.selectedImage != nil }?.windows.first)
    }

    /// The pixels of a PNG file (RGBA, straight alpha), read with pycairo.
    private func pngPixels(_ session: AppSession, _ path: String) throws -> (width: Int, height: Int, rgba: [[Int]]) {
        let script = """
        import cairo, sys
        s = cairo.ImageSurface.create_from_png(sys.argv[1])
        w, h, st, d = s.get_width(), s.get_height(), s.get_stride(), bytes(s.get_data())
        px = []
        for y in range(h):
            for x in range(w):
                b, g, r, a = d[y * st + x * 4: y * st + x * 4 + 4]
                px.append("%d,%d,%d,%d" % ((r * 255 // a, g * 255 // a, b * 255 // a, a) if a else (0, 0, 0, 0)))
        print(w, h, " ".join(px))
        """
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 with pycairo is installed by tools/install-deps.sh") }
        // Debian's own Python, where python3-cairo installs pycairo (not one found first on PATH).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let out = String(decoding: data, as: UTF8.self).split(separator: " ").map(String.init)
        guard out.count >= 2, let w = Int(out[0]), let h = Int(out[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw XCTSkip("pycairo could not read the PNG (python3-cairo missing?)")
        }
        let rgba = out.dropFirst(2).map { $0.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) } }
        return (w, h, rgba)
    }

    private func assertFixturePixels(_ image: (width: Int, height: Int, rgba: [[Int]]), file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, 4, "the image's own width", file: file, line: line)
        XCTAssertEqual(image.height, 3, "the image's own height", file: file, line: line)
        let expected = Self.pixels.flatMap { $0 }.map { [$0.0, $0.1, $0.2, 255] }
        XCTAssertEqual(image.rgba, expected, "the image's pixels, exactly", file: file, line: line)
    }

    func testAClickOnAnImageSelectsItAndCopyImagePutsItsPixelsOnTheClipboard() throws {
        try AppSession.skipUnderWayland("clicks with xdotool and reads the clipboard with xclip")
        guard AppSession.which("xclip") != nil else { throw XCTSkip("xclip is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let pdf = session.workDir.appendingPathComponent("picture.pdf")
        try Self.imagePDF().write(to: pdf)
        let w = try openAndClickImage(session, pdf.path)
        let selected = try XCTUnwrap(w.selectedImage)
        XCTAssertEqual(selected.page, 1)
        XCTAssertEqual(selected.x, Self.placed.x, accuracy: 0.5)
        XCTAssertEqual(selected.y, Self.placed.y, accuracy: 0.5)
        XCTAssertEqual(selected.width, Self.placed.width, accuracy: 0.5)
        XCTAssertEqual(selected.height, Self.placed.height, accuracy: 0.5)
        XCTAssertNil(w.selectedText, "no text is selected with the image")

        session.activate("copy-image")
        let clip = session.workDir.appendingPathComponent("clip.png").path
        session.waitFor("Copy Image puts a PNG on the clipboard") { _ in
            session.run("sh", ["-c", "timeout 5 xclip -selection clipboard -t image/png -o > '\(clip)' 2>/dev/null; head -c 8 '\(clip)' | od -An -c"]).contains("P   N   G")
        }
        assertFixturePixels(try pngPixels(session, clip))

        // The context menu offers both; a click on the page beside the image lets go of it.
        session.xdotool("click", "3")
        let menu = session.waitFor("the menu offers the image's items") { $0.windows.first?.contextMenu?.contains("Copy Image") == true }
        XCTAssertEqual(menu?.windows.first?.contextMenu?.contains("Save Image As…"), true)
        session.xdotool("key", "Escape")
        session.waitFor("the menu closes") { $0.windows.first?.contextMenu == nil }
        let page = try XCTUnwrap(w.visiblePages.first), scale = page.width / 420
        let origin = try XCTUnwrap(session.windowOrigin(pid: try XCTUnwrap(session.state()).pid))
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + page.x + 380 * scale))", "\(Int(origin.y + w.canvasY + page.y + 220 * scale))", "click", "1")
        session.waitFor("a click beside the image lets go of it") { $0.windows.first?.selectedImage == nil }
    }

    func testSaveImageWritesPNGAndJPEGAtTheImagesOwnResolution() throws {
        try AppSession.skipUnderWayland("clicks with xdotool")
        let session = try AppSession()
        let pdf = session.workDir.appendingPathComponent("picture.pdf")
        try Self.imagePDF().write(to: pdf)
        _ = try openAndClickImage(session, pdf.path)
        let png = session.workDir.appendingPathComponent("out.png").path
        session.activate("save-image-to", "[<'\(png)'>]")
        session.waitFor("the PNG is written") { _ in FileManager.default.fileExists(atPath: png) }
        assertFixturePixels(try pngPixels(session, png))

        let jpeg = session.workDir.appendingPathComponent("out.jpg").path
        session.activate("save-image-to", "[<'\(jpeg)'>]")
        session.waitFor("the JPEG is written") { _ in FileManager.default.fileExists(atPath: jpeg) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: jpeg)))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG file")
        // The frame header (SOF0) gives its size: height then width.
        let sof = try XCTUnwrap((0..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        XCTAssertEqual(Int(bytes[sof + 5]) << 8 | Int(bytes[sof + 6]), 3)
        XCTAssertEqual(Int(bytes[sof + 7]) << 8 | Int(bytes[sof + 8]), 4)
        XCTAssertNil(session.state()?.windows.first?.dialog, "no message")
    }

    func testADamagedImageGivesAMessageNotACrash() throws {
        try AppSession.skipUnderWayland("clicks with xdotool")
        let session = try AppSession()
        let pdf = session.workDir.appendingPathComponent("damaged.pdf")
        try Self.imagePDF(damaged: true).write(to: pdf)
        let w = try openAndClickImage(session, pdf.path)
        XCTAssertEqual(w.selectedImage?.page, 1)
        let out = session.workDir.appendingPathComponent("out.png").path
        session.activate("save-image-to", "[<'\(out)'>]")
        let asked = session.waitFor("a message says the image cannot be read") { s in
            s.windows.first.map { $0.dialog == "image-unreadable" || $0.dialog == "image-too-large" } ?? false
        }
        XCTAssertEqual(asked?.windows.first?.dialog, "image-unreadable")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing is written")
        XCTAssertTrue(session.apps.allSatisfy(\.isRunning), "the app goes on")
    }

    func testAnEnormousImageGivesAMessageNotACrash() throws {
        try AppSession.skipUnderWayland("clicks with xdotool")
        let session = try AppSession()
        let pdf = session.workDir.appendingPathComponent("enormous.pdf")
        try Self.imagePDF(enormous: true).write(to: pdf)
        _ = try openAndClickImage(session, pdf.path)
        session.activate("copy-image")
        let asked = session.waitFor("a message says the image is too large") { s in
            s.windows.first.map { $0.dialog == "image-too-large" || $0.dialog == "image-unreadable" } ?? false
        }
        XCTAssertEqual(asked?.windows.first?.dialog, "image-too-large")
        XCTAssertTrue(session.apps.allSatisfy(\.isRunning), "the app goes on")
    }
}
