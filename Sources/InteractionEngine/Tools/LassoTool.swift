// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Selects by a free loop: the loop is drawn (with a pen, a mouse or a finger) on the page
/// where it starts and shown as it grows (``ToolCommand/lassoPreview(_:_:)``); when it lifts,
/// the host selects what it encloses (``ToolCommand/lassoSelect(_:_:adding:)``, decided by
/// `Document.LassoSelection`, which knows the ink's points) and the annotation edit tool takes
/// the selection over, as after a click. Shift adds to the selection instead of replacing it.
///
/// Why a tool of its own: a band selects by rectangles, and handwriting is rarely rectangular;
/// a loop picks out the strokes meant, as in the pen-first apps (GoodNotes, Xournal++, Rnote).
///
/// With a selection made, a press inside the selection's box moves all of it (between the
/// strokes too, so the selection handles as one thing), a press on a handle hands over to the
/// annotation edit tool (resize, turn), and a press elsewhere starts a new loop. A tap on an
/// annotation selects it through the edit tool. Locked annotations are selected, not moved.
public final class LassoTool: Tool {
    public let id = ToolID.lasso
    /// How far (view pixels) a new sample must be from the last one to join the loop.
    public var sampleSpacing: Double = 1.5

    private enum Phase {
        case idle
        case drawing(page: PageIndex, loop: [Point], lastView: Point, adding: Bool)
        /// `pages`: the carried annotations by page, taken when the carry starts (a carried
        /// group's targets stay where it started until it lands), so that a step of a carry of
        /// 1,566 strokes does not look each one up again.
        case moving([AnnotationID], last: Point, started: Bool, pages: [(PageIndex, [AnnotationID])])
    }
    private var phase = Phase.idle
    private var sequence: InputSequenceID?
    /// How many times a carry sorted the selection by page (once a carry: tests).
    public private(set) var pageLookups = 0

    public init() {}

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        switch event {
        case .tap(let g), .longPress(let g):
            if let target = context.environment.annotation(atView: g.position, source: g.source),
               PanTool.owner(of: target.kind) == .annotationEdit {
                return .switchTo(.annotationEdit, replay: true)
            }
            return .handled
        case .input(let e):
            if event.pressedKey != nil { return .unhandled }
            return handleContact(e, context: context)
        }
    }

    private func handleContact(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard sequence == nil else { return .unhandled }
            if e.source == .eraser { return .switchTo(.eraser, replay: true) }
            if !context.session.selection.isEmpty {
                // The edit tool's handles (resize, turn, a line's ends, vertices) are its own.
                if Self.isEditHandle(atView: e.position, source: e.source, context: context) {
                    return .switchTo(.annotationEdit, replay: true)
                }
                if !e.modifiers.contains(.shift), let box = selectionBox(context), box.contains(e.position) {
                    let movable = context.session.selection.filter { env.annotation($0)?.isLocked == false }
                    sequence = e.sequence
                    phase = .moving(movable, last: e.position, started: false, pages: [])
                    return .handled
                }
            }
            guard let page = env.coordinates.page(atView: e.position),
                  let p = env.pdfPoint(fromView: e.position, on: page.index) else { return .unhandled }
            let adding = e.modifiers.contains(.shift)
            if !adding { deselectAll(context) }
            sequence = e.sequence
            phase = .drawing(page: page.index, loop: [p], lastView: e.position, adding: adding)
            context.emit(.lassoPreview(page.index, [p]))
            return .handled
        case .moved:
            guard e.sequence == sequence else { return .unhandled }
            advance(e, context: context)
            return .handled
        case .ended, .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            let cancelled = e.contactPhase == .cancelled
            if !cancelled { advance(e, context: context) }
            let current = phase
            phase = .idle
            sequence = nil
            switch current {
            case .drawing(let page, let loop, _, let adding):
                context.emit(.lassoPreview(page, []))
                if !cancelled { context.emit(.lassoSelect(page, loop, adding: adding)) }
                return .handled
            case .moving(let ids, _, let started, _):
                if started { for id in ids { context.emit(.endTransform(id, cancelled: cancelled)) } }
                // The edit tool holds the selection from here (Delete, the arrow keys).
                return context.session.selection.isEmpty ? .handled : .switchTo(.annotationEdit, replay: false)
            case .idle:
                return .handled
            }
        case nil:
            return .unhandled
        }
    }

    /// The loop grows by the contact's new position, or the selection moves with it.
    private func advance(_ e: InputEvent, context: ToolContext) {
        let env = context.environment
        switch phase {
        case .drawing(let page, var loop, let lastView, let adding):
            guard e.position.distance(to: lastView) >= sampleSpacing,
                  let p = env.pdfPoint(fromView: e.position, on: page) else { return }
            loop.append(p)
            phase = .drawing(page: page, loop: loop, lastView: e.position, adding: adding)
            context.emit(.lassoPreview(page, loop))
        case .moving(let ids, let last, let started, var pages):
            if !started {
                guard e.position.distance(to: last) > ContactVocabulary.tapSlop.value(for: e.source) else { return }
                for id in ids { context.emit(.beginTransform(id)) }
                pages = Self.byPage(ids, env)
                pageLookups += 1
            }
            // One command a page however many move: the host carries them as one group.
            for (page, group) in pages {
                guard let delta = env.coordinates.pdfVector(fromView: e.position - last, on: page) else { continue }
                context.emit(.moveAnnotations(group, on: page, by: delta))
            }
            phase = .moving(ids, last: e.position, started: true, pages: pages)
        case .idle:
            break
        }
    }

    /// The annotations by the page each is on, the pages in the order of their first annotation.
    static func byPage(_ ids: [AnnotationID], _ env: any ToolEnvironment) -> [(PageIndex, [AnnotationID])] {
        var groups: [(PageIndex, [AnnotationID])] = []
        var slot: [PageIndex: Int] = [:]
        for id in ids {
            guard let page = env.annotation(id)?.page else { continue }
            if let i = slot[page] {
                groups[i].1.append(id)
            } else {
                slot[page] = groups.count
                groups.append((page, [id]))
            }
        }
        return groups
    }

    /// Whether a view point is on one of the edit tool's handles of the selection.
    static func isEditHandle(atView point: Point, source: InputSource, context: ToolContext) -> Bool {
        let edit = AnnotationEditTool()
        return edit.handle(atView: point, source: source, context: context) != nil
            || edit.lineEnd(atView: point, source: source, context: context) != nil
            || edit.vertex(atView: point, source: source, context: context) != nil
            || edit.isOnRotateHandle(atView: point, source: source, context: context)
    }

    /// The selection's common box in view coordinates, grown a little so that its edge is easy
    /// to take hold of.
    func selectionBox(_ context: ToolContext) -> Rect? {
        AnnotationEditTool().selectionRect(context: context)?.insetBy(dx: -4, dy: -4)
    }

    private func deselectAll(_ context: ToolContext) {
        let old = context.session.selection
        guard !old.isEmpty else { return }
        context.session.selection = []
        for id in old { context.emit(.deselectAnnotation(id)) }
    }

    public func deactivate(context: ToolContext) {
        switch phase {
        case .drawing(let page, _, _, _): context.emit(.lassoPreview(page, []))
        case .moving(let ids, _, true, _): for id in ids { context.emit(.endTransform(id, cancelled: true)) }
        case .moving, .idle: break
        }
        phase = .idle
        sequence = nil
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        if case .moving(_, _, true, _) = phase { return .grabbing }
        if !context.session.selection.isEmpty {
            if Self.isEditHandle(atView: point, source: source, context: context) {
                return AnnotationEditTool().pointerShape(atView: point, source: source, context: context)
            }
            if selectionBox(context)?.contains(point) == true { return .move }
        }
        return .crosshair
    }
}
