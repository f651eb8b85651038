// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import GtkShell

/// A picture file becomes a stamp's picture: a JPEG photo keeps a JPEG to be stored as it is,
/// a PNG stays lossless.
final class StampPictureTests: XCTestCase {
    private func make(_ name: String) throws -> String {
        guard let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("ImageMagick is installed by tools/install-deps.sh")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)-\(name)").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = ["-size", "640x480", "gradient:orange-navy", path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("ImageMagick could not write \(name)") }
        return path
    }

    func testAJPEGPhotoKeepsAJPEGAndAPNGDoesNot() throws {
        let jpegPath = try make("photo.jpg"), pngPath = try make("logo.png")
        defer { try? FileManager.default.removeItem(atPath: jpegPath); try? FileManager.default.removeItem(atPath: pngPath) }
        let photo = try StampPicture.load(path: jpegPath).get()
        XCTAssertEqual(photo.pixelWidth, 640)
        XCTAssertEqual(photo.pixelHeight, 480)
        let jpeg = try XCTUnwrap(photo.jpeg?.bytes, "a photo keeps a JPEG")
        XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8], "a JPEG file")
        XCTAssertLessThan(jpeg.count, photo.samples.bytes.count / 4)
        let logo = try StampPicture.load(path: pngPath).get()
        XCTAssertNil(logo.jpeg, "a PNG stays lossless")
        XCTAssertEqual(logo.samples.bytes.count, 640 * 480 * 3)
    }
}
