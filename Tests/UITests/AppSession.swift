// SPDX-License-Identifier: GPL-3.0-or-later
import BenchSupport
import Foundation
import StateSnapshot
import InteractionEngine
import TestSupport
import XCTest

/// The real `pdf-annotator` binary on its own Xvfb display and D-Bus session bus, driven with
/// xdotool, observed through the app's `--state-file` JSON dump and screenshots.
///
/// With `UI_TEST_DISPLAY=wayland` the app runs on Wayland instead, as in GNOME's default session:
/// on a weston of its own on weston's headless backend (`GDK_BACKEND=wayland`), beside the same
/// private bus. Nothing X can reach it there: no xdotool, no `import` of the root window, no X
/// clipboard. Replayed input (`--replay-input`), D-Bus actions and the state dump work alike on
/// both; a test that needs an X tool says so with ``skipUnderWayland(_:)`` before it starts a
/// session.
final class AppSession {
    /// The state dump as the app writes it (one definition, in StateSnapshot).
    typealias State = StateSnapshot
    typealias Window = WindowSnapshot
    typealias VisiblePage = WindowSnapshot.VisiblePage
    typealias FormField = FormFieldSnapshot
    typealias Annotation = AnnotationSnapshot

    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sharedPDFs = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/pdfs")

    /// The developer PDF set's folder (``sharedPDFs`` unless another is given), or an `XCTSkip`
    /// saying where it was looked for, so that a checkout without the set skips instead of failing.
    static func requireSharedPDFs(in folder: URL = sharedPDFs) throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("developer PDF set not found at \(folder.path)")
        }
        return folder
    }

    /// The path of `name` in the developer PDF set, or an `XCTSkip` naming what is missing: the
    /// folder, or the file in it. Call it before starting an ``AppSession``, so that a skipped
    /// test starts no display.
    static func sharedPDF(_ name: String, in folder: URL = sharedPDFs) throws -> String {
        let path = try requireSharedPDFs(in: folder).appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(name) is not in the developer PDF set at \(folder.path)")
        }
        return path
    }

    static var binary: String {
        if let env = ProcessInfo.processInfo.environment["PDF_ANNOTATOR_BINARY"] { return env }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = testBinary.deletingLastPathComponent()
        // On Linux the test runner is `<build>/debug/<name>.xctest`; the app sits beside it.
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("pdf-annotator").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return repoRoot.appendingPathComponent(".build/debug/pdf-annotator").path
    }

    /// The display server the app draws on.
    enum DisplayKind: String {
        /// Xvfb, with GDK's X11 backend (the default).
        case x11
        /// weston's headless backend, with GDK's Wayland backend (`UI_TEST_DISPLAY=wayland`).
        case wayland
    }

    /// The display server this run of the tests uses (`UI_TEST_DISPLAY`: `x11`, the default, or
    /// `wayland`).
    static var displayKind: DisplayKind {
        ProcessInfo.processInfo.environment["UI_TEST_DISPLAY"].flatMap(DisplayKind.init(rawValue:)) ?? .x11
    }

    static var isWayland: Bool { displayKind == .wayland }

    /// Skips the test under Wayland, saying `why` (the X tool it cannot do without). Call it
    /// first, before a session starts a display.
    static func skipUnderWayland(_ why: String) throws {
        if isWayland { throw XCTSkip("X only (UI_TEST_DISPLAY=wayland): \(why)") }
    }

    let workDir: URL
    /// The X display (":3") under X11; the Wayland socket's name under Wayland.
    let display: String
    let busAddress: String
    /// `XDG_RUNTIME_DIR` of weston and the app, under Wayland.
    private var runtimeDirectory: URL?
    private var xvfb: Process?
    private var weston: WestonDisplay?
    private var bus: Process?
    private(set) var apps: [Process] = []
    var stateFile: URL { workDir.appendingPathComponent("state.json") }

    /// Starts Xvfb on a free display (or, under Wayland, a headless weston on a socket of its
    /// own) with a screen of `screenWidth`×`screenHeight` device pixels and a private session
    /// bus; skips the test when UI tests are switched off or the display server is missing.
    init(screenWidth: Int = 1280, screenHeight: Int = 900) throws {
        if ProcessInfo.processInfo.environment["PDF_ANNOTATOR_SKIP_UI_TESTS"] == "1" {
            throw XCTSkip("UI tests switched off (PDF_ANNOTATOR_SKIP_UI_TESTS=1)")
        }
        let serverPath: String
        switch Self.displayKind {
        case .x11:
            guard let path = Self.which("Xvfb") else { throw XCTSkip("Xvfb is not installed") }
            serverPath = path
        case .wayland:
            guard let path = Self.which("weston") else { throw XCTSkip("weston is not installed (tools/install-deps.sh installs it)") }
            serverPath = path
        }
        workDir = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-annotator-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workDir, withIntermediateDirectories: true)

        switch Self.displayKind {
        case .x11:
            let server = try XvfbDisplay.start(path: serverPath, size: "\(screenWidth)x\(screenHeight)x24")
            xvfb = server.process
            display = server.name
        case .wayland:
            // The same screen size as Xvfb's; weston's runtime folder is the session's own.
            let runtime = workDir.appendingPathComponent("runtime")
            let server = try WestonDisplay.start(path: serverPath, width: screenWidth, height: screenHeight, runtimeDirectory: runtime, socket: "wayland-ui")
            weston = server
            runtimeDirectory = runtime
            display = server.socket
        }

        let b = Process()
        b.executableURL = URL(fileURLWithPath: Self.which("dbus-daemon") ?? "/usr/bin/dbus-daemon")
        b.arguments = ["--session", "--nofork", "--print-address=1"]
        let bOut = Pipe()
        b.standardOutput = bOut
        b.standardError = FileHandle.nullDevice
        try b.run()
        bus = b
        busAddress = XvfbDisplay.readLine(bOut.fileHandleForReading)
    }

    deinit {
        for app in apps where app.isRunning { app.terminate(); app.waitUntilExit() }
        bus?.terminate()
        xvfb?.terminate()
        xvfb?.waitUntilExit()
        weston?.stop()
        try? FileManager.default.removeItem(at: workDir)
    }

    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        switch Self.displayKind {
        case .x11:
            env["DISPLAY"] = display
            env["GDK_BACKEND"] = "x11"
            env.removeValue(forKey: "WAYLAND_DISPLAY")
        case .wayland:
            // Wayland only: GTK must not fall back to an X display the tests were started from.
            env["WAYLAND_DISPLAY"] = display
            env["XDG_RUNTIME_DIR"] = runtimeDirectory?.path
            env["GDK_BACKEND"] = "wayland"
            env.removeValue(forKey: "DISPLAY")
        }
        env["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        // GTK's cairo renderer, or the one UI_TEST_RENDERER names (tools/test.sh runs the view,
        // curl, tool and pen tests once more with "gl").
        env["GSK_RENDERER"] = ProcessInfo.processInfo.environment["UI_TEST_RENDERER"] ?? "cairo"
        env["NO_AT_BRIDGE"] = "1"
        // The dump says what was painted and which input was handled (framesPainted, painted,
        // lastInputPosition): tests wait for those, not for time.
        env["PDF_ANNOTATOR_DUMP_PROGRESS"] = "1"
        env["GTK_A11Y"] = "none"
        // Journals and other per-user state stay in the session's own folder.
        env["XDG_STATE_HOME"] = workDir.appendingPathComponent("state").path
        env["XDG_DATA_HOME"] = workDir.appendingPathComponent("data").path
        // So are the settings (input.json): what one test sets never reaches another.
        env["XDG_CONFIG_HOME"] = workDir.appendingPathComponent("config").path
        return env
    }

    /// Launches the app with `arguments`, its environment changed by `changes`; the state file
    /// is added for the first launch only (a second launch hands its files to the first and exits).
    /// `binary` runs another copy of the app than the one built.
    @discardableResult
    func launch(_ arguments: [String], withStateFile: Bool = true, environment changes: [String: String] = [:],
                binary: String = AppSession.binary) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = (withStateFile ? ["--state-file", stateFile.path] : []) + arguments
        p.environment = environment.merging(changes) { _, new in new }
        p.currentDirectoryURL = Self.repoRoot
        let log = workDir.appendingPathComponent("app-\(apps.count).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        apps.append(p)
        return p
    }

    var log: String {
        (0..<apps.count).compactMap { try? String(contentsOf: workDir.appendingPathComponent("app-\($0).log"), encoding: .utf8) }.joined()
    }

    /// The state dump, this session's own or `file` (a second instance's).
    func state(from file: URL? = nil) -> State? {
        guard let data = try? Data(contentsOf: file ?? stateFile) else { return nil }
        return try? JSONDecoder().decode(State.self, from: data)
    }

    /// Polls the state dump (this session's, or the one at `stateFile`) until `condition`
    /// holds, failing with `message` after `timeout`.
    @discardableResult
    func waitFor(_ message: String, timeout: TimeInterval = 20, stateFile other: URL? = nil, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (State) -> Bool) -> State? {
        let deadline = Date().addingTimeInterval(timeout)
        var last: State?
        while Date() < deadline {
            // A state read while a bar slides in or out places the page view where it will
            // not stay: a click aimed from it would land elsewhere.
            if let s = state(from: other) {
                last = s
                if s.windows.allSatisfy({ $0.layoutSettling != true }), condition(s) { return s }
            }
            usleep(50_000)
        }
        XCTFail("Timed out waiting for: \(message). Last state: \(String(describing: last)). Log: \(log)", file: file, line: line)
        return nil
    }

    /// Opens `document`, waits until its first view is sharp, returns that view and quits the
    /// app: how a replay test learns where things are before scripting input at them.
    func probe(_ document: String, file: StaticString = #filePath, line: UInt = #line,
               until ready: (Window) -> Bool = { _ in true }) throws -> Window {
        try launch([document])
        // Pages in view too: a window not laid out yet has no tile to miss and no page to show
        // (a probe under Wayland once returned such a window).
        let window = try XCTUnwrap(waitFor("\(document) shown", file: file, line: line) { s in
            s.windows.first.map { $0.content == "document" && !$0.visiblePages.isEmpty && $0.missingTiles == 0 && ready($0) } ?? false
        }?.windows.first, file: file, line: line)
        quitApps()
        return window
    }

    /// Replays `events` into `document` with `--replay-input` and returns the first window once
    /// the replay is done and the view has settled; the app is quit afterwards.
    func replay(_ events: [InputEvent], into document: String, name: String = "input.jsonl",
                file: StaticString = #filePath, line: UInt = #line) throws -> Window {
        let recording = workDir.appendingPathComponent(name)
        try InputRecording(events: events).write(to: recording)
        try launch(["--replay-input", recording.path, document])
        let window = try XCTUnwrap(waitFor("replay \(name) finished", file: file, line: line) { s in
            s.windows.first.map { $0.replayFinished && !$0.isAnimating && $0.missingTiles == 0 } ?? false
        }?.windows.first, file: file, line: line)
        quitApps()
        return window
    }

    /// Waits until `app` has ended (it quit of itself), at most `timeout` seconds; whether it did.
    /// Waits on the process's end, not by polling.
    @discardableResult
    func waitForExit(_ app: Process, timeout: TimeInterval = 30) -> Bool {
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { app.waitUntilExit(); ended.signal() }
        return ended.wait(timeout: .now() + timeout) == .success
    }

    /// Ends every app this session started and forgets their state dump.
    func quitApps() {
        for app in apps where app.isRunning { app.terminate(); app.waitUntilExit() }
        try? FileManager.default.removeItem(at: stateFile)
    }

    /// Kills the newest app as a crash would (SIGKILL: no chance to save or tidy up), checks
    /// that `path` still holds `original` (nothing was saved), and removes the dead app's
    /// state dump so that it cannot answer for the next one.
    func crash(leaving path: String, as original: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try XCTUnwrap(apps.last, "an app to kill", file: file, line: line)
        XCTAssertEqual(kill(app.processIdentifier, SIGKILL), 0, file: file, line: line)
        app.waitUntilExit()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), original, "nothing was saved before the kill", file: file, line: line)
        try? FileManager.default.removeItem(at: stateFile)
    }

    /// Runs xdotool with `arguments` on this display. Under Wayland nothing reaches the app
    /// that way: the test fails, saying it should have skipped (``skipUnderWayland(_:)``) or used
    /// ``key(_:runs:_:file:line:)``.
    @discardableResult
    func xdotool(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) -> String {
        guard !Self.isWayland else {
            XCTFail("xdotool \(arguments.joined(separator: " ")) cannot reach a Wayland client: skip the test under Wayland or use key(_:runs:)",
                    file: file, line: line)
            return ""
        }
        return run("xdotool", arguments)
    }

    /// Presses `keys` (xdotool's names, "ctrl+s") that run the window action `action` (a
    /// shortcut, or the item of a menu that has the keyboard): on X the keys themselves; under
    /// Wayland, where no tool can type into a headless weston, `action` is activated over D-Bus
    /// with `parameter`, which is what the keys do. For the steps around what a test is about
    /// (saving, undoing), not for a test of the keys themselves.
    func key(_ keys: String, runs action: String, _ parameter: String = "[]", file: StaticString = #filePath, line: UInt = #line) {
        if Self.isWayland {
            activate(action, parameter)
        } else {
            xdotool("key", keys, file: file, line: line)
        }
    }

    @discardableResult
    func run(_ tool: String, _ arguments: [String]) -> String {
        HeadlessSession.output(of: Self.which(tool) ?? "/usr/bin/\(tool)", arguments, environment: environment)
    }

    /// The X window id of the app's main window.
    func windowID(pid: Int) -> String? {
        let ids = xdotool("search", "--all", "--pid", "\(pid)", "--onlyvisible", "--name", ".*")
            .split(separator: "\n").map(String.init)
        return ids.first { id in
            let geometry = xdotool("getwindowgeometry", "--shell", id)
            return geometry.split(separator: "\n").contains { $0.hasPrefix("WIDTH=") && (Int($0.dropFirst(6)) ?? 0) > 100 }
        }
    }

    /// The top-left of the app's window on the screen.
    func windowOrigin(pid: Int) -> (x: Double, y: Double)? {
        let ids = xdotool("search", "--all", "--pid", "\(pid)", "--onlyvisible", "--name", ".*")
            .split(separator: "\n").map(String.init)
        for id in ids {
            let geometry = xdotool("getwindowgeometry", "--shell", id)
            var values: [String: Double] = [:]
            for line in geometry.split(separator: "\n") {
                let parts = line.split(separator: "=")
                if parts.count == 2 { values[String(parts[0])] = Double(parts[1]) }
            }
            if let x = values["X"], let y = values["Y"], let w = values["WIDTH"], w > 100 { return (x, y) }
        }
        return nil
    }

    /// A screenshot of the whole display as RGB pixels (X only: under Wayland the test is
    /// skipped here, though it should have said so before starting).
    func screenshot() throws -> Screenshot {
        try Self.skipUnderWayland("a screenshot of the root window with ImageMagick's import")
        let file = workDir.appendingPathComponent("shot.ppm")
        run("import", ["-window", "root", "-depth", "8", file.path])
        return try Screenshot(ppm: Data(contentsOf: file))
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

}

/// An RGB image read from a binary PPM (what `import` writes for `.ppm`).
struct Screenshot {
    let width: Int, height: Int
    private let pixels: [UInt8]
    private let offset: Int

    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var i = 0
        while fields.count < 4, i < bytes.count {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            if i < bytes.count, bytes[i] == 0x23 { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; continue }
            var token: [UInt8] = []
            while i < bytes.count, !(bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) { token.append(bytes[i]); i += 1 }
            fields.append(String(decoding: token, as: UTF8.self))
        }
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]) else {
            throw NSError(domain: "Screenshot", code: 1, userInfo: [NSLocalizedDescriptionKey: "not a P6 PPM"])
        }
        width = w; height = h; pixels = bytes; offset = i + 1
    }

    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let p = offset + (y * width + x) * 3
        return (Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
    }
}

extension AppSession {
    /// Activates a window action of the first window over D-Bus, as a desktop shell or a
    /// remote would (`tool` with `[<'pen'>]`, `finger-draws`, `stamp-picture` …).
    func activate(_ action: String, _ parameter: String = "[]") {
        run("gdbus", ["call", "--session", "--dest", AppSession.applicationID, "--object-path", "/io/github/pdfannotator/PdfAnnotator/window/1",
                      "--method", "org.gtk.Actions.Activate", action, parameter, "{}"])
    }

    static let applicationID = "io.github.pdfannotator.PdfAnnotator"

    /// Presses the left button at `a`, moves to `b` in ten steps and releases (xdotool).
    func drag(from a: (Int, Int), to b: (Int, Int)) {
        xdotool("mousemove", "\(a.0)", "\(a.1)")
        xdotool("mousedown", "1")
        for i in 1...10 {
            xdotool("mousemove", "\(a.0 + (b.0 - a.0) * i / 10)", "\(a.1 + (b.1 - a.1) * i / 10)")
            usleep(15_000)
        }
        xdotool("mouseup", "1")
    }

    /// Ctrl+F from the page, then waits until the search bar has slid in with its entry as the
    /// window's focus (the state dump says `search`): characters typed earlier
    /// would reach the page, where letters are tool keys.
    func openSearchBar(file: StaticString = #filePath, line: UInt = #line) {
        waitFor("the page is the window's focus", file: file, line: line) { $0.windows.first?.focusRegion == "page" }
        xdotool("key", "ctrl+f")
        waitFor("the search entry is the window's focus", file: file, line: line) { s in
            s.windows.first.map { $0.focusRegion == "search" && $0.content == "document" } ?? false
        }
    }

    /// Waits until `pid` shows no window but its main one (a dialog that was closed is gone
    /// from the screen): keys typed from then on cannot reach it.
    func waitForDialogGone(pid: Int, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var ours: [String] = [], main: String?
        while Date() < deadline {
            main = windowID(pid: pid)
            ours = xdotool("search", "--all", "--pid", "\(pid)", "--onlyvisible", "--name", ".*").split(separator: "\n").map(String.init)
            if let main, ours == [main] { return }
            usleep(50_000)
        }
        XCTFail("a window besides the main one is still shown (\(ours), main window \(main ?? "none"))", file: file, line: line)
    }

    /// Waits until the X input focus is on a window of `pid` other than its main window: a modal
    /// question is mapped and takes keys (the dump names a dialog as soon as it is asked).
    func waitForDialogFocus(pid: Int, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws {
        let main = windowID(pid: pid)
        let deadline = Date().addingTimeInterval(timeout)
        var focused = ""
        while Date() < deadline {
            focused = xdotool("getwindowfocus").trimmingCharacters(in: .whitespacesAndNewlines)
            let ours = xdotool("search", "--all", "--pid", "\(pid)", "--onlyvisible", "--name", ".*")
                .split(separator: "\n").map(String.init)
            if !focused.isEmpty, focused != main, ours.contains(focused) { return }
            usleep(50_000)
        }
        XCTFail("the dialog never took the keyboard focus (focus \(focused), main window \(main ?? "none"))", file: file, line: line)
    }
}
