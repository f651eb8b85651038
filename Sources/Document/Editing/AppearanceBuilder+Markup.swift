// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// Text markup along each quadrilateral's own axes (text on a turned page stays right):
    /// a filled band for highlights (multiplied by the page, set in the graphics state), a line
    /// at the bottom for underline, through the middle for strike-out, a zigzag for squiggly.
    static func drawMarkup(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        guard case .quadPoints(let points) = a.geometry, points.count >= 4 else { return false }
        let color = a.color ?? (a.subtype == .highlight ? .yellow : .red)
        for q in stride(from: 0, to: points.count - 3, by: 4) {
            // PDF order: upper left, upper right, lower left, lower right.
            let ul = points[q], ur = points[q + 1], ll = points[q + 2], lr = points[q + 3]
            let up = ul - ll
            let height = up.length
            guard height > 0 else { continue }
            let unitUp = up * (1 / height)
            switch a.subtype {
            case .highlight:
                c.fillColor(color)
                c.polygon([ul, ur, lr, ll])
                c.raw("f")
            case .underline, .strikeOut:
                let w = max(0.5, height / 14)
                let offset = a.subtype == .underline ? w / 2 + height * 0.04 : height * 0.45
                c.strokeColor(color)
                c.lineWidth(w)
                c.move(ll + unitUp * offset)
                c.line(lr + unitUp * offset)
                c.raw("S")
            case .squiggly:
                let amplitude = max(0.75, height / 10)
                let along = lr - ll
                let length = along.length
                guard length > 0 else { continue }
                let step = max(1.5, amplitude * 2)
                let count = max(2, Int((length / step).rounded()))
                c.strokeColor(color)
                c.lineWidth(max(0.5, height / 18))
                c.raw("1 j")
                for i in 0...count {
                    let t = Double(i) / Double(count)
                    let base = ll + along * t + unitUp * (amplitude + 0.5)
                    let pt = base + unitUp * (i % 2 == 0 ? -amplitude : amplitude) * 0.5
                    if i == 0 { c.move(pt) } else { c.line(pt) }
                }
                c.raw("S")
            default:
                return false
            }
        }
        return true
    }

    /// A filled caret (^) standing in the rectangle.
    static func drawCaret(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        let r = a.rect
        c.fillColor(a.color ?? RGBColor(red: 0.2, green: 0.3, blue: 0.9))
        c.polygon([Point(x: r.minX, y: r.minY), Point(x: r.midX, y: r.maxY), Point(x: r.maxX, y: r.minY),
                   Point(x: r.midX, y: r.minY + r.height * 0.4)])
        c.raw("f")
        return true
    }
}
