// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials

/// The documents open when the app last ended, by window: each window's tabs (their paths, in
/// the strip's order) and the tab it showed in front. Written to
/// `$XDG_STATE_HOME/pdf-annotator/last-session.json` whenever that changes while the app runs
/// (``LastSessionRecorder``), atomically, so that the app killed or crashed reopens what was
/// open, and once more when it quits (or its last window closes); a launch without files
/// opens them again when **Reopen the last session's documents** is on (``reopens``, Preferences,
/// Windows; kept in `$XDG_CONFIG_HOME/pdf-annotator/reopen-session.json`, off unless turned on).
/// Each document then opens where it was left (``ReadingPlaces``).
enum LastSession {
    /// One top-level window of the session.
    struct Window: Codable, Equatable {
        /// The documents of its tabs, in the strip's order.
        var tabs: [String]
        /// The place in `tabs` of the tab in front.
        var current: Int
    }

    private static let preferenceFile = UserFile<Bool>.config("reopen-session.json")
    private static let sessionFile = UserFile<[Window]>.state("last-session.json")
    /// Read once, then changed only by ``setReopens(_:)`` (main thread).
    nonisolated(unsafe) private static var chosen: Bool?

    /// Whether a launch without files reopens the last session's documents.
    static var reopens: Bool {
        if let chosen { return chosen }
        let read = preferenceFile.read() ?? false
        chosen = read
        return read
    }

    static func setReopens(_ on: Bool) {
        chosen = on
        preferenceFile.write(on)
    }

    /// Keeps `windows` as the last session (windows without a document left out), written
    /// atomically on a thread of its own; the same session again writes nothing.
    @MainActor static func record(_ windows: [Window]) {
        let kept = windows.filter { !$0.tabs.isEmpty }
        guard kept != lastRecorded, let data = try? JSONEncoder().encode(kept) else { return }
        lastRecorded = kept
        writer.submit(Array(data))
    }

    /// Waits (at most two seconds) until the last session recorded is in its file: the app
    /// calls it as it shuts down.
    static func flush() { writer.flush() }

    /// The session last handed to ``writer``.
    @MainActor private static var lastRecorded: [Window]?
    private static let writer = AtomicFileWriter(path: sessionFile.url.path)

    /// The last session's windows, as recorded.
    static func read() -> [Window] { sessionFile.read() ?? [] }

    /// `windows` without the documents `exists` says are gone, each window's front tab kept in
    /// front (or the tab nearest it when it is the one gone), and the paths left out, in order.
    /// Windows left with no document are dropped.
    static func present(_ windows: [Window], exists: (String) -> Bool) -> (windows: [Window], missing: [String]) {
        var kept: [Window] = []
        var missing: [String] = []
        for window in windows {
            var tabs: [String] = []
            var current = 0
            for (i, path) in window.tabs.enumerated() {
                guard exists(path) else {
                    missing.append(path)
                    continue
                }
                if i <= window.current { current = tabs.count }
                tabs.append(path)
            }
            if !tabs.isEmpty { kept.append(Window(tabs: tabs, current: current)) }
        }
        return (kept, missing)
    }
}
