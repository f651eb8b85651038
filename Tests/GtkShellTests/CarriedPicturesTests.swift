// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import DocumentSession
import Geometry
@testable import GtkShell
import XCTest

/// A lasso's selection carried as one: its outlines are one picture made on the carry's first
/// frame, and the release's frame shows the same picture where the selection landed, also when
/// the carry's last steps came with the release and no frame showed them (1,566 dashed
/// outlines drawn again held the release's frame for 100 ms and more).
final class CarriedPicturesTests: XCTestCase {
    private let outlines = (0..<120).map { i in
        Rect(x: 20 + Double(i % 12) * 31.5, y: 30 + Double(i / 12) * 22.25, width: 24.5, height: 13.75)
    }

    private func withContext(_ body: (OpaquePointer) -> Void) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 900, 700) else { return XCTFail("no surface") }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return XCTFail("no context") }
        defer { cairo_destroy(cr) }
        body(cr)
    }

    func testTheReleasesFrameReusesTheCarrysOutlinesWhereverTheSelectionLanded() {
        let pictures = CarriedPictures()
        withContext { cr in
            let carried = FrameModel.Carried(page: PageIndex(0), pageFrame: Rect(x: 0, y: 0, width: 600, height: 800), from: outlines,
                                             outlines: outlines, offset: Vector(dx: 12.5, dy: 3.25), serial: 1)
            pictures.paintOutlines(carried, side: 8, cr: cr)
            pictures.paintOutlines(carried, side: 8, cr: cr)
            XCTAssertEqual(pictures.picturesMade, 1, "one picture for the carry's outlines")
            // The release brought steps no frame showed: the selection is 7 px farther on.
            let landed = outlines.map { $0.offsetBy(Vector(dx: 12.5 + 7, dy: 3.25 - 2.5)) }
            pictures.paintStill(outlines: landed, side: 8, scale: 1, cr: cr)
            pictures.paintStill(outlines: landed, side: 8, scale: 1, cr: cr)
            XCTAssertEqual(pictures.picturesMade, 1, "the release's frames show the carry's picture")
            // Another selection (shapes that changed) is drawn anew.
            pictures.paintStill(outlines: landed.map { Rect(x: $0.minX, y: $0.minY, width: $0.width + 4, height: $0.height) },
                                side: 8, scale: 1, cr: cr)
            XCTAssertEqual(pictures.picturesMade, 2)
        }
    }

    func testOutlinesMatchOnlyWhenEveryOneMovedByTheSameOffset() {
        let moved = outlines.map { $0.offsetBy(Vector(dx: -40.25, dy: 17)) }
        XCTAssertTrue(CarriedPictures.sameMoved(outlines, moved))
        var oneApart = moved
        oneApart[57] = oneApart[57].offsetBy(Vector(dx: 1, dy: 0))
        XCTAssertFalse(CarriedPictures.sameMoved(outlines, oneApart), "one outline moved apart from the others")
        XCTAssertFalse(CarriedPictures.sameMoved(outlines, Array(moved.dropLast())), "one fewer")
    }
}
