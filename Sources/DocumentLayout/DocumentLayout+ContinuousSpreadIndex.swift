// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// A scroll position expressed as a fractional spread index, which survives zoom changes and
/// relayouts (a new spread mode, a rotated page) where a pixel offset would not.
///
/// Spread `s` owns the slot from its leading edge to the leading edge of the next spread (the gap
/// after it included). A content offset maps to `s + f` when the point one margin past it lies
/// the fraction `f` through that slot, so offset zero is index 0 and the offset that shows spread
/// `s` one margin from the view's leading edge is exactly `s`. Positions before the first or
/// after the last slot extrapolate linearly, so the two conversions are inverses everywhere.
///
/// The offset is the view's *leading* corner: its top-left, except in a right-to-left horizontal
/// layout, where reading starts at the right and the offset is the view's top-right corner.
/// ``Viewport`` does that conversion for you.
extension DocumentLayout {
    /// The fractional spread index at a content offset, along the scroll axis; e.g. 3.25 is a
    /// quarter of the way into spread 3. Zero with no pages.
    public func continuousSpreadIndex(forContentOffset offset: Point, zoom: Double) -> Double {
        guard spreadCount > 0 else { return 0 }
        let position = along(offset, zoom: zoom) + settings.margin
        // The last spread whose slot starts at or before `position`, clamped to the valid range.
        var low = 0, high = spreadCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if alongStart(ofSpread: mid, zoom: zoom) <= position { low = mid } else { high = mid - 1 }
        }
        let start = alongStart(ofSpread: low, zoom: zoom)
        let slot = alongStart(ofSpread: low + 1, zoom: zoom) - start
        return Double(low) + (slot > 0 ? (position - start) / slot : 0)
    }

    /// The content offset (the view's leading corner) at a fractional spread index; the inverse
    /// of ``continuousSpreadIndex(forContentOffset:zoom:)``. The cross-axis coordinate is zero.
    public func contentOffset(forContinuousSpreadIndex index: Double, zoom: Double) -> Point {
        guard spreadCount > 0, index.isFinite else { return .zero }
        let spread = Int(min(max(index.rounded(.down), 0), Double(spreadCount - 1)))
        let start = alongStart(ofSpread: spread, zoom: zoom)
        let slot = alongStart(ofSpread: spread + 1, zoom: zoom) - start
        let position = start + (index - Double(spread)) * slot - settings.margin
        if isVertical { return Point(x: 0, y: position) }
        return Point(x: isMirrored ? alongLength(zoom: zoom) - position : position, y: 0)
    }
}
