// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentLayout
import DocumentPoppler
import DocumentSession
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
    let scrollbars: CanvasScrollbars

    /// The document view's session: its view, content, previews, composer and interaction, on
    /// one clock; the canvas feeds it input and applies what it answers (``apply(_:)``).
    let session: DocumentSession
    /// What part of the document the reader sees, and how it moves (layout, zoom, viewport,
    /// history, paging, the turn under way): the session's, changed through its transitions
    /// only (``changeView(_:)``).
    public internal(set) var view: ViewSession {
        // Borrowed and changed in place: a copy of the view on every read (the canvas reads it
        // for every tile) would cost each frame, and a change through a copy would copy its
        // arrays.
        _read { yield session.view }
        _modify { yield &session.view }
    }
    /// Each page's size as shown (points, after /Rotate): all the layout needs, cheap to get.
    public var pageSizes: [Size] { view.pageSizes }
    public var pageCount: Int { view.pageCount }
    /// How pages are laid out: spreads, the scrolling direction, the binding. Kept across
    /// documents until the window sets another (each document's remembered or own choice).
    public var layoutSettings: LayoutSettings { view.settings }
    /// Where the pages sit: the built-in layout for ``layoutSettings``, or whatever
    /// ``setLayoutProvider(_:)`` made. The canvas asks it through ``DocumentViewLayout`` alone.
    public var layout: any DocumentViewLayout { view.layout }
    /// Makes the layout for a document's page sizes and the reader's settings; `nil` for the
    /// built-in ``DocumentLayout``. Setting it lays the open document out again.
    public func setLayoutProvider(_ provider: (@MainActor ([Size], LayoutSettings) -> any DocumentViewLayout)?) {
        let maker: ViewSession.LayoutMaker? = provider.map { make in { sizes, settings in MainActor.assumeIsolated { make(sizes, settings) } } }
        changeView { $0.setLayoutMaker(maker) }
    }
    /// Insets the canvas's user adds to the layout's own (the view is pulled in from the edges).
    public var additionalFrameInsets: EdgeInsets {
        get { view.additionalFrameInsets }
        set { changeView { $0.setAdditionalFrameInsets(newValue) } }
    }
    public var viewport: Viewport { view.viewport }
    public var zoomMode: ZoomMode { view.zoomMode }
    /// The places the reader jumped from (links), for going back and forward.
    public var history: ReadingHistory {
        get { view.history }
        set { view.history = newValue }
    }

    let clock = EventTimelineClock()
    /// The session's interaction engine.
    var interaction: DocumentInteraction { session.interaction }
    var translator = EventTranslator()
    /// The editing session of the open document, once its editor is open (the session commits
    /// edits through it).
    var editing: EditingSession? {
        didSet {
            session.editing = editing
            forms.editing = editing
            textBox.editing = editing
        }
    }
    /// Runs its argument once the document's editor is open, having it made first when it is
    /// not (the window makes it on a worker when the first edit begins); `nil`: no editing.
    var whenEditorReady: ((@escaping @MainActor () -> Void) -> Void)?
    /// Whether the document is as a user finds it after opening it (shown, read, editable or
    /// settled as read-only), for replayed input to begin; `nil`: at once.
    var readyForInput: (() -> Bool)?
    /// What has been read of the open document, page by page (the session's).
    var content: DocumentContent {
        _read { yield session.content }
        _modify { yield &session.content }
    }
    /// What is drawn over the pages before it becomes (or instead of) a change to the document.
    var previews: EditPreviews {
        _read { yield session.previews }
        _modify { yield &session.previews }
    }
    /// The user's input settings applied to each event (PdfCanvas+InputSettings).
    var inputAdjuster: InputAdjuster { session.inputAdjuster }
    /// Whether a replayed recording's own input settings apply (the user's are left aside).
    var replaysRecordedSettings = false
    /// The threads reading the pages for the search, while they run.
    let searchReaders = SearchReaders()
    /// Tells the window the search found more, moved or ended.
    var onSearchChanged: (() -> Void)?
    /// Tells the window a page was found to have no text of its own (shown, or read by a
    /// search), so that it can be recognised (OCR).
    var onTextlessPage: ((PageIndex) -> Void)?
    /// Tells the window a step went round the end (`true`) or the start of the document.
    var onSearchWrapped: ((Bool) -> Void)?
    /// What the link under the pointer leads to, shown as its tooltip.
    var linkTooltip: String? { session.linkTooltip }
    /// Asks the window for the menu of a finger's text selection at a view point.
    var onTextMenu: ((Point) -> Void)?
    /// Turns what the tools did into edits (styles, text box and stamp settings included).
    var composer: EditComposer {
        _read { yield session.composer }
        _modify { yield &session.composer }
    }
    /// The colour, width and opacity of each creation tool.
    public var toolStyles: [ToolID: AnnotationStyle] {
        get { composer.styles }
        set {
            composer.styles = newValue
            if interaction.pickedTool == .ink { applyCursor(.crosshair) }
        }
    }
    /// Called when Escape leaves a creation tool (the window shows Select again).
    public var onToolDropped: (() -> Void)?
    /// Reads the pages' text, links and geometry for the session (``PageReader``).
    let reader: PageReader
    /// Keeps the tiles coming, and shows them (``TileFeed``).
    let tiles = TileFeed()
    /// Builds the frames and keeps what lasts between them (``CanvasFrames``).
    let frames: CanvasFrames
    /// Times the frames once painted, and counts for the state dump (``FramePaintWatch``).
    let paintWatch: FramePaintWatch
    /// What the canvas counts and times for the state dump, tests and benchmarks only.
    public internal(set) var diagnostics: CanvasDiagnostics {
        _read { yield paintWatch.diagnostics }
        _modify { yield &paintWatch.diagnostics }
    }
    var latency: LatencyProbe? { paintWatch.latency }
    /// The text box being typed in place, if any (``TextBoxTyping``).
    let textBox: TextBoxTyping
    /// Form filling: the focused field's editor or options, Tab between fields, values as edits.
    let forms: FormFilling
    /// One spread at a time (ViewSession+Paging), and whether each spread has its own zoom.
    public var pagesOneSpreadAtATime: Bool { view.pagesOneSpreadAtATime }
    public var zoomsEachSpread: Bool {
        get { view.zoomsEachSpread }
        set { changeView { $0.setZoomsEachSpread(newValue) } }
    }
    /// One spread at a time: whether turns curl the page over (ViewSession+PageCurl).
    public var turnsPagesWithCurl: Bool {
        get { view.turnsPagesWithCurl }
        set { changeView { $0.setTurnsPagesWithCurl(newValue) } }
    }
    var pageTurn: PageTurn? { view.pageTurn }
    /// Where the page area sat in its window at the last resize (bars shown beside it move it).
    var areaOrigin: Point?
    /// Whether the canvas is being given its size (GTK's layout pass is under way).
    var allocating = false
    var settleTimer: UInt32 = 0
    /// In fullscreen the pointer hides after two seconds without moving over the page.
    public var hidesIdlePointer: Bool {
        get { cursor.hidesWhenIdle }
        set { cursor.hidesWhenIdle = newValue }
    }
    /// The pointer's shape over the page area (the pen's dot, hidden at rest in fullscreen).
    let cursor: CanvasCursor
    /// Whether the last contact was a finger (handles are then drawn finger-sized).
    var lastContactWasTouch: Bool { session.lastContactWasTouch }
    /// Set while the window waits for a box drawn with the Rectangle tool (page, and the box in
    /// PDF space): the next rectangle is handed here instead of becoming an annotation.
    var onBoxDrawn: ((PageIndex, Rect) -> Void)? {
        didSet { session.handsOverNextBox = onBoxDrawn != nil }
    }
    /// Called when the selected annotation changes (or changes itself), for its properties.
    var onSelectionChanged: ((Annotation?) -> Void)?
    /// Called when the user selected annotations on the page (a click, a tap, a band, a
    /// lasso), with every annotation now selected: not when an edit only keeps or prunes them.
    var onAnnotationsSelected: (([Annotation]) -> Void)?
    /// Called to let the user write a note's text (a note was placed, or one double-clicked).
    var onEditNote: ((Annotation) -> Void)?
    /// The notice that offers to keep a smart-pen stroke as ink (made when first shown).
    lazy var keepAsInkNotice = KeepAsInkNotice(overlay: overlay)
    /// Asks the window for the context menu at a view point, about an annotation (already
    /// selected) or, with `nil`, about the page.
    var onContextMenu: ((Point, AnnotationID?) -> Void)?
    /// Asked to confirm and open an address outside the document.
    public var onExternalLink: ((String) -> Void)?
    /// Plays a media annotation's sound or video (its id) in place.
    public var onPlayMedia: ((String) -> Void)?
    /// Copies of the document for searching, one per search thread (made on first use); the
    /// text source alone when not set.
    public var searchSources: (() -> [TextSource])?
    /// The selected text (the engine owns it): a page and two character indexes.
    public var textSelection: TextSelection? { interaction.textSelection }
    /// Pages whose tiles must be re-rendered because an annotation on them changed.
    var dirtyPages: Set<PageIndex> = []
    var engineTimer: UInt32 = 0
    /// While input is replayed: hands the canvas the events already due, so that a timer or a
    /// frame after a stall sees them first, as GDK hands queued input over before a frame.
    var deliverDueReplayedInput: (() -> Void)?
    /// Forgets everything about the open document the canvas had read or drawn over it: its
    /// content and previews are replaced as one value each (nothing to reset one by one).
    func forgetDocumentContent() {
        tiles.forgetTiles()
        content = content.next()
        previews = EditPreviews()
        editing = nil
        searchReaders.stop()
        session.search = nil
        interaction.setTextSelection(nil)
        interaction.setImageSelection(nil)
    }

    var tickCallbackID: UInt32 = 0

    /// Called after the viewport or the document changed (page label, zoom label, state dump).
    public var onViewChanged: (() -> Void)?
    /// Called when a finger's tap on empty page space asks to hide or show the window's bars.
    public var onToggleUserInterface: (() -> Void)?
    /// Called to show the sidebar drawer where the engine put it (CanvasDrawer.swift).
    public var onDrawer: ((DrawerState) -> Void)?
    /// Called for Escape on the page before anything else; returns whether it used the key
    /// (leaving reading mode).
    public var onEscape: (() -> Bool)?
    /// Called when an edit, undo or redo changed how pages look (once the screen shows it).
    public var onContentChanged: ((Set<PageIndex>) -> Void)?
    /// Called when pages were turned or organised, with the document's new version.
    public var onPagesReshaped: ((PopplerDocument, Set<PageIndex>, Bool) -> Void)?
    /// Called for every engine event handled, before it is applied (input recording).
    public var onInputEvent: ((InputEvent) -> Void)?
    /// An overlay over the page that takes the contacts that begin on it (the zoom strip's
    /// box handles), asked before the page's interaction; returns whether it took the event.
    var firstRefusal: ((InputEvent) -> Bool)?

    public init() {
        session = DocumentSession(clock: clock, stamp: PdfCanvas.creationStamp)
        area = ann_snapshot_area_new()
        frames = CanvasFrames(area: area)
        cursor = CanvasCursor(area: area)
        paintWatch = FramePaintWatch(area: area)
        overlay = gtk_overlay_new()
        forms = FormFilling(session: session, area: area, overlay: overlay)
        textBox = TextBoxTyping(session: session, area: area, overlay: overlay)
        reader = PageReader(session: session)
        let grid = gtk_grid_new()!
        widget = grid
        scrollbars = CanvasScrollbars(owner: grid)
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_widget_set_focusable(area, 1)
        gtk_widget_set_can_focus(area, 1)
        gtk_widget_add_css_class(area, "pdf-canvas")
        gtk_widget_set_name(area, "pdf-canvas")
        // An overlay over the page area holds the text box being typed in place.
        gtk_overlay_set_child(cast(overlay), area)
        gtk_widget_set_hexpand(overlay, 1)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_grid_attach(cast(grid), overlay, 0, 0, 1, 1)
        gtk_grid_attach(cast(grid), scrollbars.vertical, 1, 0, 1, 1)
        gtk_grid_attach(cast(grid), scrollbars.horizontal, 0, 1, 1, 1)
        installCallbacks()
        connectSession()
    }

    /// Shows `source`'s pages, replacing whatever was shown; `drawPage` renders on the worker.
    public func setDocument(_ source: PageSource, text: TextSource? = nil,
                            links: LinkSource? = nil, drawPage: @escaping RenderQueue.DrawPage) {
        forgetDocumentContent()
        reader.pageSource = source
        reader.textSource = text
        reader.linkSource = links
        reader.imageSource = source as? ImageSource
        tiles.start(drawPage: drawPage)
        changeView { $0.setDocument(pageSizes: source.displaySizes) }
    }

    /// Picks a creation tool, or `nil` to select and browse.
    public func pick(_ tool: ToolID?) { apply(session.perform(.pick(tool))) }

    /// Forgets the document and stops its renderer (window closing, or an error page).
    public func clearDocument() {
        forgetDocumentContent()
        tiles.stop()
        reader.read(nil)
        changeView { $0.clearDocument() }
    }

    // MARK: Navigation the window asks for

    public var currentPage: PageIndex? { view.currentPage }

    public func goTo(page: PageIndex) { apply(session.perform(.goTo(page))) }

    public func setZoomMode(_ mode: ZoomMode) { apply(session.perform(.setZoomMode(mode))) }

    /// Multiplies the zoom, keeping `focus` (view coordinates; the view's centre by default) still.
    public func zoom(by factor: Double, about focus: Point? = nil) { apply(session.perform(.zoom(by: factor, about: focus))) }

    public func setZoom(_ zoom: Double) { apply(session.perform(.setZoom(zoom))) }

    /// Where the reader is now, for the history.
    var readingPosition: ReadingPosition { view.readingPosition }

    /// Goes to a place (from the history, a bookmark): its zoom, then its scroll position.
    func show(_ place: ReadingPosition) { changeView { $0.show(place) } }

    /// Returns to where the reader left this document last time: its zoom mode (and zoom) and
    /// its scroll position.
    public func restore(_ position: ReadingPosition, zoomMode mode: ZoomMode) {
        changeView { $0.restore(position, zoomMode: mode) }
    }

    /// Changes the view through one of its transitions, at the present time, then applies what
    /// the transition asked for and refreshes everything that hangs on the view. Every change
    /// of the view goes through here.
    func changeView(_ change: (inout ViewSession) -> Void) {
        apply(session.changeView(change))
    }

    /// Selects an annotation now if its page is laid out, else as soon as it is.
    func select(whenShown id: AnnotationID) {
        if interaction.scene.annotation(id) != nil {
            interaction.deselectAnnotation()
            interaction.select(id)
        } else {
            content.selectWhenShown = id
        }
    }

    /// Goes back in the reading history (Alt+Left), or forward (Alt+Right).
    public func goBack() { apply(session.perform(.historyBack)) }
    public func goForward() { apply(session.perform(.historyForward)) }

    /// The entry point for every engine event, from GTK or from a replayed recording; returns
    /// whether the page kept a key from the window (``KeyAnswer``).
    @discardableResult
    public func handle(_ deviceEvent: InputEvent) -> Bool {
        clock.anchor(eventTime: deviceEvent.time, monotonicMicroseconds: Int64(g_get_monotonic_time()))
        onInputEvent?(deviceEvent)
        // As the user set the device up (Preferences); the recording above keeps what it said.
        guard let (event, contactTool) = inputAdjuster.adjustWithTool(deviceEvent) else { return false }
        diagnostics.handledInputEvents += 1
        if let latency, case .contact = event.kind { latency.inputArrived() }
        switch event.kind {
        case .hover, .contact, .scroll, .enter: cursor.moved { [weak self] in self?.applyCursor(.crosshair) }
        default: break
        }
        // An overlay's handle (the zoom strip's box) has first refusal of a contact.
        if let firstRefusal, firstRefusal(event) {
            gtk_widget_queue_draw(area)
            onViewChanged?()
            return false
        }
        if case .key = event.kind { return apply(session.handleKey(event, contactTool: contactTool), to: event, contactTool) }
        if case .contact(.began) = event.kind {
            view.contact(down: true, direct: event.isDirect)
            if !event.isDirect { gtk_widget_grab_focus(area) }
        }
        apply(session.handle(event, contactTool: contactTool))
        scheduleEngineTimer()
        onViewChanged?()
        return false
    }

    /// Applies what the session answered for a key; returns whether the key goes no further.
    private func apply(_ answer: KeyAnswer, to event: InputEvent, _ contactTool: DocumentInteraction.ContactTool?) -> Bool {
        switch answer {
        case .used(let effects):
            apply(effects)
            onViewChanged?()
            return true
        case .escapeForWindow:
            if onEscape?() == true { return true }
            return apply(session.handleKeyOnPage(event, contactTool: contactTool), to: event, contactTool)
        case .handled(let effects, let kept):
            apply(effects)
            scheduleEngineTimer()
            onViewChanged?()
            return kept
        }
    }

    /// Called whenever the viewport, the zoom or the document changed.
    func viewChanged() {
        ReaderMotion.shared.moved()
        scheduleSpreadSettling()
        textBox.place()
        forms.placeEditor()
        session.updateSelectionEnds()
        updatePageTurnDragging()
        // The pen's dot follows the zoom.
        if cursor.penDotIsStale(at: viewport.zoom) { applyCursor(.crosshair) }
        scrollbars.follow(viewport, contentSize: layout.contentSize(zoom: viewport.zoom))
        // (The session told the engine the new scene as it changed the view.)
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
