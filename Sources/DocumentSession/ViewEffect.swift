// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry

/// What a ``ViewSession`` transition asks of its host, which alone can ring a bell, run frames
/// or move widgets. The host takes them with ``ViewSession/takeEffects()`` after each
/// transition and applies every one (its switch over them is exhaustive).
public enum ViewEffect: Equatable, Sendable {
    /// Nothing lies that way (a turn past either end, history with nowhere to go).
    case bell
    /// A jump or a turn took the view: momentum from an earlier fling stops.
    case stopMomentum
    /// An animation runs: call ``ViewSession/tick()`` on every frame until it says it is over.
    case needsFrames
    /// The layout pulls the page area in from the view's edges by these insets.
    case frameInsetsChanged(EdgeInsets)
    /// The layout's frames changed: tiles asked for at the old frames are not wanted.
    case framesInvalidated
    /// A page turn ended (finished or laid back).
    case turnEnded(completed: Bool)
}
