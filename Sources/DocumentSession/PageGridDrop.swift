// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where pages dragged over the Pages grid would land, and how fast the grid scrolls when the
/// drag nears its edge: pure geometry over the thumbnails' frames, so the grid's widget only
/// shows the answer.
public struct PageGridDrop: Equatable, Sendable {
    /// The gap the pages land in: they go before the page now at `gap` (the page count for the
    /// end).
    public var gap: Int
    /// The thumbnail beside the gap, and which side of it the gap is on.
    public var page: PageIndex
    public var before: Bool
    /// Whether the thumbnails flow across a row (the gap is then a vertical line beside `page`)
    /// rather than down a column.
    public var across: Bool

    public init(gap: Int, page: PageIndex, before: Bool, across: Bool) {
        self.gap = gap
        self.page = page
        self.before = before
        self.across = across
    }

    /// The gap nearest `point` among thumbnails at `frames` (in the same coordinates).
    public static func at(_ point: Point, frames: [(page: PageIndex, frame: Rect)]) -> PageGridDrop? {
        func distance(_ r: Rect) -> Double {
            let dx = max(r.minX - point.x, 0, point.x - r.maxX)
            let dy = max(r.minY - point.y, 0, point.y - r.maxY)
            return dx * dx + dy * dy
        }
        guard let nearest = frames.min(by: { distance($0.frame) < distance($1.frame) }) else { return nil }
        let frame = nearest.frame
        let across = frames.contains { $0.page != nearest.page && abs($0.frame.minY - frame.minY) < frame.height / 2 }
        let before = across ? point.x < frame.midX : point.y < frame.midY
        return PageGridDrop(gap: nearest.page.rawValue + (before ? 0 : 1), page: nearest.page, before: before, across: across)
    }

    /// Whether dropping `moving` pages into this gap changes their order.
    public func moves(_ moving: [PageIndex]) -> Bool {
        let sorted = moving.map(\.rawValue).sorted()
        guard let first = sorted.first, let last = sorted.last else { return false }
        let contiguous = last - first + 1 == sorted.count
        return !(contiguous && gap >= first && gap <= last + 1)
    }

    /// Points per second to scroll a view of `height` while a drag is at `y`: nothing in the
    /// middle, faster the deeper into the edge band (`band` points at each end), up to `fastest`;
    /// negative scrolls up.
    public static func scrollSpeed(at y: Double, height: Double, band: Double = 48, fastest: Double = 900) -> Double {
        guard height > 2 * band else { return 0 }
        if y < band { return -fastest * min(1, (band - y) / band) }
        if y > height - band { return fastest * min(1, (y - (height - band)) / band) }
        return 0
    }
}
