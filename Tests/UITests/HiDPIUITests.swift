// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// On a 2× screen (`GDK_SCALE=2`) the page's text is as sharp as poppler draws it at twice the
/// resolution: the tiles are rendered at the screen's scale and placed one pixel to one, not
/// drawn at 1× and stretched. Compared with `pdftocairo -r` at the same pixel size.
final class HiDPIUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("compares a screenshot of the window with poppler's rendering")
    }

    /// Grey levels of a region: how many pixels are ink (dark) and how many are edge (mid grey).
    private struct Edges {
        var dark = 0, mid = 0
        var blur: Double { Double(mid) / Double(max(dark, 1)) }
    }

    private func edges(width: Int, height: Int, _ grey: (Int, Int) -> Int) -> Edges {
        var e = Edges()
        for y in 0..<height {
            for x in 0..<width {
                let v = grey(x, y)
                if v < 80 { e.dark += 1 } else if v < 200 { e.mid += 1 }
            }
        }
        return e
    }

    func testTextOnATwiceScaledScreenIsAsSharpAsPopplerAtTwiceTheResolution() throws {
        guard AppSession.which("pdftocairo") != nil, AppSession.which("import") != nil else { throw XCTSkip("pdftocairo and ImageMagick are needed") }
        for canvas in ["snapshot", "cairo"] {
            let session = try AppSession()
            let path = session.workDir.appendingPathComponent("words.pdf").path
            try NumberedPagesPDF.data(pages: 1).write(to: URL(fileURLWithPath: path))
            let app = try session.launch([path], environment: ["GDK_SCALE": "2", "PDF_ANNOTATOR_CANVAS": canvas])
            let w = try XCTUnwrap(session.waitForPainted("shown at 2×") { s in
                s.pid == Int(app.processIdentifier) && (s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && !$0.isAnimating } ?? false)
            }?.windows.first)
            if ProcessInfo.processInfo.environment["UI_TEST_RENDERER"] == "gl" {
                XCTAssertEqual(w.renderer, "gl", "the GL pass runs GTK's GL renderer")
                XCTAssertEqual(w.canvasFrames, canvas == "snapshot" ? "nodes" : "cairo", "\(canvas) canvas")
            } else {
                XCTAssertEqual(w.canvasFrames, canvas == "snapshot" ? "cairo-tiles" : "cairo",
                               "under the cairo renderer the snapshot canvas's tiles are cairo nodes")
            }
            let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
            let page = try XCTUnwrap(w.visiblePages.first)
            let shot = try session.screenshot()
            // The page's words ("Page 1", 24 pt at 60, 500 on an A5 page 595 pt tall), in device
            // pixels: the window's origin is in device pixels already, the view's in logical ones.
            let zoom = page.width / 420
            let device = 2.0
            let left = 55.0, right = 160.0, top = 595 - 500 - 24.0, bottom = 595 - 500 + 8.0
            let x0 = Int(origin.x + (w.canvasX + page.x + left * zoom) * device), y0 = Int(origin.y + (w.canvasY + page.y + top * zoom) * device)
            let cw = Int((right - left) * zoom * device), ch = Int((bottom - top) * zoom * device)
            XCTAssertLessThan(x0 + cw, shot.width); XCTAssertLessThan(y0 + ch, shot.height)
            let app2x = edges(width: cw, height: ch) { x, y in
                let p = shot.pixel(x: x0 + x, y: y0 + y)
                return (p.r + p.g + p.b) / 3
            }
            // poppler at the same pixels per point.
            let reference = session.workDir.appendingPathComponent("poppler")
            _ = session.run("pdftocairo", ["-png", "-gray", "-singlefile", "-r", String(format: "%.3f", 72 * zoom * device), path, reference.path])
            let converted = session.workDir.appendingPathComponent("poppler.ppm")
            _ = session.run("convert", [reference.path + ".png", "-depth", "8", converted.path])
            let poppler = try Screenshot(ppm: Data(contentsOf: converted))
            let px0 = Int(left * zoom * device), py0 = Int(top * zoom * device)
            let popplerEdges = edges(width: cw, height: ch) { x, y in poppler.pixel(x: px0 + x, y: py0 + y).r }
            XCTAssertGreaterThan(popplerEdges.dark, 500, "the reference has the words")
            XCTAssertEqual(Double(app2x.dark), Double(popplerEdges.dark), accuracy: Double(popplerEdges.dark) * 0.2,
                           "\(canvas): as much ink as poppler's (\(app2x.dark) and \(popplerEdges.dark) dark pixels)")
            XCTAssertLessThan(app2x.blur, popplerEdges.blur * 1.25 + 0.02,
                              "\(canvas): edges as sharp as poppler's at 2× (\(app2x.mid) grey to \(app2x.dark) dark, poppler \(popplerEdges.mid) to \(popplerEdges.dark))")
            print("HiDPI \(canvas) (\(w.renderer ?? "?")): app \(app2x.dark) dark / \(app2x.mid) grey (blur \(app2x.blur)); poppler \(popplerEdges.dark) / \(popplerEdges.mid) (blur \(popplerEdges.blur)); region \(cw)×\(ch) px")
            session.quitApps()
        }
    }
}
