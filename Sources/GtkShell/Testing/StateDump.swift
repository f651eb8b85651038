// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Geometry

/// What a window shows, in numbers: written as JSON by ``StateDump`` so UI tests can wait for
/// conditions instead of sleeping. The format is documented in the GtkShell DocC catalogue.
public struct WindowSnapshot: Codable, Sendable {
    public struct VisiblePage: Codable, Sendable {
        /// 1-based page number.
        public var page: Int
        /// The page's rectangle in canvas-widget coordinates (logical px).
        public var x, y, width, height: Double
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
    /// Visible tiles not rendered yet; 0 means everything visible is sharp.
    public var missingTiles: Int
    public var cachedTiles: Int
    public var cacheBytes: Int
    /// Engine input events the canvas handled (live or replayed).
    public var handledInputEvents: Int
    public var replayFinished: Bool
    /// Whether kinetic momentum is still moving the view.
    public var isAnimating: Bool
    public var selectedAnnotation: String?
    public var hoveredAnnotation: String?
    /// The CSS cursor name over the canvas.
    public var cursor: String
    /// Annotations on the visible pages, with their rectangles on screen.
    public var annotations: [AnnotationSnapshot]
    public var annotationEdits: Int
    /// The selected text, if any.
    public var selectedText: String?
    /// The address an open "open this link?" question names.
    public var pendingExternalLink: String?
    /// Whether keys go to the canvas (scrolling keys work without a click first).
    public var canvasHasFocus: Bool
    /// Whether the document's editor is open (it opens just after the first frame).
    public var isEditable: Bool
    /// Whether there are changes a save would write.
    public var hasUnsavedChanges: Bool
    /// What Undo and Redo would do ("Move"), or `nil` when there is nothing.
    public var undoName: String?
    public var redoName: String?
    /// The question or message open over the window: "restore", "close", "save-failed",
    /// "changed-on-disk", "journal-stale", "journal-locked", "restore-failed", "save-as" (the file chooser), "note" (a
    /// note's text being written), "stamp-picture" (the picture chooser), "stamp-picture-failed";
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
    /// The tool in use: "select", "pen", "highlight", "underline", "strike-out", "squiggly", "rectangle", "text", "stamp", "ellipse", "line", "arrow", "note", "eraser".
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
    /// The share of the pages the search has read (0…1), and whether the user stopped it.
    public var searchProgress: Double?
    public var searchStopped: Bool?
    /// A finger's selection's handles, [[x, y], [x, y]] (the points under its first and last
    /// character, in canvas-widget coordinates), while they are shown.
    public var textSelectionHandles: [[Double]]?
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
}

/// One form field as the state dump reports it.
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
}

/// One annotation as the state dump reports it.
public struct AnnotationSnapshot: Codable, Sendable {
    public var id: String
    public var kind: String
    /// 1-based page number.
    public var page: Int
    /// The rectangle in canvas-widget coordinates (logical px).
    public var x, y, width, height: Double
}

/// Writes every window's ``WindowSnapshot`` to a file (atomically, coalesced to one write per
/// main-loop iteration) when the app runs with `--state-file`.
@MainActor
final class StateDump {
    let path: String
    private var pending = false

    init(path: String) { self.path = path }

    func scheduleWrite(_ snapshot: @escaping @MainActor () -> [WindowSnapshot]) {
        guard !pending else { return }
        pending = true
        MainLoop.post(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return }
            self.pending = false
            let body = ["pid": AnyCodableWindows.pid(Int(getpid())), "windows": .windows(snapshot())]
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            guard let data = try? encoder.encode(body) else { return }
            let tmp = self.path + ".tmp"
            if FileManager.default.createFile(atPath: tmp, contents: data) {
                _ = rename(tmp, self.path)
            }
        }
    }
}

/// The two kinds of value the dump's top level holds.
enum AnyCodableWindows: Encodable {
    case pid(Int)
    case windows([WindowSnapshot])
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .pid(let p): try c.encode(p)
        case .windows(let w): try c.encode(w)
        }
    }
}

extension DocumentWindow {
    /// The window's state for the dump.
    func snapshot() -> WindowSnapshot {
        let v = canvas.viewport
        var cx = 0.0, cy = 0.0
        var surfaceX = 0.0, surfaceY = 0.0
        if let native = gtk_widget_get_native(canvas.area) {
            gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
            _ = gtk_widget_translate_coordinates(canvas.area, cast(native), 0, 0, &cx, &cy)
        }
        let pages = content == .document
            ? canvas.view.shownPages.map { page -> WindowSnapshot.VisiblePage in
                let f = canvas.layout.pageFrame(page, zoom: v.zoom)
                return .init(page: page.displayNumber, x: f.minX - v.offset.x, y: f.minY - v.offset.y, width: f.width, height: f.height)
            }
            : []
        return WindowSnapshot(
            title: string(gtk_window_get_title(cast(window))) ?? "", path: path, content: content.rawValue,
            errorMessage: errorMessage, passwordError: content == .password ? passwordPrompt.errorText : nil,
            pageCount: content == .document ? canvas.pageCount : 0,
            currentPage: content == .document ? (canvas.currentPage?.displayNumber ?? 0) : 0,
            zoom: v.zoom, zoomMode: canvas.zoomMode.rawValue, offsetX: v.offset.x, offsetY: v.offset.y,
            viewWidth: v.size.width, viewHeight: v.size.height, canvasX: cx + surfaceX, canvasY: cy + surfaceY,
            visiblePages: pages, missingTiles: canvas.missingVisibleTiles, cachedTiles: canvas.cache.count,
            cacheBytes: canvas.cache.usedBytes, handledInputEvents: canvas.diagnostics.handledInputEvents,
            replayFinished: canvas.diagnostics.replayFinished, isAnimating: canvas.isAnimating,
            selectedAnnotation: canvas.interaction.selectedAnnotation?.rawValue,
            hoveredAnnotation: canvas.interaction.hoveredAnnotation?.rawValue, cursor: canvas.cursorName,
            annotations: canvas.visibleAnnotationSnapshots(), annotationEdits: canvas.diagnostics.annotationEdits,
            selectedText: canvas.selectedText, pendingExternalLink: pendingExternalLink,
            canvasHasFocus: gtk_widget_has_focus(canvas.area) != 0, isEditable: editing != nil,
            hasUnsavedChanges: editing?.hasUnsavedChanges ?? false, undoName: editing?.undoName,
            redoName: editing?.redoName, dialog: pendingDialog, saveError: saveError,
            saving: editing?.editor.saveInProgress != nil, heldCreations: canvas.previews.held.count,
            textBoxEditor: canvas.textBoxEditor.map { $0.annotationID ?? "" }, tool: toolName,
            toolbarShown: toolbarToggle.map { gtk_toggle_button_get_active(cast($0)) != 0 } ?? false,
            penDrawsAtOnce: canvas.interaction.penDrawsAtOnce, fingerDraws: canvas.interaction.fingerDraws,
            selectedAnnotations: canvas.interaction.selectedAnnotations.map(\.rawValue), contextMenu: contextMenuItems,
            liftedAnnotation: canvas.previews.lifted?.rawValue, pressedAnnotation: canvas.previews.pressed?.rawValue,
            canGoBack: canvas.history.canGoBack, canGoForward: canvas.history.canGoForward, linkTooltip: canvas.linkTooltip,
            searchQuery: canvas.searchState?.search.query, searchMatchCount: canvas.searchState?.count ?? 0,
            searchCurrentMatch: canvas.searchState?.currentNumber, searchDone: canvas.searchState?.done ?? true,
            searchNotice: searchNotice, properties: shownProperties.map { $0.rows.map { [$0.label, $0.value] } },
            recentDocuments: content == .empty ? recentShown : [],
            sidebarShown: sidebarSnapshot.shown, outline: sidebarSnapshot.outline, outlineVisible: sidebarSnapshot.visible,
            outlineSelected: sidebarSnapshot.selected,
            sidebarPage: sidebarPages.flatMap { string(gtk_stack_get_visible_child_name(cast($0))) },
            annotationList: listedAnnotations.map { [$0.id, String($0.page.displayNumber), PdfCanvas.dumpName($0.subtype), $0.contents ?? ""] },
            annotationListRowsBuilt: annotationListRowsBuilt,
            bookmarks: content == .document ? bookmarks.map { [$0.name, String($0.page)] } : [],
            formFields: (editing?.editor.formFields() ?? []).map {
                FormFieldSnapshot(name: $0.name, kind: $0.kind.rawValue, value: $0.value?.displayText, readOnly: $0.isReadOnly,
                                  page: $0.widgets.first.map { $0.page.displayNumber })
            },
            focusedFormField: canvas.interaction.focusedFormField.flatMap { editing?.editor.formField(forWidget: $0.rawValue)?.field.name },
            formFieldEditor: canvas.formEditor != nil ? "text" : canvas.choicePopover != nil ? "choices" : nil,
            thumbnailPages: thumbnails?.visiblePages.map(\.displayNumber) ?? [],
            thumbnailsPainted: thumbnails?.paintedPages.map(\.displayNumber) ?? [],
            thumbnailCurrentPage: thumbnails?.currentPage?.displayNumber,
            thumbnailFrames: (thumbnails?.visibleFrames(in: window) ?? []).map {
                [Double($0.page.displayNumber), $0.frame.minX + surfaceX, $0.frame.minY + surfaceY, $0.frame.width, $0.frame.height]
            },
            searchProgress: canvas.searchState?.progress, searchStopped: canvas.searchState?.stopped,
            textSelectionHandles: canvas.interaction.showsSelectionHandles && canvas.textSelection != nil
                ? canvas.interaction.textSelectionEnds.map { [[$0.start.x, $0.start.y], [$0.end.x, $0.end.y]] } : nil,
            thumbnailsShownInMs: thumbnails?.lastShowDuration,
            spreadMode: canvas.layoutSettings.spreadMode.rawValue, scrollDirection: canvas.layoutSettings.direction.rawValue,
            rightToLeft: canvas.layoutSettings.rightToLeft,
            visibleSpreads: content == .document
                ? Array(Set(canvas.view.shownPages.map { canvas.layout.spreadIndex(forPage: $0) })).sorted() : [],
            pageColours: pageColours.value.rawValue, readingMode: readingMode,
            fullscreen: gtk_window_is_fullscreen(cast(window)) != 0, pointerHidden: canvas.pointerHidden, edgeTaps: edgeTaps,
            oneSpreadAtATime: canvas.pagesOneSpreadAtATime, zoomScope: canvas.layout.spreadBasedZooming ? "spread" : "document",
            pageCurl: canvas.turnsPagesWithCurl, pageTurnProgress: canvas.pageTurn?.curl.progress,
            pageTurnsCompleted: canvas.diagnostics.pageTurnsCompleted, pageTurnFrames: canvas.diagnostics.turnFrames.frameMilliseconds.count,
            pageTurnFrameP50Ms: FrameTimes.percentile(0.5, of: canvas.diagnostics.turnFrames.frameMilliseconds),
            pageTurnFrameP99Ms: FrameTimes.percentile(0.99, of: canvas.diagnostics.turnFrames.frameMilliseconds),
            pageTurnIntervalP50Ms: FrameTimes.percentile(0.5, of: canvas.diagnostics.turnFrames.intervalMilliseconds),
            pageTurnIntervalP99Ms: FrameTimes.percentile(0.99, of: canvas.diagnostics.turnFrames.intervalMilliseconds),
            layoutInvalidations: canvas.diagnostics.layoutInvalidations,
            viewFrames: canvas.diagnostics.viewFrames.frameMilliseconds.count,
            viewFrameP50Ms: FrameTimes.percentile(0.5, of: canvas.diagnostics.viewFrames.frameMilliseconds),
            viewFrameP99Ms: FrameTimes.percentile(0.99, of: canvas.diagnostics.viewFrames.frameMilliseconds),
            firstFrameTilesTaken: canvas.diagnostics.firstFrameTilesTaken,
            firstFrameTilesRendered: canvas.diagnostics.firstFrameTilesRendered)
    }
}
