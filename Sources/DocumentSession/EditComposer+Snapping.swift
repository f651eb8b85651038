// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document
import Geometry
import InteractionEngine

/// Shapes that snap: a stroke the ink tool recognised as a shape is first added as ink (one
/// step), then replaced by the shape (a second step), so that one undo gives the stroke back.
extension EditComposer {
    /// The shape `ink` (a just-added stroke) snaps to: the same annotation (id, /NM, page, author,
    /// colour, width, opacity) drawn as a /Line, /Square, /Circle, /Polygon or /PolyLine, the
    /// outline of a rectangle or an ellipse along the stroke's centre line. `nil` when the shape
    /// is degenerate.
    public func snapping(_ ink: Annotation, to shape: RecognizedShape) -> EditRecord? {
        let style = AnnotationStyle(color: ink.color ?? style(for: .ink).color, width: ink.borderWidth ?? style(for: .ink).width,
                                    opacity: ink.opacity)
        let made = CreationStamp(id: ink.id, author: ink.author, date: stamp(ink.page).date, uuid: ink.uniqueName)
        let page = ink.page
        let snapped: Annotation?
        // The border is drawn inside /Rect: half a line out, it runs where the stroke ran.
        let half = style.width / 2
        switch shape {
        case .line(let from, let to):
            snapped = Annotation.line(from: from, to: to, on: page, style: style, stamp: made)
        case .arrow(let from, let to):
            snapped = Annotation.line(from: from, to: to, endEnding: .openArrow, on: page, style: style, stamp: made)
        case .rectangle(let r):
            let box = r.insetBy(dx: -half, dy: -half)
            snapped = Annotation.shape(.square, from: box.origin, to: Point(x: box.maxX, y: box.maxY), on: page, style: style, stamp: made)
        case .ellipse(let r):
            let box = r.insetBy(dx: -half, dy: -half)
            snapped = Annotation.shape(.circle, from: box.origin, to: Point(x: box.maxX, y: box.maxY), on: page, style: style, stamp: made)
        case .polygon(let vertices):
            snapped = Annotation.polygon(vertices, closed: true, on: page, style: style, stamp: made)
        case .polyline(let vertices):
            snapped = Annotation.polygon(vertices, closed: false, on: page, style: style, stamp: made)
        }
        guard let snapped else { return nil }
        return EditRecord("Snap to Shape", .replace(before: [ink], after: [snapped]))
    }

    /// The outline of a snapped shape as points, drawn as ink over its page until the page is
    /// drawn again with the shape in it.
    public static func outline(of shape: RecognizedShape) -> [Point] {
        switch shape {
        case .line(let a, let b), .arrow(let a, let b): return [a, b]
        case .rectangle(let r):
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY),
                    Point(x: r.minX, y: r.maxY), Point(x: r.minX, y: r.minY)]
        case .ellipse(let r):
            return (0...64).map { k in
                let a = 2 * Double.pi * Double(k) / 64
                return Point(x: r.midX + r.width / 2 * cos(a), y: r.midY + r.height / 2 * sin(a))
            }
        case .polygon(let v): return v + (v.first.map { [$0] } ?? [])
        case .polyline(let v): return v
        }
    }
}
