// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// With the desktop asking for high contrast, the page view's overlays follow GTK's
/// HighContrast theme: selected text is tinted darker and each of its lines ringed with a solid
/// dark outline, where the usual look is a light blue tint alone.
final class HighContrastUITests: XCTestCase {
    override func setUpWithError() throws {
        try AppSession.skipUnderWayland("selects with Ctrl+A through xdotool and counts the selection's tint in a screenshot")
    }

    /// Ctrl+A over page 1, then how many screen pixels have the usual light selection tint and
    /// how many the high-contrast outline's dark accent.
    private func selectionTints(environment: [String: String]) throws -> (light: Int, strong: Int, highContrast: Bool?) {
        let session = try AppSession()
        try session.launch([AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path], environment: environment)
        _ = try XCTUnwrap(session.waitFor("the document") { s in s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false })
        session.xdotool("key", "ctrl+a")
        let selected = try XCTUnwrap(session.waitForPainted("page 1's text selected") { s in
            s.windows.first.map { ($0.selectedText?.count ?? 0) > 100 } ?? false
        }?.windows.first)
        let shot = try session.screenshot()
        var light = 0, strong = 0
        for y in stride(from: 0, to: shot.height, by: 2) {
            for x in stride(from: 0, to: shot.width, by: 2) {
                let c = shot.pixel(x: x, y: y)
                if c.b > c.r + 35, c.b > 180, c.r >= 176, c.r <= 200, c.g >= 202 { light += 1 }
                if c.r <= 30, c.g >= 30, c.g <= 70, c.b >= 135, c.b <= 180 { strong += 1 }
            }
        }
        return (light, strong, selected.highContrast)
    }

    func testSelectedTextIsTintedStronglyUnderHighContrast() throws {
        let normal = try selectionTints(environment: [:])
        XCTAssertEqual(normal.highContrast, false)
        XCTAssertGreaterThan(normal.light, 500, "the usual light tint over the selected lines (\(normal))")
        let high = try selectionTints(environment: ["GTK_THEME": "HighContrast"])
        XCTAssertEqual(high.highContrast, true, "GTK_THEME=HighContrast is followed")
        XCTAssertGreaterThan(high.strong, 500, "solid outlines round the selected lines (\(high))")
        XCTAssertLessThan(high.light, high.strong / 10, "not the light one (\(high))")
        XCTAssertLessThan(normal.strong, normal.light / 10, "the usual look has no such outlines (\(normal))")
    }
}
