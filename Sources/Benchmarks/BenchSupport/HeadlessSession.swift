// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An X display (Xvfb) and a D-Bus session bus of a benchmark's own, so that the app it measures
/// runs headless and alone, with the environment to start it in.
public final class HeadlessSession {
    /// The benchmark's environment with `DISPLAY` and `DBUS_SESSION_BUS_ADDRESS` pointing at
    /// this session, GSK's renderer (cairo unless asked otherwise), X11 and no accessibility bus.
    public let environment: [String: String]
    private let xvfb: Process
    private let bus: Process

    public init(screen: String = "1280x900x24", renderer: String = "cairo") throws {
        let (xvfb, display) = try Self.start("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"])
        let (bus, address) = try Self.start("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
        self.xvfb = xvfb
        self.bus = bus
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":" + display
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["GSK_RENDERER"] = renderer
        environment["GDK_BACKEND"] = "x11"
        environment["NO_AT_BRIDGE"] = "1"
        self.environment = environment
    }

    /// Ends the bus and the display.
    public func stop() {
        bus.terminate()
        xvfb.terminate()
    }

    deinit { stop() }

    /// Runs a tool with an environment, waits for it and returns what it printed.
    public static func output(of tool: String, _ arguments: [String], environment: [String: String]? = nil) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        if let environment { p.environment = environment }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try? p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts a helper and returns it with the first line it prints (a display number, an address).
    public static func start(_ tool: String, _ args: [String]) throws -> (Process, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        var line = Data()
        while let byte = try pipe.fileHandleForReading.read(upToCount: 1), let b = byte.first, b != 0x0A { line.append(b) }
        return (p, String(decoding: line, as: UTF8.self))
    }
}
