// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// The session's part of the state dump: what the view shows, what is selected, hovered,
/// pressed, lifted or held, the search, and the annotations on screen, in the terms the dump
/// reports them (1-based page numbers, view coordinates, the annotations' dump names). The
/// window adds what only it knows (widgets, dialogs, the editor's history, frame timings); the
/// session's part is computed here alone, and tested headless.
public struct SessionSnapshot: Equatable, Sendable {
    /// A page on screen: its 1-based number and its frame in view coordinates.
    public struct Page: Equatable, Sendable {
        public var number: Int
        public var frame: Rect
    }

    /// An annotation on screen: its id, its kind as the dump names it, its page's 1-based
    /// number and its rectangle in view coordinates.
    public struct ShownAnnotation: Equatable, Sendable {
        public var id: String
        public var kind: String
        public var page: Int
        public var rect: Rect
    }

    /// The search's part: its query, how many matches, the current one's 1-based number,
    /// whether every page was read, how much was, and whether the user stopped it.
    public struct Search: Equatable, Sendable {
        public var query: String
        public var matches: Int
        public var current: Int?
        public var done: Bool
        public var progress: Double
        public var stopped: Bool
    }

    public var pageCount = 0
    /// The 1-based number of the page in view (0 with no document).
    public var currentPage = 0
    public var viewport = Viewport(size: .zero)
    public var zoomMode = ""
    public var pages: [Page] = []
    public var spreads: [Int] = []
    public var spreadMode = ""
    public var scrollDirection = ""
    public var rightToLeft = false
    public var oneSpreadAtATime = false
    /// "spread" when each spread has its own zoom, else "document".
    public var zoomScope = ""
    /// The zooms the view allows now (``ViewSession/zoomLimits``).
    public var zoomLimits: ClosedRange<Double> = Viewport.zoomRange
    public var pageCurl = false
    public var pageTurnProgress: Double?
    public var canGoBack = false
    public var canGoForward = false
    public var selectedAnnotation: String?
    public var selectedAnnotations: [String] = []
    public var hoveredAnnotation: String?
    public var pressedAnnotation: String?
    public var liftedAnnotation: String?
    public var focusedFormField: String?
    public var heldCreations = 0
    public var selectedText: String?
    /// The selected image of a page's content: its page and where it lies (PDF space).
    public var selectedImage: PageImage?
    /// A finger's text selection handles: where each hangs.
    public var textSelectionHandles: [Point]?
    /// The annotation selection's rotate handle, and the round handles on a line's ends or a
    /// polygon's vertices, while they are shown.
    public var rotateHandle: Point?
    public var vertexHandles: [Point]?
    public var linkTooltip: String?
    public var penDrawsAtOnce = false
    public var fingerDraws = false
    public var search: Search?
    public var annotations: [ShownAnnotation] = []

    public init() {}
}

extension DocumentSession {
    /// The session's part of the state dump, now.
    public var snapshot: SessionSnapshot {
        var s = SessionSnapshot()
        s.pageCount = view.pageCount
        s.currentPage = view.currentPage?.displayNumber ?? 0
        s.viewport = view.viewport
        s.zoomMode = view.zoomMode.rawValue
        // The frame the view shows now: its pages and a finger's selection handles, as drawn.
        let frame = self.frame
        s.pages = frame.pages.map { SessionSnapshot.Page(number: $0.page.displayNumber, frame: $0.frame) }
        s.spreads = Array(Set(view.shownPages.map { view.layout.spreadIndex(forPage: $0) })).sorted()
        s.spreadMode = view.settings.spreadMode.rawValue
        s.scrollDirection = view.settings.direction.rawValue
        s.rightToLeft = view.settings.rightToLeft
        s.oneSpreadAtATime = view.pagesOneSpreadAtATime
        s.zoomScope = view.layout.spreadBasedZooming ? "spread" : "document"
        s.zoomLimits = view.zoomLimits
        s.pageCurl = view.turnsPagesWithCurl
        s.pageTurnProgress = view.pageTurn?.curl.progress
        s.canGoBack = view.history.canGoBack
        s.canGoForward = view.history.canGoForward
        s.selectedAnnotation = interaction.selectedAnnotation?.rawValue
        s.selectedAnnotations = interaction.selectedAnnotations.map(\.rawValue)
        s.hoveredAnnotation = interaction.hoveredAnnotation?.rawValue
        s.pressedAnnotation = previews.pressed?.rawValue
        s.liftedAnnotation = previews.lifted?.rawValue
        s.focusedFormField = interaction.focusedFormField?.rawValue
        s.heldCreations = previews.held.count
        s.selectedText = selectedText
        s.selectedImage = interaction.selectedImage
        s.textSelectionHandles = frame.selectionEnds.count == 2 ? frame.selectionEnds : nil
        s.rotateHandle = frame.selection.rotateHandle
        if case .lineEnds(let points) = frame.selection.handles { s.vertexHandles = points }
        s.linkTooltip = linkTooltip
        s.penDrawsAtOnce = interaction.penDrawsAtOnce
        s.fingerDraws = interaction.fingerDraws
        s.search = search.map {
            SessionSnapshot.Search(query: $0.search.query, matches: $0.count, current: $0.currentNumber, done: $0.done,
                                   progress: $0.progress, stopped: $0.stopped)
        }
        let coordinates = interaction.scene.coordinates
        s.annotations = coordinates.pages.flatMap { page in
            interaction.scene.annotations(on: page.index).compactMap { a -> SessionSnapshot.ShownAnnotation? in
                guard let r = coordinates.viewRect(fromPDF: a.bounds, on: a.page) else { return nil }
                return SessionSnapshot.ShownAnnotation(id: a.id.rawValue, kind: SceneTargets.dumpName(a.kind), page: a.page.displayNumber, rect: r)
            }
        }
        return s
    }
}
