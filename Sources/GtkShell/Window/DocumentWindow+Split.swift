// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentPoppler
import Geometry
import Platform
import StateSnapshot
import TextRecognition

/// View ▸ Split: two views of the tab's one document (``SplitView``). `win.split-view` (a
/// stateful string: `none`, `horizontal` for side by side, `vertical` for one above the other)
/// splits, turns or closes it; `win.toggle-split` (F8) splits side by side or closes the split.
/// The second view starts where the first one is; asked for again while split, only the
/// orientation changes (the two views stay as they are). Closing the split keeps the active
/// view's place, zoom and layout, what is being typed in the view that goes, and the selection
/// made there (SplitSelection). A document
/// with no pages (or none shown yet: the error, password or repair page), or a carry or loop
/// under way, is not split (the bell rings; nothing changes).
extension DocumentWindow {
    func installSplitActions() {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful("split-view", type, g_variant_new_string(SplitView.Orientation.none.rawValue))!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] parameter in
            guard let self, let parameter, let text = string(g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            guard let orientation = SplitView.Orientation(rawValue: text) else { gtk_widget_error_bell(self.window); return }
            self.split(orientation)
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
        addAction("toggle-split") { [weak self] in
            guard let self else { return }
            self.split(self.splitView.isSplit ? .none : .horizontal)
        }
        splitView.onActiveChanged = { [weak self] before in self?.activeViewChanged(from: before) }
        splitView.onChanged = { [weak self] in self?.application?.stateChanged() }
    }

    /// The canvas the tab was made with (the first view while split).
    var primaryCanvas: PdfCanvas { splitView.primary }

    /// Splits the page area, turns the split, or (`.none`) closes it.
    func split(_ orientation: SplitView.Orientation) {
        defer { syncSplitAction() }
        guard orientation != splitView.orientation else { return }
        if orientation == .none {
            closeSplit()
            return
        }
        // Nothing to show twice, or a carry, a loop or a stroke under way in the view: a split
        // now would take the page from under it.
        guard content == .document, canvas.pageCount > 0, transformIdle, canvas.session.previews.lasso == nil,
              canvas.session.landingPage == nil else {
            gtk_widget_error_bell(window)
            return
        }
        splitView.set(orientation) { makeSecondView() }
        application?.stateChanged()
    }

    /// Back to one view, keeping the active view's place, zoom and layout.
    func closeSplit() {
        guard splitView.isSplit, let leaving = splitView.second?.canvas else { return }
        // What is being typed in the view that goes (a text box, a form field) is kept, as
        // leaving the field would keep it.
        leaving.forms.closeEditors(keep: true)
        leaving.textBox.editor?.finish(keep: true)
        let kept = canvas
        // The selection made there goes on in the view that stays when the view that goes was the
        // active one, or the one that stays has none of its own (SplitSelection).
        let selection = SplitSelection(of: leaving, wasActive: kept === leaving)
        let primary = primaryCanvas
        let place = kept.readingPosition, zoomMode = kept.zoomMode, page = kept.currentPage
        /// The kept view's place in the primary view, and its page: the view, wider or taller
        /// now, shows more (at the end of the document the place's top is on a page before the
        /// last one, which the reader was on).
        let keepPlace: @MainActor (PdfCanvas) -> Void = { primary in
            primary.restore(place, zoomMode: zoomMode)
            if let page, primary.currentPage != page { primary.goTo(page: page) }
        }
        if kept !== primary {
            primary.setLayoutSettings(kept.layoutSettings)
            primary.setPagesOneSpreadAtATime(kept.pagesOneSpreadAtATime)
            keepPlace(primary)
        }
        if let editing { editing.onShownElsewhere = nil }
        splitView.set(.none) { primary }
        selection.carry(to: primary)
        // Once the primary view has the whole page area (its next size, in the next frame of
        // the tab in front), the place again.
        var handler: UInt = 0
        if gtk_widget_get_mapped(primary.area) != 0 { handler = Signals.connect(raw(primary.area), "resize", size: { [weak primary] _, _ in
            guard let primary else { return }
            g_signal_handler_disconnect(raw(primary.area), gulong(handler))
            MainLoop.post(priority: G_PRIORITY_HIGH) { [weak primary] in primary.map(keepPlace) }
        }) }
        if content == .document { gtk_widget_grab_focus(primary.area) }
        syncSplitAction()
        syncViewActions()
        viewChanged()
    }

    private func syncSplitAction() {
        guard let action = g_action_map_lookup_action(actionMap, "split-view") else { return }
        g_simple_action_set_state(action, g_variant_new_string(splitView.orientation.rawValue))
    }

    /// The second view: the document as it shows now, drawn on the first view's worker, answering
    /// to the window as the first view does, starting where the first one is.
    private func makeSecondView() -> PdfCanvas {
        let first = primaryCanvas
        let second = PdfCanvas()
        // Whatever the window hears from its first view it hears from the second (content
        // changes and reshaped pages once, from the first).
        second.onViewChanged = { [weak self] in self?.viewChanged() }
        second.onExternalLink = first.onExternalLink
        second.onEditNote = first.onEditNote
        second.onSelectionChanged = first.onSelectionChanged
        second.onAnnotationsSelected = first.onAnnotationsSelected
        second.onToolDropped = first.onToolDropped
        second.onToggleUserInterface = first.onToggleUserInterface
        second.onEscape = first.onEscape
        second.onSearchChanged = first.onSearchChanged
        second.onSearchWrapped = first.onSearchWrapped
        second.onTextMenu = first.onTextMenu
        second.onContextMenu = first.onContextMenu
        second.onTextlessPage = first.onTextlessPage
        second.onPlayMedia = first.onPlayMedia
        second.forms.onSignatureFieldTapped = first.forms.onSignatureFieldTapped
        second.whenEditorReady = first.whenEditorReady
        second.readyForInput = first.readyForInput
        second.reader.annotationPresence = first.reader.annotationPresence
        second.reader.currentLinks = first.reader.currentLinks
        second.searchSources = first.searchSources
        second.followInputSettings()
        for name in application?.options.disabledInteractions ?? [] {
            second.interactions.component(named: name)?.isEnabled = false
        }
        second.interactions.fastScroll.isEnabled = first.interactions.fastScroll.isEnabled
        second.interactions.settings.fastScrollEdgeFraction = first.interactions.settings.fastScrollEdgeFraction
        second.hidesIdlePointer = first.hidesIdlePointer
        // Its tiles drawn on the first view's worker, in turn with the first's: the one being
        // moved is served first.
        second.tiles.sharesWorkerOf = first.tiles.queue
        // The version shown now (after page edits, the editor's), drawn in the page colours.
        if let source = editing?.renderSource ?? editorMaking?.renderSource {
            let shown = source.document
            second.setDocument(shown, text: RecognizedTextSource(base: shown, recognized: recognition.pages), links: shown,
                               drawPage: source.pageDrawing(colours: pageColours))
        }
        second.setLayoutSettings(first.layoutSettings)
        second.setPagesOneSpreadAtATime(first.pagesOneSpreadAtATime)
        second.zoomsEachSpread = first.zoomsEachSpread
        second.restore(first.readingPosition, zoomMode: first.zoomMode)
        Self.copyToolSettings(from: first, to: second)
        if let editing { follow(editing, in: second) }
        return second
    }

    /// The editor is open: the second view commits through it too, and shows what it changes.
    func splitEditorOpened(_ session: EditingSession) {
        guard let second = splitView.second?.canvas else { return }
        follow(session, in: second)
    }

    /// `view` commits through `session` and follows every version it shows (after the worker
    /// took it in, once it finished the tile it was drawing, so that no tile of the version
    /// before is shown as current).
    private func follow(_ session: EditingSession, in view: PdfCanvas) {
        view.editing = session
        for page in view.content.annotationsByPage.keys { view.refreshTargets(on: page) }
        view.apply(view.session.editorArrived())
        session.onShownElsewhere = { [weak view] document, pages, reshaped, reordered in
            guard let view else { return }
            let show: @MainActor () -> Void = { [weak view] in
                guard let view else { return }
                if reshaped { view.pagesReshaped(document, pages, reordered: reordered) }
                view.contentChanged(pages)
                view.onViewChanged?()
            }
            guard let queue = view.tiles.queue else { show(); return }
            queue.perform { MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { show() } }
        }
    }

    /// The view last clicked is the one the window acts on: the toolbar's tool and styles go
    /// with it, and the header shows its page and zoom.
    private func activeViewChanged(from before: PdfCanvas) {
        let now = splitView.active
        Self.copyToolSettings(from: before, to: now)
        if before.onBoxDrawn != nil {
            now.onBoxDrawn = before.onBoxDrawn
            before.onBoxDrawn = nil
        }
        canvas = now
        // The search and the zoom strip's box go with it (DocumentWindow+Search, ZoomStripView).
        searchFollowsActiveView(from: before)
        zoomStrip?.follow(now)
        syncViewActions()
        viewChanged()
    }

    /// The tool picked and the creation tools' styles and settings.
    private static func copyToolSettings(from source: PdfCanvas, to target: PdfCanvas) {
        target.toolStyles = source.toolStyles
        target.composer.textFontSize = source.composer.textFontSize
        target.composer.textAlignment = source.composer.textAlignment
        target.composer.stampName = source.composer.stampName
        target.composer.stampPicture = source.composer.stampPicture
        target.composer.stampSignature = source.composer.stampSignature
        target.composer.stampAttachment = source.composer.stampAttachment
        target.penDrawsAtOnce = source.penDrawsAtOnce
        target.fingerDraws = source.fingerDraws
        if target.pickedTool != source.pickedTool { target.pick(source.pickedTool) }
    }

    /// The tab's views for the state dump (`split`).
    var splitSnapshot: SplitSnapshot? {
        guard content == .document else { return nil }
        let views = splitView.views.map { view -> SplitSnapshot.View in
            let session = view.session.snapshot
            let v = session.viewport
            var cx = 0.0, cy = 0.0, surfaceX = 0.0, surfaceY = 0.0
            if let native = gtk_widget_get_native(view.area) {
                gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
                _ = gtk_widget_translate_coordinates(view.area, cast(native), 0, 0, &cx, &cy)
            }
            return SplitSnapshot.View(currentPage: session.currentPage, zoom: v.zoom, offsetX: v.offset.x, offsetY: v.offset.y,
                                      canvasX: cx + surfaceX, canvasY: cy + surfaceY, viewWidth: v.size.width, viewHeight: v.size.height,
                                      annotations: session.annotations.map(\.id), missingTiles: isCurrentTab ? view.tiles.missingOnScreen : 0,
                                      pageLabel: splitView.labelText(of: view), searchQuery: view.session.search?.search.query,
                                      searchMatchCount: view.session.search?.count,
                                      searchCurrentMatch: view.session.search?.currentNumber,
                                      canvas: view.paintWatch.canvasNumber, framesDrawn: view.diagnostics.framesDrawn)
        }
        // Views whose queue shares the worker of a view before them count no worker of their own.
        let queues = splitView.views.compactMap(\.tiles.queue)
        let workers = queues.indices.filter { i in !queues[..<i].contains { $0.sharesWorker(with: queues[i]) } }.count
        return SplitSnapshot(orientation: splitView.orientation.rawValue, views: views, activeView: splitView.activeIndex,
                             dividerPosition: splitView.dividerPosition, renderWorkers: workers)
    }
}
