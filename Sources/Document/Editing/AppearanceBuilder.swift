// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An appearance stream the app writes for an annotation: a form XObject drawn in a box that
/// starts at the annotation rectangle's lower-left corner, so that the box maps onto /Rect by a
/// plain translation (PDF 32000-1 §12.5.5).
public struct AppearanceStream: Hashable, Sendable {
    /// /BBox: `[0 0 rect.width rect.height]`.
    public var boundingBox: Rect
    /// The content stream's operators.
    public var content: [UInt8]
    /// /Resources (ExtGState for opacity and blending, Font for text); empty when none.
    public var resources: PDFDictionary
    public init(boundingBox: Rect, content: [UInt8], resources: PDFDictionary) {
        self.boundingBox = boundingBox
        self.content = content
        self.resources = resources
    }
}

/// Draws annotations as appearance streams, so that every viewer shows what the app shows.
///
/// Each kind draws only inside its rectangle (clipped to it), in the annotation's colours and
/// opacity: ink with its pressure baked in as a varying width, highlights that multiply with the
/// text under them, underline, strike-out and squiggly lines along each quadrilateral, squares
/// and ellipses, lines with their endings, polygons, free text in Helvetica, a note icon, a
/// stamp with its name, a caret.
public enum AppearanceBuilder {
    /// Whether the builder can draw annotations of this subtype.
    public static func canDraw(_ subtype: AnnotationSubtype) -> Bool {
        switch subtype {
        case .ink, .highlight, .underline, .strikeOut, .squiggly, .square, .circle, .line, .polygon, .polyLine,
             .freeText, .text, .stamp, .caret:
            return true
        default:
            return false
        }
    }

    /// The appearance of `annotation`, or `nil` for a subtype ``canDraw(_:)`` refuses, an empty
    /// rectangle, or a kind without the geometry it needs.
    public static func appearance(for a: Annotation) -> AppearanceStream? {
        guard canDraw(a.subtype), a.rect.width > 0, a.rect.height > 0 else { return nil }
        var c = ContentWriter(origin: a.rect.origin)
        var resources = PDFDictionary()
        var graphicsState = PDFDictionary([("Type", .name("ExtGState"))])
        if a.opacity < 1 {
            graphicsState["CA"] = .number(a.opacity)
            graphicsState["ca"] = .number(a.opacity)
        }
        if a.subtype == .highlight { graphicsState["BM"] = .name("Multiply") }
        c.raw("q")
        if graphicsState.keys.count > 1 {
            resources["ExtGState"] = .dictionary(PDFDictionary([("GS0", .dictionary(graphicsState))]))
            c.raw("/GS0 gs")
        }
        // Nothing leaves the rectangle, whatever the geometry says.
        c.raw("0 0 \(c.f(a.rect.width)) \(c.f(a.rect.height)) re W n")
        let drawn: Bool
        switch a.subtype {
        case .ink: drawn = drawInk(a, &c)
        case .highlight, .underline, .strikeOut, .squiggly: drawn = drawMarkup(a, &c)
        case .square, .circle: drawn = drawShape(a, &c)
        case .line: drawn = drawLine(a, &c)
        case .polygon, .polyLine: drawn = drawPolygon(a, &c)
        case .freeText: drawn = drawFreeText(a, &c, &resources)
        case .text: drawn = drawNote(a, &c)
        case .stamp: drawn = drawStamp(a, &c, &resources)
        case .caret: drawn = drawCaret(a, &c)
        default: drawn = false
        }
        guard drawn else { return nil }
        c.raw("Q")
        return AppearanceStream(boundingBox: Rect(x: 0, y: 0, width: a.rect.width, height: a.rect.height),
                                content: Array(c.text.utf8), resources: resources)
    }
}

/// Writes content-stream operators with coordinates relative to the appearance box.
struct ContentWriter {
    let origin: Point
    var text = ""

    func f(_ v: Double) -> String { PDFSyntaxWriter.formatReal((v * 1000).rounded() / 1000) }

    mutating func raw(_ s: String) { text += s + "\n" }

    /// A point of the page, relative to the box.
    func p(_ pt: Point) -> String { "\(f(pt.x - origin.x)) \(f(pt.y - origin.y))" }

    mutating func move(_ pt: Point) { raw("\(p(pt)) m") }
    mutating func line(_ pt: Point) { raw("\(p(pt)) l") }
    mutating func curve(_ a: Point, _ b: Point, _ c: Point) { raw("\(p(a)) \(p(b)) \(p(c)) c") }

    mutating func strokeColor(_ c: RGBColor) { raw("\(f(c.red)) \(f(c.green)) \(f(c.blue)) RG") }
    mutating func fillColor(_ c: RGBColor) { raw("\(f(c.red)) \(f(c.green)) \(f(c.blue)) rg") }
    mutating func lineWidth(_ w: Double) { raw("\(f(w)) w") }
    mutating func dash(_ pattern: [Double]?) {
        guard let pattern, !pattern.isEmpty else { return }
        raw("[\(pattern.map(f).joined(separator: " "))] 0 d")
    }

    /// An ellipse inscribed in `r` (page coordinates), counter-clockwise, as four Béziers.
    mutating func ellipse(in r: Rect) {
        let k = 0.5523
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(Point(x: cx + rx, y: cy))
        curve(Point(x: cx + rx, y: cy + k * ry), Point(x: cx + k * rx, y: cy + ry), Point(x: cx, y: cy + ry))
        curve(Point(x: cx - k * rx, y: cy + ry), Point(x: cx - rx, y: cy + k * ry), Point(x: cx - rx, y: cy))
        curve(Point(x: cx - rx, y: cy - k * ry), Point(x: cx - k * rx, y: cy - ry), Point(x: cx, y: cy - ry))
        curve(Point(x: cx + k * rx, y: cy - ry), Point(x: cx + rx, y: cy - k * ry), Point(x: cx + rx, y: cy))
        raw("h")
    }

    mutating func polygon(_ points: [Point]) {
        guard let first = points.first else { return }
        move(first)
        for pt in points.dropFirst() { line(pt) }
        raw("h")
    }
}
