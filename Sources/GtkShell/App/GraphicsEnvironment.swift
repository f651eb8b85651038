// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// What GDK is told before it opens the display. GTK 4.8 sets up OpenGL when it opens an X
/// display, whatever renderer will draw: it loads Mesa and, on a machine without a GPU,
/// llvmpipe and LLVM. On this project's machines that is 45–60 ms of start-up and 58 MiB of
/// resident memory spent before the first window, for nothing when the cairo renderer is asked
/// for (`GSK_RENDERER=cairo`) — the canvas draws with cairo and nothing else here uses GL. In
/// that case GDK is told to leave OpenGL alone (its documented `gl-disable` debug key); with
/// any other renderer, or none named, GTK chooses as it always does.
enum GraphicsEnvironment {
    /// The GDK debug keys to run with, given the environment's `GSK_RENDERER` and `GDK_DEBUG`;
    /// nil when `GDK_DEBUG` should stay as it is.
    static func gdkDebugKeys(renderer: String?, debugKeys: String?) -> String? {
        guard renderer?.lowercased() == "cairo" else { return nil }
        let keys = (debugKeys ?? "").split(whereSeparator: { ",: ;".contains($0) }).map { $0.lowercased() }
        guard !keys.contains("gl-disable"), !keys.contains("all") else { return nil }
        return (keys + ["gl-disable"]).joined(separator: ",")
    }

    /// Sets `GDK_DEBUG` for the process. Call before GTK starts and before any thread does.
    static func prepare() {
        let renderer = getenv("GSK_RENDERER").map { String(cString: $0) }
        let debugKeys = getenv("GDK_DEBUG").map { String(cString: $0) }
        if let keys = gdkDebugKeys(renderer: renderer, debugKeys: debugKeys) {
            setenv("GDK_DEBUG", keys, 1)
        }
    }
}
