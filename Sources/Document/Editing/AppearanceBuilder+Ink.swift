// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// The width drawn at a point of pen pressure `p` (0…1) in a stroke of width `width`
    /// (the annotation's border width): ``InkPath/width(_:pressure:)``, the curve the live
    /// stroke is drawn with too.
    public static func inkWidth(_ width: Double, pressure p: Double) -> Double { InkPath.width(width, pressure: p) }

    /// Ink in the colour (black by default), `borderWidth` wide (1 by default), each stroke the
    /// path ``InkPath`` makes of it, the one the stroke was drawn with on screen.
    ///
    /// A stroke without pressure is a stroked path with round caps and joins (a single point, a
    /// filled dot as wide as the line), smoothed: it runs through the midpoints of the sampled
    /// segments and bends at each sampled point, so a mouse's or a finger's jagged samples draw
    /// a calm line; the saved /InkList keeps the samples. A stroke with pressure is one filled
    /// outline: a disc at every point, as wide as ``inkWidth(_:pressure:)`` there, and for
    /// every segment the quadrilateral joining its two discs along their sides, all turning
    /// counter-clockwise so that the nonzero fill unites them; one `f` paints the whole stroke,
    /// so an opacity below 1 does not darken where the pieces overlap.
    ///
    /// A highlighter's stroke (``Annotation/isMarker``) is a marker: the same path at one width
    /// whatever the pressure, with flat ends and round joins (``markerCaps``), multiplied with
    /// the page by the graphics state.
    static func drawInk(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        guard case .ink(let strokes) = a.geometry, strokes.contains(where: { !$0.points.isEmpty }) else { return false }
        let color = a.color ?? .black
        let width = max(0, a.borderWidth ?? 1)
        if a.isMarker == true {
            c.strokeColor(color)
            c.fillColor(color)
            c.lineWidth(width)
            c.raw(markerCaps)
            for stroke in strokes where !stroke.points.isEmpty {
                let path = InkPath(points: stroke.points, widths: nil, lineWidth: width)
                c.path(path.elements)
                // One sample is a dot (filled); more are the line.
                if case .fill = path.paint { c.fill() } else { c.stroke() }
            }
            return true
        }
        var strokeStyleSet = false, fillColorSet = false
        for stroke in strokes where !stroke.points.isEmpty {
            let path = InkPath(points: stroke.points, widths: stroke.pressures.map { $0.map { inkWidth(width, pressure: $0) } },
                               lineWidth: width)
            switch path.paint {
            case .fill:
                if !fillColorSet { c.fillColor(color); fillColorSet = true }
                c.path(path.elements)
                c.fill()
            case .stroke(let lineWidth):
                if !strokeStyleSet {
                    c.strokeColor(color)
                    c.lineWidth(lineWidth)
                    c.roundCapsAndJoins()
                    strokeStyleSet = true
                }
                c.path(path.elements)
                c.stroke()
            }
        }
        return true
    }

    /// A marker's line caps and joins: flat (butt) ends, round joins.
    public static let markerCaps = "0 J 1 j"

    /// A path from the first point to the last that passes through the midpoint of every
    /// segment between, turning at each inner point along a quadratic curve with that point as
    /// its control (written as the equivalent cubic): ``InkPath``'s stroked path.
    static func smoothPath(_ points: [Point], _ c: inout ContentStreamWriter) {
        guard points.count > 1 else { if let p = points.first { c.move(p) }; return }
        c.path(InkPath(points: points, widths: nil, lineWidth: 1).elements)
    }

    /// The quadrilateral between the discs of radius `r0` at `p0` and `r1` at `p1`: the segment
    /// offset to its right and left along its normal by each end's radius, in that order, so
    /// counter-clockwise; `nil` when the two points coincide (the discs alone cover it).
    static func segmentOutline(_ p0: Point, _ r0: Double, _ p1: Point, _ r1: Double) -> [Point]? {
        InkPath.segmentOutline(p0, r0, p1, r1)
    }

    /// Twice the signed area of a polygon: positive when it turns counter-clockwise (y up).
    static func signedArea(_ points: [Point]) -> Double { InkPath.signedArea(points) }
}

extension ContentStreamWriter {
    /// The elements of a path, as they are.
    mutating func path(_ elements: [InkPath.Element]) {
        for e in elements {
            switch e {
            case .move(let p): move(p)
            case .line(let p): line(p)
            case .curve(let a, let b, let p): curve(a, b, p)
            case .close: close()
            }
        }
    }
}
