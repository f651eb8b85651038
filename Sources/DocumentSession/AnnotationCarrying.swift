// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// An annotation held by a finger or dragged by the pointer is carried: it stays under the
/// contact while the view scrolls by itself (the view scrolls when the contact nears the view's
/// edge), and once its middle is over another page it belongs to that page, where it is
/// dropped. The move is one undoable step (the editor writes both pages' /Annots); the
/// annotation's own appearance travels with it.
public enum AnnotationCarrying {
    /// How close to the view's edge (view pixels) the contact makes the view scroll.
    public static let edgeBand = 48.0
    /// The scrolling speed with the contact on the edge itself, in view pixels per second.
    public static let topSpeed = 900.0

    /// How fast the view scrolls under a carried annotation with the contact at `point`: zero
    /// away from the edges, growing to ``topSpeed`` at (and past) an edge, along both axes.
    public static func autoScrollVelocity(contact point: Point, viewSize size: Size) -> Vector {
        func speed(_ x: Double, _ length: Double) -> Double {
            guard length > 3 * edgeBand else { return 0 }
            if x < edgeBand { return -topSpeed * min(1, (edgeBand - x) / edgeBand) }
            if x > length - edgeBand { return topSpeed * min(1, (x - (length - edgeBand)) / edgeBand) }
            return 0
        }
        return Vector(dx: speed(point.x, size.width), dy: speed(point.y, size.height))
    }

    /// The annotation moved with the view: the view scrolled by `scroll` (view pixels) under a
    /// still contact, and the annotation follows so that it stays under it. `coordinates` are
    /// those of the view before the scroll or after it (a scroll changes no page's scale).
    public static func following(_ a: Annotation, viewScrolledBy scroll: Vector, in coordinates: DocumentCoordinates) -> Annotation {
        guard scroll != .zero, let delta = coordinates.pdfVector(fromView: scroll, on: a.page) else { return a }
        return a.moved(by: delta)
    }

    /// The annotation given to the page its middle is over, at the same place on screen; `nil`
    /// when it stays where it is (still over its own page, over no page, or over a page turned
    /// another way, where its drawing would not fit).
    public static func rehomed(_ a: Annotation, in coordinates: DocumentCoordinates) -> Annotation? {
        guard let (page, rect) = destination(of: a.rect, on: a.page, in: coordinates) else { return nil }
        var out = a.moved(by: Vector(dx: rect.minX - a.rect.minX, dy: rect.minY - a.rect.minY))
        out.page = page
        return out
    }

    /// The page a rectangle of `page` (PDF space) is given to, and its place there, as
    /// ``rehomed(_:in:)`` decides from the rectangle alone; `nil` when it stays.
    public static func destination(of rect: Rect, on page: PageIndex, in coordinates: DocumentCoordinates) -> (PageIndex, Rect)? {
        guard let own = coordinates.page(page), let shown = coordinates.viewRect(fromPDF: rect, on: page),
              let target = coordinates.page(atView: shown.center), target.index != page,
              target.rotation == own.rotation,
              let moved = coordinates.convert(shown, from: .view, to: .pdf(target.index)),
              abs(moved.width - rect.width) < 0.5, abs(moved.height - rect.height) < 0.5
        else { return nil }
        return (target.index, moved)
    }
}
