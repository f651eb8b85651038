// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Foundation
@testable import Rendering
import XCTest

/// Tile pixels of a huge page or more are mapped to be backed by transparent huge pages (their
/// mapping starts on a 2 MiB boundary and carries the kernel's huge-page advice), so that a
/// page-1 rendering is faulted in 2 MiB at a time; smaller tiles are mapped as before.
final class TileHugePagesTests: XCTestCase {
    /// A 1920×1080 rendering (8 MB) starts on a huge-page boundary, its mapping is advised for
    /// huge pages, and it still draws and gives rows back like any tile.
    func testALargeRenderingIsMappedForHugePages() throws {
        try XCTSkipUnless(TilePixels.usesHugePages, "PDF_ANNOTATOR_TILE_HUGEPAGES=0")
        let surface = try XCTUnwrap(TilePixels.makeSurface(width: 1920, height: 1080))
        let base = Int(bitPattern: cairo_image_surface_get_data(surface)) - TilePixels.headerBytes
        XCTAssertEqual(base % TilePixels.hugePage, 0, "the mapping starts on a huge-page boundary")
        XCTAssertEqual(Self.vmFlags(containing: base)?.contains("hg"), true, "the mapping is advised for huge pages")
        let cr = try XCTUnwrap(cairo_create(surface))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let pixel = cairo_image_surface_get_data(surface).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        XCTAssertEqual(pixel, 0xFFFF_FFFF, "the rendering draws")
        XCTAssertGreaterThan(TilePixels.releaseRows(of: surface, above: 540), 0, "rows are given back")
        cairo_surface_destroy(surface)
    }

    /// A tile smaller than a huge page is mapped without the advice (it could not fill one).
    func testASmallTileIsMappedInSmallPages() throws {
        let surface = try XCTUnwrap(TilePixels.makeSurface(width: 256, height: 256))
        defer { cairo_surface_destroy(surface) }
        let base = Int(bitPattern: cairo_image_surface_get_data(surface)) - TilePixels.headerBytes
        XCTAssertEqual(Self.vmFlags(containing: base)?.contains("hg"), false)
    }

    /// The `VmFlags` of the mapping holding `address` in /proc/self/smaps; nil when none does.
    private static func vmFlags(containing address: Int) -> [Substring]? {
        // Read to its end: a /proc file says it is empty.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? handle.readToEnd(),
              let smaps = String(data: data, encoding: .utf8) else { return nil }
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = Int(line[..<dash], radix: 16), let end = Int(line[line.index(after: dash)..<space], radix: 16) {
                inside = (start..<end).contains(address)
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return nil
    }
}
