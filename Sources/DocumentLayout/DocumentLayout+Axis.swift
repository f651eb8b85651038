// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Positions along the scroll axis, measured in *reading order*: from the top in a vertical
/// layout, from the leading edge (left, or right when right-to-left) in a horizontal one.
///
/// Every search works on these monotone positions; only frames and incoming points convert to
/// and from physical canvas coordinates.
extension DocumentLayout {
    var isVertical: Bool { settings.direction == .vertical }

    /// The number of gaps along the scroll axis before spread `s` (between spreads and, in a
    /// horizontal layout, between the pages of earlier spreads). Valid for `0...spreadCount`.
    func gapsBefore(spread s: Int) -> Int {
        isVertical ? s : Self.firstPage(ofSpread: s, pageCount: pageCount, mode: settings.spreadMode)
    }

    /// Where spread `s` starts along the scroll axis, for `0...spreadCount`. For `spreadCount` it
    /// is one gap past the end of the last spread.
    func alongStart(ofSpread s: Int, zoom: Double) -> Double {
        settings.margin + zoom * alongPrefix[s] + settings.pageGap * Double(gapsBefore(spread: s))
    }

    /// Where spread `s` ends along the scroll axis.
    func alongEnd(ofSpread s: Int, zoom: Double) -> Double {
        settings.margin + zoom * alongPrefix[s + 1] + settings.pageGap * Double(gapsBefore(spread: s + 1) - 1)
    }

    /// The content's length along the scroll axis, margins included.
    func alongLength(zoom: Double) -> Double {
        spreadCount == 0
            ? 2 * settings.margin
            : alongEnd(ofSpread: spreadCount - 1, zoom: zoom) + settings.margin
    }

    /// The content's length across the scroll axis, margins included: the widest spread at this
    /// zoom plus the margins.
    func crossLength(zoom: Double) -> Double {
        var widest = 0.0
        if let w = crossMaxWithoutGap { widest = max(widest, zoom * w) }
        if let w = crossMaxWithGap { widest = max(widest, zoom * w + settings.pageGap) }
        return widest + 2 * settings.margin
    }

    /// A canvas point's position along the scroll axis in reading order.
    func along(_ p: Point, zoom: Double) -> Double {
        if isVertical { return p.y }
        return isMirrored ? alongLength(zoom: zoom) - p.x : p.x
    }

    /// The first spread that ends after `position` (in reading order), or `spreadCount` if none.
    func firstSpread(endingAfter position: Double, zoom: Double) -> Int {
        var low = 0, high = spreadCount
        while low < high {
            let mid = (low + high) / 2
            if alongEnd(ofSpread: mid, zoom: zoom) > position { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The point-size of a spread at zoom 1 with its page count: summed widths, tallest height.
    func spreadPointExtent(_ s: Int) -> (width: Double, height: Double, pages: Int) {
        let range = Self.pageRange(forSpread: s, pageCount: pageCount, mode: settings.spreadMode)
        var width = 0.0, height = 0.0
        for p in range {
            width += pageSizes[p].width
            height = max(height, pageSizes[p].height)
        }
        return (width, height, range.count)
    }
}
