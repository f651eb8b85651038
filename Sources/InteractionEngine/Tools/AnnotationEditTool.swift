// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Selects, moves, resizes and deletes annotations, one or several at a time.
///
/// A press inside an annotation selects it (Shift adds it to the selection or takes it out)
/// and moves every selected annotation as the contact moves; a press on a handle resizes the
/// selection (several annotations scale together inside their common box, never below
/// ``Configuration/minimumSize``); a single selected line shows a handle on each end instead,
/// and each end drags on its own (Shift: at a multiple of 45° from the other end). A mouse drag
/// that starts on empty page space away from text pulls out a band that selects what it meets
/// (Shift adds to the selection). Any other press on empty space deselects and hands the event
/// to browse/pan. Locked annotations can be selected but not transformed. Delete or BackSpace
/// deletes the selection as one step, Escape deselects, arrow keys nudge by one point (ten with
/// Shift).
public final class AnnotationEditTool: Tool {
    /// Handle and size limits.
    public struct Configuration: Hashable, Sendable {
        /// The side of a handle's hit square for a precise pointer, in view pixels (touch uses
        /// at least the touch minimum target size).
        public var handleSize: Double = 12
        /// The smallest size a resize may produce, in PDF points.
        public var minimumSize = Size(width: 8, height: 8)
        /// How far (view pixels) a band must be dragged before it selects anything.
        public var bandThreshold: Double = 4
        /// How far (view pixels, per source) a contact must travel from its press before it
        /// moves or resizes anything: a tap's jitter records no step.
        public var moveSlop = ContactVocabulary.tapSlop
        public init() {}
    }

    public let id = ToolID.annotationEdit
    public var configuration: Configuration

    private enum Phase {
        case idle
        case moving([AnnotationID], last: Point, started: Bool)
        case resizing([AnnotationID: Rect], handle: ResizeHandle, startRect: Rect, startPoint: Point, started: Bool)
        case movingLineEnd(AnnotationID, index: Int, start: Point, started: Bool)
        case band(start: Point, current: Point, base: [AnnotationID])
    }
    private var phase = Phase.idle
    private var sequence: InputSequenceID?
    /// Where the contact was at its press or last move.
    private var lastPosition: Point?

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    // MARK: Geometry of the selection

    /// The selected annotations' common rectangle in view coordinates.
    public func selectionRect(context: ToolContext) -> Rect? {
        context.session.selection.compactMap { viewRect(of: $0, context: context) }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    private func viewRect(of id: AnnotationID, context: ToolContext) -> Rect? {
        guard let target = context.environment.annotation(id) else { return nil }
        return context.environment.coordinates.viewRect(fromPDF: target.bounds, on: target.page)
    }

    /// The selected annotations that may move (not locked).
    private func movable(_ context: ToolContext) -> [AnnotationID] {
        context.session.selection.filter { context.environment.annotation($0)?.isLocked == false }
    }

    /// The single selected line whose ends drag on their own, if that is the selection.
    public func selectedLine(context: ToolContext) -> AnnotationTarget? {
        guard context.session.selection.count == 1, let id = context.session.selection.first,
              let target = context.environment.annotation(id), target.kind == .line, target.lineEnds.count == 2 else { return nil }
        return target
    }

    /// The ends of the selected line in view coordinates (empty unless one line is selected).
    public func lineEndPositions(context: ToolContext) -> [Point] {
        guard let line = selectedLine(context: context) else { return [] }
        return line.lineEnds.compactMap { context.environment.coordinates.convert($0, from: .pdf(line.page), to: .view) }
    }

    private func handleSide(for source: InputSource, context: ToolContext) -> Double {
        let minimum = context.environment.targetPolicy.sizing(for: source).minimumSize
        return max(configuration.handleSize, source.isDirect ? max(minimum.width, minimum.height) : 0)
    }

    /// Which end of the selected line is under a view point (0 or 1), if any.
    public func lineEnd(atView point: Point, source: InputSource, context: ToolContext) -> Int? {
        let side = handleSide(for: source, context: context)
        let ends = lineEndPositions(context: context)
        // The nearer end wins when both are in reach (a very short line).
        return ends.indices.filter { abs(ends[$0].x - point.x) <= side / 2 && abs(ends[$0].y - point.y) <= side / 2 }
            .min { ends[$0].distance(to: point) < ends[$1].distance(to: point) }
    }

    /// The resize handle of the selection under a view point, if any (corners before edges). A
    /// single line has end handles instead.
    public func handle(atView point: Point, source: InputSource, context: ToolContext) -> ResizeHandle? {
        guard selectedLine(context: context) == nil, let rect = selectionRect(context: context) else { return nil }
        let side = handleSide(for: source, context: context)
        for h in ResizeHandle.allCases {
            let c = h.position(on: rect)
            if Rect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side).contains(point) { return h }
        }
        return nil
    }

    // MARK: Events

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch event {
        case .tap(let g), .longPress(let g):
            if self.handle(atView: g.position, source: g.source, context: context) != nil
                || lineEnd(atView: g.position, source: g.source, context: context) != nil { return .handled }
            if let target = env.annotation(atView: g.position, source: g.source), PanTool.owner(of: target.kind) == .annotationEdit {
                if g.modifiers.contains(.shift) { toggle(target.id, context: context) } else { select(only: target.id, context: context) }
                return .handled
            }
            deselectAll(context: context)
            return .switchTo(.pan, replay: true)
        case .input(let e):
            if let key = event.pressedKey { return handleKey(key, modifiers: e.modifiers, context: context) }
            return handleContact(e, context: context)
        }
    }

    private func handleContact(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        switch e.contactPhase {
        case .began:
            guard sequence == nil else { return .unhandled }
            lastPosition = e.position
            return begin(e, context: context)
        case .moved:
            guard e.sequence == sequence else { return .unhandled }
            move(e, context: context)
            return .handled
        case .ended, .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            let cancelled = e.contactPhase == .cancelled
            // Where the contact lifted is where the drag ends (a replay or a device may lift a
            // little past its last move).
            if !cancelled, e.position != lastPosition { move(e, context: context) }
            switch phase {
            case .moving(let ids, _, true):
                for id in ids { context.emit(.endTransform(id, cancelled: cancelled)) }
            case .resizing(let starts, _, _, _, true):
                for id in starts.keys.sorted(by: { $0.rawValue < $1.rawValue }) { context.emit(.endTransform(id, cancelled: cancelled)) }
            case .movingLineEnd(let id, _, _, true):
                context.emit(.endTransform(id, cancelled: cancelled))
            case .band(let start, let current, let base):
                context.emit(.selectionBand(nil))
                if !cancelled { finishBand(from: start, to: current, base: base, context: context) }
            case .idle, .moving, .resizing, .movingLineEnd:
                break
            }
            phase = .idle
            sequence = nil
            if context.session.selection.isEmpty { return .switchTo(.pan, replay: false) }
            return .handled
        case nil:
            return .unhandled
        }
    }

    private func begin(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        let movable = movable(context)
        if let line = selectedLine(context: context), !line.isLocked,
           let index = lineEnd(atView: e.position, source: e.source, context: context) {
            sequence = e.sequence
            phase = .movingLineEnd(line.id, index: index, start: e.position, started: false)
            return .handled
        }
        if movable.count == context.session.selection.count, !movable.isEmpty,
           let h = handle(atView: e.position, source: e.source, context: context),
           let rect = selectionRect(context: context) {
            var starts: [AnnotationID: Rect] = [:]
            for id in movable { starts[id] = viewRect(of: id, context: context) }
            sequence = e.sequence
            phase = .resizing(starts, handle: h, startRect: rect, startPoint: e.position, started: false)
            return .handled
        }
        if let target = env.annotation(atView: e.position, source: e.source), PanTool.owner(of: target.kind) == .annotationEdit {
            if e.modifiers.contains(.shift) {
                toggle(target.id, context: context)
            } else if !context.session.selection.contains(target.id) {
                select(only: target.id, context: context)
            }
            let moving = self.movable(context)
            if context.session.selection.contains(target.id), !moving.isEmpty {
                sequence = e.sequence
                phase = .moving(moving, last: e.position, started: false)
            }
            return .handled
        }
        if canStartBand(e, context: context) {
            let base = e.modifiers.contains(.shift) ? context.session.selection : []
            if base.isEmpty { deselectAll(context: context) }
            sequence = e.sequence
            phase = .band(start: e.position, current: e.position, base: base)
            return .handled
        }
        deselectAll(context: context)
        return .switchTo(.pan, replay: true)
    }

    /// A band starts with a mouse's primary button on a page, away from text (which a drag
    /// selects instead).
    private func canStartBand(_ e: InputEvent, context: ToolContext) -> Bool {
        guard e.source == .mouse, e.button == nil || e.button == .primary,
              let page = context.environment.coordinates.page(atView: e.position) else { return false }
        let point = PagePoint(page: page.index, point: page.pdfPoint(fromCanvas: context.environment.coordinates.view.canvasPoint(fromView: e.position)))
        return !context.environment.hasText(at: point)
    }

    private func move(_ e: InputEvent, context: ToolContext) {
        let env = context.environment
        lastPosition = e.position
        let slop = configuration.moveSlop.value(for: e.source)
        switch phase {
        case .moving(let ids, let last, let started):
            // Until the contact leaves the slop, `last` is still where it pressed.
            if !started {
                guard e.position.distance(to: last) > slop else { return }
                for id in ids { context.emit(.beginTransform(id)) }
            }
            for id in ids {
                guard let target = env.annotation(id), let delta = env.coordinates.pdfVector(fromView: e.position - last, on: target.page) else { continue }
                context.emit(.moveAnnotation(id, by: delta))
            }
            phase = .moving(ids, last: e.position, started: true)
        case .resizing(let starts, let h, let startRect, let startPoint, let started):
            if !started {
                guard e.position.distance(to: startPoint) > slop else { return }
                for id in starts.keys.sorted(by: { $0.rawValue < $1.rawValue }) { context.emit(.beginTransform(id)) }
                phase = .resizing(starts, handle: h, startRect: startRect, startPoint: startPoint, started: true)
            }
            let minimum = minimumViewSize(of: starts, context: context)
            let newRect = h.resize(startRect, by: e.position - startPoint, minimum: minimum)
            for (id, rect) in starts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                guard let target = env.annotation(id) else { continue }
                let mapped = starts.count == 1 ? newRect : Self.map(rect, from: startRect, to: newRect)
                if let pdf = env.coordinates.convert(mapped, from: .view, to: .pdf(target.page)) {
                    context.emit(.resizeAnnotation(id, to: pdf))
                }
            }
        case .movingLineEnd(let id, let index, let start, let started):
            guard started || e.position.distance(to: start) > slop else { return }
            guard let line = env.annotation(id), line.lineEnds.count == 2,
                  let other = env.coordinates.convert(line.lineEnds[1 - index], from: .pdf(line.page), to: .view) else { return }
            let viewEnd = e.modifiers.contains(.shift) ? ShapeTool.constrained(.line, from: other, to: e.position) : e.position
            guard let pdf = env.coordinates.convert(viewEnd, from: .view, to: .pdf(line.page)) else { return }
            if !started { context.emit(.beginTransform(id)) }
            context.emit(.moveLineEnd(id, index: index, to: pdf))
            phase = .movingLineEnd(id, index: index, start: start, started: true)
        case .band(let start, _, let base):
            phase = .band(start: start, current: e.position, base: base)
            context.emit(.selectionBand(Self.rect(from: start, to: e.position)))
        case .idle:
            break
        }
    }

    /// The smallest the common box may become: each annotation keeps at least the minimum size
    /// (for one annotation, exactly the minimum on its page at the current zoom).
    private func minimumViewSize(of starts: [AnnotationID: Rect], context: ToolContext) -> Size {
        guard let first = starts.keys.first, let target = context.environment.annotation(first),
              let geometry = context.environment.coordinates.page(target.page) else { return .zero }
        let minimum = geometry.rotation.rotated(configuration.minimumSize)
        return Size(width: minimum.width * geometry.scaleX, height: minimum.height * geometry.scaleY)
    }

    /// `rect`'s place inside `from` carried over proportionally into `to`.
    static func map(_ rect: Rect, from: Rect, to: Rect) -> Rect {
        let sx = from.width > 0 ? to.width / from.width : 1
        let sy = from.height > 0 ? to.height / from.height : 1
        return Rect(x: to.minX + (rect.minX - from.minX) * sx, y: to.minY + (rect.minY - from.minY) * sy,
                    width: rect.width * sx, height: rect.height * sy)
    }

    static func rect(from a: Point, to b: Point) -> Rect {
        Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    private func finishBand(from start: Point, to end: Point, base: [AnnotationID], context: ToolContext) {
        guard start.distance(to: end) >= configuration.bandThreshold else { return }
        let band = Self.rect(from: start, to: end)
        let met = context.environment.annotations(intersectingView: band)
            .filter { PanTool.owner(of: $0.kind) == .annotationEdit }.map(\.id)
        let chosen = base + met.filter { !base.contains($0) }
        setSelection(chosen, context: context)
    }

    private func handleKey(_ key: String, modifiers: Modifiers, context: ToolContext) -> ToolDisposition {
        let selection = context.session.selection
        guard !selection.isEmpty else { return .unhandled }
        switch key {
        case "Delete", "BackSpace", "KP_Delete":
            let removable = movable(context)
            guard !removable.isEmpty else { return .handled }
            deselectAll(context: context)
            context.emit(.deleteAnnotations(removable))
            return .switchTo(.pan, replay: false)
        case "Escape":
            deselectAll(context: context)
            return .switchTo(.pan, replay: false)
        case "Left", "Right", "Up", "Down":
            let step = modifiers.contains(.shift) ? 10.0 : 1.0
            let screen: Vector = key == "Left" ? Vector(dx: -1, dy: 0) : key == "Right" ? Vector(dx: 1, dy: 0)
                : key == "Up" ? Vector(dx: 0, dy: -1) : Vector(dx: 0, dy: 1)
            let moves = movable(context).compactMap { id -> (AnnotationID, Vector)? in
                guard let target = context.environment.annotation(id), let page = context.environment.coordinates.page(target.page) else { return nil }
                // One screen direction, one PDF point long whatever the zoom and rotation.
                return (id, page.pageToPDF.apply(to: screen) * step)
            }
            for (id, _) in moves { context.emit(.beginTransform(id)) }
            for (id, v) in moves { context.emit(.moveAnnotation(id, by: v)) }
            for (id, _) in moves { context.emit(.endTransform(id, cancelled: false)) }
            return .handled
        default:
            return .unhandled
        }
    }

    // MARK: Selection

    private func select(only id: AnnotationID, context: ToolContext) {
        setSelection([id], context: context)
    }

    private func toggle(_ id: AnnotationID, context: ToolContext) {
        var selection = context.session.selection
        if let i = selection.firstIndex(of: id) { selection.remove(at: i) } else { selection.append(id) }
        setSelection(selection, context: context)
    }

    private func deselectAll(context: ToolContext) { setSelection([], context: context) }

    /// Replaces the selection, telling the host what left it and what joined it.
    private func setSelection(_ selection: [AnnotationID], context: ToolContext) {
        let old = context.session.selection
        guard old != selection else { return }
        context.session.selection = selection
        for id in old where !selection.contains(id) { context.emit(.deselectAnnotation(id)) }
        for id in selection where !old.contains(id) { context.emit(.selectAnnotation(id)) }
    }

    public func deactivate(context: ToolContext) {
        switch phase {
        case .moving(let ids, _, true): for id in ids { context.emit(.endTransform(id, cancelled: true)) }
        case .resizing(let starts, _, _, _, true): for id in starts.keys { context.emit(.endTransform(id, cancelled: true)) }
        case .movingLineEnd(let id, _, _, true): context.emit(.endTransform(id, cancelled: true))
        case .band: context.emit(.selectionBand(nil))
        case .idle, .moving, .resizing, .movingLineEnd: break
        }
        phase = .idle
        sequence = nil
        deselectAll(context: context)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        switch phase {
        case .moving(_, _, true): return .grabbing
        case .resizing(_, let h, _, _, _): return h.pointerShape
        case .movingLineEnd, .band: return .crosshair
        case .idle, .moving: break
        }
        let movable = movable(context)
        if let line = selectedLine(context: context), !line.isLocked, lineEnd(atView: point, source: source, context: context) != nil {
            return .crosshair
        }
        if !movable.isEmpty, movable.count == context.session.selection.count, let h = handle(atView: point, source: source, context: context) {
            return h.pointerShape
        }
        if let target = context.environment.annotation(atView: point, source: source) {
            return movable.contains(target.id) ? .move : .pointer
        }
        return .default
    }
}
