// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One element of the hit-test tree (the document canvas, a spread, a page, an annotation, an
/// overlay or a control), with the geometry and flags the hit test reads.
///
/// The tree answers "what is under this point?" with the deepest, last-added node that contains
/// it (see ``hitTest(_:sizing:unitsPerPixel:)``). A node's ``frame`` is in its parent's content
/// space; ``contentTransform`` maps that space to the one its children's frames use (for a page:
/// canvas → PDF user space). Nodes with many children index them in a uniform grid, so hit
/// testing among 10,000 annotations on a page costs about as much as among ten.
///
/// - Warning: Not thread-safe; build and query a tree on one thread (the GTK main thread).
public final class HitTestNode {
    public var role: HitTestRole
    /// The node's area in its parent's content space.
    public var frame: Rect { didSet { if frame != oldValue { parent?.childrenDidChange() } } }
    /// Parent content space → this node's content space (where its children's frames live).
    public var contentTransform: AffineTransform {
        didSet { updateContentScale() }
    }
    /// A hidden node and its subtree are never hit.
    public var isHidden = false
    /// A node that does not take part in interaction is skipped with its subtree.
    public var isInteractionEnabled = true
    /// A transparent node (an overlay): hit only through its children, so a point that lands
    /// on none of them passes through to the nodes below.
    public var passesThroughWhenEmpty = false
    /// Whether a small frame is enlarged to the input's minimum target size (annotations and
    /// controls; pages, spreads and the canvas keep their exact frame).
    public var enlargesSmallTarget: Bool

    public private(set) var children: [HitTestNode] = []
    public private(set) weak var parent: HitTestNode?

    /// Content units per parent content unit (the scale of ``contentTransform``).
    private(set) var contentScale: Double = 1
    private var contentIsIdentity = true
    private var grid: SpatialGrid?
    private var gridIsStale = true

    /// Children from this count on are found through a spatial index rather than a scan.
    public static let indexingThreshold = 24

    public init(
        role: HitTestRole, frame: Rect, contentTransform: AffineTransform = .identity,
        enlargesSmallTarget: Bool? = nil
    ) {
        self.role = role
        self.frame = frame
        self.contentTransform = contentTransform
        switch role {
        case .annotation, .control: self.enlargesSmallTarget = enlargesSmallTarget ?? true
        default: self.enlargesSmallTarget = enlargesSmallTarget ?? false
        }
        updateContentScale()
    }

    /// Adds a child above all existing children (it wins where they overlap).
    public func addChild(_ child: HitTestNode) {
        child.removeFromParent()
        child.parent = self
        children.append(child)
        childrenDidChange()
    }

    /// Inserts a child at a z-position (0 is the bottom).
    public func insertChild(_ child: HitTestNode, at position: Int) {
        child.removeFromParent()
        child.parent = self
        children.insert(child, at: min(max(position, 0), children.count))
        childrenDidChange()
    }

    public func removeFromParent() {
        guard let parent else { return }
        if let i = parent.children.firstIndex(where: { $0 === self }) {
            parent.children.remove(at: i)
            parent.childrenDidChange()
        }
        self.parent = nil
    }

    public func removeAllChildren() {
        for child in children { child.parent = nil }
        children.removeAll()
        childrenDidChange()
    }

    /// The nodes from this one up to the root.
    public var ancestry: [HitTestNode] {
        var path: [HitTestNode] = []
        var current: HitTestNode? = self
        while let n = current { path.append(n); current = n.parent }
        return path
    }

    func childrenDidChange() { gridIsStale = true }

    private func updateContentScale() {
        let t = contentTransform
        contentIsIdentity = t == .identity
        contentScale = abs(t.a * t.d - t.b * t.c).squareRoot()
    }
}

extension HitTestNode {
    /// The deepest, last-added node under a point, or `nil` when the point misses this subtree.
    ///
    /// A node is entered only if its (possibly enlarged) frame contains the point; its children
    /// are tried from the last added to the first; the first child subtree that answers wins;
    /// otherwise the node answers itself, unless it is transparent
    /// (``passesThroughWhenEmpty``). Does not allocate.
    /// - Parameters:
    ///   - point: The point in this node's parent's content space.
    ///   - sizing: Minimum target size and tolerance in view pixels for the input at hand.
    ///   - unitsPerPixel: Parent content units per view pixel (1 for the canvas).
    public func hitTest(_ point: Point, sizing: HitTargetSizing, unitsPerPixel: Double = 1) -> HitTestResult? {
        guard !isHidden, isInteractionEnabled, hitFrame(sizing, unitsPerPixel).contains(point) else { return nil }
        let local = contentIsIdentity ? point : contentTransform.apply(to: point)
        let childUnits = unitsPerPixel * contentScale
        if let hit = hitChildren(local, sizing, childUnits) { return hit }
        return passesThroughWhenEmpty ? nil : HitTestResult(node: self, localPoint: local)
    }

    /// The frame enlarged for this input, in the parent's content space.
    public func hitFrame(_ sizing: HitTargetSizing, _ unitsPerPixel: Double) -> Rect {
        guard enlargesSmallTarget else { return frame }
        let minimum = Size(width: sizing.minimumSize.width * unitsPerPixel, height: sizing.minimumSize.height * unitsPerPixel)
        let t = sizing.tolerance * unitsPerPixel
        return frame.expanded(toAtLeast: minimum).insetBy(dx: -t, dy: -t)
    }

    private func hitChildren(_ p: Point, _ sizing: HitTargetSizing, _ units: Double) -> HitTestResult? {
        let count = children.count
        if count < Self.indexingThreshold {
            var i = count - 1
            while i >= 0 {
                if let hit = children[i].hitTest(p, sizing: sizing, unitsPerPixel: units) { return hit }
                i -= 1
            }
            return nil
        }
        if gridIsStale {
            grid = SpatialGrid(frames: children.map(\.frame))
            gridIsStale = false
        }
        guard let grid else { return nil }
        let r = sizing.maximumOutset * units
        guard let cells = grid.cells(overlapping: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)) else {
            return nil
        }
        var best = -1
        var result: HitTestResult?
        for row in cells.rows {
            for column in cells.columns {
                let cell = row * grid.columns + column
                let start = grid.cellStarts[cell]
                var k = grid.cellStarts[cell + 1] - 1
                while k >= start {
                    let i = Int(grid.entries[k])
                    if i <= best { break }
                    if let hit = children[i].hitTest(p, sizing: sizing, unitsPerPixel: units) {
                        best = i
                        result = hit
                        break
                    }
                    k -= 1
                }
            }
        }
        return result
    }
}
