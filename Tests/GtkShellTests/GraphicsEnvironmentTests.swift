// SPDX-License-Identifier: GPL-3.0-or-later
@testable import GtkShell
import XCTest

final class GraphicsEnvironmentTests: XCTestCase {
    func testCairoRendererTurnsOffGDKsOpenGLSetUp() {
        XCTAssertEqual(GraphicsEnvironment.gdkDebugKeys(renderer: "cairo", debugKeys: nil), "gl-disable")
        XCTAssertEqual(GraphicsEnvironment.gdkDebugKeys(renderer: "Cairo", debugKeys: ""), "gl-disable")
    }

    func testOtherDebugKeysAreKept() {
        XCTAssertEqual(GraphicsEnvironment.gdkDebugKeys(renderer: "cairo", debugKeys: "events,misc"), "events,misc,gl-disable")
        XCTAssertNil(GraphicsEnvironment.gdkDebugKeys(renderer: "cairo", debugKeys: "gl-disable"))
        XCTAssertNil(GraphicsEnvironment.gdkDebugKeys(renderer: "cairo", debugKeys: "all"))
    }

    func testOtherRenderersAreLeftToGTK() {
        XCTAssertNil(GraphicsEnvironment.gdkDebugKeys(renderer: nil, debugKeys: nil))
        XCTAssertNil(GraphicsEnvironment.gdkDebugKeys(renderer: "gl", debugKeys: "events"))
        XCTAssertNil(GraphicsEnvironment.gdkDebugKeys(renderer: "ngl", debugKeys: nil))
    }
}
