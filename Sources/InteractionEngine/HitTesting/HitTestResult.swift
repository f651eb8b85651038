// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The node a point landed on and the point in that node's content space, so that the caller
/// need not convert the point again (for a page or an annotation the content space is the
/// page's PDF user space).
public struct HitTestResult {
    public let node: HitTestNode
    /// The point in the node's content space.
    public let localPoint: Point

    public init(node: HitTestNode, localPoint: Point) {
        self.node = node
        self.localPoint = localPoint
    }

    public var role: HitTestRole { node.role }

    /// The annotation hit, if the node is one.
    public var annotation: AnnotationTarget? { node.role.annotation }

    /// The page the node belongs to: the node itself or its nearest page ancestor.
    public var page: PageIndex? {
        var current: HitTestNode? = node
        while let n = current {
            if let index = n.role.pageIndex { return index }
            current = n.parent
        }
        return nil
    }
}
