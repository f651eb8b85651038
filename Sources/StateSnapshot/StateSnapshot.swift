// SPDX-License-Identifier: GPL-3.0-or-later

/// The state dump (`--state-file`): what the app writes as JSON after every change so that UI
/// tests, benchmarks and tests outside this repository can wait for conditions instead of
/// sleeping. One definition: the app writes these types and the UI tests and benchmarks read
/// them. Documented field by field in the GtkShell DocC catalogue; fields are added, never
/// renamed or dropped.
public struct StateSnapshot: Codable, Sendable {
    /// The version of this format: 2 added `version` itself (everything of version 1 is kept).
    public static let currentVersion = 2
    public var version: Int
    /// The app's process id.
    public var pid: Int
    public var windows: [WindowSnapshot]

    public init(version: Int = StateSnapshot.currentVersion, pid: Int, windows: [WindowSnapshot]) {
        self.version = version
        self.pid = pid
        self.windows = windows
    }
}

/// What a window shows, in numbers: written as JSON by ``StateDump`` so UI tests can wait for
/// conditions instead of sleeping. The format is documented in the GtkShell DocC catalogue.
public struct WindowSnapshot: Codable, Sendable {
    public struct VisiblePage: Codable, Sendable {
        /// 1-based page number.
        public var page: Int
        /// The page's rectangle in canvas-widget coordinates (logical px).
        public var x, y, width, height: Double

        public init(page: Int, x: Double, y: Double, width: Double, height: Double) {
            self.page = page
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
    public var title: String
    public var path: String?
    public var content: String
    public var errorMessage: String?
    public var passwordError: String?
    public var pageCount: Int
    /// 1-based; 0 when no document is shown.
    public var currentPage: Int
    public var zoom: Double
    public var zoomMode: String
    public var offsetX, offsetY: Double
    public var viewWidth, viewHeight: Double
    /// The canvas widget's top-left inside the window's surface (logical px).
    public var canvasX, canvasY: Double
    public var visiblePages: [VisiblePage]
    /// Visible tiles not rendered yet; 0 means everything visible is sharp (a document whose
    /// first frame is still to come counts at least 1).
    public var missingTiles: Int
    public var cachedTiles: Int
    public var cacheBytes: Int
    /// Engine input events the canvas handled (live or replayed).
    public var handledInputEvents: Int
    public var replayFinished: Bool
    /// Whether something on the canvas still moves by itself (momentum, a pointer effect, a
    /// spread settling or due to settle, a page turn's animation).
    public var isAnimating: Bool
    public var selectedAnnotation: String?
    public var hoveredAnnotation: String?
    /// The CSS cursor name over the canvas.
    public var cursor: String
    /// Annotations on the visible pages, with their rectangles on screen.
    public var annotations: [AnnotationSnapshot]
    /// Undoable steps made so far (every new edit counts one; undo and redo do not).
    public var annotationEdits: Int
    /// The selected text, if any.
    public var selectedText: String?
    /// The address an open "open this link?" question names.
    public var pendingExternalLink: String?
    /// Whether keys go to the canvas (scrolling keys work without a click first).
    public var canvasHasFocus: Bool
    /// Whether the document can be edited now: its editor is open, or it is settled that the
    /// editor is made when the first edit begins (the pages shown are read and carry nothing
    /// that needs it, and no question about unsaved changes is open).
    public var isEditable: Bool
    /// Whether the editing document (poppler core's second parse of the file) exists: it is
    /// made when the first edit begins, or when a page shown carries annotations to pick.
    public var editorOpen: Bool? = nil
    /// The review threads of the pages the editor has read (``ReviewThreadSnapshot``), each
    /// annotation a user sees (replies included, state notes not); `nil` without an editor.
    public var reviewThreads: [ReviewThreadSnapshot]? = nil
    /// The replies a note's open window shows above its text (``NoteReplySnapshot``), in
    /// order; `nil` while no note's window is open.
    public var noteReplies: [NoteReplySnapshot]? = nil
    /// The document's shared review (``SharedReviewSnapshot``); `nil` when it is not shared.
    public var sharedReview: SharedReviewSnapshot? = nil
    /// Whether the document shown is a copy MuPDF repaired because poppler refused the file
    /// as damaged (the file itself is never written to).
    public var repaired: Bool? = nil
    /// Whether the next save writes the document whole into a new file (a fresh
    /// cross-reference table): for a repaired copy, and for a file poppler read only by
    /// rebuilding its cross-reference table, until such a save is written.
    public var rewriteOnSave: Bool? = nil
    /// What the repair bar says while it shows (damaged and repaired; what may be missing).
    public var repairBar: String? = nil
    /// The annotation list's author and state filters ("" for all).
    public var annotationListAuthor: String? = nil
    public var annotationListState: String? = nil
    /// Whether there are changes a save would write.
    public var hasUnsavedChanges: Bool
    /// What Undo and Redo would do ("Move"), or `nil` when there is nothing.
    public var undoName: String?
    public var redoName: String?
    /// The question or message open over the window: "restore", "close", "save-failed",
    /// "changed-on-disk", "journal-stale", "journal-locked", "signed-pages", "restore-failed", "save-as" (the file chooser), "open" (the Open chooser), "note" (a
    /// note's text being written), "stamp-picture" (the picture chooser), "stamp-picture-failed", "save-image" (Save Image As…'s chooser), "image-unreadable",
    /// "image-too-large", "image-save-failed";
    /// `nil` when none.
    public var dialog: String?
    /// What the last failed save said, until a save succeeds.
    public var saveError: String?
    /// Whether a save is being written (on a worker: the window goes on answering).
    public var saving: Bool
    /// Strokes and shapes just made, still drawn over their page until its tiles show them.
    public var heldCreations: Int
    /// The text box being written in place: its annotation's id, "" for a new box; `nil` when none.
    public var textBoxEditor: String?
    /// The tool in use: "select", "lasso", "pen", "highlight", "underline", "strike-out", "squiggly", "rectangle", "text", "stamp", "ellipse", "line", "arrow", "note", "eraser".
    public var tool: String
    /// Whether the annotation toolbar is shown.
    public var toolbarShown: Bool
    /// Whether a pen draws at once whatever tool is picked (the main menu's setting).
    public var penDrawsAtOnce: Bool
    /// Whether a finger draws with the pen tool after a pen was used ("Draw with Finger").
    public var fingerDraws: Bool
    /// Every selected annotation's id, in the order they were selected (the last is
    /// `selectedAnnotation`).
    public var selectedAnnotations: [String]
    /// The items of the context menu while it is shown ("Delete", "Copy", "Properties",
    /// "Paste"), `nil` when it is not.
    public var contextMenu: [String]?
    /// The annotation a finger holds up (drawn lifted), if any.
    public var liftedAnnotation: String?
    /// The annotation or link a finger presses (drawn pressed), if any.
    public var pressedAnnotation: String?
    /// Whether Back (Alt+Left) and Forward (Alt+Right) have somewhere to go.
    public var canGoBack: Bool
    public var canGoForward: Bool
    /// What the link under the pointer leads to (its tooltip), if a link is under it.
    public var linkTooltip: String?
    /// The search (Ctrl+F): its query, how many matches so far, the current one's number
    /// (1-based), whether every page was read, and the bar's notice ("Continued from the start").
    public var searchQuery: String?
    public var searchMatchCount: Int
    public var searchCurrentMatch: Int?
    public var searchDone: Bool
    public var searchNotice: String?
    /// The Document Properties window's rows (label and value) while it is open.
    public var properties: [[String]]?
    /// The recent documents the empty window lists (paths, newest first).
    public var recentDocuments: [String]
    /// The sidebar (F9): shown or not; its outline entries as [title, 1-based page or ""] in
    /// order, whether each is shown (its ancestors open), and the highlighted one's index.
    public var sidebarShown: Bool
    public var outline: [[String]]
    public var outlineVisible: [Bool]
    public var outlineSelected: Int?
    /// The sidebar page shown ("outline", "annotations") and the annotation list's rows as
    /// [id, 1-based page, kind, text].
    public var sidebarPage: String?
    public var annotationList: [[String]]
    /// Rows the annotation list made at its last listing or update: after an edit, only the
    /// rows of the pages it changed.
    public var annotationListRowsBuilt: Int
    /// The document's bookmarks as [name, 1-based page].
    public var bookmarks: [[String]]
    /// The form's fields in the field tree's order, with their current values.
    public var formFields: [FormFieldSnapshot]
    /// The fully qualified name of the field that has the focus, and the open editor:
    /// "text" (typed in place) or "choices" (a list popped up), or `nil`.
    public var focusedFormField: String?
    public var formFieldEditor: String?
    /// The sidebar's thumbnails: the 1-based pages whose thumbnail is in the grid's visible
    /// area, the pages with a drawn thumbnail among those the grid holds, and the highlighted
    /// page.
    public var thumbnailPages: [Int]
    public var thumbnailsPainted: [Int]
    public var thumbnailCurrentPage: Int?
    /// Each visible thumbnail as [1-based page, x, y, width, height] in the window surface's
    /// logical pixels (as `canvasX` and `canvasY`).
    public var thumbnailFrames: [[Double]]
    /// The pages selected in the Pages grid (1-based), in page order.
    public var thumbnailSelection: [Int]?
    /// Whether a `--replay-grid-input` recording has been fed into the Pages grid completely.
    public var gridReplayFinished: Bool?
    /// One entry per signed signature field, as the last check of the file on disk found it
    /// (`nil` when the document has none).
    public var signatures: [SignatureSnapshot]?
    /// The line the signature bar under the header shows, when it shows.
    public var signatureBar: String?
    /// The pages (1-based) whose text comes from text recognition (OCR), `nil` when none.
    public var ocrPages: [Int]? = nil
    /// The Tesseract language recognition reads this document with ("eng", "deu"), once a
    /// document is open and a language is installed.
    public var ocrLanguage: String? = nil
    /// How far Recognize Text is (0…1, the share of pages done) while it runs; `nil` otherwise.
    public var ocrProgress: Double? = nil
    /// How many pages found to have no text of their own (shown or searched) are still to be
    /// recognised of the app's own accord; `nil` when none are.
    public var ocrWaiting: Int? = nil
    /// How many pages Tesseract read for the document shown (pages taken from the recognition
    /// cache do not count); `nil` before any was.
    public var ocrPagesRead: Int? = nil
    /// The attachments the sidebar's Attachments page lists (embedded files, then /FileAttachment
    /// annotations), once it has read them for the document shown; `nil` before.
    public var attachments: [AttachmentSnapshot]? = nil
    /// The private copy of an attachment that Open last handed to an application, and the file
    /// Save last wrote; `nil` until one did.
    public var openedAttachment: String? = nil
    public var savedAttachment: String? = nil
    /// Why the open link dialog will not make its link yet (an address that is not a web or mail
    /// address, or none typed); `nil` when it would, or when no link dialog is open.
    public var linkProblem: String? = nil
    /// The media annotation whose sound or video is loaded (clicked or tapped; nothing plays by
    /// itself), whether it is playing now, whether it played to its end, and its position in
    /// seconds; `nil` when none is. `mediaError` says why the last clip could not be played.
    public var mediaAnnotation: String? = nil
    public var mediaPlaying: Bool? = nil
    public var mediaEnded: Bool? = nil
    public var mediaSeconds: Double? = nil
    public var mediaError: String? = nil
    /// The strokes on the open signature pad (`nil` when no pad is open), and whether a
    /// `--replay-pad-input` recording has been fed into it completely.
    public var signaturePadStrokes: Int?
    public var padReplayFinished: Bool?
    /// What draws the window: GSK's renderer (`cairo`, `gl`, `vulkan`), and whether the page
    /// view builds its frames from render nodes (`nodes`), from render nodes whose tiles are
    /// cairo nodes (`cairo-tiles`: GSK's cairo renderer, where a page turn is drawn by cairo
    /// over the still page's tiles), or as one cairo picture (`cairo`).
    public var renderer: String?
    public var canvasFrames: String?
    /// How many render nodes the snapshot canvas keeps of the ink being drawn (its strokes'
    /// finished pieces); `nil` when no stroke is in progress there.
    public var inkPreviewNodes: Int?
    /// The predicted tip of ink being drawn: whether it is on (Preferences), and over the tips
    /// drawn since the window opened whose time the pen then reached, how many there were and
    /// their mean distance in view pixels from the path the pen drew next and from where the
    /// pen was at the tip's time. Set after the initialiser (``InkTipSnapshot``).
    public var inkTip: InkTipSnapshot? = nil
    /// The page the Preferences window shows (`pen`, `touchscreen`, `touchpad`, `devices`);
    /// `nil` while it is closed.
    public var preferencesPage: String?
    /// The window's layout direction: `ltr`, or `rtl` under a right-to-left language.
    public var textDirection: String?
    /// Whether the desktop's high contrast is followed (GTK's HighContrast theme, overlays
    /// drawn darker and wider).
    public var highContrast: Bool?
    /// Whether a bar over the page view (the toolbar, the search bar, the signature bar) is still sliding in or
    /// out: the page view moves meanwhile, so positions read now are about to change.
    public var layoutSettling: Bool?
    /// Whether the main menu (the header bar's menu button, F10) is open; `nil` until it first
    /// opens (its popover is made then).
    public var mainMenuShown: Bool?
    /// Every text on screen (labels, button labels, placeholders, tooltips), when the app runs
    /// with `PDF_ANNOTATOR_DUMP_TEXTS=1`; `nil` otherwise.
    public var visibleTexts: [String]?
    /// The window region holding the keyboard (`header`, `toolbar`, `sidebar`, `page`), or
    /// `search` while the search bar's entry has it; `nil` for none.
    public var focusRegion: String?
    /// The share of the pages the search has read (0…1), and whether the user stopped it.
    public var searchProgress: Double?
    public var searchStopped: Bool?
    /// A finger's selection's handles, [[x, y], [x, y]] (the points under its first and last
    /// character, in canvas-widget coordinates), while they are shown.
    public var textSelectionHandles: [[Double]]?
    /// The annotation selection's rotate handle, [x, y] in canvas-widget coordinates, while it
    /// is shown.
    public var rotateHandle: [Double]? = nil
    /// The round handles on a lone selected line's ends or polygon's (polyline's) vertices,
    /// [[x, y], …] in canvas-widget coordinates, while they are shown.
    public var vertexHandles: [[Double]]? = nil
    /// Milliseconds from the thumbnails grid being shown to every thumbnail in view drawn (the
    /// last time it was shown).
    public var thumbnailsShownInMs: Double?
    /// The layout: "single", "double" or "book"; "vertical" or "horizontal"; whether it binds
    /// on the right; the 0-based spreads in view; the page colours ("normal", "night",
    /// "sepia"); reading mode (bars hidden) and fullscreen.
    public var spreadMode: String?
    public var scrollDirection: String?
    public var rightToLeft: Bool?
    public var visibleSpreads: [Int]?
    public var pageColours: String?
    public var readingMode: Bool?
    public var fullscreen: Bool?
    /// Whether the pointer is hidden over the page (idle in fullscreen).
    public var pointerHidden: Bool?
    /// The edge bands where a tap turns pages: "off", "narrow" or "wide".
    public var edgeTaps: String?
    /// Whether the view pages one spread at a time, and whether each spread zooms on its own
    /// ("spread") or the whole document shares one zoom ("document").
    public var oneSpreadAtATime: Bool?
    public var zoomScope: String?
    /// The least and greatest zoom the view allows now (the layout's own limits; one spread at
    /// a time, never smaller than the whole spread).
    public var minZoom: Double?
    public var maxZoom: Double?
    /// Whether pages turn with a curl; the turn under way (0 flat … 1 turned over, `nil` when
    /// none); how many turns have ended; and the frames of the turns so far (the last 2,000):
    /// how many, and the 50th/99th percentile of each frame's time from its start to the end
    /// of its paint and of the time between frames, in ms.
    public var pageCurl: Bool?
    public var pageTurnProgress: Double?
    public var pageTurnsCompleted: Int?
    public var pageTurnFrames: Int?
    public var pageTurnFrameP50Ms: Double?
    public var pageTurnFrameP99Ms: Double?
    public var pageTurnIntervalP50Ms: Double?
    public var pageTurnIntervalP99Ms: Double?
    /// How many times a viewport change made the layout redo its frames (never, for the
    /// built-in layouts).
    public var layoutInvalidations: Int?
    /// The frames painted after the view moved (scrolling, zooming, settling; turns apart) so
    /// far (the last 2,000): how many, and the 50th/99th percentile of each one's time from the
    /// frame clock's start of the frame to the end of its paint, in ms.
    public var viewFrames: Int?
    public var viewFrameP50Ms: Double?
    public var viewFrameP99Ms: Double?
    /// The document's first frame: how many of its visible tiles the start-up worker had
    /// rendered ahead (and were taken), and how many the first draw rendered itself.
    public var firstFrameTilesTaken: Int?
    public var firstFrameTilesRendered: Int?
    /// With `PDF_ANNOTATOR_DUMP_PROGRESS=1` (the UI tests set it): the frames the window has
    /// painted, and whether one was painted after the app's last state change, so that the
    /// screen shows what this dump says (a dump written before that paint asks for one, and the
    /// paint writes the dump again); and where the last pointer, pen or finger event the page
    /// view handled was, [x, y] in canvas-widget coordinates (each such event writes the dump).
    /// `nil` otherwise.
    public var framesPainted: Int?
    public var painted: Bool?
    public var lastInputPosition: [Double]?
    /// The control holding the keyboard in this window, or in a dialog over it (a file chooser,
    /// a question) while that dialog is the active window: its GTK type and name
    /// (`GtkToggleButton#tool-pen`; without a name, its tooltip or label in quotes; an entry's
    /// text area is named as its entry, `GtkFileChooserEntry`); `nil` when nothing has it. And
    /// the text typed in that control when it is one to type in (an entry, a text view; `nil`
    /// for a password).
    public var focusedWidget: String?
    public var focusedText: String?
    /// While pages or files are dragged over the Pages grid: the gap they would land in, as the
    /// number of pages before it (0: before the first page); `nil` otherwise.
    public var gridDropGap: Int?
    /// The ruler (documents only): see ``RulerSnapshot``.
    public var ruler: RulerSnapshot?
    /// The zoom writing strip (documents only): see ``ZoomStripSnapshot``.
    public var zoomStrip: ZoomStripSnapshot? = nil
    /// The sidebar drawer (documents only): see ``DrawerSnapshot``.
    public var drawer: DrawerSnapshot? = nil
    /// The tab's views, one or two of the one document (documents only): see ``SplitSnapshot``.
    public var split: SplitSnapshot? = nil
    /// The tabs of the top-level window this document shows in, in the strip's order: each
    /// tab's document path (its title when it has none). Every entry of `windows` is one tab.
    public var tabs: [String]? = nil
    /// What each of those tabs' labels shows, in the same order: the title, and where two tabs
    /// have the same title, the part of the folder that tells them apart ("a.pdf — work").
    public var tabLabels: [String]? = nil
    /// The place in `tabs` of the tab that window shows in front (0-based), and this
    /// document's own place there.
    public var currentTab: Int? = nil
    public var tabIndex: Int? = nil
    /// The number of that top-level window: the `N` of its D-Bus object path
    /// (`/io/github/pdfannotator/PdfAnnotator/window/N`), whose `win.` actions act on its
    /// current tab. Tabs of one window share it.
    public var windowNumber: Int? = nil
    /// Whether that window shows its tab strip (it does with two tabs or more).
    public var tabStripShown: Bool? = nil
    /// This tab's label in the strip, `[x, y, width, height]` in the coordinates of `canvasX`
    /// (the screen's, with the window at its origin), while the strip shows.
    public var tabLabelFrame: [Double]? = nil
    /// The selected image of a page's content (``ImageSnapshot``), absent when none is.
    public var selectedImage: ImageSnapshot? = nil
    /// What the smart pen's notice over the page says while it offers "Keep as Ink"
    /// ("Underlined", "Struck out", "Highlighted"); `nil` when it is not shown.
    public var keepAsInkOffer: String?
    /// How many points the lasso's loop being drawn has so far, `nil` while none is drawn.
    public var lassoPoints: Int? = nil
    /// The tile cache's byte budget now (what is on screen plus the reserve), beside
    /// `cacheBytes`; and how many times the view came to rest and the cache gave back what the
    /// resting view does not need (documents only).
    public var cacheBudgetBytes: Int? = nil
    public var cacheRestTrims: Int? = nil
    /// Pages whose text the session keeps (bounded, the pages shown last; documents only).
    public var pagesWithText: Int? = nil
    /// Whether the app's stylesheet, compiled into the binary, was loaded, and whether the icon
    /// theme finds a tool's icon (`annotator-tool-pen-symbolic`), wherever the binary runs from.
    public var stylesheetLoaded: Bool? = nil
    public var toolIconsFound: Bool? = nil
    /// Whether the display's icon theme is the one the app made as the display opened, with its
    /// icons in it before it was read, and how many times the themes were thrown away and read
    /// again since (the user picked another icon theme; none at start-up).
    public var iconThemeMadeByApp: Bool? = nil
    public var iconThemeChanges: Int? = nil
    /// Whether the window made what its first frame does not show (the recent-files entry, the
    /// signature check, the bookmarks), which waits for that frame (the sidebar's pages wait for
    /// the sidebar to be shown: `sidebarPagesMade`).
    public var madeAfterFirstFrame: Bool? = nil
    /// How many times the page view made a GPU texture or a cairo node of a tile's pixels (each
    /// tile once when it is first shown, and again only at another zoom): a frame that shows
    /// only tiles placed before adds none.
    public var tileImagesMade: Int? = nil
    /// Tiles the render worker rendered for the page view since its document opened.
    public var tilesRendered: Int? = nil
    /// How many times the page view asked the render worker for tiles of what it shows (a view
    /// shown again from its cache asks for none).
    public var visibleTileRequests: Int? = nil
    /// Each annotation-toolbar button's detailed action with its place in the window ([x, y,
    /// width, height] in `canvasX`'s coordinates; `[]` when it does not show), once the toolbar
    /// is made; and the window's own area ([x, y, width, height], the same coordinates).
    public var toolbarButtonFrames: [String: [Double]]? = nil
    public var windowFrame: [Double]? = nil
    /// The frames the page view drew, and of those the ones painted with tiles on screen still
    /// missing.
    public var framesDrawn: Int? = nil
    public var framesDrawnMissingTiles: Int? = nil
    /// How many tiles the last plan drew ahead of the moving view (0 at rest).
    public var tilesAhead: Int? = nil
    /// The bytes of rendered tile pixels alive in the process, whoever holds them (the cache,
    /// tiles on their way from the render worker, the nodes of frames), beside `cacheBytes`.
    public var tilePixelBytes: Int? = nil
    /// The most bytes the document's tile pixels alive have been since it opened (whoever held
    /// them), and the limit the render worker keeps them under now: the cache's budget, which
    /// has room for the tiles asked for, and one tile more on its way (documents only).
    public var tilePixelPeakBytes: Int? = nil
    public var tilePixelLimitBytes: Int? = nil
    /// How many times the render worker made tiles beyond that limit, having waited a second in
    /// vain for tiles to go, and the most the pixels alive went beyond the limit right after it
    /// made tiles (0 and 0 while the limit held).
    public var tileRendersOverLimit: Int? = nil
    public var tilePixelsBeyondLimitBytes: Int? = nil
    /// How many times the render worker waited for tiles to go before making the next one.
    public var tileRoomWaits: Int? = nil
    /// How many tiles a frame had shown gave their pixels back as they left the cache, the view
    /// having moved on from that frame, rather than when the next frame replaced it.
    public var tilesReleasedEarly: Int? = nil
    /// Whether the window has made its sidebar's pages (the outline, the Pages grid, the lists),
    /// which it makes when the sidebar is first shown; and how many page thumbnails the Pages
    /// grid has drawn since (each one when its row first comes into view).
    public var sidebarPagesMade: Bool? = nil
    /// The status pages the window has made ("empty", "error"), each the first time it showed:
    /// a window opened on a document makes neither.
    public var statusPagesMade: [String]? = nil
    public var thumbnailsMade: Int? = nil
    /// Annotations of a large move (a lasso's Move of many strokes) still to be written into the
    /// document's objects, a slice each turn of the main loop after the model took the move.
    public var pendingAnnotationWrites: Int? = nil
    /// How many such slices were written since the window opened, and the most one wrote.
    public var editWriteSlices: Int? = nil
    public var largestEditWriteSlice: Int? = nil
    /// Whether a carried group let go is still drawn where it landed (its old places veiled)
    /// until its page's tiles show the move.
    public var carryLanding: Bool? = nil
    /// The layers a carry of a selection at rest would make, made ahead on idle turns a band at
    /// a time: how many layers were made so, how many bands were drawn, how many layers carries
    /// took made so (two a carry), how many carries drew the bands left of layers still being
    /// made, how many layers carries' frames made themselves, and why the last carry took none
    /// (`none` made, or what differed: `page`, `view`, `places`, `outlines`, `tiles`; absent
    /// when it took them or before a carry).
    public var carriedLayersMadeAhead: Int? = nil
    public var carriedLayersAheadBands: Int? = nil
    public var carriedLayersTakenAhead: Int? = nil
    public var carriedLayersFinishedByCarry: Int? = nil
    public var carriedLayersMadeOnCarry: Int? = nil
    public var carriedLayersAheadMissed: String? = nil
    /// How many times the trim of freed memory due after the last tile arrived waited for the
    /// canvas's frames to stop.
    public var memoryTrimsPostponed: Int? = nil
    /// How many times pages found textless waited for the canvas to rest (no frame for two
    /// seconds) before they were read.
    public var ocrWaitsForRest: Int? = nil
    /// The shared memory frames reach the X server through (X11, frames over 16 MiB only): the
    /// bytes of the one segment held now (0 when none), and how many segments were made, given
    /// back, and refused (one existed already, or bigger than a screen's frame) since the start.
    public var frameShmBytes: Int? = nil
    public var frameShmMade: Int? = nil
    public var frameShmReleased: Int? = nil
    public var frameShmRefused: Int? = nil
    /// Of the segments made, those a worker made and touched before a frame took them.
    public var frameShmMadeAhead: Int? = nil
    /// Of those, the segments the X server had attached and written in before cairo attached them.
    public var frameShmSharedAhead: Int? = nil

    public init(
        title: String,
        path: String? = nil,
        content: String,
        errorMessage: String? = nil,
        passwordError: String? = nil,
        pageCount: Int,
        currentPage: Int,
        zoom: Double,
        zoomMode: String,
        offsetX: Double,
        offsetY: Double,
        viewWidth: Double,
        viewHeight: Double,
        canvasX: Double,
        canvasY: Double,
        visiblePages: [VisiblePage],
        missingTiles: Int,
        cachedTiles: Int,
        cacheBytes: Int,
        handledInputEvents: Int,
        replayFinished: Bool,
        isAnimating: Bool,
        selectedAnnotation: String? = nil,
        hoveredAnnotation: String? = nil,
        cursor: String,
        annotations: [AnnotationSnapshot],
        annotationEdits: Int,
        selectedText: String? = nil,
        pendingExternalLink: String? = nil,
        canvasHasFocus: Bool,
        isEditable: Bool,
        hasUnsavedChanges: Bool,
        undoName: String? = nil,
        redoName: String? = nil,
        dialog: String? = nil,
        saveError: String? = nil,
        saving: Bool,
        heldCreations: Int,
        textBoxEditor: String? = nil,
        tool: String,
        toolbarShown: Bool,
        penDrawsAtOnce: Bool,
        fingerDraws: Bool,
        selectedAnnotations: [String],
        contextMenu: [String]? = nil,
        liftedAnnotation: String? = nil,
        pressedAnnotation: String? = nil,
        canGoBack: Bool,
        canGoForward: Bool,
        linkTooltip: String? = nil,
        searchQuery: String? = nil,
        searchMatchCount: Int,
        searchCurrentMatch: Int? = nil,
        searchDone: Bool,
        searchNotice: String? = nil,
        properties: [[String]]? = nil,
        recentDocuments: [String],
        sidebarShown: Bool,
        outline: [[String]],
        outlineVisible: [Bool],
        outlineSelected: Int? = nil,
        sidebarPage: String? = nil,
        annotationList: [[String]],
        annotationListRowsBuilt: Int,
        bookmarks: [[String]],
        formFields: [FormFieldSnapshot],
        focusedFormField: String? = nil,
        formFieldEditor: String? = nil,
        thumbnailPages: [Int],
        thumbnailsPainted: [Int],
        thumbnailCurrentPage: Int? = nil,
        thumbnailFrames: [[Double]],
        thumbnailSelection: [Int]? = nil,
        gridReplayFinished: Bool? = nil,
        signatures: [SignatureSnapshot]? = nil,
        signatureBar: String? = nil,
        signaturePadStrokes: Int? = nil,
        padReplayFinished: Bool? = nil,
        renderer: String? = nil,
        canvasFrames: String? = nil,
        inkPreviewNodes: Int? = nil,
        preferencesPage: String? = nil,
        textDirection: String? = nil,
        highContrast: Bool? = nil,
        layoutSettling: Bool? = nil,
        mainMenuShown: Bool? = nil,
        visibleTexts: [String]? = nil,
        focusRegion: String? = nil,
        searchProgress: Double? = nil,
        searchStopped: Bool? = nil,
        textSelectionHandles: [[Double]]? = nil,
        thumbnailsShownInMs: Double? = nil,
        spreadMode: String? = nil,
        scrollDirection: String? = nil,
        rightToLeft: Bool? = nil,
        visibleSpreads: [Int]? = nil,
        pageColours: String? = nil,
        readingMode: Bool? = nil,
        fullscreen: Bool? = nil,
        pointerHidden: Bool? = nil,
        edgeTaps: String? = nil,
        oneSpreadAtATime: Bool? = nil,
        zoomScope: String? = nil,
        minZoom: Double? = nil,
        maxZoom: Double? = nil,
        pageCurl: Bool? = nil,
        pageTurnProgress: Double? = nil,
        pageTurnsCompleted: Int? = nil,
        pageTurnFrames: Int? = nil,
        pageTurnFrameP50Ms: Double? = nil,
        pageTurnFrameP99Ms: Double? = nil,
        pageTurnIntervalP50Ms: Double? = nil,
        pageTurnIntervalP99Ms: Double? = nil,
        layoutInvalidations: Int? = nil,
        viewFrames: Int? = nil,
        viewFrameP50Ms: Double? = nil,
        viewFrameP99Ms: Double? = nil,
        firstFrameTilesTaken: Int? = nil,
        firstFrameTilesRendered: Int? = nil,
        framesPainted: Int? = nil,
        painted: Bool? = nil,
        lastInputPosition: [Double]? = nil,
        focusedWidget: String? = nil,
        focusedText: String? = nil,
        gridDropGap: Int? = nil
    ) {
        self.title = title
        self.path = path
        self.content = content
        self.errorMessage = errorMessage
        self.passwordError = passwordError
        self.pageCount = pageCount
        self.currentPage = currentPage
        self.zoom = zoom
        self.zoomMode = zoomMode
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
        self.canvasX = canvasX
        self.canvasY = canvasY
        self.visiblePages = visiblePages
        self.missingTiles = missingTiles
        self.cachedTiles = cachedTiles
        self.cacheBytes = cacheBytes
        self.handledInputEvents = handledInputEvents
        self.replayFinished = replayFinished
        self.isAnimating = isAnimating
        self.selectedAnnotation = selectedAnnotation
        self.hoveredAnnotation = hoveredAnnotation
        self.cursor = cursor
        self.annotations = annotations
        self.annotationEdits = annotationEdits
        self.selectedText = selectedText
        self.pendingExternalLink = pendingExternalLink
        self.canvasHasFocus = canvasHasFocus
        self.isEditable = isEditable
        self.hasUnsavedChanges = hasUnsavedChanges
        self.undoName = undoName
        self.redoName = redoName
        self.dialog = dialog
        self.saveError = saveError
        self.saving = saving
        self.heldCreations = heldCreations
        self.textBoxEditor = textBoxEditor
        self.tool = tool
        self.toolbarShown = toolbarShown
        self.penDrawsAtOnce = penDrawsAtOnce
        self.fingerDraws = fingerDraws
        self.selectedAnnotations = selectedAnnotations
        self.contextMenu = contextMenu
        self.liftedAnnotation = liftedAnnotation
        self.pressedAnnotation = pressedAnnotation
        self.canGoBack = canGoBack
        self.canGoForward = canGoForward
        self.linkTooltip = linkTooltip
        self.searchQuery = searchQuery
        self.searchMatchCount = searchMatchCount
        self.searchCurrentMatch = searchCurrentMatch
        self.searchDone = searchDone
        self.searchNotice = searchNotice
        self.properties = properties
        self.recentDocuments = recentDocuments
        self.sidebarShown = sidebarShown
        self.outline = outline
        self.outlineVisible = outlineVisible
        self.outlineSelected = outlineSelected
        self.sidebarPage = sidebarPage
        self.annotationList = annotationList
        self.annotationListRowsBuilt = annotationListRowsBuilt
        self.bookmarks = bookmarks
        self.formFields = formFields
        self.focusedFormField = focusedFormField
        self.formFieldEditor = formFieldEditor
        self.thumbnailPages = thumbnailPages
        self.thumbnailsPainted = thumbnailsPainted
        self.thumbnailCurrentPage = thumbnailCurrentPage
        self.thumbnailFrames = thumbnailFrames
        self.thumbnailSelection = thumbnailSelection
        self.gridReplayFinished = gridReplayFinished
        self.signatures = signatures
        self.signatureBar = signatureBar
        self.signaturePadStrokes = signaturePadStrokes
        self.padReplayFinished = padReplayFinished
        self.renderer = renderer
        self.canvasFrames = canvasFrames
        self.inkPreviewNodes = inkPreviewNodes
        self.preferencesPage = preferencesPage
        self.textDirection = textDirection
        self.highContrast = highContrast
        self.layoutSettling = layoutSettling
        self.mainMenuShown = mainMenuShown
        self.visibleTexts = visibleTexts
        self.focusRegion = focusRegion
        self.searchProgress = searchProgress
        self.searchStopped = searchStopped
        self.textSelectionHandles = textSelectionHandles
        self.thumbnailsShownInMs = thumbnailsShownInMs
        self.spreadMode = spreadMode
        self.scrollDirection = scrollDirection
        self.rightToLeft = rightToLeft
        self.visibleSpreads = visibleSpreads
        self.pageColours = pageColours
        self.readingMode = readingMode
        self.fullscreen = fullscreen
        self.pointerHidden = pointerHidden
        self.edgeTaps = edgeTaps
        self.oneSpreadAtATime = oneSpreadAtATime
        self.zoomScope = zoomScope
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.pageCurl = pageCurl
        self.pageTurnProgress = pageTurnProgress
        self.pageTurnsCompleted = pageTurnsCompleted
        self.pageTurnFrames = pageTurnFrames
        self.pageTurnFrameP50Ms = pageTurnFrameP50Ms
        self.pageTurnFrameP99Ms = pageTurnFrameP99Ms
        self.pageTurnIntervalP50Ms = pageTurnIntervalP50Ms
        self.pageTurnIntervalP99Ms = pageTurnIntervalP99Ms
        self.layoutInvalidations = layoutInvalidations
        self.viewFrames = viewFrames
        self.viewFrameP50Ms = viewFrameP50Ms
        self.viewFrameP99Ms = viewFrameP99Ms
        self.firstFrameTilesTaken = firstFrameTilesTaken
        self.firstFrameTilesRendered = firstFrameTilesRendered
        self.framesPainted = framesPainted
        self.painted = painted
        self.lastInputPosition = lastInputPosition
        self.focusedWidget = focusedWidget
        self.focusedText = focusedText
        self.gridDropGap = gridDropGap
    }
}

/// One form field as the state dump reports it.
/// A signature field as the state dump gives it (see `SignatureReport` in Document).
public struct SignatureSnapshot: Codable, Sendable, Equatable {
    public var field: String
    /// The certificate's common name.
    public var signer: String?
    /// ISO 8601.
    public var signingTime: String?
    /// `checking`, `valid`, `invalid`, `digestMismatch`, `decodingError`, `notVerified`, `unknown`.
    public var status: String
    /// `trusted`, `untrustedIssuer`, `unknownIssuer`, `revoked`, `expired`, `notVerified`, `unknown`.
    public var certificate: String
    public var coversWholeFile: Bool
    /// `annotations`, `formValues`, `pages`, `other`.
    public var changesAfter: [String]

    public init(field: String, signer: String?, signingTime: String?, status: String, certificate: String,
                coversWholeFile: Bool, changesAfter: [String]) {
        self.field = field
        self.signer = signer
        self.signingTime = signingTime
        self.status = status
        self.certificate = certificate
        self.coversWholeFile = coversWholeFile
        self.changesAfter = changesAfter
    }
}

public struct FormFieldSnapshot: Codable, Sendable {
    public var name: String
    /// text, checkBox, radioButton, pushButton, comboBox, listBox or signature.
    public var kind: String
    /// The value: text, a button's state name ("Off" when off), a list's choices joined with
    /// newlines; `nil` when the field has none.
    public var value: String?
    public var readOnly: Bool
    /// 1-based page of the field's first widget.
    public var page: Int?

    public init(name: String, kind: String, value: String? = nil, readOnly: Bool, page: Int? = nil) {
        self.name = name
        self.kind = kind
        self.value = value
        self.readOnly = readOnly
        self.page = page
    }
}

/// A document's shared review (``WindowSnapshot/sharedReview``).
public struct SharedReviewSnapshot: Codable, Sendable, Equatable {
    /// The review folder's URI and this device's id (its file is `<device>.xfdf-review`).
    public var folder: String
    public var device: String
    /// What the document is known by in the review (packets for another are refused).
    public var document: String
    /// The other devices whose packets were read, each with the bytes of its file read.
    public var devicesSeen: [String: Int]
    /// Packets made here that wait for the folder (offline), and why the folder could not be
    /// used last time (`nil` when it could).
    public var pendingPackets: Int
    public var problem: String?
    /// Names (/NM) of annotations changed by others and not yet looked at, and of those both
    /// sides edited.
    public var changed: [String]
    public var conflicts: [String]
    /// Devices whose packets were refused, being for another document.
    public var refusedDevices: [String]
    /// How many merges changed the document, and the main thread's time of the last one
    /// (reading the packets is done on a worker before it).
    public var merges: Int
    public var lastMergeMs: Double?

    public init(folder: String, device: String, document: String, devicesSeen: [String: Int], pendingPackets: Int, problem: String?, changed: [String],
                conflicts: [String], refusedDevices: [String], merges: Int, lastMergeMs: Double?) {
        self.folder = folder
        self.device = device
        self.document = document
        self.devicesSeen = devicesSeen
        self.pendingPackets = pendingPackets
        self.problem = problem
        self.changed = changed
        self.conflicts = conflicts
        self.refusedDevices = refusedDevices
        self.merges = merges
        self.lastMergeMs = lastMergeMs
    }
}

/// One annotation's place in its review thread (``WindowSnapshot/reviewThreads``).
public struct ReviewThreadSnapshot: Codable, Sendable, Equatable {
    /// The editor's id (`pN-aM`, `pN-n…`) and 1-based page.
    public var id: String
    public var page: Int
    /// /NM, /T and /IRT (the parent's editor id; `nil` at the top of a thread).
    public var name: String?
    public var author: String?
    public var inReplyTo: String?
    public var text: String?
    /// How many replies it has, theirs included.
    public var replies: Int
    /// Its review state (Accepted, Rejected, Cancelled, Completed, None), `nil` when none was
    /// set; and whether the user marked it (the Marked model).
    public var state: String?
    public var marked: Bool

    public init(id: String, page: Int, name: String?, author: String?, inReplyTo: String?, text: String?, replies: Int,
                state: String?, marked: Bool) {
        self.id = id
        self.page = page
        self.name = name
        self.author = author
        self.inReplyTo = inReplyTo
        self.text = text
        self.replies = replies
        self.state = state
        self.marked = marked
    }
}

/// One reply as a note's window shows it (``WindowSnapshot/noteReplies``).
public struct NoteReplySnapshot: Codable, Sendable, Equatable {
    /// The reply's editor id, /T and /Contents.
    public var id: String
    public var author: String
    public var text: String
    /// 1 for a reply to the note, 2 for a reply to that …
    public var depth: Int
    /// Whether it is the user's own, offered with Edit… and Delete.
    public var editable: Bool

    public init(id: String, author: String, text: String, depth: Int, editable: Bool) {
        self.id = id
        self.author = author
        self.text = text
        self.depth = depth
        self.editable = editable
    }
}

/// One annotation as the state dump reports it.
public struct AnnotationSnapshot: Codable, Sendable {
    public var id: String
    public var kind: String
    /// 1-based page number.
    public var page: Int
    /// The rectangle in canvas-widget coordinates (logical px).
    public var x, y, width, height: Double

    public init(
        id: String,
        kind: String,
        page: Int,
        x: Double,
        y: Double,
        width: Double,
        height: Double
    ) {
        self.id = id
        self.kind = kind
        self.page = page
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}


/// The predicted ink tip's figures in the dump (``WindowSnapshot/inkTip``): the ink benchmark
/// reports them, and the UI tests see the preference reach the page view.
public struct InkTipSnapshot: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var measured: Int
    public var meanDistanceToPath: Double
    public var meanDistanceToPosition: Double
    public init(enabled: Bool, measured: Int, meanDistanceToPath: Double, meanDistanceToPosition: Double) {
        self.enabled = enabled
        self.measured = measured
        self.meanDistanceToPath = meanDistanceToPath
        self.meanDistanceToPosition = meanDistanceToPosition
    }
}
