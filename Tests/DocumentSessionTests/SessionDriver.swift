// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry

/// A view session with a clock of its own: what the canvas does with the frame clock and GLib
/// timers, done by advancing time in frames.
struct SessionDriver {
    var session = ViewSession()
    /// The frames that ran, and the effects the session asked for, for tests that count them.
    var frames = 0
    var effects: [ViewEffect] = []

    /// Runs frames of 1/60 s until nothing moves by itself any more (turns, slides, settling).
    mutating func settle(limit: Int = 2_000) {
        var n = 0
        repeat {
            advance(by: 1.0 / 60)
            n += 1
        } while session.isAnimating && n < limit
        effects += session.takeEffects()
    }

    /// Moves the clock on by `seconds` and runs one frame.
    mutating func advance(by seconds: Double) {
        session.now += seconds
        frames += 1
        _ = session.tick()
        session.settleIfDue()
        effects += session.takeEffects()
    }

    /// The window gives the canvas `area`.
    mutating func resizeWindow(to area: Size) {
        session.resize(to: area)
    }
}
