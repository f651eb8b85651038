// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A change of the visible window that navigation input asks for; the host applies it to its
/// viewport (clamping, layout) and redraws.
public enum NavigationAction: Equatable, Sendable {
    /// Moves the view over the content by this many view pixels (positive y shows content further down).
    case scroll(by: Vector)
    /// Multiplies the zoom by `factor`, keeping the content under `focus` (view coordinates) still.
    case zoom(by: Double, about: Point)
    /// Scrolls by this many screenfuls along the scroll axis (negative goes back).
    case scrollScreens(Double)
    /// Shows the start or the end of the document.
    case toStart, toEnd
    /// Back to where the reader was before the last jump (a followed link), or forward again.
    case historyBack, historyForward
}
