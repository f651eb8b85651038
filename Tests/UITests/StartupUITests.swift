// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What the app loads to start: with the cairo renderer, OpenGL (Mesa, llvmpipe, LLVM) is never
/// set up — it used to cost 45–60 ms and 58 MiB before the first window.
final class StartupUITests: XCTestCase {
    let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path

    /// The shared libraries mapped into the app once `sample` is shown, launched with `changes`.
    private func librariesMapped(_ session: AppSession, environment changes: [String: String]) throws -> [String] {
        let app = try session.launch([sample], environment: changes)
        session.waitFor("sample shown") { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 } ?? false
        }
        // procfs files report no size: read until the end instead of by length.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(app.processIdentifier)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        handle.closeFile()
        session.quitApps()
        return maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
        }.filter { $0.hasPrefix("/") }
    }

    private func opensGL(_ libraries: [String]) -> Bool {
        libraries.contains { path in
            let name = (path as NSString).lastPathComponent
            return name.hasPrefix("libEGL_mesa") || name.hasPrefix("libGLX_mesa") || name.hasPrefix("libLLVM")
                || name.hasSuffix("_dri.so")
        }
    }

    func testCairoRendererStartsWithoutSettingUpOpenGL() throws {
        let session = try AppSession()
        let cairo = try librariesMapped(session, environment: ["GSK_RENDERER": "cairo"])
        XCTAssertTrue(cairo.contains { $0.contains("libgtk-4") }, "the maps were read from the app")
        XCTAssertFalse(opensGL(cairo), "OpenGL was set up for the cairo renderer: \(cairo.filter { $0.contains("GL") || $0.contains("LLVM") })")

        // The same check sees OpenGL where GTK does set it up, so the absence above means something.
        let gl = try librariesMapped(session, environment: ["GSK_RENDERER": "gl"])
        guard opensGL(gl) else { throw XCTSkip("GTK sets up no OpenGL here even for the GL renderer (no Mesa driver)") }
    }
}
