// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Draws freehand ink strokes in the PDF space of the page the stroke starts on.
///
/// Strokes are previewed as they grow and committed as one ink annotation, either each on its
/// own or (``commitsEachStroke`` false) together when the tool is left, Enter is pressed or a
/// stroke starts on another page. With ``drawsWithTouch`` false a finger is left unhandled (the
/// host scrolls with it) while a pen or mouse draws; the pen's eraser end hands over to the
/// eraser. A stroke held still at its end for half a second, or every stroke on lift with
/// ``snapsShapesOnLift``, becomes the shape it was drawn as when it is one (InkTool+Shapes).
public final class InkTool: Tool {
    public let id = ToolID.ink
    public var commitsEachStroke: Bool
    public var drawsWithTouch: Bool

    // Read by InkTool+Shapes too.
    var page: PageIndex?
    private var strokes: [[InkPoint]] = []
    var current: [InkPoint] = []
    var sequence: InputSequenceID?
    /// The ruler's edge the stroke in progress follows, if it started near one.
    var guide: RulerGuide?
    /// Shapes that snap (InkTool+Shapes).
    var snapping = InkShapeSnapping()

    public init(commitsEachStroke: Bool = true, drawsWithTouch: Bool = true, snapsShapesOnLift: Bool = false) {
        self.commitsEachStroke = commitsEachStroke
        self.drawsWithTouch = drawsWithTouch
        snapping.onLift = snapsShapesOnLift
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .input(let e) = event else { return .handled }
        if let key = event.pressedKey {
            switch key {
            case "Return", "KP_Enter": commit(context: context); return .handled
            case "Escape": discard(context: context); return .handled
            default: return .unhandled
            }
        }
        if e.source == .eraser, e.contactPhase == .began { return .switchTo(.eraser, replay: true) }
        if e.isDirect, !drawsWithTouch { return .unhandled }
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard sequence == nil, let geometry = env.coordinates.page(atView: e.position) else { return .unhandled }
            if page != geometry.index { commit(context: context) }
            page = geometry.index
            sequence = e.sequence
            guide = env.rulerGuide(forStrokeAtView: e.position, on: geometry.index)
            current = [sample(e, context)].compactMap { $0 }
            startSnapping(e)
            preview(context)
            return .handled
        case .moved:
            guard e.sequence == sequence else { return .unhandled }
            if snapping.snapped { return .handled }
            if let s = sample(e, context), s.location != current.last?.location { current.append(s) }
            if snapIfHeld(e, context: context) { return .handled }
            preview(context)
            return .handled
        case .ended:
            guard e.sequence == sequence else { return .unhandled }
            if snapHeldOnLift(e, context: context) {
                sequence = nil
                return .handled
            }
            sequence = nil
            if !current.isEmpty, marksText(current, on: page, context: context) { current = []; preview(context); return .handled }
            if snapEveryStrokeOnLift(context: context) { return .handled }
            if !current.isEmpty { strokes.append(current) }
            current = []
            if commitsEachStroke { commit(context: context) } else { preview(context) }
            return .handled
        case .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            sequence = nil
            current = []
            preview(context)
            return .handled
        case nil:
            return .unhandled
        }
    }

    public func deactivate(context: ToolContext) {
        if !current.isEmpty { strokes.append(current); current = [] }
        commit(context: context)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }

    private func sample(_ e: InputEvent, _ context: ToolContext) -> InkPoint? {
        guard let page, let p = context.environment.pdfPoint(fromView: e.position, on: page) else { return nil }
        return InkPoint(location: guide?.project(p) ?? p, pressure: e.axes.pressure)
    }

    func preview(_ context: ToolContext) {
        guard let page else { return }
        context.emit(.inkPreview(page, current.isEmpty ? strokes : strokes + [current]))
    }

    private func commit(context: ToolContext) {
        guard let page, !strokes.isEmpty else { return }
        context.emit(.addInk(page, strokes))
        context.emit(.inkPreview(page, []))
        strokes = []
    }

    private func discard(context: ToolContext) {
        guard let page else { return }
        strokes = []; current = []; sequence = nil
        context.emit(.inkPreview(page, []))
    }
}
