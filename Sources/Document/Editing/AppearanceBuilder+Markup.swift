// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One quadrilateral of text markup, with the axes of its text: text on a turned page, or
/// turned on its page, is marked along its own baseline.
struct MarkupQuad {
    /// PDF order in /QuadPoints: upper left, upper right, lower left, lower right.
    var upperLeft, upperRight, lowerLeft, lowerRight: Point

    /// Along the baseline, lower left to lower right.
    var along: Vector { lowerRight - lowerLeft }
    /// The text's height, lower left to upper left.
    var up: Vector { upperLeft - lowerLeft }
    var height: Double { up.length }
    var unitUp: Vector { up * (1 / height) }

    /// The quadrilaterals of /QuadPoints, four points each (a partial one at the end is ignored).
    static func quads(_ points: [Point]) -> [MarkupQuad] {
        stride(from: 0, to: points.count - 3, by: 4).map {
            MarkupQuad(upperLeft: points[$0], upperRight: points[$0 + 1], lowerLeft: points[$0 + 2], lowerRight: points[$0 + 3])
        }
    }
}

extension AppearanceBuilder {
    /// Text markup along each quadrilateral's own axes, in the colour (yellow for highlights,
    /// red for the others, by default):
    /// - highlight: every quadrilateral filled (upper left, upper right, lower right, lower
    ///   left), all in one nonzero fill turning the same way, so overlapping lines do not
    ///   darken twice; the graphics state multiplies it with the page;
    /// - underline: a line `max(0.5, height / 14)` wide along the bottom, raised by half its width;
    /// - strike-out: the same line through the middle;
    /// - squiggly: a zigzag along the bottom, `height / 10` either side of its middle line.
    static func drawMarkup(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        guard case .quadPoints(let points) = a.geometry else { return false }
        let quads = MarkupQuad.quads(points).filter { $0.height > 0 && $0.height.isFinite }
        guard !quads.isEmpty else { return false }
        let color = a.color ?? (a.subtype == .highlight ? .yellow : .red)
        if a.subtype == .highlight {
            c.fillColor(color)
            for q in quads {
                var outline = [q.upperLeft, q.upperRight, q.lowerRight, q.lowerLeft]
                if signedArea(outline) < 0 { outline.reverse() }
                c.polygon(outline)
            }
            c.fill()
            return true
        }
        c.strokeColor(color)
        c.roundJoins()
        for q in quads {
            let w = max(0.5, q.height / 14)
            c.lineWidth(w)
            switch a.subtype {
            case .underline:
                c.move(q.lowerLeft + q.unitUp * (w / 2))
                c.line(q.lowerRight + q.unitUp * (w / 2))
            case .strikeOut:
                c.move(q.lowerLeft + q.unitUp * (q.height / 2))
                c.line(q.lowerRight + q.unitUp * (q.height / 2))
            default:
                c.polyline(zigzag(q, lineWidth: w))
            }
            c.stroke()
        }
        return true
    }

    /// A squiggly underline's points: a zigzag `height / 10` either side of a line raised just
    /// enough that its lowest points and its width stay inside the quadrilateral, with 45°
    /// flanks and a whole number of half-waves from the lower left to the lower right.
    static func zigzag(_ q: MarkupQuad, lineWidth w: Double) -> [Point] {
        let amplitude = max(0.5, q.height / 10)
        let length = q.along.length
        let halfWaves = max(1, Int((length / (2 * amplitude)).rounded()))
        let middle = q.unitUp * (amplitude + w / 2)
        return (0...halfWaves).map { i in
            let t = Double(i) / Double(halfWaves)
            return q.lowerLeft + q.along * t + middle + q.unitUp * (i % 2 == 0 ? -amplitude : amplitude)
        }
    }
}
