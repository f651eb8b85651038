// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry

/// A view session with a clock of its own: what the canvas does with the frame clock and GLib
/// timers, done by advancing time in frames.
struct SessionDriver {
    var session = ViewSession()
    /// The page area the window gives the canvas, before scrollbars take their share.
    var windowArea: Size?
    /// How thick a scrollbar is: GTK shows one only while the content overflows that way, and
    /// the page area shrinks by its thickness (a resize of its own, as on screen).
    static let scrollbar = 14.0
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
        layOutScrollbars()
        effects += session.takeEffects()
    }

    /// The window gives the canvas `area`; scrollbars then take their share.
    mutating func resizeWindow(to area: Size) {
        windowArea = area
        session.resize(to: area)
        layOutScrollbars()
    }

    /// Shows or hides the scrollbars as GTK does, resizing the page area when they change.
    mutating func layOutScrollbars() {
        guard let area = windowArea else { return }
        for _ in 0..<3 {
            let content = session.layout.contentSize(zoom: session.viewport.zoom)
            let size = session.viewport.size
            let vertical = content.height > size.height + 0.5, horizontal = content.width > size.width + 0.5
            let wanted = Size(width: area.width - (vertical ? Self.scrollbar : 0),
                              height: area.height - (horizontal ? Self.scrollbar : 0))
            guard wanted != size else { return }
            session.resize(to: wanted)
        }
    }
}
