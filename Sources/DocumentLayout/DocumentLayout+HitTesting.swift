// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Which pages lie in a canvas rectangle or under a canvas point, found by binary search on the
/// spread prefix sums.
extension DocumentLayout {
    /// The pages whose frames overlap `canvasRect` at `zoom`, in ascending page order.
    ///
    /// Takes O(log n + k) for k pages in the answer.
    public func visiblePages(in canvasRect: Rect, zoom: Double) -> [PageIndex] {
        guard spreadCount > 0, !canvasRect.isEmpty else { return [] }
        let lower: Double, upper: Double
        if isVertical {
            (lower, upper) = (canvasRect.minY, canvasRect.maxY)
        } else if isMirrored {
            let length = alongLength(zoom: zoom)
            (lower, upper) = (length - canvasRect.maxX, length - canvasRect.minX)
        } else {
            (lower, upper) = (canvasRect.minX, canvasRect.maxX)
        }
        // Start one spread early and stop one spread late so that rounding in a frame's edges
        // can never hide a page that the frame itself says is visible.
        var spread = max(0, firstSpread(endingAfter: lower, zoom: zoom) - 1)
        var result = [PageIndex]()
        var pastEnd = 0
        while spread < spreadCount && pastEnd < 2 {
            if alongStart(ofSpread: spread, zoom: zoom) >= upper { pastEnd += 1 }
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) where frame.intersects(canvasRect) {
                result.append(page)
            }
            spread += 1
        }
        return result
    }

    /// The page whose frame contains `canvasPoint` at `zoom`, or `nil` in gaps and margins.
    public func page(at canvasPoint: Point, zoom: Double) -> PageIndex? {
        guard spreadCount > 0 else { return nil }
        let found = firstSpread(endingAfter: along(canvasPoint, zoom: zoom), zoom: zoom)
        for spread in max(0, found - 1)...min(spreadCount - 1, found + 1) {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) where frame.contains(canvasPoint) {
                return page
            }
        }
        return nil
    }

    /// The page whose frame is closest to `canvasPoint` at `zoom` (the containing page when
    /// there is one), or `nil` only when the document has no pages.
    ///
    /// The search looks at the spread nearest along the scroll axis and its two neighbours, so
    /// a page far along the axis never wins over a closer one.
    public func nearestPage(to canvasPoint: Point, zoom: Double) -> PageIndex? {
        guard spreadCount > 0 else { return nil }
        let found = min(spreadCount - 1, firstSpread(endingAfter: along(canvasPoint, zoom: zoom), zoom: zoom))
        var best: (page: PageIndex, distance: Double)?
        for spread in max(0, found - 1)...min(spreadCount - 1, found + 1) {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) {
                let distance = Self.distance(from: canvasPoint, to: frame)
                if best == nil || distance < best!.distance || (distance == best!.distance && page < best!.page) {
                    best = (page, distance)
                }
            }
        }
        return best?.page
    }

    /// The distance from a point to the nearest point of a rectangle (zero inside it).
    static func distance(from p: Point, to r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX)
        let dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
