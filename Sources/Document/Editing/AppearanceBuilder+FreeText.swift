// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension AppearanceBuilder {
    /// Space between a free text's border and its text, in points.
    static let freeTextPadding = 2.0

    /// A text box: the background in the interior colour, a border in the colour when
    /// `borderWidth` is above 0, then the contents in Helvetica at the style's size and colour,
    /// wrapped to the box less the padding, explicit line breaks kept, each line aligned as the
    /// style says. The first baseline sits the font's ascent (0.8 of the size) below the top
    /// padding, the next ones 1.2 sizes apart; lines below the box are left out (the box clips
    /// them anyway).
    static func drawFreeText(_ a: Annotation, _ c: inout ContentStreamWriter, _ resources: inout PDFDictionary) -> Bool {
        let style = a.freeText ?? FreeTextStyle()
        let r = a.rect
        let border = a.color == nil ? 0 : max(0, a.borderWidth ?? 0)
        if let fill = a.interiorColor {
            c.fillColor(fill)
            c.rectangle(r)
            c.fill()
        }
        if border > 0, let color = a.color {
            c.strokeColor(color)
            c.lineWidth(border)
            c.dash(a.dashPattern)
            c.rectangle(r.insetBy(dx: min(border, r.width) / 2, dy: min(border, r.height) / 2))
            c.stroke()
        }
        let size = style.fontSize > 0 && style.fontSize.isFinite ? style.fontSize : 12
        let padding = freeTextPadding + border
        let lines = wrappedLines(a.contents ?? "", width: r.width - 2 * padding, size: size)
        guard lines.contains(where: { !$0.isEmpty }) else { return true }
        resources["Font"] = .dictionary(PDFDictionary([("Helv", .dictionary(HelveticaMetrics.font(bold: false)))]))
        c.fillColor(style.textColor)
        c.beginText(font: "Helv", size: size)
        var baseline = r.maxY - padding - size * 0.8
        for line in lines {
            guard baseline > r.minY - size else { break }
            if !line.isEmpty {
                let width = HelveticaMetrics.width(line) * size
                let x: Double
                switch style.alignment {
                case .left: x = r.minX + padding
                case .center: x = r.midX - width / 2
                case .right: x = r.maxX - padding - width
                }
                c.show(line, at: Point(x: x, y: baseline))
            }
            baseline -= size * 1.2
        }
        c.endText()
        return true
    }

    /// `text` as lines of WinAnsi bytes no wider than `width` in Helvetica at `size`: each
    /// paragraph (line breaks of any kind) filled greedily word by word, spaces at a wrap
    /// dropped, a word wider than a line broken between characters (at least one a line).
    static func wrappedLines(_ text: String, width: Double, size: Double) -> [[UInt8]] {
        let limit = max(0, width) / size
        var lines: [[UInt8]] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line: [UInt8] = []
            // At the start of a paragraph or after a wrap, a word starts the line without a space.
            var fresh = true
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let bytes = HelveticaMetrics.encode(word)
                let candidate = fresh ? bytes : line + [32] + bytes
                if HelveticaMetrics.width(candidate) <= limit {
                    line = candidate
                    fresh = false
                    continue
                }
                let full = trimmingTrailingSpaces(line)
                if !full.isEmpty { lines.append(full) }
                var rest = bytes[...]
                while rest.count > 1, HelveticaMetrics.width(rest) > limit {
                    var used = 0.0, cut = rest.startIndex
                    while cut < rest.endIndex, used + HelveticaMetrics.width(rest[cut]) <= limit {
                        used += HelveticaMetrics.width(rest[cut])
                        cut += 1
                    }
                    cut = max(cut, rest.startIndex + 1)
                    lines.append(Array(rest[..<cut]))
                    rest = rest[cut...]
                }
                line = Array(rest)
                fresh = false
            }
            lines.append(trimmingTrailingSpaces(line))
        }
        return lines
    }

    static func trimmingTrailingSpaces(_ line: [UInt8]) -> [UInt8] {
        var line = line
        while line.last == 32 { line.removeLast() }
        return line
    }
}
