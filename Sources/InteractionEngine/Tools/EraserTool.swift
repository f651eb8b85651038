// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What the eraser takes away: whole annotations, or only the parts of ink strokes it crosses.
///
/// The toolbar's switch sets it for the Eraser tool; each pen's eraser end has its own
/// (``StylusAction/erase`` or ``StylusAction/eraseParts``).
public enum EraserMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// Every annotation it touches goes whole.
    case whole
    /// Ink loses only what the eraser crosses (the rest of each stroke stays, in pieces); other
    /// kinds go whole. One contact is one undoable step.
    case partial
}

/// Deletes the annotations a stroke passes over (ink by default), each once per stroke; between
/// samples it tests every few pixels so that a fast stroke misses nothing.
///
/// In ``EraserMode/partial`` it reports the path it sweeps over each page instead
/// (``ToolCommand/eraseAlong(_:path:radius:)``), what else it touches
/// (``ToolCommand/eraseWhole(_:)``) and the contact's end (``ToolCommand/endErase(cancelled:)``):
/// the host cuts the ink and makes one step of the contact.
public final class EraserTool: Tool {
    public let id = ToolID.eraser
    /// The kinds the eraser removes.
    public var erasableKinds: Set<AnnotationKind>
    /// Distance between interpolated tests, in view pixels.
    public var step: Double = 4
    /// The partial eraser's radius, in view pixels (a finger's is larger).
    public var radius: Double = 6
    public var touchRadius: Double = 12

    private var sequence: InputSequenceID?
    private var last: Point?
    private var erased: Set<AnnotationID> = []
    /// Whether the contact under way erases parts.
    private var partial = false

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
            partial = (e.source == .eraser ? context.session.eraserEndMode : context.session.eraserMode) == .partial
            if partial {
                sweep(from: e.position, to: e.position, source: e.source, context: context)
            } else {
                erase(at: e.position, source: e.source, context: context)
            }
            return .handled
        case .moved:
            guard e.sequence == sequence, let from = last else { return .unhandled }
            if partial {
                if from != e.position { sweep(from: from, to: e.position, source: e.source, context: context) }
                last = e.position
                return .handled
            }
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
            if partial { context.emit(.endErase(cancelled: e.contactPhase == .cancelled)) }
            sequence = nil; last = nil; erased = []; partial = false
            return .handled
        case nil:
            return .unhandled
        }
    }

    public func deactivate(context: ToolContext) {
        // A contact cut short by a change of tool keeps what it erased so far.
        if partial, sequence != nil { context.emit(.endErase(cancelled: false)) }
        sequence = nil; last = nil; erased = []; partial = false
    }

    private func erase(at point: Point, source: InputSource, context: ToolContext) {
        guard let target = context.environment.annotation(atView: point, source: source),
              erasableKinds.contains(target.kind), !target.isLocked, !erased.contains(target.id) else { return }
        erased.insert(target.id)
        context.emit(.deleteAnnotations([target.id]))
    }

    /// The partial eraser from `a` to `b` (view): the segment in the PDF space of each page
    /// under its ends (the host cuts the ink there); another kind under the path goes whole, once.
    private func sweep(from a: Point, to b: Point, source: InputSource, context: ToolContext) {
        let env = context.environment
        let r = source == .touchscreen ? touchRadius : radius
        if erasableKinds.contains(.ink) {
            var pages: [PageIndex] = []
            for p in [a, b] {
                if let page = env.coordinates.page(atView: p)?.index, !pages.contains(page) { pages.append(page) }
            }
            for page in pages {
                guard let pa = env.pdfPoint(fromView: a, on: page), let pb = env.pdfPoint(fromView: b, on: page),
                      let edge = env.pdfPoint(fromView: Point(x: a.x + r, y: a.y), on: page) else { continue }
                context.emit(.eraseAlong(page, path: a == b ? [pa] : [pa, pb], radius: pa.distance(to: edge)))
            }
        }
        // Other kinds as the whole eraser finds them, every few pixels along the way.
        let n = max(1, Int((a.distance(to: b) / step).rounded(.up)))
        for i in 1...n {
            let t = Double(i) / Double(n)
            let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            guard let target = env.annotation(atView: p, source: source), target.kind != .ink, erasableKinds.contains(target.kind),
                  !target.isLocked, !erased.contains(target.id) else { continue }
            erased.insert(target.id)
            context.emit(.eraseWhole(target.id))
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .crosshair }
}
