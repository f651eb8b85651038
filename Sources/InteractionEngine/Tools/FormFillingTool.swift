// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Focuses form fields (widget annotations) for filling; typing goes to the host's editor.
/// A tap or press outside any field clears the focus and hands back to browse/pan.
public final class FormFillingTool: Tool {
    public let id = ToolID.formFilling

    public init() {}

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        switch event {
        case .tap(let g), .longPress(let g):
            return focus(at: g.position, source: g.source, context: context)
        case .input(let e):
            if e.contactPhase == .began { return focus(at: e.position, source: e.source, context: context) }
            if e.contactPhase == nil { return .unhandled }
            return .handled
        }
    }

    private func focus(at point: Point, source: InputSource, context: ToolContext) -> ToolDisposition {
        if let target = context.environment.annotation(atView: point, source: source), target.kind == .widget {
            if context.session.focusedFormField != target.id {
                context.session.focusedFormField = target.id
                context.emit(.focusFormField(target.id))
            }
            return .handled
        }
        if context.session.focusedFormField != nil {
            context.session.focusedFormField = nil
            context.emit(.clearFormFocus)
        }
        return .switchTo(.pan, replay: true)
    }

    public func deactivate(context: ToolContext) {
        if context.session.focusedFormField != nil {
            context.session.focusedFormField = nil
            context.emit(.clearFormFocus)
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        context.environment.annotation(atView: point, source: source)?.kind == .widget ? .pointer : .default
    }
}
