// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The canvas rectangles of the content, spreads and pages at a given zoom.
extension DocumentLayout {
    /// The canvas size in view pixels at `zoom`, margins included. With no pages it is the
    /// margins alone.
    public func contentSize(zoom: Double) -> Size {
        let along = alongLength(zoom: zoom), cross = crossLength(zoom: zoom)
        return isVertical ? Size(width: cross, height: along) : Size(width: along, height: cross)
    }

    /// The canvas rectangle of a spread at `zoom`: its pages side by side with gaps between
    /// them, centred across the scroll axis.
    ///
    /// - Precondition: `spread` is in `0..<spreadCount`.
    public func spreadFrame(_ spread: Int, zoom: Double) -> Rect {
        precondition((0..<spreadCount).contains(spread), "spread \(spread) is not in 0..<\(spreadCount)")
        let extent = spreadPointExtent(spread)
        let width = zoom * extent.width + settings.pageGap * Double(max(0, extent.pages - 1))
        let height = zoom * extent.height
        let start = alongStart(ofSpread: spread, zoom: zoom)
        if isVertical {
            return Rect(x: (crossLength(zoom: zoom) - width) / 2, y: start, width: width, height: height)
        }
        let x = isMirrored ? alongLength(zoom: zoom) - start - width : start
        return Rect(x: x, y: (crossLength(zoom: zoom) - height) / 2, width: width, height: height)
    }

    /// The canvas rectangle of a page at `zoom`. Pages shorter than their spread are centred
    /// vertically in it; right-to-left layouts place a spread's first page on the right.
    ///
    /// - Precondition: `page` is a page of the document.
    public func pageFrame(_ page: PageIndex, zoom: Double) -> Rect {
        let spread = spreadIndex(forPage: page)
        let spreadRect = spreadFrame(spread, zoom: zoom)
        let range = pageRange(forSpread: spread)
        // The pages placed to the left of this one: earlier pages, or later ones right to left.
        let before = settings.rightToLeft ? (page.rawValue + 1)..<range.upperBound : range.lowerBound..<page.rawValue
        var x = spreadRect.minX
        for p in before { x += zoom * pageSizes[p].width + settings.pageGap }
        let size = pageSizes[page.rawValue] * zoom
        return Rect(x: x, y: spreadRect.minY + (spreadRect.height - size.height) / 2,
                    width: size.width, height: size.height)
    }

    /// Every page of a spread with its canvas rectangle, in reading order.
    public func pageFrames(inSpread spread: Int, zoom: Double) -> [(page: PageIndex, frame: Rect)] {
        let spreadRect = spreadFrame(spread, zoom: zoom)
        let range = pageRange(forSpread: spread)
        var result = [(page: PageIndex, frame: Rect)]()
        result.reserveCapacity(range.count)
        var x = spreadRect.minX
        let leftToRight: [Int] = settings.rightToLeft ? range.reversed() : Array(range)
        for p in leftToRight {
            let size = pageSizes[p] * zoom
            let frame = Rect(x: x, y: spreadRect.minY + (spreadRect.height - size.height) / 2,
                             width: size.width, height: size.height)
            result.append((PageIndex(p), frame))
            x += size.width + settings.pageGap
        }
        return settings.rightToLeft ? result.reversed() : result
    }
}
