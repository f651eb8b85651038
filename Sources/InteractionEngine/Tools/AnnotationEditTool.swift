// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Selects, moves, resizes and deletes annotations.
///
/// A press on a handle of the selected annotation resizes it (never below
/// ``Configuration/minimumSize``); a press inside an annotation selects it and moves it as the
/// contact moves; a press or tap on empty space deselects and hands the event to browse/pan.
/// Locked annotations can be selected but not transformed. Delete or BackSpace deletes the
/// selection, Escape deselects, arrow keys nudge by one point (ten with Shift).
public final class AnnotationEditTool: Tool {
    /// Handle and size limits.
    public struct Configuration: Hashable, Sendable {
        /// The side of a handle's hit square for a precise pointer, in view pixels (touch uses
        /// at least the touch minimum target size).
        public var handleSize: Double = 12
        /// The smallest size a resize may produce, in PDF points.
        public var minimumSize = Size(width: 8, height: 8)
        public init() {}
    }

    public let id = ToolID.annotationEdit
    public var configuration: Configuration

    private enum Phase {
        case idle
        case moving(AnnotationID, page: PageIndex, last: Point, started: Bool)
        case resizing(AnnotationID, page: PageIndex, handle: ResizeHandle, startRect: Rect, startPoint: Point)
    }
    private var phase = Phase.idle
    private var sequence: InputSequenceID?

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// The selected annotation's rectangle in view coordinates.
    public func selectionRect(context: ToolContext) -> Rect? {
        guard let id = context.session.selectedAnnotation, let target = context.environment.annotation(id) else { return nil }
        return context.environment.coordinates.viewRect(fromPDF: target.bounds, on: target.page)
    }

    /// The handle of the selected annotation under a view point, if any (corners before edges).
    public func handle(atView point: Point, source: InputSource, context: ToolContext) -> ResizeHandle? {
        guard let rect = selectionRect(context: context) else { return nil }
        let minimum = context.environment.targetPolicy.sizing(for: source).minimumSize
        let side = max(configuration.handleSize, source.isDirect ? max(minimum.width, minimum.height) : 0)
        for h in ResizeHandle.allCases {
            let c = h.position(on: rect)
            if Rect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side).contains(point) { return h }
        }
        return nil
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch event {
        case .tap(let g), .longPress(let g):
            if self.handle(atView: g.position, source: g.source, context: context) != nil { return .handled }
            if let target = env.annotation(atView: g.position, source: g.source), PanTool.owner(of: target.kind) == .annotationEdit {
                select(target.id, context: context)
                return .handled
            }
            deselect(context: context)
            return .switchTo(.pan, replay: true)
        case .input(let e):
            if let key = event.pressedKey { return handleKey(key, modifiers: e.modifiers, context: context) }
            return handleContact(e, context: context)
        }
    }

    private func handleContact(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard sequence == nil else { return .unhandled }
            if let id = context.session.selectedAnnotation, let target = env.annotation(id), !target.isLocked,
               let h = handle(atView: e.position, source: e.source, context: context),
               let rect = selectionRect(context: context) {
                sequence = e.sequence
                phase = .resizing(id, page: target.page, handle: h, startRect: rect, startPoint: e.position)
                context.emit(.beginTransform(id))
                return .handled
            }
            if let target = env.annotation(atView: e.position, source: e.source), PanTool.owner(of: target.kind) == .annotationEdit {
                select(target.id, context: context)
                if !target.isLocked {
                    sequence = e.sequence
                    phase = .moving(target.id, page: target.page, last: e.position, started: false)
                }
                return .handled
            }
            deselect(context: context)
            return .switchTo(.pan, replay: true)
        case .moved:
            guard e.sequence == sequence else { return .unhandled }
            switch phase {
            case .moving(let id, let page, let last, let started):
                guard let delta = env.coordinates.pdfVector(fromView: e.position - last, on: page) else { return .handled }
                if !started { context.emit(.beginTransform(id)) }
                context.emit(.moveAnnotation(id, by: delta))
                phase = .moving(id, page: page, last: e.position, started: true)
            case .resizing(let id, let page, let h, let startRect, let startPoint):
                guard let geometry = env.coordinates.page(page) else { return .handled }
                let minimum = geometry.rotation.rotated(configuration.minimumSize)
                let minView = Size(width: minimum.width * geometry.scaleX, height: minimum.height * geometry.scaleY)
                let viewRect = h.resize(startRect, by: e.position - startPoint, minimum: minView)
                if let pdf = env.coordinates.convert(viewRect, from: .view, to: .pdf(page)) {
                    context.emit(.resizeAnnotation(id, to: pdf))
                }
            case .idle:
                break
            }
            return .handled
        case .ended, .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            switch phase {
            case .moving(let id, _, _, true), .resizing(let id, _, _, _, _):
                context.emit(.endTransform(id, cancelled: e.contactPhase == .cancelled))
            default:
                break
            }
            phase = .idle
            sequence = nil
            return .handled
        case nil:
            return .unhandled
        }
    }

    private func handleKey(_ key: String, modifiers: Modifiers, context: ToolContext) -> ToolDisposition {
        guard let id = context.session.selectedAnnotation else { return .unhandled }
        let target = context.environment.annotation(id)
        switch key {
        case "Delete", "BackSpace", "KP_Delete":
            guard target?.isLocked == false else { return .handled }
            deselect(context: context)
            context.emit(.deleteAnnotation(id))
            return .switchTo(.pan, replay: false)
        case "Escape":
            deselect(context: context)
            return .switchTo(.pan, replay: false)
        case "Left", "Right", "Up", "Down":
            guard let target, !target.isLocked, let page = context.environment.coordinates.page(target.page) else { return .handled }
            let step = modifiers.contains(.shift) ? 10.0 : 1.0
            let screen: Vector = key == "Left" ? Vector(dx: -1, dy: 0) : key == "Right" ? Vector(dx: 1, dy: 0)
                : key == "Up" ? Vector(dx: 0, dy: -1) : Vector(dx: 0, dy: 1)
            // One screen direction, one PDF point long whatever the zoom and rotation.
            let v = page.pageToPDF.apply(to: screen) * step
            context.emit(.beginTransform(id))
            context.emit(.moveAnnotation(id, by: v))
            context.emit(.endTransform(id, cancelled: false))
            return .handled
        default:
            return .unhandled
        }
    }

    private func select(_ id: AnnotationID, context: ToolContext) {
        guard context.session.selectedAnnotation != id else { return }
        if let old = context.session.selectedAnnotation { context.emit(.deselectAnnotation(old)) }
        context.session.selectedAnnotation = id
        context.emit(.selectAnnotation(id))
    }

    private func deselect(context: ToolContext) {
        guard let old = context.session.selectedAnnotation else { return }
        context.session.selectedAnnotation = nil
        context.emit(.deselectAnnotation(old))
    }

    public func deactivate(context: ToolContext) {
        if case .moving(let id, _, _, true) = phase { context.emit(.endTransform(id, cancelled: true)) }
        if case .resizing(let id, _, _, _, _) = phase { context.emit(.endTransform(id, cancelled: true)) }
        phase = .idle
        deselect(context: context)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        switch phase {
        case .moving(_, _, _, true): return .grabbing
        case .resizing(_, _, let h, _, _): return h.pointerShape
        default: break
        }
        if let id = context.session.selectedAnnotation, context.environment.annotation(id)?.isLocked == false,
           let h = handle(atView: point, source: source, context: context) {
            return h.pointerShape
        }
        if let target = context.environment.annotation(atView: point, source: source) {
            return target.id == context.session.selectedAnnotation && !target.isLocked ? .move : .pointer
        }
        return .default
    }
}
