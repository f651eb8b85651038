// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Selects text by dragging (a mouse press on text, or a long press by touch followed by the
/// same finger's moves); the host's text layout turns the reported ``TextRange`` into glyph
/// rectangles. A tap, or a press away from text, hands back to browse/pan.
public final class TextSelectionTool: Tool {
    public let id = ToolID.textSelection
    private var anchor: PagePoint?
    private var sequence: InputSequenceID?

    public init() {}

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch event {
        case .longPress(let g):
            guard let p = env.pagePoint(nearView: g.position), env.coordinates.page(atView: g.position) != nil,
                  env.hasText(at: p) else { return .switchTo(.pan, replay: true) }
            anchor = p
            sequence = nil  // the next touch sequence that moves extends the selection
            update(to: p, context: context)
            return .handled
        case .tap:
            clear(context: context)
            return .switchTo(.pan, replay: true)
        case .input(let e):
            if event.pressedKey == "Escape" {
                clear(context: context)
                return .switchTo(.pan, replay: false)
            }
            switch e.contactPhase {
            case .began:
                // A new finger scrolls; a mouse or pen press on text starts a new selection.
                guard !e.isDirect, let p = env.pagePoint(nearView: e.position),
                      env.coordinates.page(atView: e.position) != nil, env.hasText(at: p)
                else { return .switchTo(.pan, replay: true) }
                anchor = p
                sequence = e.sequence
                return .handled
            case .moved:
                guard anchor != nil, sequence == nil || sequence == e.sequence else { return .unhandled }
                sequence = e.sequence
                if let p = env.pagePoint(nearView: e.position) { update(to: p, context: context) }
                return .handled
            case .ended, .cancelled:
                guard sequence == e.sequence else { return .unhandled }
                sequence = nil
                if context.session.textSelection == nil { anchor = nil }
                return .handled
            case nil:
                return .unhandled
            }
        }
    }

    private func update(to p: PagePoint, context: ToolContext) {
        guard let anchor else { return }
        let range = TextRange(start: anchor, end: p)
        context.session.textSelection = range
        context.emit(.selectText(range))
    }

    private func clear(context: ToolContext) {
        anchor = nil
        if context.session.textSelection != nil {
            context.session.textSelection = nil
            context.emit(.clearTextSelection)
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .text }
}
