// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// A line from its start to its end in the colour (black by default), `borderWidth` wide
    /// (1 by default), dashed when the border is, with an ending at each end (solid).
    ///
    /// Endings are `max(6, 3 w)` long: arrows open at 30° either side of the line (reversed
    /// ones point back along it, their point on the end), closed arrows filled with the interior
    /// colour or else the colour; circles, squares and diamonds centred on the end, filled with
    /// the interior colour when there is one; a butt is a tick across the line, a slash one
    /// turned 30° clockwise. The line stops at the edge of a closed ending, so a translucent one
    /// is not darkened where the line runs under it.
    static func drawLine(_ a: Annotation, _ c: inout ContentStreamWriter) -> Bool {
        guard case .line(let start, let end, let startEnding, let endEnding) = a.geometry else { return false }
        let w = max(0, a.borderWidth ?? 1)
        let length = (end - start).length
        c.strokeColor(a.color ?? .black)
        c.lineWidth(w)
        c.roundJoins()
        if length > 0 {
            let u = (end - start) * (1 / length)
            let trimStart = inset(of: startEnding, width: w), trimEnd = inset(of: endEnding, width: w)
            if trimStart + trimEnd < length {
                c.dash(a.dashPattern)
                c.move(start + u * trimStart)
                c.line(end + u * -trimEnd)
                c.stroke()
                if a.dashPattern != nil { c.solid() }
            }
        }
        for (ending, tip, from) in [(endEnding, end, start), (startEnding, start, end)] where ending != .none {
            drawEnding(ending, at: tip, from: from, width: w, fill: a.interiorColor, color: a.color ?? .black, &c)
        }
        return true
    }

    /// The length of an ending: `max(6, 3 w)`.
    static func endingSize(width w: Double) -> Double { max(6, 3 * w) }

    /// How far the line stops short of its end under a closed ending.
    static func inset(of ending: LineEnding, width w: Double) -> Double {
        let size = endingSize(width: w)
        switch ending {
        case .closedArrow: return size * 0.866
        case .circle, .square, .diamond: return size / 2
        default: return 0
        }
    }

    /// One line ending with its point or centre at `tip`, the line arriving from `from`.
    static func drawEnding(_ ending: LineEnding, at tip: Point, from: Point, width w: Double, fill: RGBColor?,
                           color: RGBColor, _ c: inout ContentStreamWriter) {
        let d = tip - from
        let length = d.length
        guard length > 0 else { return }
        // u points out of the line at this end, n across it.
        let u = d * (1 / length), n = Vector(dx: -u.dy, dy: u.dx)
        let size = endingSize(width: w)
        let back = size * 0.866, side = size / 2

        func paint(filledWith colour: RGBColor?) {
            if let colour {
                c.fillColor(colour)
                if w > 0 { c.fillAndStroke() } else { c.fill() }
            } else {
                c.stroke()
            }
        }

        switch ending {
        case .openArrow, .reversedOpenArrow:
            let dir = ending == .openArrow ? -1.0 : 1.0
            c.polyline([tip + u * (dir * back) + n * side, tip, tip + u * (dir * back) + n * -side])
            c.stroke()
        case .closedArrow, .reversedClosedArrow:
            let dir = ending == .closedArrow ? -1.0 : 1.0
            c.polygon([tip + u * (dir * back) + n * side, tip, tip + u * (dir * back) + n * -side])
            paint(filledWith: fill ?? color)
        case .circle:
            c.circle(tip, radius: side)
            paint(filledWith: fill)
        case .square:
            c.polygon([tip + u * side + n * side, tip + u * -side + n * side, tip + u * -side + n * -side,
                       tip + u * side + n * -side])
            paint(filledWith: fill)
        case .diamond:
            c.polygon([tip + u * side, tip + n * side, tip + u * -side, tip + n * -side])
            paint(filledWith: fill)
        case .butt:
            c.polyline([tip + n * side, tip + n * -side])
            c.stroke()
        case .slash:
            // The perpendicular turned 30° clockwise.
            let s = Vector(dx: n.dx * 0.866 + n.dy * 0.5, dy: -n.dx * 0.5 + n.dy * 0.866) * side
            c.polyline([tip + s, tip + s * -1])
            c.stroke()
        case .none:
            break
        }
    }
}
