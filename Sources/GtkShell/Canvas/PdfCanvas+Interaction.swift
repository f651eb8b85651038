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
    /// Hands the session what it asks of the document's text, and takes the effects it causes
    /// outside input and ticks (the window's calls on the engine).
    func connectSession() {
        session.deliver = { [weak self] effects in self?.apply(effects) }
        forms.changed = { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(self.area)
            self.onViewChanged?()
        }
        forms.goTo = { [weak self] page in self?.goTo(page: page) }
        forms.scrollIntoView = { [weak self] rect in self?.changeView { $0.reveal(rect, inset: 8) } }
        tiles.redraw = { [weak self] in if let self { gtk_widget_queue_draw(self.area) } }
        tiles.accepts = { [weak self] key in key.page.rawValue < self?.pageCount ?? 0 }
        tiles.arrived = { [weak self] _ in
            guard let self else { return }
            self.requestTiles()
            self.releaseHeldCreations()
            self.onViewChanged?()
        }
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
    }

    /// Tells the engine which pages are on screen and where, and reads the pages new to it.
    func syncScene() {
        apply(session.syncScene())
    }

    /// Reads a page's text and links on the render worker (the document is busy there anyway,
    /// and the main loop must not wait for a page being drawn), then, on the main loop, takes
    /// the page's annotations from the editor and hands everything to the engine.
    func loadAnnotations(on page: PageIndex) {
        guard let source = pageSource, let queue = tiles.queue else { return }
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
        forms.focusPending(among: targets)
        onViewChanged?()
    }

    /// Applies what the session answered, in order.
    func apply(_ effects: [SessionEffect]) {
        for effect in effects { apply(effect) }
    }

    /// Applies one effect of the session. The switch is exhaustive (no catch-all case), so a
    /// new effect is a compile error here, not a silently dropped one.
    @discardableResult
    func apply(_ effect: SessionEffect) -> OutputHandling {
        switch effect {
        case .redraw:
            // Only the pixels: input tells the window once per event (handle), the view's
            // changes through viewChanged.
            gtk_widget_queue_draw(area)
        case .viewChanged:
            viewChanged()
        case .needsFrames:
            startTicking()
        case .requestTiles:
            // The pinch is over: render sharp tiles for the final zoom.
            requestTiles()
        case .frameInsetsChanged(let insets):
            applyFrameInsets(insets)
        case .framesInvalidated:
            diagnostics.layoutInvalidations += 1
            // Tiles asked for at the old frames are not wanted any more.
            tiles.requestAgain()
        case .turnEnded:
            diagnostics.pageTurnsCompleted += 1
        case .readPage(let page):
            loadAnnotations(on: page)
        case .cursor(let shape):
            applyCursor(shape)
        case .tooltip(let text):
            gtk_widget_set_tooltip_text(area, text)
        case .bell:
            gtk_widget_error_bell(area)
        case .searchChanged:
            searchChanged()
        case .searchWrapped(let forward):
            onSearchWrapped?(forward)
        case .readPagesForSearch(let search, let order, let generation):
            readPages(for: search, order: order, generation: generation)
        case .selectionChanged:
            onSelectionChanged?(selectedAnnotationValue())
        case .textSelectionChanged:
            session.updateSelectionEnds()
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .contextMenu(let point, let annotation):
            onContextMenu?(point, annotation)
        case .textMenu(let point):
            onTextMenu?(point)
        case .askExternalLink(let uri):
            guard let onExternalLink else { return .nothingToApply(reason: "no window asks about links leaving the document") }
            onExternalLink(uri)
        case .toggleUserInterface:
            guard let onToggleUserInterface else { return .nothingToApply(reason: "no window has bars to hide") }
            onToggleUserInterface()
        case .activateFormField(let id):
            forms.activate(id)
        case .editTextBox(let id):
            guard let box = editing?.editor.annotation(id.rawValue) else { return .nothingToApply(reason: "the text box is gone") }
            startTextBox(id: box.id, page: box.page, rect: box.rect, style: box.freeText ?? FreeTextStyle(), text: box.contents ?? "")
        case .editNote(let id):
            guard let note = editing?.editor.annotation(id.rawValue) else { return .nothingToApply(reason: "the note is gone") }
            onEditNote?(note)
        case .boxDrawn(let page, let rect):
            guard let take = onBoxDrawn else { return .nothingToApply(reason: "no window asked for a box") }
            onBoxDrawn = nil
            take(page, rect)
        case .toolCommand(let command):
            return apply(command)
        }
        return .applied
    }

    /// Zooms so that `rect` (view coordinates) spans the view's width (the layout's geometry).
    func smartZoom(to rect: Rect, about focus: Point) {
        changeView { $0.smartZoom(to: rect, about: focus) }
    }

    /// Follows a link: pages of this document directly, addresses outside it only after the
    /// user agrees (the window asks); anything else (launching files, scripts) never.
    func follow(_ id: AnnotationID) { apply(session.follow(id)) }

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
        guard !missing.isEmpty, let queue = tiles.queue, let source = textSource else {
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
        tiles.markStale((0..<pageCount).map(PageIndex.init))
        requestTiles()
        gtk_widget_queue_draw(area)
        onViewChanged?()
    }

    func invalidate(page: PageIndex) {
        tiles.markStale([page])
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
