// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Document
import Geometry

/// Draws a square, circle, line or arrow by dragging from one corner (or end) to the other on
/// one page; a drag shorter than ``minimumDragLength`` view pixels creates nothing. Holding
/// Shift constrains the shape: equal sides for squares and circles, a multiple of 45° for
/// lines and arrows (see ``constrained(_:from:to:)``).
public final class ShapeTool: Tool {
    public let id: ToolID
    public let kind: ShapeKind
    /// Stay current after creating a shape (otherwise hand back to browse/pan).
    public var staysActive: Bool
    public var minimumDragLength: Double = 4

    private var start: (page: PageIndex, pdf: Point, view: Point, sequence: InputSequenceID)?

    public static func toolID(for kind: ShapeKind) -> ToolID {
        switch kind {
        case .square: return .square
        case .circle: return .circle
        case .line: return .line
        case .arrow: return .arrow
        }
    }

    public init(kind: ShapeKind, staysActive: Bool = true) {
        self.kind = kind
        self.id = Self.toolID(for: kind)
        self.staysActive = staysActive
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .input(let e) = event else { return .handled }
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard start == nil, let geometry = env.coordinates.page(atView: e.position),
                  let p = env.pdfPoint(fromView: e.position, on: geometry.index) else { return .unhandled }
            start = (geometry.index, p, e.position, e.sequence)
            return .handled
        case .moved:
            guard let s = start, s.sequence == e.sequence, let p = env.pdfPoint(fromView: e.position, on: s.page) else { return .unhandled }
            context.emit(.shapePreview(kind, s.page, from: s.pdf, to: end(of: s.pdf, at: p, modifiers: e.modifiers)))
            return .handled
        case .ended, .cancelled:
            guard let s = start, s.sequence == e.sequence else { return .unhandled }
            start = nil
            context.emit(.clearShapePreview)
            guard e.contactPhase == .ended, s.view.distance(to: e.position) >= minimumDragLength,
                  let p = env.pdfPoint(fromView: e.position, on: s.page) else { return .handled }
            context.emit(.addShape(kind, s.page, from: s.pdf, to: end(of: s.pdf, at: p, modifiers: e.modifiers)))
            return staysActive ? .handled : .switchTo(.pan, replay: false)
        case nil:
            return .unhandled
        }
    }

    private func end(of start: Point, at point: Point, modifiers: Modifiers) -> Point {
        modifiers.contains(.shift) ? Self.constrained(kind, from: start, to: point) : point
    }

    /// Where a Shift-constrained drag from `start` towards `point` ends: for a square or a circle
    /// the corner that makes the box square (the longer side wins, each side keeps its direction);
    /// for a line or an arrow the point on the nearest multiple of 45° through `start`, as far
    /// along it as `point` projects.
    public static func constrained(_ kind: ShapeKind, from start: Point, to point: Point) -> Point {
        let dx = point.x - start.x, dy = point.y - start.y
        switch kind {
        case .square, .circle:
            let side = max(abs(dx), abs(dy))
            return Point(x: start.x + (dx < 0 ? -side : side), y: start.y + (dy < 0 ? -side : side))
        case .line, .arrow:
            let step = Double.pi / 4
            let angle = (atan2(dy, dx) / step).rounded() * step
            let length = dx * cos(angle) + dy * sin(angle)
            return Point(x: start.x + length * cos(angle), y: start.y + length * sin(angle))
        }
    }

    public func deactivate(context: ToolContext) {
        if start != nil { context.emit(.clearShapePreview); start = nil }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}
