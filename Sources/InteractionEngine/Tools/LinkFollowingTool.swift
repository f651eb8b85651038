// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Follows the link under a tap and hands back to browse/pan; anything else goes straight back
/// to browse/pan.
public final class LinkFollowingTool: Tool {
    public let id = ToolID.linkFollowing

    public init() {}

    public func handle(_ event: ToolEvent, context: ToolContext) -> ToolDisposition {
        if case .tap(let g) = event, let target = context.environment.annotation(atView: g.position, source: g.source),
           target.kind == .link {
            context.emit(.followLink(target.id))
            return .switchTo(.pan, replay: false)
        }
        return .switchTo(.pan, replay: true)
    }

    public func pointerShape(atView point: Point, source: InputSource, context: ToolContext) -> PointerShape { .pointer }
}
