// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The ruling of a note page put into a document: nothing, lines 8 mm apart, 5 mm squares or a
/// 5 mm grid of dots, drawn in thin light grey by the page's own content stream.
public enum NotePaper: String, Hashable, Sendable, Codable, CaseIterable {
    case blank, lined, squared, dotted

    /// One millimetre in points.
    public static let millimetre = 72.0 / 25.4

    /// The distance between lines or dots, in points; `nil` for a blank page.
    public var spacing: Double? {
        switch self {
        case .blank: return nil
        case .lined: return 8 * Self.millimetre
        case .squared, .dotted: return 5 * Self.millimetre
        }
    }

    /// The grey the ruling is drawn in (0 black, 1 white).
    public static let grey = 0.72

    /// The page content that draws the ruling on a page `width` × `height` points whose media
    /// box starts at 0 0 (empty for a blank page). Lines run from edge to edge, counted from the
    /// top left corner; a lined page leaves two lines' room at its top.
    public func content(width: Double, height: Double) -> [UInt8] {
        guard let step = spacing, width > 0, height > 0 else { return [] }
        var w = ContentStreamWriter(origin: .zero)
        w.save()
        w.raw("\(w.f(Self.grey)) G")
        // The rows below the top edge (and the columns right of the left edge) a ruling uses.
        let rows = stride(from: height - step, to: 0, by: -step).filter { $0 > step / 4 }
        let columns = stride(from: step, to: width, by: step).filter { $0 < width - step / 4 }
        switch self {
        case .blank:
            break
        case .lined:
            w.lineWidth(0.6)
            for y in rows.dropFirst() {
                w.move(Point(x: 0, y: y))
                w.line(Point(x: width, y: y))
            }
            w.stroke()
        case .squared:
            w.lineWidth(0.4)
            for y in rows {
                w.move(Point(x: 0, y: y))
                w.line(Point(x: width, y: y))
            }
            for x in columns {
                w.move(Point(x: x, y: 0))
                w.line(Point(x: x, y: height))
            }
            w.stroke()
        case .dotted:
            // A round cap on a segment of no length is a dot (PDF 32000-1 §8.5.3.2).
            w.lineWidth(1.2)
            w.raw("1 J")
            for y in rows {
                for x in columns {
                    w.move(Point(x: x, y: y))
                    w.line(Point(x: x, y: y))
                }
            }
            w.stroke()
        }
        w.restore()
        return w.bytes
    }
}

/// The size a note page is made in: that of the page it follows (as it shows, turned), or a
/// paper size in portrait.
public enum NotePageSize: String, Hashable, Sendable, Codable, CaseIterable {
    case neighbour, a4, letter

    /// The paper's width and height in points; `nil` for ``neighbour``.
    public var paper: (width: Double, height: Double)? {
        switch self {
        case .neighbour: return nil
        case .a4: return (595.2756, 841.8898)
        case .letter: return (612, 792)
        }
    }
}
