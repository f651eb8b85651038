// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentSession

/// One spread at a time, as the canvas hosts it: the rules are the view session's
/// (ViewSession+Paging); the canvas arms a GLib timer for the settling the session says is due,
/// and ticks the session's animations on frames, on the one clock (the event time line).
extension PdfCanvas {
    /// Turns one-spread-at-a-time paging on or off; on, the whole spread fits the view.
    public func setPagesOneSpreadAtATime(_ on: Bool) {
        changeView { $0.setPagesOneSpreadAtATime(on) }
    }

    /// Arms (or disarms) the timer for the settling the view says is due.
    func scheduleSpreadSettling() {
        if settleTimer != 0 { g_source_remove(settleTimer); settleTimer = 0 }
        guard let due = view.settleDue else { return }
        let delay = max(0, due - clock.now.seconds)
        settleTimer = MainLoop.after(milliseconds: UInt32((delay * 1000).rounded(.up)) + 1) { [weak self] in
            guard let self else { return }
            self.settleTimer = 0
            self.changeView { $0.settleIfDue() }
        }
    }
}
