// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials

/// Reopening the last session's documents (``LastSession``): what is open is recorded whenever
/// it changes (``LastSessionRecorder``) and when the app quits or its last window closes, and a
/// launch without files opens it again, tab for
/// tab, when the preference is on. Documents gone since are skipped, and a message names them.
extension AnnotatorApplication {
    /// The documents of every window now, each window's tabs in the strip's order.
    var sessionWindows: [LastSession.Window] {
        hosts.map { host in
            let tabs = host.tabs.filter { $0.path != nil && $0.content != .empty }
            let front = tabs.firstIndex { $0 === host.current } ?? 0
            return LastSession.Window(tabs: tabs.compactMap(\.path), current: front)
        }
    }

    /// Records what is open as the last session; with `ending`, the app is ending: the tabs
    /// closing from now on do not change what was recorded.
    func recordSession(ending: Bool = false) {
        LastSession.record(sessionWindows)
        if ending { sessionRecorder.isPaused = true }
    }

    /// The last window is about to close (not as part of Quit, which recorded every window).
    func lastWindowClosing() {
        guard !quitting else { return }
        recordSession(ending: true)
    }

    /// Opens the last session's documents when the preference says so and there are any;
    /// returns whether a window was made.
    func reopenLastSession() -> Bool {
        guard LastSession.reopens else { return false }
        let recorded = LastSession.read()
        guard !recorded.isEmpty else { return false }
        let (windows, missing) = LastSession.present(recorded) { FileManager.default.fileExists(atPath: $0) }
        var shown: [DocumentWindow] = []
        for saved in windows {
            var tabs: [DocumentWindow] = []
            for path in saved.tabs {
                // With tabs off, each document has a window of its own.
                let host = TabsPreference.isOn ? tabs.first?.host : nil
                let tab = makeWindow(in: host, select: tabs.isEmpty)
                tab.open(path: path)
                tabs.append(tab)
            }
            let front = tabs[min(max(saved.current, 0), tabs.count - 1)]
            front.present()
            shown.append(front)
        }
        guard !missing.isEmpty else { return !shown.isEmpty }
        let window = shown.first ?? makeWindow()
        if shown.isEmpty { window.present() }
        let names = missing.map { "• " + $0 }.joined(separator: "\n")
        MainLoop.post { [weak window] in
            window?.showMessage(kind: "reopen-missing", title: tr("Some Documents Were Not Reopened"),
                                body: tr("These documents of the last session are no longer there:\n{files}", ["files": names]))
        }
        return true
    }
}
