// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document
import Geometry

/// The unit a ruler counts in: centimetres with millimetre marks, or inches with eighths.
///
/// Lengths are the page's real ones (72 PDF points = 1 inch = 2.54 cm), whatever the zoom.
public enum RulerUnit: String, Hashable, Sendable, Codable, CaseIterable {
    case centimetre, inch

    /// Page points between two numbered marks (1 cm or 1 in).
    public var majorStep: Double { self == .inch ? 72 : 72 / 2.54 }
    /// Small marks per numbered one (millimetres, or eighths of an inch).
    public var minorPerMajor: Int { self == .inch ? 8 : 10 }
    /// Page points between two small marks.
    public var minorStep: Double { majorStep / Double(minorPerMajor) }
    /// The ruler's length in page points: 30 cm, or 12 in.
    public var length: Double { majorStep * (self == .inch ? 12 : 30) }
    /// The ruler's width in page points: 3 cm, or 1¼ in.
    public var width: Double { self == .inch ? 90 : majorStep * 3 }

    /// The unit people of a locale measure paper in: inches where the locale's region is the
    /// United States, Liberia or Myanmar (the countries whose paper is Letter or that do not use
    /// the metric system), centimetres elsewhere. `identifier` is a POSIX locale name as in
    /// `LC_MEASUREMENT`, `LC_ALL` or `LANG` (`en_US.UTF-8`), or a BCP 47 tag (`en-US`).
    public static func forLocale(_ identifier: String) -> RulerUnit {
        let name = identifier.split(separator: ".").first.map(String.init) ?? identifier
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" })
        let regions = parts.dropFirst().map { $0.uppercased() }
        return regions.contains(where: { ["US", "LR", "MM"].contains($0) }) ? .inch : .centimetre
    }
}

/// A straight edge lying on a page, as a real ruler lies on paper.
///
/// It exists so that pen and finger strokes can be drawn straight along it (``guide(forStrokeAtView:on:inkWidth:in:)``),
/// and lines measured in the page's real size. It is anchored to the page it lies on: its
/// middle is a point of that page, its length and width are lengths on the page, so it
/// scrolls and zooms with the page and stays on the line of text or the table row it was put
/// against (a ruler that stayed put on the screen would slide off that line as soon as the
/// view moves, and its marks would stop meaning centimetres of the page). Its angle is the
/// angle seen on screen (pages are only ever turned by quarter turns, so that is also its
/// angle on the page as shown).
public struct Ruler: Hashable, Sendable, Codable {
    /// The page it lies on (the page under its middle when it was last moved).
    public var page: PageIndex
    /// Its middle in the page's space as shown (points at zoom 1, origin top-left, y down).
    public var center: Point
    /// Degrees anticlockwise as seen on screen, in [0, 360).
    public var angle: Double
    public var unit: RulerUnit

    /// The narrowest the ruler is drawn, in view pixels: wide enough for a fingertip however
    /// far out the view is zoomed.
    public static let minimumWidth = 48.0
    /// How near its edge, in view pixels, a stroke must start to follow it (a fingertip's reach).
    public static let reach = 24.0
    /// How close to 0°, 45°, 90° … a turn snaps to it, in degrees.
    public static let snapTolerance = 3.0
    /// How far, in view pixels, the turn handle sits from the middle (the move handle) along the ruler.
    public static let turnHandleDistance = 110.0
    /// The handles' radius in view pixels.
    public static let handleRadius = 16.0

    public init(page: PageIndex, center: Point, angle: Double = 0, unit: RulerUnit) {
        self.page = page
        self.center = center
        self.angle = Ruler.normalized(angle)
        self.unit = unit
    }

    /// An angle in [0, 360).
    public static func normalized(_ degrees: Double) -> Double {
        let a = degrees.truncatingRemainder(dividingBy: 360)
        return a < 0 ? a + 360 : (a >= 360 ? 0 : a)
    }

    /// The angle snapped to the nearest multiple of 45° when within ``snapTolerance`` of it.
    public static func snapped(_ degrees: Double) -> Double {
        let nearest = (degrees / 45).rounded() * 45
        return normalized(abs(degrees - nearest) <= snapTolerance ? nearest : degrees)
    }

    /// The angle as the ruler shows it: its edge's direction in whole degrees, 0 to 179.
    public var shownAngle: Int { Int(angle.rounded()) % 180 }

    /// Where the ruler is on screen now; `nil` while its page is not laid out.
    public func placement(in coordinates: DocumentCoordinates) -> RulerPlacement? {
        guard let geometry = coordinates.page(page) else { return nil }
        let scale = (geometry.scaleX * geometry.scaleY).squareRoot()
        let center = coordinates.view.viewPoint(fromCanvas: geometry.canvasPoint(fromPage: self.center))
        return RulerPlacement(center: center, angle: angle, scale: scale, unit: unit)
    }

    /// The ruler moved so that its middle is at a view point and turned to `angle`: it then
    /// lies on the page under that point (or the nearest one), or stays on its page when no
    /// page is laid out.
    public func moved(toView point: Point, angle: Double, in coordinates: DocumentCoordinates) -> Ruler {
        var ruler = self
        ruler.angle = Ruler.normalized(angle)
        let canvas = coordinates.view.canvasPoint(fromView: point)
        if let geometry = coordinates.page(atView: point) ?? coordinates.nearestPage(toView: point) {
            ruler.page = geometry.index
            ruler.center = geometry.pagePoint(fromCanvas: canvas)
        }
        return ruler
    }

    /// The straight line a stroke starting at a view point follows, in the PDF space of the
    /// stroke's page, or `nil` when it starts too far from the ruler's edges (more than
    /// ``reach`` outside them, or beyond its ends). A stroke starting on the ruler follows the
    /// nearer edge. The line runs along that edge, outside the ruler, half the ink's width
    /// (`inkWidth`, PDF points) away from it, so that the ink's side touches the edge.
    public func guide(forStrokeAtView point: Point, on strokePage: PageIndex, inkWidth: Double,
                      in coordinates: DocumentCoordinates) -> RulerGuide? {
        guard let placement = placement(in: coordinates) else { return nil }
        let local = placement.local(point)
        guard abs(local.along) <= placement.length / 2 + Ruler.reach,
              abs(local.across) <= placement.width / 2 + Ruler.reach else { return nil }
        let side: Double = local.across >= 0 ? 1 : -1
        let offset = side * (placement.width / 2 + max(inkWidth, 0) / 2 * placement.scale)
        let a = placement.point(along: 0, across: offset), b = placement.point(along: 100, across: offset)
        guard let pa = coordinates.convert(a, from: .view, to: .pdf(strokePage)),
              let pb = coordinates.convert(b, from: .view, to: .pdf(strokePage)) else { return nil }
        let d = pb - pa
        guard d.length > 0 else { return nil }
        return RulerGuide(origin: pa, direction: d * (1 / d.length))
    }
}

/// The straight line a stroke follows along the ruler's edge, in the PDF space of the stroke's
/// page: each sample is moved onto it.
public struct RulerGuide: Hashable, Sendable {
    /// A point of the line.
    public var origin: Point
    /// The line's direction, of length 1.
    public var direction: Vector

    public init(origin: Point, direction: Vector) {
        self.origin = origin
        self.direction = direction
    }

    /// The point of the line nearest to `p`.
    public func project(_ p: Point) -> Point {
        let v = p - origin
        let t = v.dx * direction.dx + v.dy * direction.dy
        return origin + direction * t
    }
}

/// The ruler as it lies on screen now, in view pixels: what the frame draws, what hit tests
/// and gestures use.
public struct RulerPlacement: Hashable, Sendable {
    /// Its middle in view coordinates.
    public var center: Point
    /// Degrees anticlockwise as seen on screen.
    public var angle: Double
    /// View pixels per page point (the zoom).
    public var scale: Double
    public var unit: RulerUnit

    public init(center: Point, angle: Double, scale: Double, unit: RulerUnit) {
        self.center = center
        self.angle = angle
        self.scale = scale
        self.unit = unit
    }

    /// Along the ruler, from its left end to its right end when unturned (length 1).
    public var direction: Vector {
        let r = angle * .pi / 180
        return Vector(dx: cos(r), dy: -sin(r))
    }

    /// Across the ruler, towards its upper edge when unturned (length 1).
    public var normal: Vector { Vector(dx: direction.dy, dy: -direction.dx) }

    /// Its length in view pixels.
    public var length: Double { unit.length * scale }
    /// Its width in view pixels (never less than ``Ruler/minimumWidth``).
    public var width: Double { max(unit.width * scale, Ruler.minimumWidth) }

    /// A view point as a distance along the ruler from its middle and across it (positive
    /// towards the upper edge).
    public func local(_ p: Point) -> (along: Double, across: Double) {
        let v = p - center, d = direction, n = normal
        return (v.dx * d.dx + v.dy * d.dy, v.dx * n.dx + v.dy * n.dy)
    }

    /// The view point at a distance along the ruler from its middle and across it.
    public func point(along: Double, across: Double) -> Point {
        center + direction * along + normal * across
    }

    /// Whether a view point is on the ruler.
    public func contains(_ p: Point) -> Bool {
        let l = local(p)
        return abs(l.along) <= length / 2 && abs(l.across) <= width / 2
    }

    /// The ruler's four corners in view coordinates, clockwise from the upper left.
    public var corners: [Point] {
        [point(along: -length / 2, across: width / 2), point(along: length / 2, across: width / 2),
         point(along: length / 2, across: -width / 2), point(along: -length / 2, across: -width / 2)]
    }

    /// The handles: one in the middle that moves the ruler, one along it that turns it about its middle.
    public enum Handle: String, Hashable, Sendable { case move, turn }

    /// Where a handle is drawn, in view coordinates.
    public func position(of handle: Handle) -> Point {
        handle == .move ? center : point(along: Ruler.turnHandleDistance, across: 0)
    }

    /// The handle under a view point, within `reach` view pixels of its middle.
    public func handle(at p: Point, reach: Double) -> Handle? {
        let move = position(of: .move).distance(to: p), turn = position(of: .turn).distance(to: p)
        guard min(move, turn) <= reach else { return nil }
        return move <= turn ? .move : .turn
    }

    /// The ruler's marks on both long edges, from its left end: a long numbered one every
    /// centimetre (inch), a middle one every half, and a short one every millimetre (eighth
    /// of an inch) where they are at least 4 pixels apart (only the longer ones where not).
    /// Only marks within `visible` (view coordinates) are listed.
    public func ticks(within visible: Rect? = nil) -> [RulerTick] {
        let perMajor = unit.minorPerMajor, half = perMajor / 2
        let minorPixels = unit.minorStep * scale
        let count = Int((unit.length / unit.minorStep).rounded())
        var ticks: [RulerTick] = []
        let area = visible?.insetBy(dx: -width, dy: -width)
        for i in 0...count {
            let major = i % perMajor == 0, middle = i % half == 0
            let kind: RulerTick.Kind = major ? .major : (middle ? .half : .minor)
            if !major && !middle && minorPixels < 4 { continue }
            if !major && minorPixels * Double(half) < 4 { continue }
            let along = -length / 2 + Double(i) * minorPixels
            if let area, !area.contains(point(along: along, across: 0)) { continue }
            let long = kind == .major ? 18.0 : kind == .half ? 12 : 7
            let top = point(along: along, across: width / 2), bottom = point(along: along, across: -width / 2)
            ticks.append(RulerTick(kind: kind, edge: top, inner: top - normal * long, number: major ? i / perMajor : nil))
            ticks.append(RulerTick(kind: kind, edge: bottom, inner: bottom + normal * long, number: nil))
        }
        return ticks
    }
}

/// One mark on a ruler's edge, in view coordinates: from the edge inwards, and the number it
/// carries (whole centimetres or inches from the ruler's left end; on the upper edge only).
public struct RulerTick: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case major, half, minor }
    public var kind: Kind
    /// Where the mark meets the edge.
    public var edge: Point
    /// Its inner end.
    public var inner: Point
    public var number: Int?
}
