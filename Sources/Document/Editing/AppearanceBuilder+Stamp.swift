// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// The cap height of Helvetica-Bold, as a fraction of the size (its AFM's CapHeight 718).
    static let boldCapHeight = 0.718

    /// A rubber stamp: a rounded frame 2 to 3 points wide (thinner only in a tiny box) in the
    /// colour (a stamp red by default), and the stamp's name in capitals, words apart
    /// ("NotApproved" → "NOT APPROVED"; "DRAFT" without a name), in Helvetica-Bold as large as
    /// fits inside the frame with a margin, centred on the box.
    static func drawStamp(_ a: Annotation, _ c: inout ContentStreamWriter, _ resources: inout PDFDictionary) -> Bool {
        let r = a.rect
        let color = a.color ?? RGBColor(red: 0.8, green: 0.1, blue: 0.1)
        let frame = min(max(2, min(r.width, r.height) / 12), 3, min(r.width, r.height) / 6)
        let inner = r.insetBy(dx: frame / 2, dy: frame / 2)
        c.strokeColor(color)
        c.lineWidth(frame)
        c.roundedRectangle(inner, radius: min(inner.width, inner.height) / 5)
        c.stroke()
        let label = HelveticaMetrics.encode(stampLabel(a.iconName ?? "Draft"))
        let unit = HelveticaMetrics.width(label, bold: true)
        let room = r.insetBy(dx: 3 * frame, dy: 2 * frame)
        guard unit > 0, room.width > 0, room.height > 0 else { return true }
        let size = min(room.width / unit, room.height * 0.7 / boldCapHeight)
        resources["Font"] = .dictionary(PDFDictionary([("HelvB", .dictionary(HelveticaMetrics.font(bold: true)))]))
        c.fillColor(color)
        c.beginText(font: "HelvB", size: size)
        c.show(label, at: Point(x: r.midX - unit * size / 2, y: r.midY - boldCapHeight * size / 2))
        c.endText()
        return true
    }

    /// A stamp name as its label: words split where a capital follows a lower-case letter (or
    /// at `_` and `-`), upper-cased.
    public static func stampLabel(_ name: String) -> String {
        var out = ""
        for ch in name {
            if ch == "_" || ch == "-" { out.append(" "); continue }
            if ch.isUppercase, let previous = out.last, previous.isLowercase { out.append(" ") }
            out.append(ch)
        }
        return out.uppercased()
    }
}

extension AppearanceBuilder {
    /// An image stamp's picture, as large as fits the rectangle with its proportions kept,
    /// centred (`/Im0 Do` in the unit square scaled to the picture's place).
    static func drawImage(_ image: StampImage, in r: Rect, _ c: inout ContentStreamWriter) {
        guard image.pixelWidth > 0, image.pixelHeight > 0 else { return }
        let aspect = Double(image.pixelWidth) / Double(image.pixelHeight)
        var size = Size(width: r.width, height: r.width / aspect)
        if size.height > r.height { size = Size(width: r.height * aspect, height: r.height) }
        let place = Rect(x: r.midX - size.width / 2, y: r.midY - size.height / 2, width: size.width, height: size.height)
        c.drawXObject("Im0", in: place)
    }
}
