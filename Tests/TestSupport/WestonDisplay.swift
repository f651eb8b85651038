// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A private Wayland compositor for tests that need one: weston on its headless backend (no
/// screen, no input devices), listening on a socket of its own in a runtime folder of its own,
/// as GNOME's default session would put GTK on Wayland. Clients reach it with
/// `XDG_RUNTIME_DIR` = ``runtimeDirectory`` and `WAYLAND_DISPLAY` = ``socket``.
public struct WestonDisplay {
    /// The compositor; terminate it when done.
    public let process: Process
    /// The folder holding the socket (`XDG_RUNTIME_DIR` for weston and its clients).
    public let runtimeDirectory: URL
    /// The socket's name in ``runtimeDirectory`` (`WAYLAND_DISPLAY`).
    public let socket: String
    /// Where weston writes its log.
    public let log: URL

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts `weston` (at `path`) with one headless output of `width` × `height` logical pixels
    /// in `runtimeDirectory` (made, private to the user, when missing), and returns once its socket
    /// exists: from then on a client's connection is accepted. Fails, with weston's log, when
    /// weston exits first or the socket has not appeared after `timeout` seconds.
    public static func start(path: String, width: Int, height: Int, runtimeDirectory: URL,
                             socket: String = "wayland-test", timeout: TimeInterval = 30) throws -> WestonDisplay {
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let log = runtimeDirectory.appendingPathComponent("weston.log")
        let weston = Process()
        weston.executableURL = URL(fileURLWithPath: path)
        // No weston.ini of the user's; no idle fade or lock while a long test waits.
        weston.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--width=\(width)", "--height=\(height)",
                            "--idle-time=0", "--no-config", "--log=\(log.path)"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
        // Not nested in whatever display the tests were started from.
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        environment.removeValue(forKey: "DISPLAY")
        weston.environment = environment
        weston.standardOutput = FileHandle.nullDevice
        weston.standardError = FileHandle.nullDevice
        try weston.run()

        // Ready is a state: the listening socket is there. Weston binds it after loading its
        // backend and before its shell, but serves no client before both are loaded, so a client
        // that connects from then on finds the shell's globals. (Weston prints nothing on a pipe
        // when it is ready, so the socket is looked for every 10 ms.)
        let socketPath = runtimeDirectory.appendingPathComponent(socket).path
        let deadline = Date().addingTimeInterval(timeout)
        while !isSocket(socketPath) {
            guard weston.isRunning else {
                throw Failure(description: "weston exited (\(weston.terminationStatus)) before its socket appeared: \(contents(of: log))")
            }
            guard Date() < deadline else {
                weston.terminate()
                weston.waitUntilExit()
                throw Failure(description: "weston's socket \(socketPath) did not appear in \(Int(timeout)) s: \(contents(of: log))")
            }
            usleep(10_000)
        }
        return WestonDisplay(process: weston, runtimeDirectory: runtimeDirectory, socket: socket, log: log)
    }

    /// Ends the compositor (its shell clients lose their connection and end too).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFSOCK
    }

    private static func contents(of log: URL) -> String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? "(no log)"
    }
}
