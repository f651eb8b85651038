// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension Annotation {
    /// A polygon (closed) or a polyline (open) through `vertices` in PDF space, its rectangle
    /// covering them and half its line; `nil` for fewer than three vertices of a polygon or two
    /// of a polyline. Made by snapping a drawn shape; moved, resized and drawn like any other.
    public static func polygon(_ vertices: [Point], closed: Bool, on page: PageIndex, style: AnnotationStyle,
                               stamp: CreationStamp) -> Annotation? {
        let points = vertices.map(\.quantized)
        guard points.count >= (closed ? 3 : 2) else { return nil }
        let geometry = AnnotationGeometry.vertices(points)
        guard let rect = AnnotationDictionary.geometryBounds(geometry, lineWidth: style.width) else { return nil }
        return Annotation(id: stamp.id, page: page, subtype: closed ? .polygon : .polyLine, rect: rect, color: style.color,
                          opacity: style.opacity, borderWidth: style.width, interiorColor: closed ? style.fill : nil,
                          author: stamp.author, modified: stamp.date, uniqueName: stamp.name, geometry: geometry)
    }

    /// A line from `from` to `to` with the given endings (an open arrow head drawn by hand
    /// becomes `.openArrow` at that end).
    public static func line(from: Point, to: Point, startEnding: LineEnding = .none, endEnding: LineEnding = .none,
                            on page: PageIndex, style: AnnotationStyle, stamp: CreationStamp) -> Annotation? {
        let a = from.quantized, b = to.quantized
        guard a != b else { return nil }
        let geometry = AnnotationGeometry.line(start: a, end: b, startEnding: startEnding, endEnding: endEnding)
        let rect = AnnotationDictionary.geometryBounds(geometry, lineWidth: style.width) ?? Rect(corner: a, corner: b)
        let closedEnd = [startEnding, endEnding].contains { $0 == .closedArrow || $0 == .reversedClosedArrow }
        return Annotation(id: stamp.id, page: page, subtype: .line, rect: rect, color: style.color, opacity: style.opacity,
                          borderWidth: style.width, interiorColor: closedEnd ? style.color : nil, author: stamp.author,
                          modified: stamp.date, uniqueName: stamp.name, geometry: geometry)
    }
}
