// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Draws a square, circle, line or arrow by dragging from one corner (or end) to the other on
/// one page; a drag shorter than ``minimumDragLength`` view pixels creates nothing.
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
            context.emit(.shapePreview(kind, s.page, from: s.pdf, to: p))
            return .handled
        case .ended, .cancelled:
            guard let s = start, s.sequence == e.sequence else { return .unhandled }
            start = nil
            context.emit(.clearShapePreview)
            guard e.contactPhase == .ended, s.view.distance(to: e.position) >= minimumDragLength,
                  let p = env.pdfPoint(fromView: e.position, on: s.page) else { return .handled }
            context.emit(.addShape(kind, s.page, from: s.pdf, to: p))
            return staysActive ? .handled : .switchTo(.pan, replay: false)
        case nil:
            return .unhandled
        }
    }

    public func deactivate(context: ToolContext) {
        if start != nil { context.emit(.clearShapePreview); start = nil }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}
