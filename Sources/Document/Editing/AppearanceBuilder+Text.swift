// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    static let helvetica = PDFDictionary([
        ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica")),
        ("Encoding", .name("WinAnsiEncoding")),
    ])
    static let helveticaBold = PDFDictionary([
        ("Type", .name("Font")), ("Subtype", .name("Type1")), ("BaseFont", .name("Helvetica-Bold")),
        ("Encoding", .name("WinAnsiEncoding")),
    ])

    /// The box's background and border, then the text in Helvetica at the style's size, wrapped
    /// to the box (two points of padding), explicit line breaks kept, aligned as asked.
    static func drawFreeText(_ a: Annotation, _ c: inout ContentWriter, _ resources: inout PDFDictionary) -> Bool {
        let style = a.freeText ?? FreeTextStyle()
        let r = a.rect
        let border = a.borderWidth ?? 0
        if let fill = a.interiorColor {
            c.fillColor(fill)
            c.raw("\(c.p(r.origin)) \(c.f(r.width)) \(c.f(r.height)) re f")
        }
        if border > 0, let color = a.color {
            let inner = r.insetBy(dx: border / 2, dy: border / 2)
            c.strokeColor(color)
            c.lineWidth(border)
            c.dash(a.dashPattern)
            c.raw("\(c.p(inner.origin)) \(c.f(inner.width)) \(c.f(inner.height)) re S")
        }
        resources["Font"] = .dictionary(PDFDictionary([("Helv", .dictionary(helvetica))]))
        let padding = 2 + border
        let size = style.fontSize
        let lines = wrap(a.contents ?? "", width: r.width - 2 * padding, size: size)
        c.fillColor(style.textColor)
        c.raw("BT /Helv \(c.f(size)) Tf")
        var baseline = r.maxY - padding - size * 0.8
        for line in lines {
            let width = HelveticaMetrics.width(line) * size
            let x: Double
            switch style.alignment {
            case .left: x = r.minX + padding
            case .center: x = r.midX - width / 2
            case .right: x = r.maxX - padding - width
            }
            c.raw("1 0 0 1 \(c.p(Point(x: x, y: baseline))) Tm \(HelveticaMetrics.literal(line)) Tj")
            baseline -= size * 1.2
        }
        c.raw("ET")
        return true
    }

    /// Lines of WinAnsi bytes no wider than `width` at `size` (a word wider than a line is
    /// broken between characters).
    static func wrap(_ text: String, width: Double, size: Double) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        let limit = max(width, size)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [UInt8] = []
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var bytes = word.map(HelveticaMetrics.byte)
                let candidate = line.isEmpty ? bytes : line + [32] + bytes
                if HelveticaMetrics.width(candidate) * size <= limit {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line); line = [] }
                while HelveticaMetrics.width(bytes) * size > limit, bytes.count > 1 {
                    var cut = bytes.count - 1
                    while cut > 1, HelveticaMetrics.width(Array(bytes[..<cut])) * size > limit { cut -= 1 }
                    lines.append(Array(bytes[..<cut]))
                    bytes = Array(bytes[cut...])
                }
                line = bytes
            }
            lines.append(line)
        }
        return lines
    }

    /// A sticky note's icon: a rounded speech bubble with three lines of "text", in the note's
    /// colour, scaled to the rectangle.
    static func drawNote(_ a: Annotation, _ c: inout ContentWriter) -> Bool {
        let r = a.rect
        let s = min(r.width, r.height) / 20
        func pt(_ x: Double, _ y: Double) -> Point { Point(x: r.minX + x * s, y: r.minY + y * s) }
        c.fillColor(a.color ?? .yellow)
        c.strokeColor(RGBColor(red: 0.25, green: 0.25, blue: 0.25))
        c.lineWidth(max(0.5, s))
        c.raw("1 j")
        c.move(pt(2.5, 19)); c.line(pt(17.5, 19)); c.curve(pt(18.6, 19), pt(19, 18.6), pt(19, 17.5))
        c.line(pt(19, 7.5)); c.curve(pt(19, 6.4), pt(18.6, 6), pt(17.5, 6)); c.line(pt(9, 6)); c.line(pt(4.5, 1.5))
        c.line(pt(5.5, 6)); c.line(pt(2.5, 6)); c.curve(pt(1.4, 6), pt(1, 6.4), pt(1, 7.5)); c.line(pt(1, 17.5))
        c.curve(pt(1, 18.6), pt(1.4, 19), pt(2.5, 19)); c.raw("h B")
        for y in [15.5, 12.5, 9.5] { c.move(pt(4.5, y)); c.line(pt(15.5, y)) }
        c.raw("S")
        return true
    }

    /// A stamp: a rounded frame and its name in capitals ("NotApproved" → "NOT APPROVED") in
    /// Helvetica-Bold, as large as fits, centred.
    static func drawStamp(_ a: Annotation, _ c: inout ContentWriter, _ resources: inout PDFDictionary) -> Bool {
        let r = a.rect
        let color = a.color ?? RGBColor(red: 0.8, green: 0.1, blue: 0.1)
        let frame = max(1, min(3, min(r.width, r.height) / 12))
        let inner = r.insetBy(dx: frame / 2, dy: frame / 2)
        guard inner.width > 0, inner.height > 0 else { return false }
        let radius = min(inner.width, inner.height) / 5
        c.strokeColor(color)
        c.lineWidth(frame)
        roundedRect(inner, radius: radius, &c)
        c.raw("S")
        let label = stampLabel(a.iconName ?? "Draft")
        let bytes = label.map(HelveticaMetrics.byte)
        let unit = HelveticaMetrics.width(bytes, bold: true)
        guard unit > 0 else { return true }
        let size = min((inner.width - 4 * frame) / unit, (inner.height - 2 * frame) * 0.7)
        guard size > 0 else { return true }
        resources["Font"] = .dictionary(PDFDictionary([("HelvB", .dictionary(helveticaBold))]))
        c.fillColor(color)
        let origin = Point(x: r.midX - unit * size / 2, y: r.midY - size * 0.36)
        c.raw("BT /HelvB \(c.f(size)) Tf 1 0 0 1 \(c.p(origin)) Tm \(HelveticaMetrics.literal(bytes)) Tj ET")
        return true
    }

    static func stampLabel(_ name: String) -> String {
        var out = ""
        for (i, ch) in name.enumerated() {
            if i > 0, ch.isUppercase, let previous = out.last, previous.isLowercase { out.append(" ") }
            out.append(ch)
        }
        return out.uppercased()
    }

    static func roundedRect(_ r: Rect, radius: Double, _ c: inout ContentWriter) {
        let k = 0.5523 * radius
        c.move(Point(x: r.minX + radius, y: r.minY))
        c.line(Point(x: r.maxX - radius, y: r.minY))
        c.curve(Point(x: r.maxX - radius + k, y: r.minY), Point(x: r.maxX, y: r.minY + radius - k), Point(x: r.maxX, y: r.minY + radius))
        c.line(Point(x: r.maxX, y: r.maxY - radius))
        c.curve(Point(x: r.maxX, y: r.maxY - radius + k), Point(x: r.maxX - radius + k, y: r.maxY), Point(x: r.maxX - radius, y: r.maxY))
        c.line(Point(x: r.minX + radius, y: r.maxY))
        c.curve(Point(x: r.minX + radius - k, y: r.maxY), Point(x: r.minX, y: r.maxY - radius + k), Point(x: r.minX, y: r.maxY - radius))
        c.line(Point(x: r.minX, y: r.minY + radius))
        c.curve(Point(x: r.minX, y: r.minY + radius - k), Point(x: r.minX + radius - k, y: r.minY), Point(x: r.minX + radius, y: r.minY))
        c.raw("h")
    }
}
