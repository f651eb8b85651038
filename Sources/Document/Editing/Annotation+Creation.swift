// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// How a creation tool draws: the colour, line width, opacity and (for rectangles and
/// ellipses) fill the user chose for it.
public struct AnnotationStyle: Hashable, Sendable, Codable {
    public var color: RGBColor
    public var width: Double
    public var opacity: Double
    /// The interior colour of a rectangle or an ellipse; `nil` leaves it hollow.
    public var fill: RGBColor?
    public init(color: RGBColor, width: Double, opacity: Double = 1, fill: RGBColor? = nil) {
        self.color = color
        self.width = width
        self.opacity = opacity
        self.fill = fill
    }
}

/// What every annotation the user creates carries besides its shape: its id, author and date.
public struct CreationStamp: Hashable, Sendable {
    /// A fresh editor id for an annotation made now.
    public var id: String
    public var author: String?
    /// A PDF date string (see ``PDFDate``).
    public var date: String
    /// A fresh UUID (``UniqueName/make()``): the /NM of an annotation made now, or given to one
    /// changed here that had none; `nil` when the host has none to give (tests), when ``name``
    /// falls back on ``id``.
    public var uuid: String?
    public init(id: String, author: String?, date: String, uuid: String? = nil) {
        self.id = id
        self.author = author
        self.date = date
        self.uuid = uuid
    }

    /// The /NM of an annotation made now: the UUID, else the id.
    public var name: String { uuid ?? id }
}

extension Annotation {
    /// An ink annotation from strokes in PDF space; its rectangle covers the strokes and their
    /// width. Pressures (when the device gave them) become the varying width of its appearance.
    public static func ink(_ strokes: [InkStroke], on page: PageIndex, style: AnnotationStyle, stamp: CreationStamp) -> Annotation? {
        let points = strokes.flatMap(\.points)
        guard let first = points.first else { return nil }
        var box = Rect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(Rect(origin: p, size: .zero)) }
        let pad = style.width / 2 + 1
        let quantized = strokes.map { InkStroke(points: $0.points.map(\.quantized), pressures: $0.pressures) }
        return Annotation(id: stamp.id, page: page, subtype: .ink, rect: box.insetBy(dx: -pad, dy: -pad).quantized,
                          color: style.color, opacity: style.opacity, borderWidth: style.width, author: stamp.author,
                          modified: stamp.date, uniqueName: stamp.name, geometry: .ink(quantized))
    }

    /// The Highlighter's freehand stroke: ink through `points` (PDF space) in `style`, marked as
    /// a marker (``isMarker``: one width, flat ends, multiplied with the page).
    public static func marker(_ points: [Point], on page: PageIndex, style: AnnotationStyle, stamp: CreationStamp) -> Annotation? {
        guard var a = ink([InkStroke(points: points)], on: page, style: style, stamp: stamp) else { return nil }
        a.isMarker = true
        return a
    }

    /// A rectangle or an ellipse spanning two opposite corners, or a line or an arrow between
    /// two points (the arrow head at `to`).
    public static func shape(_ subtype: AnnotationSubtype, arrow: Bool = false, from: Point, to: Point, on page: PageIndex,
                             style: AnnotationStyle, stamp: CreationStamp) -> Annotation? {
        let a = from.quantized, b = to.quantized
        switch subtype {
        case .square, .circle:
            let rect = Rect(corner: a, corner: b).quantized
            guard rect.width > 0, rect.height > 0 else { return nil }
            return Annotation(id: stamp.id, page: page, subtype: subtype, rect: rect, color: style.color, opacity: style.opacity,
                              borderWidth: style.width, interiorColor: style.fill, author: stamp.author, modified: stamp.date,
                              uniqueName: stamp.name)
        case .line:
            guard a != b else { return nil }
            let geometry = AnnotationGeometry.line(start: a, end: b, startEnding: .none, endEnding: arrow ? .closedArrow : .none)
            let rect = AnnotationDictionary.geometryBounds(geometry, lineWidth: style.width) ?? Rect(corner: a, corner: b)
            return Annotation(id: stamp.id, page: page, subtype: .line, rect: rect, color: style.color, opacity: style.opacity,
                              borderWidth: style.width, interiorColor: arrow ? style.color : nil, author: stamp.author,
                              modified: stamp.date, uniqueName: stamp.name, geometry: geometry)
        default:
            return nil
        }
    }

    /// A sticky note whose 20-point icon has its top-left corner at `point`.
    public static func note(at point: Point, on page: PageIndex, text: String?, color: RGBColor, stamp: CreationStamp) -> Annotation {
        let p = point.quantized
        return Annotation(id: stamp.id, page: page, subtype: .text, rect: Rect(x: p.x, y: p.y - 20, width: 20, height: 20),
                          color: color, contents: text, author: stamp.author, modified: stamp.date, uniqueName: stamp.name,
                          iconName: "Comment", isOpen: false)
    }
}
