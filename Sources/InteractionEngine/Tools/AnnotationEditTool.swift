// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Document
import Geometry

/// Selects, moves, resizes and deletes annotations, one or several at a time.
///
/// A press inside an annotation selects it (Shift adds it to the selection or takes it out)
/// and moves every selected annotation as the contact moves; a press on a handle resizes the
/// selection (several annotations scale together inside their common box, never below
/// ``Configuration/minimumSize``); a single selected line shows a handle on each end instead,
/// and each end drags on its own (Shift: at a multiple of 45° from the other end); a single
/// polygon or polyline shows a handle on each vertex instead, each dragging on its own, a
/// double click on an edge adds a vertex there and Delete removes the vertex last held (never
/// below three, or two for a polyline). A round handle above the selection's box turns the
/// whole selection about the box's middle as it is dragged (Shift: in 15° steps). A mouse drag
/// that starts on empty page space away from text pulls out a band that selects what it meets
/// (Shift adds to the selection). Any other press on empty space deselects and hands the event
/// to browse/pan. Locked annotations can be selected but not transformed. Delete or BackSpace
/// deletes the selection as one step, Escape deselects, arrow keys nudge by one point (ten with
/// Shift), several selected by one ``ToolCommand/moveAnnotations(_:on:by:)`` a page.
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
        /// How far above the selection's box the rotate handle sits, in view pixels.
        public var rotateHandleDistance: Double = 30
        /// The longest time between two presses on a polygon's edge that adds a vertex.
        public var doubleClickInterval: Double = 0.5
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
        /// Turning `ids` about the box's middle (`pivot`, view; `pivots`, each one's PDF space);
        /// `startAngle` is the contact's angle about the pivot at the press (radians, view).
        case rotating([AnnotationID], pivot: Point, pivots: [AnnotationID: Point], startAngle: Double, start: Point, started: Bool)
        case movingVertex(AnnotationID, index: Int, start: Point, started: Bool)
        /// A contact whose work is done (a vertex added or removed): its moves and lift do nothing.
        case spent
    }
    private var phase = Phase.idle
    private var sequence: InputSequenceID?
    /// Where the contact was at its press or last move.
    private var lastPosition: Point?
    /// The vertex last pressed, dragged or added (Delete takes it out).
    public private(set) var touchedVertex: (id: AnnotationID, index: Int)?
    /// The previous press (a second one soon after, near it, is a double click).
    private var lastPress: (time: InputTime, position: Point)?

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

    /// The single selected polygon or polyline whose vertices drag on their own, if that is the
    /// selection.
    public func selectedPolygon(context: ToolContext) -> AnnotationTarget? {
        guard context.session.selection.count == 1, let id = context.session.selection.first,
              let target = context.environment.annotation(id), Self.showsVertexHandles(target) else { return nil }
        return target
    }

    /// Whether a lone selected annotation shows a handle on each vertex.
    public static func showsVertexHandles(_ target: AnnotationTarget) -> Bool {
        (target.kind == .polygon || target.kind == .polyLine) && target.vertices.count >= 2
    }

    /// The vertices of the selected polygon in view coordinates (empty unless one is selected).
    public func vertexPositions(context: ToolContext) -> [Point] {
        guard let polygon = selectedPolygon(context: context) else { return [] }
        return polygon.vertices.compactMap { context.environment.coordinates.convert($0, from: .pdf(polygon.page), to: .view) }
    }

    /// Which vertex of the selected polygon is under a view point, if any (the nearest).
    public func vertex(atView point: Point, source: InputSource, context: ToolContext) -> Int? {
        let side = handleSide(for: source, context: context)
        let points = vertexPositions(context: context)
        return points.indices.filter { abs(points[$0].x - point.x) <= side / 2 && abs(points[$0].y - point.y) <= side / 2 }
            .min { points[$0].distance(to: point) < points[$1].distance(to: point) }
    }

    /// Where the rotate handle of a selection sits: `distance` above the middle of its box's
    /// top edge (view coordinates), when the selection turns: something in it turns, nothing in
    /// it is locked, and it is not a lone line (whose ends turn it).
    public static func rotateHandle(for targets: [AnnotationTarget], box: Rect?, distance: Double) -> Point? {
        guard let box, !targets.isEmpty, !targets.contains(where: \.isLocked), targets.contains(where: \.isRotatable) else { return nil }
        if targets.count == 1, targets[0].kind == .line { return nil }
        return Point(x: box.midX, y: box.minY - distance)
    }

    /// The rotate handle's centre for the current selection (view coordinates), if it has one.
    public func rotateHandlePosition(context: ToolContext) -> Point? {
        let targets = context.session.selection.compactMap { context.environment.annotation($0) }
        return Self.rotateHandle(for: targets, box: selectionRect(context: context), distance: configuration.rotateHandleDistance)
    }

    /// Whether a view point is on the rotate handle (nearer to it than to any resize handle).
    public func isOnRotateHandle(atView point: Point, source: InputSource, context: ToolContext) -> Bool {
        guard let c = rotateHandlePosition(context: context) else { return false }
        // The knob is drawn at least 16 pixels wide: a precise pointer finds it anywhere on it.
        let side = max(handleSide(for: source, context: context), 20)
        guard abs(c.x - point.x) <= side / 2, abs(c.y - point.y) <= side / 2 else { return false }
        if let rect = selectionRect(context: context), handle(atView: point, source: source, context: context) != nil {
            return point.distance(to: c) < point.distance(to: ResizeHandle.top.position(on: rect))
        }
        return true
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
        guard selectedLine(context: context) == nil, selectedPolygon(context: context) == nil,
              let rect = selectionRect(context: context) else { return nil }
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
                || lineEnd(atView: g.position, source: g.source, context: context) != nil
                || vertex(atView: g.position, source: g.source, context: context) != nil
                || isOnRotateHandle(atView: g.position, source: g.source, context: context) { return .handled }
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
            case .movingLineEnd(let id, _, _, true), .movingVertex(let id, _, _, true):
                context.emit(.endTransform(id, cancelled: cancelled))
            case .rotating(let ids, _, _, _, _, true):
                for id in ids { context.emit(.endTransform(id, cancelled: cancelled)) }
            case .band(let start, let current, let base):
                context.emit(.selectionBand(nil))
                if !cancelled { finishBand(from: start, to: current, base: base, context: context) }
            case .idle, .moving, .resizing, .movingLineEnd, .movingVertex, .rotating, .spent:
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
        let previousPress = lastPress
        lastPress = (e.time, e.position)
        if let polygon = selectedPolygon(context: context), !polygon.isLocked {
            if let index = vertex(atView: e.position, source: e.source, context: context) {
                sequence = e.sequence
                touchedVertex = (polygon.id, index)
                phase = .movingVertex(polygon.id, index: index, start: e.position, started: false)
                return .handled
            }
            if let previous = previousPress, e.time - previous.time <= configuration.doubleClickInterval,
               e.position.distance(to: previous.position) <= 2 * configuration.moveSlop.value(for: e.source),
               let edge = PolygonEdges.nearestEdge(to: e.position, vertices: vertexPositions(context: context),
                                                   closed: polygon.kind == .polygon, tolerance: handleSide(for: e.source, context: context) / 2),
               let pdf = env.coordinates.convert(edge.point, from: .view, to: .pdf(polygon.page)) {
                // A double click on an edge: a vertex there, one step.
                context.emit(.beginTransform(polygon.id))
                context.emit(.insertVertex(polygon.id, index: edge.index, at: pdf))
                context.emit(.endTransform(polygon.id, cancelled: false))
                touchedVertex = (polygon.id, edge.index)
                lastPress = nil
                sequence = e.sequence
                phase = .spent
                return .handled
            }
        }
        if movable.count == context.session.selection.count, !movable.isEmpty,
           isOnRotateHandle(atView: e.position, source: e.source, context: context),
           let rect = selectionRect(context: context) {
            let pivot = rect.center
            var pivots: [AnnotationID: Point] = [:]
            for id in movable {
                guard let target = env.annotation(id), let p = env.coordinates.convert(pivot, from: .view, to: .pdf(target.page)) else { continue }
                pivots[id] = p
            }
            sequence = e.sequence
            phase = .rotating(movable.filter { pivots[$0] != nil }, pivot: pivot, pivots: pivots,
                              startAngle: atan2(e.position.y - pivot.y, e.position.x - pivot.x), start: e.position, started: false)
            return .handled
        }
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
            if ids.count > 1 {
                // Several at once: one command a page, carried as one group (as the lasso's).
                for (page, group) in LassoTool.byPage(ids, env) {
                    guard let delta = env.coordinates.pdfVector(fromView: e.position - last, on: page) else { continue }
                    context.emit(.moveAnnotations(group, on: page, by: delta))
                }
            } else {
                for id in ids {
                    guard let target = env.annotation(id), let delta = env.coordinates.pdfVector(fromView: e.position - last, on: target.page) else { continue }
                    context.emit(.moveAnnotation(id, by: delta))
                }
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
        case .rotating(let ids, let pivot, let pivots, let startAngle, let start, let started):
            guard started || e.position.distance(to: start) > slop else { return }
            if !started { for id in ids { context.emit(.beginTransform(id)) } }
            let degrees = Self.rotationDegrees(pivot: pivot, startAngle: startAngle, to: e.position, snapping: e.modifiers.contains(.shift))
            for id in ids { if let p = pivots[id] { context.emit(.rotateAnnotation(id, degrees: degrees, about: p)) } }
            phase = .rotating(ids, pivot: pivot, pivots: pivots, startAngle: startAngle, start: start, started: true)
        case .movingVertex(let id, let index, let start, let started):
            guard started || e.position.distance(to: start) > slop else { return }
            guard let polygon = env.annotation(id), let pdf = env.coordinates.convert(e.position, from: .view, to: .pdf(polygon.page)) else { return }
            if !started { context.emit(.beginTransform(id)) }
            context.emit(.moveVertex(id, index: index, to: pdf))
            phase = .movingVertex(id, index: index, start: start, started: true)
        case .idle, .spent:
            break
        }
    }

    /// The turn (degrees, counter-clockwise in PDF space) a contact at `point` asks for: the
    /// angle it swept about `pivot` since `startAngle` (radians in the view's y-down
    /// coordinates, where a sweep that looks clockwise grows the angle and is a negative PDF
    /// turn), in (-180, 180], at a multiple of 15° with `snapping`.
    public static func rotationDegrees(pivot: Point, startAngle: Double, to point: Point, snapping: Bool) -> Double {
        let now = atan2(point.y - pivot.y, point.x - pivot.x)
        let degrees = RotationAngle.normalized(-(now - startAngle) * 180 / .pi)
        return snapping ? RotationAngle.normalized(RotationAngle.snapped(degrees)) : degrees
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
            if let vertex = touchedVertex, let polygon = selectedPolygon(context: context), polygon.id == vertex.id, !polygon.isLocked {
                // The vertex held or last touched goes, not the polygon (one step; never below
                // its minimum, when Delete does nothing).
                touchedVertex = nil
                guard polygon.vertices.count > (polygon.kind == .polygon ? 3 : 2), vertex.index < polygon.vertices.count else { return .handled }
                if case .movingVertex(let id, _, _, let started) = phase {
                    if !started { context.emit(.beginTransform(id)) }
                    phase = .spent
                } else {
                    context.emit(.beginTransform(polygon.id))
                }
                context.emit(.removeVertex(polygon.id, index: vertex.index))
                context.emit(.endTransform(polygon.id, cancelled: false))
                return .handled
            }
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
            let env = context.environment
            // One screen direction, one PDF point long whatever the zoom and rotation.
            func delta(on page: PageIndex) -> Vector? { env.coordinates.page(page).map { $0.pageToPDF.apply(to: screen) * step } }
            let ids = movable(context).filter { id in env.annotation(id).flatMap { delta(on: $0.page) } != nil }
            for id in ids { context.emit(.beginTransform(id)) }
            if ids.count > 1 {
                // Several at once: one command a page, moved as one group (as a drag moves them).
                for (page, group) in LassoTool.byPage(ids, env) {
                    if let v = delta(on: page) { context.emit(.moveAnnotations(group, on: page, by: v)) }
                }
            } else {
                for id in ids {
                    if let page = env.annotation(id)?.page, let v = delta(on: page) { context.emit(.moveAnnotation(id, by: v)) }
                }
            }
            for id in ids { context.emit(.endTransform(id, cancelled: false)) }
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
        touchedVertex = nil
        for id in old where !selection.contains(id) { context.emit(.deselectAnnotation(id)) }
        for id in selection where !old.contains(id) { context.emit(.selectAnnotation(id)) }
    }

    public func deactivate(context: ToolContext) {
        switch phase {
        case .moving(let ids, _, true): for id in ids { context.emit(.endTransform(id, cancelled: true)) }
        case .resizing(let starts, _, _, _, true): for id in starts.keys { context.emit(.endTransform(id, cancelled: true)) }
        case .movingLineEnd(let id, _, _, true), .movingVertex(let id, _, _, true): context.emit(.endTransform(id, cancelled: true))
        case .rotating(let ids, _, _, _, _, true): for id in ids { context.emit(.endTransform(id, cancelled: true)) }
        case .band: context.emit(.selectionBand(nil))
        case .idle, .moving, .resizing, .movingLineEnd, .movingVertex, .rotating, .spent: break
        }
        phase = .idle
        sequence = nil
        deselectAll(context: context)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        switch phase {
        case .moving(_, _, true): return .grabbing
        case .resizing(_, let h, _, _, _): return h.pointerShape
        case .movingLineEnd, .band, .movingVertex: return .crosshair
        case .rotating: return .grabbing
        case .idle, .moving, .spent: break
        }
        let movable = movable(context)
        if let line = selectedLine(context: context), !line.isLocked, lineEnd(atView: point, source: source, context: context) != nil {
            return .crosshair
        }
        if let polygon = selectedPolygon(context: context), !polygon.isLocked, vertex(atView: point, source: source, context: context) != nil {
            return .crosshair
        }
        if !movable.isEmpty, movable.count == context.session.selection.count, isOnRotateHandle(atView: point, source: source, context: context) {
            return .grab
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
