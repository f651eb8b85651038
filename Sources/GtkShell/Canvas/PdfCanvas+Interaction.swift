// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import StateSnapshot

/// The canvas as host of the interaction engine: it keeps the engine's scene in step with the
/// layout and applies the engine's decisions (view changes, annotation commands, cursor,
/// effects). No gesture rule lives here.
extension PdfCanvas {
    func makeInteraction() -> DocumentInteraction {
        let interaction = DocumentInteraction(clock: clock)
        interaction.output = { [weak self] output in self?.apply(output) }
        interaction.characterLookup = { [weak self] page, point in self?.content.textByPage[page]?.characterIndex(at: point) }
        interaction.nearestCharacterLookup = { [weak self] page, point in self?.content.textByPage[page]?.nearestCharacterIndex(to: point) }
        interaction.textUnitLookup = { [weak self] page, index, unit in
            guard let text = self?.content.textByPage[page] else { return nil }
            switch unit {
            case .word: return text.wordRange(around: index)
            case .line: return text.lineRange(around: index)
            }
        }
        interaction.columnLookup = { [weak self] page, point in self?.content.textByPage[page]?.columnRect(around: point) }
        return interaction
    }

    /// Tells the engine which pages are on screen, where, and what annotations they carry.
    func syncScene() {
        guard let source = pageSource, !pageSizes.isEmpty else {
            interaction.setPages([], view: ViewTransform(zoom: viewport.zoom), viewSize: viewport.size)
            return
        }
        _ = source
        let visible = view.shownPages
        let geometries = view.pageGeometries(of: visible, exactInfo: content.exactPageInfo)
        interaction.setPages(geometries, view: ViewTransform(zoom: viewport.zoom, scrollOffset: viewport.offset - Point.zero),
                             viewSize: viewport.size)
        for page in visible where content.annotationsByPage[page] == nil {
            content.annotationsByPage[page] = []
            loadAnnotations(on: page)
        }
    }

    /// Reads a page's text and links on the render worker (the document is busy there anyway,
    /// and the main loop must not wait for a page being drawn), then, on the main loop, takes
    /// the page's annotations from the editor and hands everything to the engine.
    private func loadAnnotations(on page: PageIndex) {
        guard let source = pageSource, let queue = renderQueue else { return }
        let generation = content.generation
        let textSource = self.textSource, linkSource = self.linkSource
        queue.perform { [weak self] in
            let text = textSource?.text(on: page)
            let links = linkSource?.links(on: page) ?? []
            // The exact rotation may cost the document a probe: only pages with something to
            // hit-test pay for it (every page may carry annotations, so resolve it here).
            let info = source.pageInfo(page)
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.content.generation == generation else { return }
                self.content.exactPageInfo[page] = info
                if let text { self.content.textByPage[page] = text }
                self.content.linksByPage[page] = links
                for link in links { self.content.linkTargets[AnnotationID(link.id)] = link.target }
                self.refreshTargets(on: page)
            }
        }
    }

    /// Rebuilds a page's hit-test targets from the editor's annotations and the page's links.
    func refreshTargets(on page: PageIndex) {
        let annotations = editing?.editor.annotations(on: page) ?? []
        let links = content.linksByPage[page] ?? []
        // Link annotations come from the link list, which knows their destinations. They lie
        // below the others: a mark the user put over a link is what a press there reaches.
        let targets = links.map { AnnotationTarget(id: AnnotationID($0.id), kind: .link, page: $0.page, bounds: $0.rect, isLocked: true) }
            + annotations.filter { $0.info.isListedForEditing && (linkSource == nil || $0.subtype != .link) }.map { a in
                var target = SceneTargets.target(a)
                // A field can be filled unless it is read-only (widgets never move or resize); an
                // empty signature field takes a click too (it offers the ways to sign it).
                if a.subtype == .widget {
                    let field = editing?.editor.formField(forWidget: a.id)?.field
                    let signable = field.map { $0.kind == .signature && $0.value == nil && !$0.isReadOnly } ?? false
                    target.isLocked = a.info.isLocked || (field?.isFillable != true && !signable)
                }
                return target
            }
        content.annotationsByPage[page] = targets
        syncScene()
        interaction.setAnnotations(targets, on: page)
        if let id = content.selectWhenShown, targets.contains(where: { $0.id == id }) {
            content.selectWhenShown = nil
            interaction.deselectAnnotation()
            interaction.select(id)
        }
        focusPendingField(among: targets)
        onViewChanged?()
    }

    @discardableResult
    func apply(_ output: InteractionOutput) -> OutputHandling {
        switch output {
        case .navigate(let action):
            changeView { $0.apply(action) }
        case .smartZoom(let rect, let focus):
            smartZoom(to: rect, about: focus)
        case .tool(let command):
            return apply(command)
        case .selectionChanged:
            onSelectionChanged?(selectedAnnotationValue())
            gtk_widget_queue_draw(area)
        case .textSelectionChanged:
            updateSelectionEnds()
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .hoverChanged(let id):
            // A link under the pointer says where it leads.
            linkTooltip = id.flatMap { content.linkTargets[$0] }.map(SceneTargets.describe)
            gtk_widget_set_tooltip_text(area, linkTooltip)
            gtk_widget_queue_draw(area)
        case .cursor(let shape):
            applyCursor(shape)
        case .needsFrames:
            startTicking()
        case .contextMenu(let point, let annotation):
            onContextMenu?(point, annotation)
        case .lift(let id):
            previews.lifted = id
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .pressed(let id):
            previews.pressed = id
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .textMenu(let point):
            onTextMenu?(point)
        case .engine(let decision):
            return apply(decision)
        }
        return .applied
    }

    /// Applies an engine decision that `DocumentInteraction` hands on. The switch is exhaustive
    /// (no catch-all case), so a new decision is a compile error here, not a silently dropped one.
    @discardableResult
    func apply(_ decision: EngineOutput) -> OutputHandling {
        switch decision {
        case .openLink(let hit):
            follow(hit.annotation.id)
        case .fastScroll(let direction):
            // A tap near an edge turns to the next or previous spread (the left edge goes back,
            // but forward in a right-to-left book). A mouse's click does so only when the whole
            // spread is in view: when reading a spread larger than the view, a click is a click.
            changeView { $0.edgeTap(direction, byTouch: lastContactWasTouch) }
        case .turnPage(let direction, let phase, let point, let velocity):
            changeView { $0.turnPage(direction, phase, at: point, velocity: velocity) }
        case .zoomEnded:
            // The pinch is over: render sharp tiles for the final zoom.
            requestTiles()
        case .editAnnotation(let target) where target.kind == .widget:
            activateFormField(target.id)
        case .editAnnotation(let target):
            // A note opens for writing; other kinds' text editing comes with the text tools,
            // until then a double click selects the annotation it was on.
            if let box = editing?.editor.annotation(target.id.rawValue), box.subtype == .freeText, !target.isLocked {
                startTextBox(id: box.id, page: box.page, rect: box.rect, style: box.freeText ?? FreeTextStyle(), text: box.contents ?? "")
            } else if let note = editing?.editor.annotation(target.id.rawValue), note.subtype == .text, !target.isLocked {
                onEditNote?(note)
            } else {
                interaction.select(target.id)
            }
        case .swipe:
            // Sideways three-finger swipes come as history steps (DocumentInteraction).
            return .nothingToApply(reason: "only a sideways three-finger swipe means something here (back or forward)")
        case .toggleUserInterface:
            // A finger's tap on empty page space enters or leaves reading mode (the engine
            // decides this for fingers only: a click or a pen's tap there is just that).
            onToggleUserInterface?()
        case .stylusEnd:
            return .nothingToApply(reason: "the tools read the pen's end from each event's source (the eraser end erases)")
        case .contact, .contactCancelled, .hover, .scroll, .scrollEnded, .stopMomentum, .zoom, .smartZoom, .key,
             .selectAnnotation, .deselectAnnotations, .transformAnnotation, .liftAnnotation, .selectText, .deselectText:
            // DocumentInteraction turns these into navigation, tool and selection outputs itself.
            return .translatedByEngine
        }
        return .applied
    }

    /// Zooms so that `rect` (view coordinates) spans the view's width (the layout's geometry).
    func smartZoom(to rect: Rect, about focus: Point) {
        changeView { $0.smartZoom(to: rect, about: focus) }
    }

    /// Follows a link: pages of this document directly, addresses outside it only after the
    /// user agrees (the window asks); anything else (launching files, scripts) never.
    func follow(_ id: AnnotationID) {
        switch content.linkTargets[id] {
        case .page(let page)?:
            changeView { $0.jump(to: page) }
        case .uri(let uri)?: onExternalLink?(uri)
        case .unsupported?, nil: gtk_widget_error_bell(area)
        }
    }

    /// The selected text, if any.
    public var selectedText: String? {
        guard let s = textSelection else { return nil }
        let parts = spans(of: s).compactMap { span in content.textByPage[span.page]?.string(from: span.from, to: span.to) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n")
    }

    /// The selected text in reading order, its pages joined by line breaks; pages whose text has
    /// not been read yet (a whole-document selection) are read on the render worker first.
    func copySelectedText(_ done: @escaping @MainActor (String) -> Void) {
        guard let s = textSelection else { return }
        let missing = s.pages.filter { content.textByPage[$0] == nil }
        guard !missing.isEmpty, let queue = renderQueue, let source = textSource else {
            done(selectedText ?? "")
            return
        }
        let generation = content.generation
        queue.perform { [weak self] in
            let texts = missing.map { ($0, source.text(on: $0)) }
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.content.generation == generation else { return }
                for (page, text) in texts { self.content.textByPage[page] = text }
                done(self.selectedText ?? "")
            }
        }
    }

    /// Ctrl+A: the text of the page in view; again, the whole document.
    public func selectAllText() {
        guard let page = currentPage, let text = content.textByPage[page], !text.isEmpty else { return }
        let pageSelection = TextSelection(page: page, anchor: 0, focus: text.characters.count - 1)
        if textSelection == pageSelection, pageCount > 1 {
            interaction.setTextSelection(TextSelection(page: PageIndex(0), anchor: 0, focusPage: PageIndex(pageCount - 1),
                                                       focus: TextSelection.endOfPage))
        } else {
            interaction.setTextSelection(pageSelection)
        }
    }

    /// Drops a page's sharp tiles so they render again; the stale ones stay as placeholders
    /// until the new ones arrive.
    /// Every page drawn again (the page colours changed); the old tiles stand in meanwhile.
    public func redrawAllPages() {
        for page in 0..<pageCount { cache.markStale(page: PageIndex(page)) }
        lastRequested = []
        requestTiles()
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    func invalidate(page: PageIndex) {
        cache.markStale(page: page)
        lastRequested = []
        requestTiles()
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    /// The visible annotations with their on-screen rectangles, for the state dump.
    func visibleAnnotationSnapshots() -> [AnnotationSnapshot] {
        let coordinates = interaction.scene.coordinates
        return coordinates.pages.flatMap { page in
            interaction.scene.annotations(on: page.index).compactMap { a -> AnnotationSnapshot? in
                guard let r = coordinates.viewRect(fromPDF: a.bounds, on: a.page) else { return nil }
                return AnnotationSnapshot(id: a.id.rawValue, kind: SceneTargets.dumpName(a.kind), page: a.page.displayNumber,
                                          x: r.minX, y: r.minY, width: r.width, height: r.height)
            }
        }
    }
}
