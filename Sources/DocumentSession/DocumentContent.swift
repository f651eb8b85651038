// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// What the session has read of the open document so far, page by page (links, the engine's
/// annotation targets, text, exact page geometry), and what waits for a page to be read. One
/// value: opening another document replaces it whole, so nothing of the last one lingers.
public struct DocumentContent {
    /// Counts documents shown, so that work started for an earlier one is dropped.
    public let generation: Int
    /// Each page's links, as read on the worker, and where each link shown so far leads.
    public var linksByPage: [PageIndex: [LinkInfo]] = [:]
    public var linkTargets: [AnnotationID: LinkTarget] = [:]
    /// Annotations per page as the engine knows them (pages loaded when first visible).
    public var annotationsByPage: [PageIndex: [AnnotationTarget]] = [:]
    /// Where each annotation was last found in its page's list of ``annotationsByPage``: a hint,
    /// checked before use and found again when the list changed (``place(_:from:)``).
    private var targetPositions: [AnnotationID: Int] = [:]
    /// Exact geometry (crop box, /Rotate) of the pages that carry annotations.
    public var exactPageInfo: [PageIndex: PageInfo] = [:]
    /// Text and character boxes of the pages seen of late: at most ``textPagesKept`` of them
    /// once the view moves on (``noteShown(_:keeping:)``).
    public var textByPage: [PageIndex: PageText] = [:]
    /// The images each page read so far draws (PDF space, drawing order), for selecting them.
    public var imagesByPage: [PageIndex: [PageImage]] = [:]
    /// When each page was last shown (a count of views), for letting the oldest text go.
    private var textShownAt: [PageIndex: Int] = [:]
    private var textClock = 0
    /// Pages whose text was let go: read again when they show.
    public private(set) var textLetGo: Set<PageIndex> = []
    /// An annotation to select as soon as its page's targets are known (the annotation list).
    public var selectWhenShown: AnnotationID?
    /// A field Tab moved to on a page whose annotations were not read yet: focused when they are.
    public var focusFieldWhenShown: AnnotationID?

    public init(generation: Int = 0) { self.generation = generation }

    /// Puts `target` into its page's list of ``annotationsByPage`` in place of the entry with
    /// its id (appended when the page has none), after taking it out of `from`'s list when it
    /// comes from another page. The entry is found through the positions remembered for ids,
    /// so that carrying 1,566 annotations no longer searches a list of 2,000 for each of them
    /// on every motion event.
    public mutating func place(_ target: AnnotationTarget, from: PageIndex) {
        if from != target.page { annotationsByPage[from]?.removeAll { $0.id == target.id } }
        if let i = position(of: target.id, on: target.page) {
            annotationsByPage[target.page]?[i] = target
        } else {
            annotationsByPage[target.page, default: []].append(target)
            targetPositions[target.id] = (annotationsByPage[target.page]?.count ?? 1) - 1
        }
    }

    /// The index of the entry with `id` in `page`'s list of ``annotationsByPage``, if it has
    /// one: the remembered position when it still holds that entry, else found again (and every
    /// entry's position remembered anew).
    mutating func position(of id: AnnotationID, on page: PageIndex) -> Int? {
        guard let list = annotationsByPage[page] else { return nil }
        if let i = targetPositions[id], i < list.count, list[i].id == id { return i }
        var found: Int?
        for (i, entry) in list.enumerated().reversed() {
            targetPositions[entry.id] = i
            if entry.id == id { found = i }
        }
        return found
    }

    /// The content of the next document: empty, one generation on.
    public func next() -> DocumentContent { DocumentContent(generation: generation + 1) }

    /// The pages whose text is kept, at most (besides those shown and those a selection
    /// covers). A page's text with a box per character takes about 48 bytes a character, some
    /// 180 KB for a page of prose: reading a 500-page document through kept 90 MB of it.
    public static let textPagesKept = 12

    /// `shown` are on screen now: their text is kept, and the text of the pages shown longest
    /// ago goes beyond ``textPagesKept`` (never `shown`'s or `keeping`'s). Answers the pages
    /// among `shown` whose text went earlier and must be read again.
    public mutating func noteShown(_ shown: [PageIndex], keeping: Set<PageIndex> = []) -> [PageIndex] {
        textClock += 1
        var reread: [PageIndex] = []
        for page in shown {
            textShownAt[page] = textClock
            if textLetGo.remove(page) != nil { reread.append(page) }
        }
        if textByPage.count > Self.textPagesKept {
            let kept = Set(shown).union(keeping)
            let oldest = textByPage.keys.filter { !kept.contains($0) }.sorted { (textShownAt[$0] ?? 0) < (textShownAt[$1] ?? 0) }
            for page in oldest.prefix(textByPage.count - Self.textPagesKept) {
                textByPage[page] = nil
                textShownAt[page] = nil
                textLetGo.insert(page)
            }
        }
        return reread
    }
}

/// What is drawn over the pages while the reader works, before (or instead of) a change to
/// the document: the stroke or shape being drawn, the band being dragged out, the annotation a
/// finger lifts or presses, the text a markup tool covers, the moves and resizes in progress,
/// and the creations waiting for their page to show them.
public struct EditPreviews {
    /// The ink stroke or shape a creation tool is drawing.
    public var ink: (page: PageIndex, strokes: [[InkPoint]])?
    /// The Highlighter's freehand stroke being drawn (drawn as a marker).
    public var marker: (page: PageIndex, stroke: [InkPoint])?
    public var shape: (kind: ShapeKind, page: PageIndex, from: Point, to: Point)?
    /// The selection band being dragged out (view coordinates).
    public var band: Rect?
    /// The lasso's loop being drawn, in the PDF space of its page.
    public var lasso: (page: PageIndex, loop: [Point])?
    /// The annotation a finger holds up (drawn lifted), and the one a finger presses.
    public var lifted: AnnotationID?
    public var pressed: AnnotationID?
    /// How far each annotation is lifted (0 at rest … 1 held up): the one a finger lifts grows
    /// in and the one it lets go settles back, over ``liftDuration`` on the frame clock.
    public var lifts = EffectFades<AnnotationID>()
    /// How long a lift takes to grow in, or to settle back, in seconds.
    public static let liftDuration = 0.15
    /// The text a markup tool's drag is over, drawn as a selection while the drag lasts.
    public var markup: TextSelection?
    /// The moves and resizes in progress, by annotation id: each annotation as it was when it
    /// started, and as it would be now (the document changes once, when the last of them ends).
    public var transforms: [String: (start: Annotation, current: Annotation)] = [:]
    /// Moves whose points follow later (``PendingMove``), by annotation id: the transform's
    /// `current` waits for them too (a frame reads ``transformBoxes``).
    var pendingMoves: [String: PendingMove] = [:]
    /// Each of those moves' steps, in order (apart from ``pendingMoves``, so a step appends a
    /// vector and moves no annotation).
    var pendingSteps: [String: [Vector]] = [:]
    /// What a frame draws of each transform (``TransformBox``), kept beside ``transforms`` so
    /// that neither a frame nor a step of a carry copies whole annotations.
    var transformBoxes: [String: TransformBox] = [:]
    /// Annotations of one page carried as one offset (a lasso's selection), while they are.
    var carried: CarriedGroup?
    /// A carried group let go and committed, still drawn as carried (its old places veiled,
    /// its pixels at its new ones) until its page's tiles show the move (`shown`: the edit
    /// reached the document the tiles are drawn from): no frame shows the strokes at their old
    /// places, or at both.
    var landing: (group: CarriedGroup, shown: Bool)?
    /// Transforms that ended while others of the same gesture still run; committed together.
    public var endedTransforms: [(start: Annotation, current: Annotation)] = []
    /// Where the annotations of the group carried as one (``carried``) started, as each one's
    /// transform ended: they land together, moved by the group's offset, when the last one ends
    /// (DocumentSession+CarriedGroup).
    var endedGroup: [Annotation] = []
    /// What the transform in progress does when it is not a move or a resize ("Move Line End",
    /// "Rotate", "Move Vertex", "Add Vertex", "Delete Vertex"): the edit is named for it.
    public var transformName: String?
    /// The turn in progress of each annotation being turned: degrees (counter-clockwise in PDF
    /// space) about a PDF point of its page, so a frame can draw its pixels turned.
    public var turns: [String: (degrees: Double, pivot: Point)] = [:]
    /// Strokes and shapes just made into annotations, still drawn over their page until its
    /// tiles come back with the annotation in them (a scan's page takes tens of milliseconds to
    /// draw again, and the stroke must not vanish meanwhile). `shown` is set once the edit
    /// reached the document the tiles are drawn from.
    public var held: [(preview: HeldCreation, shown: Bool)] = []
    /// What the partial eraser's contact in progress has taken out so far (committed as one
    /// step when it ends).
    public var erasure: PartialErasure?
    /// Where the contact carrying the annotations being moved is (view coordinates), and the
    /// time of the last frame that scrolled the view under it (AnnotationCarrying).
    public var carryContact: Point?
    public var carryFrameTime: Double?
    /// The predicted tip of the ink being drawn, kept apart from the tool's strokes.
    public var inkTip = InkTipTracking()

    public init() {}
}

/// The steps of a carried ink's move not yet applied to its points: while a carry lasts, each
/// step moves the ink's rectangle only (all the frame and the engine's target need), and the
/// points take every step at once (`Annotation.moved(byEach:)`, the same values as step by step)
/// when anything needs them: the release, a resize, a scroll under the carry. A lasso's 1,566
/// strokes of about 100 points each then cost a rectangle each per motion event.
struct PendingMove {
    /// The annotation as it was before the first step not yet applied (the steps are
    /// `EditPreviews.pendingSteps`).
    var base: Annotation
}

/// A transform's rectangles and pages as it started and as it is, whether it changes anything,
/// and whether its points may follow its rectangle later (an ink: its engine target is its
/// rectangle alone).
struct TransformBox {
    var startPage: PageIndex
    var start: Rect
    var page: PageIndex
    var rect: Rect
    var changed = false
    var movesPointsLater: Bool

    init(_ a: Annotation) {
        startPage = a.page
        start = a.rect
        page = a.page
        rect = a.rect
        movesPointsLater = a.subtype == .ink
    }
}

/// A stroke or shape just made into an annotation, drawn until its page shows it; or what an
/// eraser contact took out of a page, covered until the page is drawn without it.
public enum HeldCreation: Sendable {
    case ink(page: PageIndex, strokes: [[InkPoint]])
    /// The Highlighter's freehand stroke.
    case marker(page: PageIndex, stroke: [InkPoint])
    case shape(kind: ShapeKind, page: PageIndex, from: Point, to: Point)
    case erased(PartialErasure.Taken)

    public var page: PageIndex {
        switch self {
        case .ink(let page, _), .marker(let page, _), .shape(_, let page, _, _): return page
        case .erased(let taken): return taken.page
        }
    }
}

/// The partial eraser's contact in progress: for each ink it crossed, the annotation as it was
/// and what is left of its strokes (those it did not touch, and the pieces of those it cut); the
/// annotations of other kinds it erases whole; and what it took out, for the frame to cover.
/// Nothing in the document changes until the contact ends, as one step.
public struct PartialErasure: Sendable {
    public struct Ink: Sendable {
        public var original: Annotation
        public var untouched: [InkStroke]
        public var pieces: [InkStroke]
        public var changed = false
    }

    /// What the eraser took out of one page (PDF space): the centre lines of the parts of
    /// strokes, each with the width that covers it, and the rectangles of what goes whole.
    public struct Taken: Sendable {
        public var page: PageIndex
        public var parts: [(points: [Point], width: Double)] = []
        public var whole: [Rect] = []
    }

    public var inks: [String: Ink] = [:]
    public var whole: [String: Annotation] = [:]
    public var taken: [PageIndex: Taken] = [:]

    public init() {}

    /// Adds to what the eraser took out of `page`.
    mutating func take(on page: PageIndex, parts: [(points: [Point], width: Double)] = [], whole: [Rect] = []) {
        var onPage = taken[page] ?? Taken(page: page)
        onPage.parts += parts
        onPage.whole += whole
        taken[page] = onPage
    }
}
