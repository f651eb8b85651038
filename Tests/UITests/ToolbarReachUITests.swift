// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The annotation toolbar in a narrow window: every one of its buttons lies inside the window
/// (they wrap onto another row rather than running past the right edge), and the last one, the
/// Zoom Strip toggle, works when pressed there. Read from the state dump
/// (`toolbarButtonFrames`, `windowFrame`).
final class ToolbarReachUITests: XCTestCase {
    func testEveryToolbarButtonIsInsideANarrowWindowAndTheLastOneWorks() throws {
        try AppSession.skipUnderWayland("resizes the window and clicks with xdotool")
        let session = try AppSession()
        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample])
        session.waitFor("the sample shown") { s in
            s.pid == Int(app.processIdentifier) && s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }
        session.activate("toggle-toolbar")
        let id = try XCTUnwrap(session.windowID(pid: Int(app.processIdentifier)))
        /// Every button inside the window, none hidden: the state once that holds.
        func inReach(_ s: AppSession.State, narrowerThan width: Double) -> Bool {
            guard let w = s.windows.first, let window = w.windowFrame, window[2] < width, w.toolbarShown,
                  let frames = w.toolbarButtonFrames, !frames.isEmpty else { return false }
            return frames.values.allSatisfy { f in
                f.count == 4 && f[0] >= window[0] && f[0] + f[2] <= window[0] + window[2] + 0.5
                    && f[1] >= window[1] && f[1] + f[3] <= window[1] + window[3] + 0.5
            }
        }
        var narrowest = 2000.0
        for width in [1000, 720] {
            session.xdotool("windowsize", id, "\(width)", "700")
            let state = try XCTUnwrap(session.waitFor("every toolbar button inside a window \(width) px wide (or as narrow as it goes)") { s in
                inReach(s, narrowerThan: Double(width) + 1) || inReach(s, narrowerThan: narrowest - 20)
            }?.windows.first)
            narrowest = try XCTUnwrap(state.windowFrame?[2])
            let frames = try XCTUnwrap(state.toolbarButtonFrames)
            XCTAssertTrue(frames.keys.contains("win.tool::pen") && frames.keys.contains("win.ruler") && frames.keys.contains("win.zoom-strip"),
                          "the tools, the ruler and the zoom strip are all listed: \(frames.keys.sorted())")
        }
        XCTAssertLessThan(narrowest, 1000, "the window did get narrower")
        // Pressed where the dump says it is, the last button shows the zoom strip.
        let state = try XCTUnwrap(session.state()?.windows.first)
        let button = try XCTUnwrap(state.toolbarButtonFrames?["win.zoom-strip"])
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        session.xdotool("mousemove", "\(Int(origin.x + button[0] + button[2] / 2))", "\(Int(origin.y + button[1] + button[3] / 2))", "click", "1")
        session.waitFor("the Zoom Strip button, pressed in the narrow window, shows the strip") { $0.windows.first?.zoomStrip?.shown == true }
        session.quitApps()
    }
}
