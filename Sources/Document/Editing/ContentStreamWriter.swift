// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Writes the operators of an appearance's content stream (PDF 32000-1 §8.2, §9.4), one
/// operation a line.
///
/// Points are given in page space and written relative to `origin`, the annotation rectangle's
/// lower-left corner, which is the appearance box's 0 0. Numbers are rounded to a thousandth of
/// a point (finer than any device draws) and written by ``PDFSyntaxWriter/formatReal(_:)``.
struct ContentStreamWriter {
    let origin: Point
    private(set) var text = ""
    /// Where the last line of text started, relative to the box (for the relative `Td`).
    private var lineStart: (x: Double, y: Double)?

    init(origin: Point) { self.origin = origin }

    var bytes: [UInt8] { Array(text.utf8) }

    /// A value rounded to a thousandth, as written.
    static func rounded(_ v: Double) -> Double {
        let r = (v * 1000).rounded() / 1000
        return r == 0 || !r.isFinite ? 0 : r
    }

    func f(_ v: Double) -> String { PDFSyntaxWriter.formatReal(Self.rounded(v)) }

    /// A page point, relative to the box.
    func p(_ pt: Point) -> String { "\(f(pt.x - origin.x)) \(f(pt.y - origin.y))" }

    mutating func raw(_ s: String) { text += s + "\n" }

    // MARK: Graphics state

    mutating func save() { raw("q") }
    mutating func restore() { raw("Q") }
    mutating func graphicsState(_ name: String) { raw("/\(name) gs") }
    mutating func strokeColor(_ c: RGBColor) { raw("\(f(c.red)) \(f(c.green)) \(f(c.blue)) RG") }
    mutating func fillColor(_ c: RGBColor) { raw("\(f(c.red)) \(f(c.green)) \(f(c.blue)) rg") }
    mutating func lineWidth(_ w: Double) { raw("\(f(w)) w") }
    /// Round caps and joins, as a pen draws.
    mutating func roundCapsAndJoins() { raw("1 J 1 j") }
    mutating func roundJoins() { raw("1 j") }
    /// A dash pattern (`[on off …] 0 d`); nothing for `nil` or an empty pattern.
    mutating func dash(_ pattern: [Double]?) {
        guard let pattern, !pattern.isEmpty, pattern.contains(where: { $0 > 0 }) else { return }
        raw("[\(pattern.map { f(max(0, $0)) }.joined(separator: " "))] 0 d")
    }
    mutating func solid() { raw("[] 0 d") }

    /// Clips everything after it to the box `0 0 width height`.
    mutating func clip(width: Double, height: Double) { raw("0 0 \(f(width)) \(f(height)) re W n") }

    // MARK: Paths

    mutating func move(_ pt: Point) { raw("\(p(pt)) m") }
    mutating func line(_ pt: Point) { raw("\(p(pt)) l") }
    mutating func curve(_ a: Point, _ b: Point, _ c: Point) { raw("\(p(a)) \(p(b)) \(p(c)) c") }
    mutating func close() { raw("h") }
    mutating func rectangle(_ r: Rect) { raw("\(p(r.origin)) \(f(r.width)) \(f(r.height)) re") }
    /// Paints a named XObject (an image: the unit square) scaled into `r`.
    mutating func drawXObject(_ name: String, in r: Rect) {
        raw("q \(f(r.width)) 0 0 \(f(r.height)) \(p(r.origin)) cm /\(name) Do Q")
    }

    /// An open path through `points`.
    mutating func polyline(_ points: [Point]) {
        guard let first = points.first else { return }
        move(first)
        for pt in points.dropFirst() { line(pt) }
    }

    /// A closed path through `points`.
    mutating func polygon(_ points: [Point]) {
        guard !points.isEmpty else { return }
        polyline(points)
        close()
    }

    /// An ellipse inscribed in `r`, counter-clockwise from its rightmost point, as four Bézier
    /// curves (κ = 0.5523).
    mutating func ellipse(in r: Rect) {
        let k = 0.5523
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(Point(x: cx + rx, y: cy))
        curve(Point(x: cx + rx, y: cy + k * ry), Point(x: cx + k * rx, y: cy + ry), Point(x: cx, y: cy + ry))
        curve(Point(x: cx - k * rx, y: cy + ry), Point(x: cx - rx, y: cy + k * ry), Point(x: cx - rx, y: cy))
        curve(Point(x: cx - rx, y: cy - k * ry), Point(x: cx - k * rx, y: cy - ry), Point(x: cx, y: cy - ry))
        curve(Point(x: cx + k * rx, y: cy - ry), Point(x: cx + rx, y: cy - k * ry), Point(x: cx + rx, y: cy))
        close()
    }

    /// A circle of radius `r` around `c`, counter-clockwise.
    mutating func circle(_ c: Point, radius r: Double) {
        ellipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
    }

    /// A rectangle with corners rounded to `radius`, counter-clockwise.
    mutating func roundedRectangle(_ r: Rect, radius: Double) {
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        let k = 0.5523 * radius
        move(Point(x: r.minX + radius, y: r.minY))
        line(Point(x: r.maxX - radius, y: r.minY))
        curve(Point(x: r.maxX - radius + k, y: r.minY), Point(x: r.maxX, y: r.minY + radius - k), Point(x: r.maxX, y: r.minY + radius))
        line(Point(x: r.maxX, y: r.maxY - radius))
        curve(Point(x: r.maxX, y: r.maxY - radius + k), Point(x: r.maxX - radius + k, y: r.maxY), Point(x: r.maxX - radius, y: r.maxY))
        line(Point(x: r.minX + radius, y: r.maxY))
        curve(Point(x: r.minX + radius - k, y: r.maxY), Point(x: r.minX, y: r.maxY - radius + k), Point(x: r.minX, y: r.maxY - radius))
        line(Point(x: r.minX, y: r.minY + radius))
        curve(Point(x: r.minX, y: r.minY + radius - k), Point(x: r.minX + radius - k, y: r.minY), Point(x: r.minX + radius, y: r.minY))
        close()
    }

    /// Fills the path with the nonzero winding rule.
    mutating func fill() { raw("f") }
    mutating func stroke() { raw("S") }
    mutating func fillAndStroke() { raw("B") }
    /// Ends the path without painting it.
    mutating func endPath() { raw("n") }

    // MARK: Text

    /// Starts a text object in font resource `font` at `size`.
    mutating func beginText(font: String, size: Double) {
        raw("BT /\(font) \(f(size)) Tf")
        lineStart = nil
    }

    /// Shows WinAnsi `bytes` with the baseline starting at the page point `pt`; moves there with
    /// `Td`, relative to the previous line as `Td` is.
    mutating func show<C: Collection<UInt8>>(_ bytes: C, at pt: Point) {
        let x = Self.rounded(pt.x - origin.x), y = Self.rounded(pt.y - origin.y)
        let from = lineStart ?? (0, 0)
        raw("\(f(x - from.x)) \(f(y - from.y)) Td \(HelveticaMetrics.literal(bytes)) Tj")
        lineStart = (x, y)
    }

    mutating func endText() { raw("ET") }
}
