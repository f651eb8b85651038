// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The browse tool, current when the user is not "doing something": a drag scrolls the view,
/// and a tap or press on an object hands the event to the tool that owns it (a link to link
/// following, a form field to form filling, any other annotation to annotation edit, text to
/// text selection).
///
/// Touch drags always scroll; selection by touch comes from a tap or a long press. A mouse
/// press on an annotation or on text hands over at once, so a click-drag moves the annotation
/// or selects text as on the desktop.
public final class PanTool: Tool {
    public let id = ToolID.pan
    private var drag: (sequence: InputSequenceID, last: Point)?

    public init() {}

    /// The tool that owns taps on an annotation of this kind, if any.
    static func owner(of kind: AnnotationKind) -> ToolID? {
        switch kind {
        case .link: return .linkFollowing
        case .widget: return .formFilling
        case .popup: return nil
        default: return .annotationEdit
        }
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch event {
        case .tap(let g):
            if let target = env.annotation(atView: g.position, source: g.source), let owner = Self.owner(of: target.kind) {
                return .switchTo(owner, replay: true)
            }
            if context.session.textSelection != nil {
                context.session.textSelection = nil
                context.emit(.clearTextSelection)
            }
            return .handled
        case .longPress(let g):
            if let target = env.annotation(atView: g.position, source: g.source), Self.owner(of: target.kind) == .annotationEdit {
                drag = nil
                return .switchTo(.annotationEdit, replay: true)
            }
            if let p = env.pagePoint(nearView: g.position), env.coordinates.page(atView: g.position) != nil, env.hasText(at: p) {
                drag = nil
                return .switchTo(.textSelection, replay: true)
            }
            return .handled
        case .input(let e):
            return handle(e, context: context)
        }
    }

    private func handle(_ e: InputEvent, context: ToolContext) -> ToolDisposition {
        let env = context.environment
        switch e.contactPhase {
        case .began:
            guard drag == nil else { return .unhandled }  // a second finger: leave it to pinch
            if !e.isDirect, e.button == nil || e.button == .primary {
                if let target = env.annotation(atView: e.position, source: e.source), Self.owner(of: target.kind) == .annotationEdit {
                    return .switchTo(.annotationEdit, replay: true)
                }
                if let p = env.pagePoint(nearView: e.position), env.coordinates.page(atView: e.position) != nil, env.hasText(at: p) {
                    return .switchTo(.textSelection, replay: true)
                }
            }
            drag = (e.sequence, e.position)
            return .handled
        case .moved:
            guard let d = drag, d.sequence == e.sequence else { return .unhandled }
            let delta = d.last - e.position
            drag = (d.sequence, e.position)
            if delta != .zero { context.emit(.scrollView(by: delta)) }
            return .handled
        case .ended, .cancelled:
            guard let d = drag, d.sequence == e.sequence else { return .unhandled }
            drag = nil
            return .handled
        case nil:
            return .unhandled
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        if drag != nil { return .grabbing }
        let env = context.environment
        if let target = env.annotation(atView: point, source: source) {
            return target.kind == .link || target.kind == .widget ? .pointer : .default
        }
        if let p = env.pagePoint(nearView: point), env.coordinates.page(atView: point) != nil, env.hasText(at: p) { return .text }
        return .default
    }
}
