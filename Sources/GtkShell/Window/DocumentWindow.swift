// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import Platform
import TextRecognition

extension PopplerDocument: LinkSource {}

/// One document (or an empty, error or password page) shown as a tab of a ``TabWindow``: its
/// header bar with open, page number and zoom controls, the ``PdfCanvas``, and its `win.`
/// actions, which the window it is in offers while it is the current tab (TabWindow).
@MainActor
public final class DocumentWindow {
    /// What the window shows, as a test or the state dump reads it.
    public enum Content: String, Sendable {
        case empty, document, error, password
        /// A damaged document's copy is being repaired (DocumentWindow+Repair).
        case repairing
    }

    /// The top-level window the document shows in (it changes when its tab moves to another).
    public internal(set) var window: UnsafeMutablePointer<GtkWidget>
    /// The window holding this document as one of its tabs.
    weak var host: TabWindow?
    /// The document's `win.` actions; its window offers them while this is its current tab.
    let actions = GObjectHandle(adopting: OpaquePointer(g_simple_action_group_new()!))
    var actionMap: OpaquePointer { actions.pointer }
    /// What the tab shows (the window's child while it is the current tab), and its label.
    let page: UnsafeMutablePointer<GtkWidget>
    let tabLabel = TabLabel()
    /// The title shown (with the unsaved-changes mark): the tab's, and the window's while this is
    /// its current tab.
    public internal(set) var shownTitle = ""
    var tabWidgetsReleased = false
    /// The page view the toolbar, the menus and the keys act on: the tab's one view, or, while
    /// it is split, the one last clicked (``splitView``).
    public internal(set) var canvas = PdfCanvas()
    /// The page area: one view of the document, or two (View ▸ Split: DocumentWindow+Split).
    let splitView: SplitView
    public private(set) var content: Content = .empty
    public internal(set) var path: String?
    public internal(set) var document: PopplerDocument?
    public internal(set) var errorMessage: String?

    let stack: UnsafeMutablePointer<GtkWidget>
    /// The empty and error pages, each made the first time it shows (DocumentWindow+StatusPages):
    /// a window opened on a document never makes either.
    var builtEmptyPage: StatusPage?
    var builtErrorPage: StatusPage?
    /// The prompt an encrypted document shows, made the first time one does: its password
    /// entry's caps-lock icon is GTK's only SVG, and loading it maps librsvg (about 10 MiB
    /// resident) into every window that never needs it.
    private(set) var builtPasswordPrompt: PasswordPrompt?
    var passwordPrompt: PasswordPrompt {
        if let builtPasswordPrompt { return builtPasswordPrompt }
        let prompt = PasswordPrompt()
        prompt.onUnlock = { [weak self] password in self?.unlock(password) }
        prompt.onCancel = { [weak self] in self?.cancelPassword() }
        gtk_stack_add_named(cast(stack), prompt.page.widget, Content.password.rawValue)
        builtPasswordPrompt = prompt
        return prompt
    }
    let pageEntry: UnsafeMutablePointer<GtkWidget>
    let pageCountLabel: UnsafeMutablePointer<GtkWidget>
    let zoomButton: UnsafeMutablePointer<GtkWidget>
    /// The zoom button's text: its own label (a menu button's label rebuilds the button's child,
    /// which, when the first layout sets the zoom, left the header bar unallocated and unpainted).
    let zoomText: UnsafeMutablePointer<GtkWidget>
    let titleLabel: UnsafeMutablePointer<GtkWidget>
    let subtitleLabel: UnsafeMutablePointer<GtkWidget>
    var navigationWidgets: [UnsafeMutablePointer<GtkWidget>] = []
    var zoomLabel = ""
    /// The page the view goes to once a page move reached the screen (it follows the page).
    var pageToShowAfterReshape: PageIndex?
    /// The reader agreed to change the pages of this signed document (asked once).
    var pageOperationsAgreed = false
    /// Whether the window's frames refresh the state dump already.
    var watchesFramesForStateDump = false
    weak var application: AnnotatorApplication?
    /// The open (or stamp picture) chooser while it is shown: GTK does not keep a native dialog
    /// alive, the window does until it answers.
    var fileChooser: GObjectHandle<OpaquePointer>?
    /// The save chooser while it is shown.
    var saveChooser: GObjectHandle<OpaquePointer>?
    /// The document's editing session, once its editor is open (it is made when the first
    /// edit begins: DocumentWindow+Editing).
    var editing: EditingSession?
    /// The shown document's editor while it is not made yet, and what waits for it.
    var editorMaking: EditorMaking?
    /// Counts documents opened in this window, so that work posted for an earlier one is dropped.
    var openGeneration = 0
    /// The window title without the unsaved-changes mark.
    var baseTitle = "PDF Annotator"
    /// The Edit menu, whose Undo and Redo items name what they would do.
    var editMenu: GObjectHandle<OpaquePointer>?
    var editMenuLabels = (undo: "", redo: "")
    /// The question or message shown over the window, by kind, for the state dump.
    public internal(set) var pendingDialog: String? { didSet { application?.stateChanged() } }
    /// What the last failed save said, until a save succeeds.
    public internal(set) var saveError: String? { didSet { application?.stateChanged() } }
    /// The rules of restore, save and close (DocumentPoppler's `DocumentLifecycle`); the window
    /// keeps each waiting save's completion with it.
    var lifecycle = DocumentLifecycle<SaveCompletion>()
    typealias SaveCompletion = (@MainActor (Bool) -> Void)?
    /// The header bar toggle that shows the annotation toolbar.
    var toolbarToggle: UnsafeMutablePointer<GtkWidget>?
    /// The sidebar with the outline (F9), once its pages are made (when it is first shown).
    var sidebar: Sidebar?
    /// The zoom writing strip under the page view (ZoomStrip/DocumentWindow+ZoomStrip).
    var zoomStrip: ZoomStripView?
    /// The sidebar as a drawer over the page on a touchscreen (DocumentWindow+Drawer).
    var drawer: SidebarDrawer?
    /// The paned around the page view and the sidebar's (hidden) panel, made with the window.
    var sidebarFrame: (paned: UnsafeMutablePointer<GtkWidget>, panel: UnsafeMutablePointer<GtkWidget>)?
    /// How the Pages grid draws the document shown, kept for a grid made later.
    var thumbnailFeed: (@MainActor (ThumbnailPanel) -> Void)?
    /// Whether the window made what its first frame does not show, and the document's work
    /// waiting for its first frame (see DocumentWindow+AfterFirstFrame).
    var madeAfterFirstFrame = false
    var afterFirstFrameWork: [@MainActor () -> Void] = []
    /// The sidebar's pages (outline, annotations), its annotation list with its filter, and the
    /// annotations listed, in row order.
    var sidebarPages: UnsafeMutablePointer<GtkWidget>?
    /// The sidebar's page thumbnails.
    var thumbnails: ThumbnailPanel?
    /// The header bar (hidden in reading mode).
    var headerBar: UnsafeMutablePointer<GtkWidget>?
    /// The revealers of the bars above the page view (signature bar, toolbar, search bar).
    var slidingBars: [UnsafeMutablePointer<GtkWidget>] = []
    /// The header bar's main menu button (its popover made when first opened).
    var mainMenuButton: UnsafeMutablePointer<GtkWidget>?
    /// Page colours, read by the render worker as it draws each tile.
    let pageColours = PageColourChoice()
    /// Reading mode: the header bar and toolbar hidden, the pages alone.
    var readingMode = false
    /// How wide the edge bands are where a tap turns pages ("off", "narrow", "wide").
    var edgeTaps = "narrow"
    var annotationList: (list: UnsafeMutablePointer<GtkWidget>, filter: UnsafeMutablePointer<GtkWidget>)?
    var listedAnnotations: [Annotation] = []
    /// The annotation list's author and state filters and its review bar.
    var reviewControls: ReviewListControls?
    var reviewBar: UnsafeMutablePointer<GtkWidget>?
    /// Bumped for every rebuild of the annotation list, so that an older one stops.
    var annotationListGeneration = 0
    /// Whether the list holds every page's rows (the lazy listing reached the last page).
    var annotationListComplete = false
    /// The editor the list was made from.
    weak var annotationListEditor: DocumentEditor?
    /// Rows made by the list's last full listing or update (the state dump shows it).
    var annotationListRowsBuilt = 0
    /// The document's signatures as the last check of the file on disk found them, the bar that
    /// says what they mean, their sidebar list, and the check under way.
    var signatureReports: [SignatureReport] = []
    var signatureBar: SignatureBar?
    /// The bar saying a shared review's folder cannot be used, and the live review.
    var sharedReviewBar: NoticeBar?
    var sharedReviewLink: SharedReviewLink?
    /// Text recognition of the shown document (``WindowRecognition``) and its progress bar.
    let recognition = WindowRecognition()
    /// The document's attachments as the sidebar lists them (DocumentWindow+Attachments).
    let attachments = WindowAttachments()
    /// The sound or video playing, if any (DocumentWindow+Media).
    let media = WindowMedia()
    var recognitionBar: RecognitionBar?
    var signatureList: UnsafeMutablePointer<GtkWidget>?
    var signatureCheckGeneration = 0
    /// The kept handwritten signature the Sign tool places, and the pad while it is open.
    var chosenSignature: HandwrittenSignature?
    /// Whether the Link tool is in use: each box drawn with it asks where it leads
    /// (DocumentWindow+Links).
    var drawingLinks = false
    /// Why the open link dialog will not link yet, for the state dump's `linkProblem`.
    var linkDialogMessage: String? { didSet { application?.stateChanged() } }
    var signaturePad: SignaturePad?
    /// The pages (and page count) the page view's accessible description was last made for.
    var describedPages: [Int] = []
    /// The certificate file chooser while it shows, and the signature field the signing dialog
    /// was for when the user went to import a certificate (the dialog opens again for it).
    var certificateChooser: GObjectHandle<OpaquePointer>?
    /// The XFDF file chooser (Export or Import Annotations) while it shows.
    var xfdfChooser: GObjectHandle<OpaquePointer>?
    var signingFieldAfterImport: String?
    /// Whether the warning about a document certified against changes was given.
    var certifiedWarningShown = false
    /// The document's bookmarks (sidebar) and their list.
    var bookmarks: [BookmarkStore.Bookmark] = []
    var bookmarkList: UnsafeMutablePointer<GtkWidget>?
    /// The empty page's list of recent documents, and the paths it shows.
    var recentList: UnsafeMutablePointer<GtkWidget>?
    var recentShown: [String] = []
    /// The properties shown in the Document Properties window while it is open.
    var shownProperties: DocumentProperties?
    /// The search bar; its entry, once its row was made (the first time it opened:
    /// ``searchRow()``); and the row's count, progress bar and Stop button.
    var searchBar: UnsafeMutablePointer<GtkWidget>?
    var searchWidgets: (bar: UnsafeMutablePointer<GtkWidget>, entry: UnsafeMutablePointer<GtkWidget>)?
    var searchCount: (status: UnsafeMutablePointer<GtkWidget>, progress: UnsafeMutablePointer<GtkWidget>, stop: UnsafeMutablePointer<GtkWidget>)?
    /// What the search bar says besides the count ("Continued from the start"), until the next search.
    var searchNotice: String?
    /// The Stamp tool's "Picture…" button, which names the picture once one is chosen.
    var stampPictureButton: UnsafeMutablePointer<GtkWidget>?
    /// The context menu while it is shown.
    var contextMenu: UnsafeMutablePointer<GtkWidget>?
    /// The context menu's item labels while it is shown (for the state dump).
    var contextMenuItems: [String]?
    var toolbarRevealer: UnsafeMutablePointer<GtkWidget>?
    /// The toolbar's tool, Ruler and Zoom Strip buttons, once it is made (ToolbarReach).
    var toolbarButtons: [UnsafeMutablePointer<GtkWidget>] = []
    /// The style controls of the toolbar (colour, width, opacity, fill, text, stamp …).
    var styleControls: StyleControls?
    /// The style row: the controls, or a hint when nothing is picked or selected.
    var styleStack: UnsafeMutablePointer<GtkWidget>?
    /// Set while the controls are filled in from a style, so that doing so changes nothing.
    var updatingStyleControls = false
    /// The note being written, while its window is open.
    var noteEditor: NoteEditor?
    /// Whether the document shown was read before (its place and layout were restored).
    var hasStoredPlace = false
    /// The page shown while a damaged document's copy is repaired, and the repair under way.
    var repairPage: RepairPage?
    var repairRun: RepairRun?
    /// The repaired copy shown instead of a damaged file (`nil` for any other document), and
    /// the bar that says so.
    var repaired: RepairedDocument?
    var repairBar: NoticeBar?
    /// The user agreed that saves write the document whole (a damaged or repaired one).
    var wholeSaveAgreed = false

    init(application: AnnotatorApplication, host: TabWindow) {
        StartupTrace.mark("  window: stored properties (canvas, tab label)")
        self.application = application
        self.host = host
        window = host.window

        stack = gtk_stack_new()
        pageEntry = gtk_entry_new()
        StartupTrace.mark("  window: page entry")
        pageCountLabel = gtk_label_new(tr("of 0"))
        zoomButton = gtk_menu_button_new()
        zoomText = gtk_label_new(tr("100%"))
        titleLabel = gtk_label_new(tr("PDF Annotator"))
        subtitleLabel = gtk_label_new(nil)
        // Kept while the tab lives: a tab moving to another window leaves its notebook a moment.
        page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        g_object_ref_sink(raw(page))
        splitView = SplitView(primary: canvas)

        StartupTrace.mark("  window: labels, split view")
        toolbarRevealer = buildToolbar()
        StartupTrace.mark("  window: toolbar")
        buildHeaderBar()
        StartupTrace.mark("  window: header bar")
        // Sized by the page it shows only: a homogeneous stack (GTK's default) measures every
        // page, so a document's first frame styled and laid out the empty and error pages too,
        // and loaded their fonts (a 24 pt heavy title, a 12 pt description: two of the five
        // fonts the first present loaded, each a match, a sort and a face in Pango).
        gtk_stack_set_hhomogeneous(cast(stack), 0)
        gtk_stack_set_vhomogeneous(cast(stack), 0)
        // Until a document or a status page is shown, a blank box: the page view is not mapped
        // in a tab shown empty (DocumentWindow+StatusPages).
        gtk_stack_add_named(cast(stack), gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), "none")
        gtk_stack_add_named(cast(stack), splitView.paned, Content.document.rawValue)
        let content = page
        let bar = SignatureBar()
        signatureBar = bar
        gtk_box_append(cast(content), bar.revealer)
        let reviewBar = NoticeBar.sharedReview()
        sharedReviewBar = reviewBar
        gtk_box_append(cast(content), reviewBar.revealer)
        let recognizing = RecognitionBar()
        recognitionBar = recognizing
        gtk_box_append(cast(content), recognizing.revealer)
        let repairing = NoticeBar.repair()
        repairBar = repairing
        gtk_box_append(cast(content), repairing.revealer)
        StartupTrace.mark("  window: notice bars")
        if let toolbarRevealer { gtk_box_append(cast(content), toolbarRevealer) }
        StartupTrace.mark("  window: stack pages (canvas)")
        let searchBar = buildSearchBar()
        gtk_box_append(cast(content), searchBar)
        // The bars that slide in and out above the page view (a search bar slides in the
        // revealer it holds). One done sliding has moved the page view: the state dump says
        // where it now is, and until then that it is still moving (`layoutSettling`).
        let searchRevealer = gtk_widget_get_first_child(searchBar).flatMap {
            g_type_check_instance_is_a(cast($0), gtk_revealer_get_type()) != 0 ? $0 : nil
        }
        slidingBars = [bar.revealer, toolbarRevealer, searchRevealer].compactMap { $0 }
        for revealer in slidingBars {
            Signals.connect(raw(revealer), "notify::child-revealed", pointer: { [weak self] _ in self?.application?.stateChanged() })
        }
        StartupTrace.mark("  window: search bar")
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(cast(content), buildSidebar(around: stack))
        StartupTrace.mark("  window: sidebar")


        canvas.onViewChanged = { [weak self] in self?.viewChanged() }
        canvas.onExternalLink = { [weak self] uri in self?.confirmOpening(uri) }
        canvas.onPagesReshaped = { [weak self] document, pages, reordered in self?.pagesReshaped(document, pages, reordered: reordered) }
        canvas.onEditNote = { [weak self] note in self?.editNote(note) }
        canvas.onSelectionChanged = { [weak self] annotation in self?.showProperties(of: annotation) }
        // What another reviewer changed is seen once selected on the page.
        canvas.onAnnotationsSelected = { [weak self] selected in self?.sharedReviewSeen(selected) }
        canvas.onContentChanged = { [weak self] pages in
            self?.thumbnails?.invalidate(pages)
            self?.updateAnnotationList(pages: pages)
            self?.attachmentsChanged()
        }
        // The view's size at a first frame is what the next start renders its first tiles for.
        canvas.paintWatch.onFirstFramePainted = { [weak self] in
            guard let self else { return }
            let view = FirstViewMemory.Stored(width: self.canvas.viewport.size.width, height: self.canvas.viewport.size.height,
                                              scale: self.canvas.deviceScale)
            MainLoop.post(priority: G_PRIORITY_LOW) { FirstViewMemory.standard.store(view) }
            self.firstFramePainted()
        }

        installActions()
        StartupTrace.mark("  window: actions")
        installDrawer()
        StartupTrace.mark("  window: drawer")
        installSplitActions()
        offerActionsAddedLater()
        StartupTrace.mark("  window: split actions")
        // Once the tab shows, the page it shows gets its initial focus right.
        Signals.connect(raw(page), "map") { [weak self] in
            self?.showEmptyPageIfStillEmpty()
            self?.focusPrimaryButton()
            self?.refreshStateDumpOnEveryFrame()
        }
        tabLabel.onClose = { [weak self] in
            guard let self else { return }
            self.host?.closeTab(self)
        }
        showTitle(tr("PDF Annotator"))
        // Empty until a document is opened in it; the empty page is made only if the tab is
        // shown still empty (showEmptyPageIfStillEmpty, as it maps).
        for w in navigationWidgets { gtk_widget_set_visible(w, 0) }
        StartupTrace.mark("  window: empty")
    }

    /// Shows the window with this document's tab in front.
    public func present() {
        tracePresentSteps()
        host?.select(self)
        gtk_window_present(cast(window))
        nameIconButtons()
    }

    // MARK: Opening

    /// Opens `path` in this window, replacing what it showed. Failures show a message in the
    /// window; an encrypted document shows the password prompt; a document poppler refuses as
    /// damaged is repaired into a private copy, which is shown (`repairedCopy`, the file read
    /// instead of `path`: DocumentWindow+Repair).
    public func open(path: String, password: String? = nil) {
        open(path: path, password: password, repairedCopy: nil)
    }

    /// `repairTried`: a repair of `path` failed, show what poppler reads of it (no repair again).
    func open(path: String, password: String?, repairedCopy: String?, repairTried: Bool = false) {
        // One view of the new document (the active view's place is the one kept).
        closeSplit()
        // The document shown so far keeps its place for next time.
        if content == .document { rememberPlace() }
        // A repair under way or a repaired copy shown belongs to the document shown so far.
        if repairedCopy == nil { forgetRepair() }
        wholeSaveAgreed = false
        let file = repairedCopy ?? path
        self.path = path
        openGeneration += 1
        editing = nil
        editorMaking = nil
        // Edits the last document's editor never took are not this one's.
        canvas.apply(canvas.session.editorUnavailable())
        // What waited for the last document's first frame is for that document.
        afterFirstFrameWork = []
        bookmarks = []
        showBookmarks()
        lifecycle.documentReplaced()
        pageOperationsAgreed = false
        certifiedWarningShown = false
        signatureReports = []
        signatureBar?.show(nil)
        saveError = nil
        let name = Self.displayName(path)
        setTitle(name, subtitle: "")
        do {
            let doc: PopplerDocument
            let prefetched = repairedCopy == nil ? DocumentPrefetch.take(path: path, password: password) : nil
            if let prefetched, let document = prefetched.document {
                doc = document
            } else {
                doc = try PopplerDocument.open(path: file, password: password)
            }
            StartupTrace.mark("document opened (poppler-glib)")
            // poppler reads it but not all its pages (a damaged page tree): MuPDF may do better.
            if repairedCopy == nil, !repairTried, doc.hasPagesItCannotLoad {
                startRepair(path: path, password: password, refusal: nil)
                viewChanged()
                return
            }
            document = doc
            errorMessage = nil
            // The worker draws whichever version the editor last produced.
            let source = RenderSource(doc)
            // Pages with no text of their own read as the words recognised on them (OCR).
            documentShownForRecognition(doc, path: file, password: password)
            let recognized = recognition.pages
            canvas.setDocument(doc, text: RecognizedTextSource(base: doc, recognized: recognized), links: doc,
                               drawPage: source.pageDrawing(colours: pageColours))
            // The tiles a worker rendered for the first frame while GTK started, if any.
            if let prefetched { canvas.tiles.firstFrameTiles = { prefetched.takeFirstFrameTiles() } }
            // Searches read through copies of their own, one per core (up to two), opened the
            // first time the user searches.
            StartupTrace.mark("  canvas given the document")
            let copies = SearchCopies(path: file, password: password)
            canvas.searchSources = { copies.documents.map { RecognizedTextSource(base: $0, recognized: recognized) } }
            feedThumbnails { [weak self] in $0.setDocument(pageSizes: doc.displaySizes, queue: self?.canvas.tiles.queue, drawPage: { page, scale, cr in
                source.document.render(page: page, scale: scale, into: cr)
            }) }
            StartupTrace.mark("canvas and thumbnails given the document")
            prepareEditing(path: file, password: password, renderSource: source)
            // Which pages carry annotations (the editor is made for them), from this document.
            canvas.reader.annotationPresence = { [doc] page in doc.allAnnotations(on: page).contains { $0.subtype != .link } }
            // Links as the edited document shows them, read again after a link edit.
            canvas.reader.currentLinks = { [source] page in source.document.links(on: page) }
            // The first frame shows none of these: they wait for it.
            afterFirstFrame { [weak self] in
                self?.checkSignatures(path: file, password: password)
                self?.noteRecent(path)
                self?.loadBookmarks()
                self?.resumeSharedReview()
                self?.readRemainingPageSizes(of: doc, source: source, path: path, password: password)
            }
            StartupTrace.mark("editing prepared (its editor is made at the first edit)")
            // The document's /PageLayout now; its reading direction (which poppler-glib does
            // not read) once a worker read it, when the file may say right to left.
            restorePlace(of: path, preferred: (doc.metadata.pageLayout, false))
            resetSidebar()
            attachmentsChanged()
            stopMedia()
            setTitle(doc.metadata.title.flatMap { $0.isEmpty ? nil : $0 } ?? name, subtitle: doc.metadata.title == nil ? "" : name)
            gtk_label_set_text(cast(pageCountLabel), tr("of {count}", ["count": String(doc.pageCount)]))
            show(.document)
            gtk_widget_grab_focus(canvas.area)
            if doc.pageCount == 0 {
                errorMessage = "“\(name)” has no pages."
                errorPage.set(title: tr("Nothing to Show"), body: errorMessage!)
                show(.error)
            }
        } catch {
            document = nil
            canvas.clearDocument()
            // poppler cannot read it: MuPDF repairs a copy, which is opened instead.
            if error.mayBeRepaired, repairedCopy == nil, !repairTried {
                startRepair(path: path, password: password, refusal: error)
                viewChanged()
                return
            }
            switch error {
            case .passwordRequired:
                passwordPrompt.show(fileName: name, wrongPassword: false)
                show(.password)
            case .wrongPassword:
                passwordPrompt.show(fileName: name, wrongPassword: true)
                show(.password)
            default:
                // A repaired copy poppler refuses too: the file's own refusal stands, repair tried.
                let message = repairedCopy == nil ? error.userMessage : repairTriedMessage(path: path, reason: tr("poppler cannot read the repaired copy either"))
                errorMessage = message
                errorPage.set(title: tr("Could Not Open “{file}”", ["file": name]), body: message)
                show(.error)
            }
        }
        viewChanged()
    }

    func unlock(_ password: String) {
        guard let path else { return }
        open(path: path, password: password)
    }

    func cancelPassword() {
        let name = path.map(Self.displayName) ?? "The document"
        errorMessage = "“\(name)” is password-protected and was not unlocked."
        errorPage.set(title: tr("Document Is Locked"), body: errorMessage!)
        show(.error)
        viewChanged()
    }

    static func displayName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func show(_ newContent: Content) {
        content = newContent
        makeStatusPage(for: newContent)
        gtk_stack_set_visible_child_name(cast(stack), newContent.rawValue)
        // Page and zoom controls mean nothing without a document: hide them.
        for w in navigationWidgets { gtk_widget_set_visible(w, newContent == .document ? 1 : 0) }
        // Focus the page's main button, not its selectable message (which would select it all).
        // Only once the window is up: before that, GTK picks the initial focus itself, and an
        // early grab here would leave the focus on a page that opening a document then hides.
        guard gtk_widget_get_mapped(page) != 0 else { return }
        focusPrimaryButton()
    }

    /// The empty or error page's main button takes the keyboard (not the selectable message).
    func focusPrimaryButton() {
        switch content {
        case .empty: _ = builtEmptyPage?.primaryButton.map { gtk_widget_grab_focus($0) }
        case .error: _ = builtErrorPage?.primaryButton.map { gtk_widget_grab_focus($0) }
        default: break
        }
    }

    func setTitle(_ title: String, subtitle: String) {
        StartupTrace.mark("title “\(title)”, subtitle “\(subtitle)”")
        baseTitle = title
        showTitle(title)
        gtk_label_set_text(cast(titleLabel), title)
        gtk_label_set_text(cast(subtitleLabel), subtitle)
        gtk_widget_set_visible(subtitleLabel, subtitle.isEmpty ? 0 : 1)
    }

    /// Keeps the page number and zoom label in step with the canvas.
    /// The state dump follows what the window shows: every frame painted (a bar shown, a
    /// title changed, a page drawn, a turn's step) refreshes it, so no change needs a call of
    /// its own. Only windows of their own (dialogs) still say when they open and close.
    func refreshStateDumpOnEveryFrame() {
        guard application?.stateDump != nil, !watchesFramesForStateDump, let clock = gtk_widget_get_frame_clock(window) else { return }
        watchesFramesForStateDump = true
        Signals.connect(raw(clock), "after-paint", whileAlive: raw(window)!) { [weak self] in self?.application?.stateChanged() }
    }

    func viewChanged() {
        if content == .document, let page = canvas.currentPage {
            let text = "\(page.displayNumber)"
            if !isEditingPageNumber, string(gtk_editable_get_text(cast(pageEntry))) != text {
                gtk_editable_set_text(cast(pageEntry), text)
            }
            // A new page in view: the outline follows, and a screen reader hears its text.
            if page != sidebar?.followedPage { followReading() }
            describePagesInView(from: page)
        }
        // Only when it changes: setting a menu button's label rebuilds its child, and this runs
        // for every pointer event.
        let label = "\(Int((canvas.viewport.zoom * 100).rounded()))%"
        if label != zoomLabel {
            zoomLabel = label
            gtk_label_set_text(cast(zoomText), label)
            // At a limit of the zoom (one spread at a time: the whole spread) that way is closed.
            let zoom = canvas.viewport.zoom, limits = canvas.view.zoomLimits
            setActionEnabled("zoom-out", zoom > limits.lowerBound * 1.001)
            setActionEnabled("zoom-in", zoom < limits.upperBound / 1.001)
        }
        // Each view of a split says its own page; the zoom strip's box follows the view it is on.
        splitView.updateLabels()
        zoomStrip?.viewChanged()
        // The canvas's one notification of its changes (view, selection, tool, input).
        application?.stateChanged()
    }

    /// The address the user is being asked about, while the question is open.
    public private(set) var pendingExternalLink: String? { didSet { application?.stateChanged() } }

    /// Asks before opening an address outside the document; opens it only on "Open Link".
    func confirmOpening(_ uri: String) {
        guard pendingExternalLink == nil, let dialog = ann_open_link_dialog_new(cast(window), uri, tr("Open this link in another application?"), tr("_Cancel"), tr("_Open Link")) else { return }
        pendingExternalLink = uri
        Signals.connect(raw(dialog), "response", int: { [weak self] response in
            gtk_window_destroy(cast(dialog))
            guard let self else { return }
            self.pendingExternalLink = nil
            if response == GTK_RESPONSE_ACCEPT.rawValue {
                gtk_show_uri(cast(self.window), uri, UInt32(GDK_CURRENT_TIME))
            }
        })
        gtk_window_present(cast(dialog))
    }

    /// Whether the keyboard focus is in the page number entry (on its inner text widget), so
    /// that view updates do not overwrite what the user is typing.
    var isEditingPageNumber: Bool {
        guard let root = gtk_widget_get_root(window), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pageEntry || gtk_widget_is_ancestor(focus, pageEntry) != 0
    }

    func closed() {
        closeSplit()
        rememberPlace()
        finishSharedReview()
        forgetRepair()
        editing = nil
        editorMaking = nil
        canvas.clearDocument()
        document = nil
        application?.windowClosed(self)
        releaseTabWidgets()
    }
}

/// Copies of the open document for the search threads (poppler draws and reads text on one
/// thread per document), opened on first use and kept while the document is shown: of the file,
/// or, once pages were organised, of the edited version.
@MainActor
final class SearchCopies {
    private let open: () -> PopplerDocument?
    private var opened: [PopplerDocument]?

    convenience init(path: String, password: String?) {
        self.init { try? PopplerDocument.open(path: path, password: password) }
    }

    init(_ open: @escaping () -> PopplerDocument?) { self.open = open }

    var documents: [TextSource] {
        if opened == nil {
            let count = max(1, min(2, Int(g_get_num_processors())))
            opened = (0..<count).compactMap { _ in open() }
        }
        return opened ?? []
    }
}
