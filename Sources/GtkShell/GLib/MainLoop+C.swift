// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Brings work from other threads onto the GTK main loop.
///
/// Under `g_application_run`, blocks posted to `DispatchQueue.main` or to a `@MainActor` task
/// from another thread never run (measured here with Swift 6.3.1), so results travel through
/// `g_idle_add_full`, whose destroy notify releases the closure even if the source is removed.
enum MainLoop {
    typealias Work = @Sendable @MainActor () -> Void

    /// Runs `work` on the main loop at default idle priority (after pending input and redraws
    /// of higher priority).
    static func post(priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ work: @escaping Work) {
        let box = CallbackBox<Work>(work)
        let function: GSourceFunc = { data in
            let fn = CallbackBox<Work>.from(data)
            MainActor.assumeIsolated { fn() }
            return 0 // G_SOURCE_REMOVE
        }
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        g_idle_add_full(priority, function, box.retainedPointer, destroy)
    }

    /// Runs `work` once after `milliseconds` on the main loop; returns the source id.
    @discardableResult
    static func after(milliseconds: UInt32, _ work: @escaping Work) -> UInt32 {
        let box = CallbackBox<Work>(work)
        let function: GSourceFunc = { data in
            let fn = CallbackBox<Work>.from(data)
            MainActor.assumeIsolated { fn() }
            return 0
        }
        let destroy: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, function, box.retainedPointer, destroy)
    }
}
