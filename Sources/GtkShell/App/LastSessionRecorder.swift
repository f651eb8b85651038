// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Keeps the last session's file (``LastSession``) as the app is now while it runs, so that an
/// app killed or crashed reopens the tabs it had: after any change of the app's state (a tab
/// opened, closed, moved, reordered or brought to the front, a document shown or saved under
/// another name) the windows' tabs are gathered once the main loop is idle, and written when
/// they differ from what was last recorded.
///
/// While the app ends (Quit, or its last window closing) it records nothing: those record the
/// whole session themselves before their tabs close one by one.
///
/// - Warning: main thread only.
@MainActor
final class LastSessionRecorder {
    /// Set while the app ends; a new document tab clears it (the app goes on).
    var isPaused = false
    private var scheduled = false
    private let windows: @MainActor () -> [LastSession.Window]

    /// - Parameter windows: the app's windows and their tabs now.
    init(windows: @escaping @MainActor () -> [LastSession.Window]) {
        self.windows = windows
    }

    /// Something changed: the session is gathered (once, however many changes came before)
    /// when the main loop is idle, and recorded if it differs.
    func changed() {
        guard !scheduled, !isPaused else { return }
        scheduled = true
        MainLoop.post(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return }
            self.scheduled = false
            guard !self.isPaused else { return }
            LastSession.record(self.windows())
        }
    }
}
