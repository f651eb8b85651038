// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The browse tool, current when the user is not "doing something". It owns nothing itself:
/// contacts go on to the engine's recognizers (scrolling, pinching, and the interaction
/// components that select text, follow links and zoom), and a tap or long press on an
/// annotation hands the event to the tool that edits it (annotation edit, or form filling for
/// a field).
public final class PanTool: Tool {
    public let id = ToolID.pan

    public init() {}

    /// The tool that owns taps on an annotation of this kind, if any (links and popups have
    /// none: following a link is the openLinkAnnotation component's).
    static func owner(of kind: AnnotationKind) -> ToolID? {
        switch kind {
        case .link, .popup: return nil
        case .widget: return .formFilling
        default: return .annotationEdit
        }
    }

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        switch event {
        case .tap(let g), .longPress(let g):
            if let target = context.environment.annotation(atView: g.position, source: g.source), let owner = Self.owner(of: target.kind) {
                return .switchTo(owner, replay: true)
            }
            return .unhandled
        case .input:
            return .unhandled
        }
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape {
        let env = context.environment
        if let target = env.annotation(atView: point, source: source) {
            return target.kind == .link || target.kind == .widget ? .pointer : .default
        }
        if let p = env.pagePoint(nearView: point), env.coordinates.page(atView: point) != nil, env.hasText(at: p) { return .text }
        return .default
    }
}
