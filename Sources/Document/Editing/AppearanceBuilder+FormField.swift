// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// Where list box rows that are chosen are shaded (the light blue other viewers use).
    static let chosenRowColor = RGBColor(red: 0.6, green: 0.75, blue: 0.87)

    /// The normal appearance of a text field, combo box or list box widget showing `value`
    /// (PDF 32000-1 §12.7.3.3): the widget's background and border from /MK, then inside
    /// `/Tx BMC … EMC` the text in Helvetica at the field's /DA size and colour (size 0: as
    /// large as fits, at most 12 points on several lines), clipped to the box less the border
    /// and 2 points. A single line is centred vertically and aligned as /Q says; a comb field
    /// puts one character in each of its /MaxLen cells; a password shows one `*` a character;
    /// a multi-line field wraps; a list box shows its options from the top with the chosen ones
    /// shaded. A widget turned by /MK /R gets a box with width and height swapped and a /Matrix
    /// that turns it back onto the rectangle. `nil` for buttons, signatures and empty boxes.
    public static func fieldAppearance(_ field: FormField, widget: FormWidget, value: FormValue?) -> AppearanceStream? {
        guard [.text, .comboBox, .listBox].contains(field.kind), widget.rect.width > 0, widget.rect.height > 0 else { return nil }
        let turned = widget.look.rotation == 90 || widget.look.rotation == 270
        let w = turned ? widget.rect.height : widget.rect.width
        let h = turned ? widget.rect.width : widget.rect.height
        var c = ContentStreamWriter(origin: .zero)
        let border = widget.look.border == nil ? 0 : widget.look.borderWidth
        if let bg = widget.look.background {
            c.fillColor(bg)
            c.rectangle(Rect(x: 0, y: 0, width: w, height: h))
            c.fill()
        }
        if let bc = widget.look.border, border > 0 {
            c.strokeColor(bc)
            c.lineWidth(border)
            c.rectangle(Rect(x: 0, y: 0, width: w, height: h).insetBy(dx: min(border, w) / 2, dy: min(border, h) / 2))
            c.stroke()
            if field.kind == .text, field.flags.contains(.comb), let cells = field.maxLength, cells > 1 {
                for i in 1..<cells {
                    let x = w * Double(i) / Double(cells)
                    c.move(Point(x: x, y: 0))
                    c.line(Point(x: x, y: h))
                }
                c.stroke()
            }
        }
        c.raw("/Tx BMC")
        c.save()
        let padding = border + 2
        c.raw("\(c.f(border)) \(c.f(border)) \(c.f(max(0, w - 2 * border))) \(c.f(max(0, h - 2 * border))) re W n")
        var resources = PDFDictionary()
        let font = PDFDictionary([("Helv", .dictionary(HelveticaMetrics.font(bold: false)))])
        let style = field.textStyle
        func begin(_ size: Double) {
            resources["Font"] = .dictionary(font)
            c.fillColor(style.color)
            c.beginText(font: "Helv", size: size)
        }
        func x(for bytes: [UInt8], size: Double) -> Double {
            let width = HelveticaMetrics.width(bytes) * size
            switch style.alignment {
            case .left: return padding
            case .center: return (w - width) / 2
            case .right: return w - padding - width
            }
        }
        switch field.kind {
        case .listBox:
            let chosen = Set(value.map { v -> [String] in if case .choices(let l) = v { return l }; return [v.displayText] } ?? [])
            let size = style.fontSize > 0 ? style.fontSize : 12
            let line = size * 1.2
            var top = h - border
            for option in field.options {
                guard top > border else { break }
                if chosen.contains(option.exportValue) {
                    c.fillColor(chosenRowColor)
                    c.rectangle(Rect(x: border, y: top - line, width: w - 2 * border, height: line))
                    c.fill()
                }
                top -= line
            }
            top = h - border
            begin(size)
            for option in field.options {
                guard top > border else { break }
                let bytes = HelveticaMetrics.encode(option.displayText)
                c.show(bytes, at: Point(x: x(for: bytes, size: size), y: top - line + (line - size * 0.718) / 2))
                top -= line
            }
            c.endText()
        case .text where field.flags.contains(.multiline) && !field.flags.contains(.comb):
            let text = displayedText(field, value)
            var size = style.fontSize > 0 ? style.fontSize : 12
            var lines = wrappedLines(text, width: w - 2 * padding, size: size)
            if style.fontSize <= 0 {
                while size > 4, Double(lines.count) * size * 1.2 > h - 2 * padding {
                    size -= 0.5
                    lines = wrappedLines(text, width: w - 2 * padding, size: size)
                }
            }
            if lines.contains(where: { !$0.isEmpty }) {
                begin(size)
                var baseline = h - padding - size * 0.8
                for bytes in lines {
                    guard baseline > -size else { break }
                    if !bytes.isEmpty { c.show(bytes, at: Point(x: x(for: bytes, size: size), y: baseline)) }
                    baseline -= size * 1.2
                }
                c.endText()
            }
        default:
            let bytes = HelveticaMetrics.encode(displayedText(field, value))
            guard !bytes.isEmpty else { break }
            let comb = field.kind == .text && field.flags.contains(.comb) ? field.maxLength : nil
            var size = style.fontSize
            if size <= 0 {
                size = max(4, (h - 2 * padding) / 1.15)
                let room = comb.map { w / Double($0) } ?? (w - 2 * padding)
                let widest = comb != nil ? (bytes.map { HelveticaMetrics.width($0) }.max() ?? 0) : HelveticaMetrics.width(bytes)
                if widest > 0, widest * size > room { size = max(4, room / widest) }
            }
            let baseline = (h - size * 0.718) / 2
            begin(size)
            if let cells = comb {
                let cell = w / Double(cells)
                for (i, b) in bytes.prefix(cells).enumerated() {
                    c.show([b], at: Point(x: cell * Double(i) + (cell - HelveticaMetrics.width(b) * size) / 2, y: baseline))
                }
            } else {
                c.show(bytes, at: Point(x: x(for: bytes, size: size), y: baseline))
            }
            c.endText()
        }
        c.restore()
        c.raw("EMC")
        let matrix: [Double]?
        switch widget.look.rotation {
        case 90: matrix = [0, 1, -1, 0, 0, 0]
        case 180: matrix = [-1, 0, 0, -1, 0, 0]
        case 270: matrix = [0, -1, 1, 0, 0, 0]
        default: matrix = nil
        }
        return AppearanceStream(boundingBox: Rect(x: 0, y: 0, width: w, height: h), content: c.bytes, resources: resources, matrix: matrix)
    }

    /// The text a text field or combo box shows for `value`: a combo's option words, a
    /// password's stars, at most /MaxLen characters.
    static func displayedText(_ field: FormField, _ value: FormValue?) -> String {
        guard let value else { return "" }
        var text: String
        switch value {
        case .text(let s): text = field.kind == .comboBox ? field.displayText(forExportValue: s) : s
        case .choices(let l): text = l.first.map(field.displayText(forExportValue:)) ?? ""
        case .state: text = ""
        }
        if let limit = field.maxLength, field.kind == .text { text = String(text.prefix(limit)) }
        if field.flags.contains(.password) { text = String(repeating: "*", count: text.count) }
        return text
    }
}
