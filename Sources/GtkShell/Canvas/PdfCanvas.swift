// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentLayout
import Geometry
import InteractionEngine
import Rendering

/// The document canvas: a drawing area with two scrollbars whose viewport (scroll offset and
/// zoom) is decided by our own code from raw input, never by `GtkScrolledWindow`'s gestures.
///
/// It owns the layout of the open document, the tile cache and the render queue, translates
/// every GDK event once into an engine ``InputEvent`` (``handle(_:)`` is also the entry point
/// for replayed input), and draws pages with scaled placeholders until sharp tiles arrive.
///
/// - Warning: main thread only.
@MainActor
public final class PdfCanvas {
    /// The container to pack: the drawing area with its scrollbars.
    public let widget: UnsafeMutablePointer<GtkWidget>
    let area: UnsafeMutablePointer<GtkWidget>
    /// The overlay holding `area` and, while one is typed, a text box's editor.
    let overlay: UnsafeMutablePointer<GtkWidget>
    let vAdjustment: UnsafeMutablePointer<GtkAdjustment>
    let hAdjustment: UnsafeMutablePointer<GtkAdjustment>
    let vScrollbar: UnsafeMutablePointer<GtkWidget>
    let hScrollbar: UnsafeMutablePointer<GtkWidget>

    /// Each page's size as shown (points, after /Rotate): all the layout needs, cheap to get.
    public private(set) var pageSizes: [Size] = []
    /// The document, asked for exact page geometry only for the pages on screen.
    var pageSource: PageSource?
    public var pageCount: Int { pageSizes.count }
    /// How pages are laid out: spreads, the scrolling direction, the binding. Kept across
    /// documents until the window sets another (each document's remembered or own choice).
    public internal(set) var layoutSettings = LayoutSettings()
    /// Where the pages sit: the built-in layout for ``layoutSettings``, or whatever
    /// ``layoutProvider`` makes. The canvas asks it through ``DocumentViewLayout`` alone.
    public internal(set) var layout: any DocumentViewLayout = DocumentLayout(pageSizes: [])
    /// Makes the layout for a document's page sizes and the reader's settings; `nil` for the
    /// built-in ``DocumentLayout``. Setting it lays the open document out again.
    public var layoutProvider: (@MainActor ([Size], LayoutSettings) -> any DocumentViewLayout)? {
        didSet { relayout(keeping: true) }
    }
    /// Insets the canvas's user adds to the layout's own (the view is pulled in from the edges).
    public var additionalFrameInsets = EdgeInsets.zero {
        didSet { relayout(keeping: true) }
    }
    /// The viewport the layout last saw (what its next invalidation is measured against).
    var laidOutViewport = Viewport(size: .zero)
    public internal(set) var viewport = Viewport(size: .zero)
    public internal(set) var zoomMode: ZoomMode = .fitWidth

    let clock = EventTimelineClock()
    lazy var interaction = makeInteraction()
    var translator = EventTranslator()
    /// The editing session of the open document, once its editor is open.
    var editing: EditingSession?
    /// The moves and resizes in progress, by annotation id: each annotation as it was when it
    /// started, and as it would be now (drawn as a preview; the document changes once, when
    /// the last of them ends).
    var transforms: [String: (start: Annotation, current: Annotation)] = [:]
    /// Transforms that ended while others of the same gesture still run; committed together.
    var endedTransforms: [(start: Annotation, current: Annotation)] = []
    /// The search in progress or done (Ctrl+F), if any.
    var searchState: SearchState?
    /// Tells the window the search found more, moved or ended.
    var onSearchChanged: (() -> Void)?
    /// Tells the window a step went round the end (`true`) or the start of the document.
    var onSearchWrapped: ((Bool) -> Void)?
    /// What the link under the pointer leads to, shown as its tooltip.
    var linkTooltip: String?
    /// An annotation to select as soon as its page's targets are known (the annotation list).
    var selectWhenShown: AnnotationID?
    /// A stored reading place to take as soon as the view has a size (or at once if it has).
    var pendingPlace: (position: ReadingPosition, mode: ZoomMode)?
    /// The places the reader jumped from (links), for going back and forward.
    public internal(set) var history = ReadingHistory()
    /// The annotation a finger holds up (drawn lifted).
    var liftedAnnotation: AnnotationID?
    /// The annotation or link a finger presses (drawn pressed).
    var pressedAnnotation: AnnotationID?
    /// Asks the window for the menu of a finger's text selection at a view point.
    var onTextMenu: ((Point) -> Void)?
    /// Whether the transform in progress drags a line's end (the edit is named for that).
    var lineEndDragged = false
    /// The selection band being dragged out (view coordinates).
    var selectionBand: Rect?
    /// Each page's links, as read on the worker.
    var linksByPage: [PageIndex: [LinkInfo]] = [:]
    /// The ink stroke or shape a creation tool is drawing, shown over the page until it becomes
    /// an annotation.
    var inkPreview: (page: PageIndex, strokes: [[InkPoint]])?
    var shapePreview: (kind: ShapeKind, page: PageIndex, from: Point, to: Point)?
    /// Strokes and shapes just made into annotations, still drawn over their page until its
    /// tiles come back with the annotation in them (a scan's page takes tens of milliseconds to
    /// draw again, and the stroke must not vanish meanwhile). `shown` is set once the edit
    /// reached the document the tiles are drawn from.
    var heldCreations: [(preview: HeldCreation, shown: Bool)] = []
    /// The colour, width and opacity of each creation tool.
    public var toolStyles: [ToolID: AnnotationStyle] = PdfCanvas.defaultToolStyles {
        didSet { if interaction.pickedTool == .ink { applyCursor(.crosshair) } }
    }
    /// Called when Escape leaves a creation tool (the window shows Select again).
    public var onToolDropped: (() -> Void)?
    /// Input-to-frame latency of pen and pointer strokes, recorded when the app runs with
    /// `PDF_ANNOTATOR_LATENCY_FILE` (the ink latency benchmark).
    let latency = LatencyProbe.fromEnvironment()
    /// The zoom the pen's dot cursor was drawn for.
    var penCursorZoom = 0.0
    /// The text box being typed in place, if any.
    var textBoxEditor: TextBoxEditor?
    /// The form text field being typed in place, if any.
    var formEditor: FormFieldEditor?
    /// A combo or list box's options popped up under it, if any.
    var choicePopover: FormChoicePopover?
    /// A field Tab moved to on a page whose annotations were not read yet: focused when they are.
    var focusFieldWhenShown: AnnotationID?
    /// Whether the focus being given comes from a click or tap (which also toggles a check box
    /// or opens a list) rather than from Tab.
    var formFocusFromPointer = false
    /// Whether the last key went to a form field (Tab, Space) rather than on to GTK.
    var formKeyConsumed = false
    /// One spread at a time (see PdfCanvas+Paging): on or off, the spread the view rests on,
    /// the settling animation under way, the timer that waits for the view to be still, and
    /// the contacts down (no settling while a finger holds the page).
    public internal(set) var pagesOneSpreadAtATime = false
    /// Whether the reader last moved forward through the document (what to draw ahead), and
    /// where the view was then (as a continuous spread index).
    var travellingForward = true
    var lastSpreadIndex = 0.0
    var restingSpread = 0
    /// One spread at a time: whether each spread has its own zoom (turning shows the next one
    /// whole) rather than one zoom for the document; the layout's spread-based zooming.
    public var zoomsEachSpread = true {
        didSet { if oldValue != zoomsEachSpread { relayout(keeping: false) } }
    }
    var spreadAnimation: (from: Point, to: Point, start: Double)?
    /// One spread at a time: whether turns curl the page over (PdfCanvas+PageCurl), and the
    /// turn under way.
    public var turnsPagesWithCurl = false {
        didSet { updatePageTurnDragging() }
    }
    var pageTurn: PageTurn?
    /// Whether the canvas is being given its size (GTK's layout pass is under way).
    var allocating = false
    var settleTimer: UInt32 = 0
    var contactsDown: Set<InputSequenceID> = []
    /// Whether the pointer is hidden (idle in fullscreen), and the timer that will hide it.
    var pointerHidden = false
    var idlePointerTimer: UInt32?
    /// In fullscreen the pointer hides after two seconds without moving over the page.
    public var hidesIdlePointer = false {
        didSet { pointerMoved() }
    }
    /// Whether the last contact was a finger (handles are then drawn finger-sized).
    var lastContactWasTouch = false
    /// The font size of new text boxes, in points.
    public var textFontSize = 12.0
    /// How the lines of new text boxes sit in them.
    public var textAlignment = FreeTextStyle.Alignment.left
    /// The name of the stamp the Stamp tool places ("Approved", "Draft" …).
    public var stampName = "Approved"
    /// The picture the Stamp tool places instead of a named stamp, once the user chose one.
    var stampPicture: StampImage?
    /// Called when the selected annotation changes (or changes itself), for its properties.
    var onSelectionChanged: ((Annotation?) -> Void)?
    /// Called to let the user write a note's text (a note was placed, or one double-clicked).
    var onEditNote: ((Annotation) -> Void)?
    /// Asks the window for the context menu at a view point, about an annotation (already
    /// selected) or, with `nil`, about the page.
    var onContextMenu: ((Point, AnnotationID?) -> Void)?
    /// Annotations per page as the engine knows them (pages loaded when first visible).
    var annotationsByPage: [PageIndex: [AnnotationTarget]] = [:]
    /// The document's links.
    var linkSource: LinkSource?
    /// Where each link shown so far leads, by its engine id.
    var linkTargets: [AnnotationID: LinkTarget] = [:]
    /// Asked to confirm and open an address outside the document.
    public var onExternalLink: ((String) -> Void)?
    /// The document's text, for selection.
    var textSource: TextSource?
    /// Copies of the document for searching, one per search thread (made on first use); the
    /// text source alone when not set.
    public var searchSources: (() -> [TextSource])?
    /// Text and character boxes of the pages seen so far.
    var textByPage: [PageIndex: PageText] = [:]
    /// The selected text (the engine owns it): a page and two character indexes.
    public var textSelection: TextSelection? { interaction.textSelection }
    /// The text a markup tool's drag is over, drawn as a selection while the drag lasts.
    var markupPreview: TextSelection?
    /// Exact geometry (crop box, /Rotate) of the pages that carry annotations.
    var exactPageInfo: [PageIndex: PageInfo] = [:]
    /// Pages whose tiles must be re-rendered because an annotation on them changed.
    var dirtyPages: Set<PageIndex> = []
    var engineTimer: UInt32 = 0
    /// Draws a page on the calling thread (the render worker's closure, kept for the first paint).
    var drawPage: RenderQueue.DrawPage?
    /// Set when a document was just shown: its first frame is rendered synchronously, like a
    /// minimal viewer would, so the user sees the page without waiting for a worker round trip.
    var firstPaintPending = false
    /// Hands over tiles rendered ahead for the first frame (by the start-up worker), once.
    var firstFrameTiles: (() -> [RenderedTile])?
    /// Called once a document's first frame is on screen.
    var onFirstFramePainted: (() -> Void)?
    /// Counts documents shown, so that work started for an earlier one is dropped.
    var documentGeneration = 0
    /// The pointer effects of the last frame, drawn over the pages.
    var pointerEffects: PointerFrame?
    /// The shape GTK shows for the pointer, as a CSS cursor name.
    public internal(set) var cursorName = "default"
    /// The tiles rendered so far, under a budget that follows what the view shows.
    let cache = TileCache(budgetBytes: TileCache.reserveBytes)
    var renderQueue: RenderQueue?
    var tickCallbackID: UInt32 = 0
    var updatingAdjustments = false
    var lastRequested: [TileRequest] = []
    /// Tiles still missing for the visible area after the last draw (0 means sharp).
    public internal(set) var missingVisibleTiles = 0

    /// What the canvas counts and times for the state dump, tests and benchmarks only.
    public internal(set) var diagnostics = CanvasDiagnostics()

    /// Called after the viewport or the document changed (page label, zoom label, state dump).
    public var onViewChanged: (() -> Void)?
    /// Called when a finger's tap on empty page space asks to hide or show the window's bars.
    public var onToggleUserInterface: (() -> Void)?
    /// Called for Escape on the page before anything else; returns whether it used the key
    /// (leaving reading mode).
    public var onEscape: (() -> Bool)?
    /// Called when an edit, undo or redo changed how pages look (once the screen shows it).
    public var onContentChanged: ((Set<PageIndex>) -> Void)?
    /// Called for every engine event handled, before it is applied (input recording).
    public var onInputEvent: ((InputEvent) -> Void)?

    public init() {
        vAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        hAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        area = gtk_drawing_area_new()
        vScrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, vAdjustment)
        hScrollbar = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, hAdjustment)
        let grid = gtk_grid_new()!
        widget = grid
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_focusable(area, 1)
        gtk_widget_set_can_focus(area, 1)
        gtk_widget_add_css_class(area, "pdf-canvas")
        gtk_widget_set_name(area, "pdf-canvas")
        // An overlay over the page area holds the text box being typed in place.
        overlay = gtk_overlay_new()
        gtk_overlay_set_child(cast(overlay), area)
        gtk_widget_set_hexpand(overlay, 1)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_grid_attach(cast(grid), overlay, 0, 0, 1, 1)
        gtk_grid_attach(cast(grid), vScrollbar, 1, 0, 1, 1)
        gtk_grid_attach(cast(grid), hScrollbar, 0, 1, 1, 1)
        installCallbacks()
    }

    /// Shows `source`'s pages, replacing whatever was shown; `drawPage` renders on the worker.
    public func setDocument(_ source: PageSource, text: TextSource? = nil,
                            links: LinkSource? = nil, drawPage: @escaping RenderQueue.DrawPage) {
        renderQueue?.stop()
        cache.removeAll()
        editing = nil
        transforms = [:]
        endedTransforms = []
        linksByPage = [:]
        annotationsByPage = [:]
        exactPageInfo = [:]
        textSource = text
        textByPage = [:]
        interaction.setTextSelection(nil)
        searchState = nil
        markupPreview = nil
        pageTurn = nil
        linkSource = links
        linkTargets = [:]
        documentGeneration += 1
        pageSource = source
        self.drawPage = drawPage
        firstPaintPending = true
        firstFrameTiles = nil
        pageSizes = source.displaySizes
        layout = makeLayout()
        // Tiles come back ahead of redraws (GDK redraws at HIGH_IDLE + 20), so a tile that
        // arrives before the next frame is in it.
        renderQueue = RenderQueue(name: "render", drawPage: drawPage, deliver: { [weak self] tile in
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { self?.tileArrived(tile) }
        })
        zoomMode = .fitWidth
        viewport = Viewport(size: viewport.size, offset: .zero, zoom: 1)
        applyZoomMode()
        viewport = viewport.clamped(to: layout)
        viewChanged()
    }

    /// Picks a creation tool, or `nil` to select and browse.
    public func pick(_ tool: ToolID?) {
        interaction.pick(tool)
        applyCursor(tool == nil ? .default : .crosshair)
        inkPreview = nil
        shapePreview = nil
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    /// Forgets the document and stops its renderer (window closing, or an error page).
    public func clearDocument() {
        renderQueue?.stop()
        renderQueue = nil
        cache.removeAll()
        editing = nil
        transforms = [:]
        endedTransforms = []
        linksByPage = [:]
        annotationsByPage = [:]
        exactPageInfo = [:]
        textSource = nil
        textByPage = [:]
        interaction.setTextSelection(nil)
        searchState = nil
        markupPreview = nil
        pageTurn = nil
        linkSource = nil
        linkTargets = [:]
        documentGeneration += 1
        pageSizes = []
        pageSource = nil
        drawPage = nil
        firstPaintPending = false
        firstFrameTiles = nil
        layout = makeLayout()
        viewChanged()
    }

    // MARK: Navigation the window asks for

    public var currentPage: PageIndex? { viewport.currentPage(in: layout) }

    public func goTo(page: PageIndex) {
        guard page.rawValue >= 0, page.rawValue < layout.pageCount else { return }
        interaction.navigation.stopMomentum()
        viewport = viewport.showing(page: page, in: layout)
        viewChanged()
    }

    public func setZoomMode(_ mode: ZoomMode) {
        zoomMode = mode
        applyZoomMode()
        viewChanged()
    }

    /// Multiplies the zoom, keeping `focus` (view coordinates; the view's centre by default) still.
    public func zoom(by factor: Double, about focus: Point? = nil) {
        let f = focus ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        zoomMode = .free
        viewport = viewport.zoomed(to: viewport.zoom * factor, keeping: f, in: layout)
        viewChanged()
    }

    public func setZoom(_ zoom: Double) {
        zoomMode = .free
        let centre = Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        viewport = viewport.zoomed(to: zoom, keeping: centre, in: layout)
        viewChanged()
    }

    func applyZoomMode() {
        guard viewport.size.width > 0, layout.pageCount > 0, let fit = zoomMode.fit else { return }
        viewport = viewport.fitted(fit, in: layout, keeping: currentPage)
    }

    /// Applies one navigation decision.
    func apply(_ action: NavigationAction) {
        switch action {
        case .scroll(let delta):
            viewport = viewport.scrolled(alongReading: delta, in: layout)
        case .zoom(let factor, let focus):
            zoomMode = .free
            viewport = viewport.zoomed(to: viewport.zoom * factor, keeping: focus, in: layout)
        case .scrollScreens(let n) where pagesOneSpreadAtATime:
            turnSpread(by: n > 0 ? 1 : -1)
        case .scrollScreens(let n):
            viewport = viewport.scrolledScreens(n, in: layout)
        case .toStart:
            viewport = viewport.atStart(in: layout)
        case .toEnd:
            viewport = viewport.atEnd(in: layout)
        case .historyBack:
            if let place = history.goBack(from: readingPosition) { show(place) } else { gtk_widget_error_bell(area) }
        case .historyForward:
            if let place = history.goForward(from: readingPosition) { show(place) } else { gtk_widget_error_bell(area) }
        }
    }

    /// Where the reader is now, for the history.
    var readingPosition: ReadingPosition {
        ReadingPosition(spreadIndex: viewport.continuousSpreadIndex(in: layout), zoom: viewport.zoom)
    }

    /// Goes to a place (from the history, a bookmark): its zoom, then its scroll position.
    func show(_ place: ReadingPosition) {
        interaction.navigation.stopMomentum()
        if place.zoom != viewport.zoom {
            zoomMode = .free
            viewport = Viewport(size: viewport.size, offset: viewport.offset, zoom: place.zoom).clamped(to: layout)
        }
        viewport = viewport.scrolled(toContinuousSpreadIndex: place.spreadIndex, in: layout)
    }

    /// Returns to where the reader left this document last time: its zoom mode (and zoom) and
    /// its scroll position.
    public func restore(_ position: ReadingPosition, zoomMode mode: ZoomMode) {
        pendingPlace = (position, mode)
        if viewport.size.width > 0, viewport.size.height > 0 { resized(width: viewport.size.width, height: viewport.size.height) }
    }

    /// Selects an annotation now if its page is laid out, else as soon as it is.
    func select(whenShown id: AnnotationID) {
        if interaction.scene.annotation(id) != nil {
            interaction.deselectAnnotation()
            interaction.select(id)
        } else {
            selectWhenShown = id
        }
    }

    /// Goes back in the reading history (Alt+Left), or forward (Alt+Right).
    public func goBack() { apply(NavigationAction.historyBack); viewChanged() }
    public func goForward() { apply(NavigationAction.historyForward); viewChanged() }

    /// The entry point for every engine event, from GTK or from a replayed recording.
    public func handle(_ event: InputEvent) {
        clock.anchor(eventTime: event.time, monotonicMicroseconds: Int64(g_get_monotonic_time()))
        onInputEvent?(event)
        diagnostics.handledInputEvents += 1
        if let latency, case .contact = event.kind { latency.inputArrived() }
        formKeyConsumed = false
        switch event.kind {
        case .hover, .contact, .scroll, .enter: pointerMoved()
        default: break
        }
        if case .contact(let phase) = event.kind {
            if phase == .began { contactsDown.insert(event.sequence) }
            if phase == .ended || phase == .cancelled { contactsDown.remove(event.sequence) }
        }
        if case .key("Escape", true) = event.kind, interaction.pickedTool == nil, interaction.focusedFormField == nil,
           interaction.selectedAnnotation == nil, onEscape?() == true {
            formKeyConsumed = true
            return
        }
        if case .key(let name, true) = event.kind, handleFormKey(name, shift: event.modifiers.contains(.shift)) {
            formKeyConsumed = true
            gtk_widget_queue_draw(area)
            onViewChanged?()
            return
        }
        // Escape leaves a creation tool (after the tool dropped what it was drawing).
        if case .key("Escape", true) = event.kind, interaction.pickedTool != nil {
            interaction.handle(event)
            onToolDropped?()
            onViewChanged?()
            return
        }
        if case .contact(.began) = event.kind, !event.isDirect { gtk_widget_grab_focus(area) }
        if case .contact(.began) = event.kind, lastContactWasTouch != event.isDirect {
            // Handles grow to finger size after a touch and shrink back for a pointer.
            lastContactWasTouch = event.isDirect
            gtk_widget_queue_draw(area)
        }
        interaction.handle(event)
        scheduleEngineTimer()
        // One spread at a time: a finger's fling turns one spread, not as many as its momentum
        // would carry; the view settles as soon as the last finger lifts.
        if pagesOneSpreadAtATime, event.isDirect, contactsDown.isEmpty, case .contact(.ended) = event.kind {
            interaction.navigation.stopMomentum()
            settleOnSpread()
        }
        if interaction.needsTicks { startTicking() }
        onViewChanged?()
    }

    /// Called whenever the viewport, the zoom or the document changed.
    func viewChanged() {
        invalidateLayoutIfNeeded()
        if layout.pageCount > 0, viewport.size.height > 0 {
            let index = viewport.continuousSpreadIndex(in: layout)
            if index != lastSpreadIndex { travellingForward = index > lastSpreadIndex }
            lastSpreadIndex = index
        }
        scheduleSpreadSettling()
        placeTextBoxEditor()
        placeFormEditor()
        updateSelectionEnds()
        updatePageTurnDragging()
        // The pen's dot follows the zoom.
        if interaction.pickedTool == .ink, abs(viewport.zoom - penCursorZoom) > 0.01 { applyCursor(.crosshair) }
        syncAdjustments()
        syncScene()
        requestTiles()
        gtk_widget_queue_draw(area)
        if allocating {
            // Called from the canvas's size allocation: the window's other widgets (the header
            // bar's page and zoom) were allocated already in this layout pass, and changing them
            // now would leave them unallocated (and unpainted) in this frame. Right after it.
            MainLoop.post(priority: G_PRIORITY_HIGH) { [weak self] in self?.onViewChanged?() }
        } else {
            onViewChanged?()
        }
    }
}
