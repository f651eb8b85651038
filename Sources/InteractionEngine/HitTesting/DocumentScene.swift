// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The hit-test tree of a laid-out document (canvas → spreads → pages → annotations, with
/// overlays above), kept in step with the layout and the annotation list the host reports, and
/// queried in view coordinates.
///
/// This is what tools and components consult to learn what lies under a point; it stores no
/// annotation content, only ``AnnotationTarget``s.
///
/// - Warning: Not thread-safe; use it on the GTK main thread.
public final class DocumentScene {
    /// The root: the whole canvas. Its frame is unbounded, so a point between pages lands on it.
    public let root: HitTestNode
    public private(set) var coordinates: DocumentCoordinates
    public var targetPolicy: HitTargetPolicy
    /// Whether there is text under a PDF point (the host answers from its text layout); tools use
    /// it to choose between selecting text and panning.
    public var textLookup: ((PagePoint) -> Bool)?
    /// The ruler lying on a page, while it is shown (see ``DocumentInteraction/showRuler(_:unit:)``).
    public var ruler: Ruler?
    /// The ink tool's line width in PDF points (the host's style), which the ruler's guide keeps clear of its edge.
    public var inkWidth: () -> Double = { 1 }
    /// The text of a page for the smart pen (the host answers from what it has read), and
    /// whether the smart pen is on (``DocumentInteraction/smartPen``).
    public var pageTextLookup: ((PageIndex) -> PageText?)?
    public var marksTextWithPen = true

    private var pageNodes: [PageIndex: HitTestNode] = [:]
    private var annotationNodes: [AnnotationID: HitTestNode] = [:]
    private var overlayCount = 0

    public init(coordinates: DocumentCoordinates = DocumentCoordinates(), targetPolicy: HitTargetPolicy = .standard) {
        self.root = HitTestNode(role: .canvas, frame: Rect(x: -1e12, y: -1e12, width: 2e12, height: 2e12))
        self.coordinates = DocumentCoordinates()
        self.targetPolicy = targetPolicy
        setLayout(coordinates)
    }

    // MARK: Layout

    /// Adopts a new layout (page frames, zoom, scroll). Annotation nodes stay attached to their
    /// pages; only page geometry changes. With `spreads`, pages shown side by side are grouped
    /// under one spread node.
    public func setLayout(_ coordinates: DocumentCoordinates, spreads: [[PageIndex]]? = nil) {
        self.coordinates = coordinates
        for node in pageNodes.values { node.removeFromParent() }
        var containers: [HitTestNode] = []
        var grouped = Set<PageIndex>()
        if let spreads {
            for (number, members) in spreads.enumerated() {
                let geometries = members.compactMap(coordinates.page)
                guard let first = geometries.first else { continue }
                let frame = geometries.dropFirst().reduce(first.frame) { $0.union($1.frame) }
                let spread = HitTestNode(role: .spread(number), frame: frame)
                for g in geometries { spread.addChild(pageNode(for: g)); grouped.insert(g.index) }
                containers.append(spread)
            }
        }
        for g in coordinates.pages where !grouped.contains(g.index) { containers.append(pageNode(for: g)) }
        // Old spread nodes are dropped; page nodes and their annotations are reused.
        let overlays = Array(root.children.suffix(overlayCount))
        root.removeAllChildren()
        for c in containers { root.addChild(c) }
        for o in overlays { root.addChild(o) }
    }

    /// Changes only zoom and scroll (cheap; page frames must already reflect the zoom).
    public func setViewTransform(_ view: ViewTransform) { coordinates.view = view }

    private func pageNode(for geometry: PageGeometry) -> HitTestNode {
        let node = pageNodes[geometry.index] ?? HitTestNode(role: .page(geometry.index), frame: geometry.frame)
        node.frame = geometry.frame
        node.contentTransform = geometry.canvasToPDF
        pageNodes[geometry.index] = node
        return node
    }

    // MARK: Annotations

    /// Replaces the annotations of a page (in z-order: later ones are drawn above).
    public func setAnnotations(_ targets: [AnnotationTarget], on page: PageIndex) {
        let node = pageNodes[page] ?? HitTestNode(role: .page(page), frame: .zero)
        pageNodes[page] = node
        for child in node.children { if let id = child.role.annotation?.id { annotationNodes[id] = nil } }
        node.removeAllChildren()
        for t in targets { add(t, to: node) }
    }

    /// Adds an annotation on top of its page's others, or updates it in place when its id is known.
    public func upsert(_ target: AnnotationTarget) {
        if let existing = annotationNodes[target.id], existing.parent?.role.pageIndex == target.page {
            existing.role = .annotation(target)
            existing.frame = target.bounds
            return
        }
        remove(target.id)
        let page = pageNodes[target.page] ?? HitTestNode(role: .page(target.page), frame: .zero)
        pageNodes[target.page] = page
        add(target, to: page)
    }

    public func remove(_ id: AnnotationID) {
        annotationNodes.removeValue(forKey: id)?.removeFromParent()
    }

    public func annotation(_ id: AnnotationID) -> AnnotationTarget? { annotationNodes[id]?.role.annotation }

    public func annotations(on page: PageIndex) -> [AnnotationTarget] {
        pageNodes[page]?.children.compactMap(\.role.annotation) ?? []
    }

    private func add(_ target: AnnotationTarget, to page: HitTestNode) {
        let node = HitTestNode(role: .annotation(target), frame: target.bounds)
        page.addChild(node)
        annotationNodes[target.id] = node
    }

    // MARK: Overlays

    /// Adds an overlay above the pages (and above earlier overlays). Its frame is in canvas
    /// coordinates; make it ``HitTestNode/passesThroughWhenEmpty`` so that touches outside its
    /// own controls reach the pages.
    public func addOverlay(_ overlay: HitTestNode) {
        root.addChild(overlay)
        overlayCount += 1
    }

    public func removeOverlay(_ overlay: HitTestNode) {
        guard overlay.parent === root else { return }
        overlay.removeFromParent()
        overlayCount -= 1
    }

    // MARK: Queries

    /// The deepest, last-added node under a view point, with targets enlarged for the input source.
    public func hitTest(atView point: Point, source: InputSource) -> HitTestResult? {
        root.hitTest(coordinates.view.canvasPoint(fromView: point), sizing: targetPolicy.sizing(for: source))
    }

    /// Whether the host reports text under a point.
    public func hasText(at point: PagePoint) -> Bool { textLookup?(point) ?? false }
    public func penMarkableText(on page: PageIndex) -> PageText? { marksTextWithPen ? pageTextLookup?(page) : nil }

    public func annotations(intersectingView rect: Rect) -> [AnnotationTarget] {
        coordinates.pages.flatMap { page in
            annotations(on: page.index).filter { a in
                coordinates.viewRect(fromPDF: a.bounds, on: a.page).map { $0.intersects(rect) } ?? false
            }
        }
    }
}
