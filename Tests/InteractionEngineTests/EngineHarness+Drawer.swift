// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

@testable import InteractionEngine

/// What the drawer's tests (left to right and right to left) do to the engine and read back.
extension EngineHarness {
    /// A contact from `a` to `b` in six steps of `step` seconds, lifted `rest` seconds after its
    /// last move (a rest of more than 0.1 s lets go without a fling).
    func drag(from a: Point, to b: Point, start t0: Double = 0, step: Double = 0.05,
              rest: Double = 0.2, source: InputSource = .touchscreen) {
        down(1, a, t: t0, source: source)
        for i in 1...6 {
            let f = Double(i) / 6
            move(1, Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), t: t0 + step * Double(i), source: source)
        }
        up(1, b, t: t0 + step * 6 + rest, source: source)
    }

    /// The drawer's states the engine put out, in order.
    var drawerStates: [DrawerState] {
        outputs.compactMap { if case .drawer(let s) = $0 { return s } else { return nil } }
    }
}
