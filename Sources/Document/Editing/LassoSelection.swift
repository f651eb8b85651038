// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Decides what a free loop drawn with the lasso selects on one page: the pure rule behind the
/// Lasso tool, apart from any input or drawing so that it is tested on recorded loops.
///
/// - An ink annotation is selected when at least ``share`` of its points (all its strokes'
///   samples, as /InkList keeps them) lie inside the loop, so that a stroke that strays a
///   little outside still counts (Xournal++ #7523, #5779).
/// - Any other annotation is selected when at least ``share`` of its outline lies inside: its
///   line, its vertices' path, its text markup's quadrilaterals, else its rectangle's edges,
///   each sampled evenly.
/// - Inside means a **non-zero winding number** (not even-odd): a loop drawn round twice, or
///   one that crosses itself like a figure of eight, encloses everything it goes round, where
///   even-odd would leave out what two turns cover.
/// - A loop whose ends are apart is closed with a straight segment when the gap is short (at
///   most ``closingDistance``, or a quarter of the length drawn); a longer gap is a stroke, not
///   a loop, and selects nothing. So does a loop enclosing no area.
/// - Links, pop-ups and form fields are never selected (the lasso selects marks, as a band does).
///
/// Speed: the loop's edges are bucketed into horizontal bands, so that each point tests only
/// the few edges that cross its height; an annotation whose bounds miss the loop's is skipped
/// whole, and counting stops as soon as the share is reached or can no longer be. On a page of
/// 2,000 strokes (197,308 points), `swift run -c release engine-bench` measured a loop round a
/// quarter of the page at 1.9 ms (median; worst 2.8 ms) and one round most of it at 6.7 ms
/// (worst 10.6 ms, on a loaded 2-core machine): within the 16 ms of a frame.
public struct LassoSelection: Sendable {
    /// The loop as closed (its last point joins its first), in PDF space of the page.
    public let polygon: [Point]
    /// The loop's bounding box.
    public let bounds: Rect
    /// The least fraction (0…1) of an annotation's points or outline that must be inside.
    public var share: Double

    /// The default share: what lies 60 % inside is selected.
    public static let defaultShare = 0.6
    /// Outline samples along each edge of a rectangle (and per segment of a path).
    static let samplesPerEdge = 8

    private let bandHeight: Double
    /// For each horizontal band, the indexes of the edges whose height range meets it.
    private let bands: [[Int32]]

    /// Closes `loop` and prepares it for testing, or `nil` when it selects nothing (too few
    /// points, ends too far apart, no area).
    /// - Parameters:
    ///   - loop: The points drawn, in order, in the PDF space of one page.
    ///   - share: The least fraction inside for an annotation to be selected (clamped to 0.05…1).
    ///   - closingDistance: The longest gap between the ends that is closed whatever the loop's
    ///     length (PDF points).
    public init?(loop: [Point], share: Double = LassoSelection.defaultShare, closingDistance: Double = 24) {
        var points: [Point] = []
        points.reserveCapacity(loop.count)
        for p in loop where p.x.isFinite && p.y.isFinite && points.last != p { points.append(p) }
        guard points.count >= 3 else { return nil }
        var length = 0.0
        for i in 1..<points.count { length += points[i - 1].distance(to: points[i]) }
        let gap = points[0].distance(to: points[points.count - 1])
        guard gap <= max(closingDistance, length / 4) else { return nil }
        if gap == 0 { points.removeLast() }
        guard points.count >= 3, abs(Self.signedArea(points)) > 1e-6 || Self.windsAround(points) else { return nil }
        polygon = points
        self.share = min(max(share, 0.05), 1)
        var minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        // About two edges per band on average; at least one band.
        let count = max(1, min(4096, points.count / 2))
        bandHeight = bounds.height / Double(count)
        var bands = [[Int32]](repeating: [], count: count)
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            guard a.y != b.y else { continue }  // a horizontal edge never crosses a height
            let lo = Self.band(min(a.y, b.y), minY: minY, height: bandHeight, count: count)
            let hi = Self.band(max(a.y, b.y), minY: minY, height: bandHeight, count: count)
            for k in lo...hi { bands[k].append(Int32(i)) }
        }
        self.bands = bands
    }

    private static func band(_ y: Double, minY: Double, height: Double, count: Int) -> Int {
        min(count - 1, max(0, Int((y - minY) / height)))
    }

    /// Twice the signed area, by the shoelace formula (its sign is the turning direction).
    private static func signedArea(_ p: [Point]) -> Double {
        var sum = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// A figure of eight has two lobes of opposite turning whose areas may cancel; it still
    /// encloses something when its points are not all on one line.
    private static func windsAround(_ p: [Point]) -> Bool {
        let a = p[0]
        guard let b = p.first(where: { $0 != a }) else { return false }
        return p.contains { abs((b.x - a.x) * ($0.y - a.y) - ($0.x - a.x) * (b.y - a.y)) > 1e-6 }
    }

    /// Whether a point is inside the loop (non-zero winding number).
    public func contains(_ p: Point) -> Bool {
        guard p.y >= bounds.minY, p.y <= bounds.maxY, p.x >= bounds.minX, p.x <= bounds.maxX else { return false }
        let edges = bands[Self.band(p.y, minY: bounds.minY, height: bandHeight, count: bands.count)]
        var winding = 0
        let n = polygon.count
        for e in edges {
            let i = Int(e)
            let a = polygon[i], b = polygon[i + 1 == n ? 0 : i + 1]
            let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
            if a.y <= p.y {
                if b.y > p.y, cross > 0 { winding += 1 }
            } else if b.y <= p.y, cross < 0 {
                winding -= 1
            }
        }
        return winding != 0
    }

    /// Whether at least ``share`` of `points` are inside, stopping as soon as it is known.
    public func enclosesShare<C: Collection>(of points: C) -> Bool where C.Element == Point {
        let total = points.count
        guard total > 0 else { return false }
        let needed = Int((share * Double(total)).rounded(.up))
        var inside = 0, outside = 0
        for p in points {
            if contains(p) { inside += 1 } else { outside += 1 }
            if inside >= needed { return true }
            if outside > total - needed { return false }
        }
        return inside >= needed
    }

    /// Whether the loop selects `annotation` (see the type's rules).
    public func selects(_ annotation: Annotation) -> Bool {
        switch annotation.subtype {
        case .link, .popup, .widget: return false
        default: break
        }
        let rect = annotation.rect
        guard rect.maxX >= bounds.minX, rect.minX <= bounds.maxX, rect.maxY >= bounds.minY, rect.minY <= bounds.maxY else { return false }
        switch annotation.geometry {
        case .ink(let strokes) where strokes.contains(where: { !$0.points.isEmpty }):
            return enclosesShare(of: strokes.lazy.flatMap(\.points))
        case .line(let start, let end, _, _):
            return enclosesShare(of: Self.samples(along: [start, end], closed: false))
        case .vertices(let points) where points.count >= 2:
            return enclosesShare(of: Self.samples(along: points, closed: annotation.subtype == .polygon))
        case .quadPoints(let points) where points.count >= 4:
            // Each quadrilateral's outline (upper left, upper right, lower right, lower left).
            var outline: [Point] = []
            var i = 0
            while i + 3 < points.count {
                outline += Self.samples(along: [points[i], points[i + 1], points[i + 3], points[i + 2]], closed: true)
                i += 4
            }
            return enclosesShare(of: outline)
        case .ink, .vertices, .quadPoints, .none:
            let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                           Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
            return enclosesShare(of: Self.samples(along: corners, closed: true))
        }
    }

    /// Evenly spaced points along a path (``samplesPerEdge`` per segment, ends included once).
    static func samples(along path: [Point], closed: Bool) -> [Point] {
        guard let first = path.first else { return [] }
        var out: [Point] = []
        let segments = closed ? path.count : path.count - 1
        for s in 0..<segments {
            let a = path[s], b = path[(s + 1) % path.count]
            for k in 0..<samplesPerEdge {
                let t = Double(k) / Double(samplesPerEdge)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        if !closed { out.append(path.last ?? first) }
        return out
    }

    /// The ids of the annotations the loop selects, in the order given (the page's order).
    public func selection(among annotations: [Annotation]) -> [String] {
        annotations.filter(selects).map(\.id)
    }

    /// The ids of the annotations that a free `loop` (PDF space of their page) selects: none
    /// when the loop does not close or encloses nothing.
    public static func select(loop: [Point], among annotations: [Annotation], share: Double = defaultShare,
                              closingDistance: Double = 24) -> [String] {
        LassoSelection(loop: loop, share: share, closingDistance: closingDistance)?.selection(among: annotations) ?? []
    }
}
