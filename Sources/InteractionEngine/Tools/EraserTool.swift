// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Deletes the annotations a stroke passes over (ink by default), each once per stroke; between
/// samples it tests every few pixels so that a fast stroke misses nothing.
public final class EraserTool: Tool {
    public let id = ToolID.eraser
    /// The kinds the eraser removes.
    public var erasableKinds: Set<AnnotationKind>
    /// Distance between interpolated tests, in view pixels.
    public var step: Double = 4

    private var sequence: InputSequenceID?
    private var last: Point?
    private var erased: Set<AnnotationID> = []

    public init(erasableKinds: Set<AnnotationKind> = [.ink]) { self.erasableKinds = erasableKinds }

    /// Every kind of mark a user makes (what the app's Eraser erases): ink, shapes, text markup,
    /// notes, text boxes, stamps, carets; never links, form fields or popups.
    public static let markKinds: Set<AnnotationKind> = [
        .ink, .square, .circle, .line, .polygon, .polyLine, .highlight, .underline, .strikeOut, .squiggly,
        .text, .freeText, .stamp, .caret,
    ]

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        guard case .input(let e) = event else { return .handled }
        switch e.contactPhase {
        case .began:
            guard sequence == nil else { return .unhandled }
            sequence = e.sequence
            erased = []
            last = e.position
            erase(at: e.position, source: e.source, context: context)
            return .handled
        case .moved:
            guard e.sequence == sequence, let from = last else { return .unhandled }
            let d = from.distance(to: e.position)
            let n = max(1, Int((d / step).rounded(.up)))
            for i in 1...n {
                let t = Double(i) / Double(n)
                erase(at: Point(x: from.x + (e.position.x - from.x) * t, y: from.y + (e.position.y - from.y) * t),
                      source: e.source, context: context)
            }
            last = e.position
            return .handled
        case .ended, .cancelled:
            guard e.sequence == sequence else { return .unhandled }
            sequence = nil; last = nil; erased = []
            return .handled
        case nil:
            return .unhandled
        }
    }

    private func erase(at point: Point, source: InputSource, context: ToolContext) {
        guard let target = context.environment.annotation(atView: point, source: source),
              erasableKinds.contains(target.kind), !target.isLocked, !erased.contains(target.id) else { return }
        erased.insert(target.id)
        context.emit(.deleteAnnotations([target.id]))
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}
