// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// What one frame of the view shows, in view coordinates, computed from the session's state
/// once per frame: the pages and where they are, and what is drawn over them (the pressed
/// annotation, moves in progress, the lifted annotation, the selection with its handles, the
/// band being dragged out). The frame builders of the shell read it and draw; none of them
/// works out a rectangle of its own. Tested headless.
public struct FrameModel: Equatable, Sendable {
    /// A move or resize in progress: the annotation's pixels where the page shows it (`from`,
    /// on its `page`, whose frame is `pageFrame`) drawn at its new place (`to`), its old place
    /// veiled.
    public struct Moving: Equatable, Sendable {
        public var page: PageIndex
        public var pageFrame: Rect
        public var from: Rect
        public var to: Rect
        /// A turn in progress: the pixels of `from` are drawn turned by this many radians
        /// (clockwise on screen) about `pivot` instead of scaled into `to`.
        public var turn: Double = 0
        public var pivot: Point?

        public init(page: PageIndex, pageFrame: Rect, from: Rect, to: Rect, turn: Double = 0, pivot: Point? = nil) {
            self.page = page
            self.pageFrame = pageFrame
            self.from = from
            self.to = to
            self.turn = turn
            self.pivot = pivot
        }
    }

    /// Annotations of one page carried as one (a lasso's selection): their pixels where the
    /// page shows them (`from`, on `page`, whose frame is `pageFrame`) drawn moved by `offset`
    /// (view pixels), the places they left veiled. The places and the outlines stay the same
    /// for the whole carry (only the offset changes), so the shell draws the group's pixels and
    /// outlines once (for each ``serial``) and moves them.
    public struct Carried: Equatable, Sendable {
        public var page: PageIndex
        public var pageFrame: Rect
        public var from: [Rect]
        /// The selection outlines of the group where it started (moved by `offset` too).
        public var outlines: [Rect]
        public var offset: Vector
        /// The same number for every frame of one carry (a new one when the page's size on
        /// screen changes under it).
        public var serial: Int
        /// The union of ``from`` and that of ``outlines`` (`nil`: none, or not known), made once a
        /// carry, so that a frame does not unite 1,566 rectangles twice again.
        public var fromBox: Rect?
        public var outlinesBox: Rect?

        public init(page: PageIndex, pageFrame: Rect, from: [Rect], outlines: [Rect], offset: Vector, serial: Int,
                    fromBox: Rect? = nil, outlinesBox: Rect? = nil) {
            self.page = page
            self.pageFrame = pageFrame
            self.from = from
            self.outlines = outlines
            self.offset = offset
            self.serial = serial
            self.fromBox = fromBox
            self.outlinesBox = outlinesBox
        }
    }

    /// The annotation a finger holds up: its pixels from where the page shows them (`source`,
    /// on `page`, whose frame is `pageFrame`), drawn up to 6 % larger about its current middle
    /// (`shown`), as far as it has grown in or settled back (`progress`, 0 at rest … 1 held up:
    /// the shadow under it follows).
    public struct Lifted: Equatable, Sendable {
        public var page: PageIndex
        public var pageFrame: Rect
        public var source: Rect
        public var shown: Rect
        public var progress: Double = 1
    }

    /// The handles drawn on the annotation selection.
    public enum Handles: Equatable, Sendable {
        case none
        /// A single selected line: a round handle on each end; a single polygon or polyline: one
        /// on each vertex.
        case lineEnds([Point])
        /// Eight square handles around the selection's box (`box`: its outline when several
        /// annotations are selected).
        case squares([Point], box: Rect?)
    }

    /// The selected annotations' outlines, their handles and the handles' side (finger-sized
    /// after a touch).
    public struct Selection: Equatable, Sendable {
        public var outlines: [Rect] = []
        /// The outlines of a group carried as one (``Carried/outlines``), drawn moved by
        /// ``carriedOffset``.
        public var carriedOutlines: [Rect] = []
        public var carriedOffset = Vector.zero
        public var handles: Handles = .none
        public var handleSide = 10.0
        /// The round handle above the box that turns the selection, when it turns.
        public var rotateHandle: Point?
        /// The middle of the selection's box top edge, which a stem joins to ``rotateHandle``.
        public var rotateStem: Point?

        /// Every outline where the frame shows it (the carried ones moved).
        public var shownOutlines: [Rect] { outlines + carriedOutlines.map { $0.offsetBy(carriedOffset) } }
    }

    /// How much larger a lifted annotation is drawn.
    public static let liftScale = 1.06

    /// The viewport the frame is drawn for.
    public var viewport = Viewport(size: .zero)
    public var pages: [PlacedPage] = []
    /// The page turn under way, which the frame shows instead of ``pages``.
    public var turn: PageTurnPicture?
    public var searchMatches: [SearchMatch] = []
    /// The text selection's boxes, then a markup tool's preview's, each a list.
    public var textSelections: [[Rect]] = []
    /// The selected image's outline (view coordinates), when it is on screen.
    public var imageOutline: Rect?
    /// A finger's text selection: where the round handle under each end hangs.
    public var selectionEnds: [Point] = []
    /// Hover tints and lift shadows (indirect input).
    public var pointerEffects: [PointerEffectFrame] = []
    /// The faint corners of a movable annotation under a mouse or pen.
    public var hoverCorners: [Point]?
    /// How far the hover corners have faded in (they follow the hover tint of their annotation).
    public var hoverCornersOpacity = 1.0
    /// The focus ring's box around the focused check box, radio button, combo or list box.
    public var formFocus: Rect?
    /// Ink and shapes just made, until their page shows them.
    public var held: [Creation] = []
    /// What the partial eraser took out (in progress, or until its page is drawn without it):
    /// parts of strokes covered, annotations erased whole veiled.
    public var erasedLines: [ErasedLine] = []
    public var erasedWhole: [Rect] = []
    /// The ink being drawn, and the shape being dragged out.
    public var liveInk: Ink?
    public var shape: Shape?
    public var pressed: Rect?
    public var moves: [Moving] = []
    /// A group carried as one, drawn as one picture moved.
    public var carried: Carried?
    public var lifted: Lifted?
    /// Annotations a finger let go that are still settling back (drawn under ``lifted``).
    public var settling: [Lifted] = []
    public var selection = Selection()
    /// The selection band being dragged out.
    public var band: Rect?
    /// The ruler, while it is shown (over everything else).
    public var ruler: RulerFrame?
    /// The lasso's loop being drawn, in view coordinates (drawn dashed, open at its ends).
    public var lasso: [Point]?

    public init() {}
}

extension DocumentSession {
    /// The frame the view shows now.
    public var frame: FrameModel {
        var model = FrameModel()
        model.viewport = view.viewport
        let zoom = view.viewport.zoom
        let origin = Point.zero - view.viewport.offset
        func pageFrame(_ page: PageIndex) -> Rect { view.layout.pageFrame(page, zoom: zoom).offsetBy(origin) }
        model.pages = view.shownPages.map { PlacedPage(page: $0, frame: pageFrame($0)) }
        model.turn = view.pageTurn.map(view.picture(of:))
        addOverlays(to: &model, pageFrame: pageFrame)
        let scene = interaction.scene
        let coordinates = scene.coordinates
        if let id = previews.pressed, let target = scene.annotation(id) {
            model.pressed = coordinates.viewRect(fromPDF: target.bounds, on: target.page)
        }
        // By id, from each transform's boxes (TransformBox): no annotation is copied, where a
        // copy of two whole annotations per transform was most of a frame of 1,566 moves.
        let boxes = previews.transformBoxes
        var pageFrames: [PageIndex: Rect] = [:]
        // A group carried as one has boxes that stay as they started (its offset is drawn): when
        // it is every transform, nothing else moves.
        let grouped = previews.carried?.ids.count ?? 0
        for id in boxes.count > grouped ? boxes.keys.sorted() : [] {
            guard let box = boxes[id], box.changed,
                  let from = coordinates.viewRect(fromPDF: box.start, on: box.startPage),
                  let to = coordinates.viewRect(fromPDF: box.rect, on: box.page), from.width > 0, from.height > 0 else { continue }
            let frame = pageFrames[box.startPage] ?? pageFrame(box.startPage)
            pageFrames[box.startPage] = frame
            var moving = FrameModel.Moving(page: box.startPage, pageFrame: frame, from: from, to: to)
            if let turn = previews.turns[id], let pivot = coordinates.convert(turn.pivot, from: .pdf(box.startPage), to: .view) {
                // A turn looks the same way round in PDF space (y up) and on screen, whatever
                // the page's /Rotate; in the view's y-down coordinates, where cairo's positive
                // angle is clockwise, a counter-clockwise turn is negative.
                moving.turn = -turn.degrees * .pi / 180
                moving.pivot = pivot
            }
            model.moves.append(moving)
        }
        if let page = previews.carried?.page ?? previews.landing?.group.page { model.carried = carriedFrame(pageFrame: pageFrame(page)) }
        // The lifted annotation as far as it has grown in, and those let go as far as they have
        // settled back (a lift that has not begun to grow is drawn as soon as it does).
        let lifts = previews.lifts.values
        for (id, progress) in lifts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where progress > 0 || id == previews.lifted {
            guard let target = scene.annotation(id) else { continue }
            // The pixels come from where the tiles show the annotation: its place before any
            // move, on the page it started on (a carry may have given it to another page since).
            let start = previews.transforms[id.rawValue]?.start
            let sourcePage = start?.page ?? target.page
            guard let now = coordinates.viewRect(fromPDF: target.bounds, on: target.page),
                  let source = coordinates.viewRect(fromPDF: start?.rect ?? target.bounds, on: sourcePage),
                  source.width > 0, source.height > 0 else { continue }
            let s = 1 + (FrameModel.liftScale - 1) * progress
            let shown = Rect(x: now.midX - now.width * s / 2, y: now.midY - now.height * s / 2, width: now.width * s, height: now.height * s)
            let lifted = FrameModel.Lifted(page: sourcePage, pageFrame: pageFrame(sourcePage), source: source, shown: shown, progress: progress)
            if id == previews.lifted { model.lifted = lifted } else { model.settling.append(lifted) }
        }
        model.selection = selectionFrame(coordinates, carried: model.carried)
        model.band = previews.band
        model.ruler = rulerFrame()
        if let lasso = previews.lasso {
            model.lasso = lasso.loop.compactMap { coordinates.convert($0, from: .pdf(lasso.page), to: .view) }
        }
        return model
    }

    /// Each selected annotation's outline, then the handles: a round one on each end of a
    /// single selected line or each vertex of a single polygon or polyline, else eight square
    /// ones around the selection's common box (none when a locked annotation is in it); and the
    /// rotate handle above the box when the selection turns.
    private func selectionFrame(_ coordinates: DocumentCoordinates, carried: FrameModel.Carried?) -> FrameModel.Selection {
        let targets = interaction.selectedAnnotations.compactMap { interaction.scene.annotation($0) }
        var selection = FrameModel.Selection()
        // A group carried as one keeps its outlines where it started, moved by its offset.
        let members: Set<String> = carried == nil ? [] : previews.carried?.members ?? []
        let own = members.isEmpty ? targets : targets.filter { !members.contains($0.id.rawValue) }
        selection.outlines = own.compactMap { coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }
        var shown = selection.outlines
        if let carried {
            selection.carriedOutlines = carried.outlines
            selection.carriedOffset = carried.offset
            if let box = carried.outlinesBox {
                shown.append(box.offsetBy(carried.offset))
            } else if let first = carried.outlines.first {
                shown.append(carried.outlines.dropFirst().reduce(first) { $0.union($1) }.offsetBy(carried.offset))
            }
        }
        // Finger-sized after a touch (the edit tool grows its hit targets the same way).
        selection.handleSide = lastContactWasTouch ? 22 : 10
        let union = shown.dropFirst().reduce(shown.first) { $0?.union($1) }
        if targets.count == 1, let line = targets.first, !line.isLocked, line.kind == .line, line.lineEnds.count == 2 {
            selection.handles = .lineEnds(line.lineEnds.compactMap { coordinates.convert($0, from: .pdf(line.page), to: .view) })
        } else if targets.count == 1, let polygon = targets.first, !polygon.isLocked, AnnotationEditTool.showsVertexHandles(polygon) {
            selection.handles = .lineEnds(polygon.vertices.compactMap { coordinates.convert($0, from: .pdf(polygon.page), to: .view) })
        } else if let r = union, !targets.contains(where: \.isLocked) {
            selection.handles = .squares(ResizeHandle.allCases.map { $0.position(on: r) }, box: targets.count > 1 ? r : nil)
        }
        selection.rotateHandle = AnnotationEditTool.rotateHandle(for: targets, box: union,
                                                                 distance: AnnotationEditTool.Configuration().rotateHandleDistance)
        selection.rotateStem = selection.rotateHandle.flatMap { _ in union.map { Point(x: $0.midX, y: $0.minY) } }
        return selection
    }
}
