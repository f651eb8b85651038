// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import TestSupport
import XCTest

/// The private display server of the GTK tests, ended at exit.
nonisolated(unsafe) private var testDisplayServer: pid_t = 0
/// Whether GTK could be started (`nil`: not tried yet).
nonisolated(unsafe) private var gtkReady: Bool?

/// GTK for tests that need real widgets: a private Xvfb, started once (GTK cannot be
/// initialised twice) and ended when the test process exits.
enum GtkTestDisplay {
    static func require() throws {
        if ProcessInfo.processInfo.environment["PDF_ANNOTATOR_SKIP_UI_TESTS"] == "1" {
            throw XCTSkip("display tests switched off (PDF_ANNOTATOR_SKIP_UI_TESTS=1)")
        }
        if let ready = gtkReady {
            guard ready else { throw XCTSkip("no display could be started") }
            return
        }
        gtkReady = false
        guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Xvfb is not installed")
        }
        let server = try XvfbDisplay.start(path: xvfb, size: "1024x768x24")
        // GTK keeps its display for the life of this process; the server goes with it.
        testDisplayServer = server.process.processIdentifier
        atexit { if testDisplayServer > 0 { kill(testDisplayServer, SIGTERM) } }
        setenv("DISPLAY", server.name, 1)
        setenv("GDK_BACKEND", "x11", 1)
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("GTK_A11Y", "none", 1)
        guard gtk_init_check() != 0 else { throw XCTSkip("GTK could not open the Xvfb display") }
        gtkReady = true
    }
}
