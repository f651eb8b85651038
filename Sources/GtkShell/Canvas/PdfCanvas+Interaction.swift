// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine

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
        textBox.changed = { [weak self] in self?.onViewChanged?() }
        forms.scrollIntoView = { [weak self] rect in self?.changeView { $0.reveal(rect, inset: 8) } }
        cursor.onHidden = { [weak self] in self?.onViewChanged?() }
        paintWatch.frameCost = { [weak self] microseconds in self?.tiles.frameCost.add(microseconds: microseconds) }
        paintWatch.missingTiles = { [weak self] in self?.tiles.missingOnScreen ?? 0 }
        tiles.redraw = { [weak self] in if let self { gtk_widget_queue_draw(self.area) } }
        tiles.accepts = { [weak self] key in key.page.rawValue < self?.pageCount ?? 0 }
        tiles.settled = { [weak self] in self?.onViewChanged?() }
        tiles.replan = { [weak self] in
            self?.requestTiles()
            self?.onViewChanged?()
        }
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
        interaction.imageLookup = { [weak self] page in self?.content.imagesByPage[page] }
        interaction.columnLookup = { [weak self] page, point in self?.content.textByPage[page]?.columnRect(around: point) }
    }

    /// Tells the engine which pages are on screen and where, and reads the pages new to it.
    func syncScene() {
        apply(session.syncScene())
    }

    /// Reads a page's text, links and geometry (``PageReader``), then its annotations' targets.
    func loadAnnotations(on page: PageIndex) {
        reader.readPage(page, on: tiles.queue) { [weak self] page, carriesAnnotations in
            guard let self else { return }
            // A page with annotations to pick has the editor made (it lists them).
            self.apply(self.session.pageRead(page, carriesAnnotations: carriesAnnotations))
            self.refreshTargets(on: page)
            if let text = self.content.textByPage[page], text.characters.allSatisfy(\.isWhitespace) { self.onTextlessPage?(page) }
        }
    }

    /// Rebuilds a page's hit-test targets (the session's rules); a field Tab went to on the page
    /// takes the focus.
    func refreshTargets(on page: PageIndex) {
        apply(session.refreshTargets(on: page, linksListed: reader.linkSource != nil))
        forms.focusPending(among: content.annotationsByPage[page] ?? [])
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
        case .editorNeeded:
            guard let whenEditorReady else { return .nothingToApply(reason: "no window makes an editor") }
            whenEditorReady { }
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
            paintWatch.selectionChanged()
            onSelectionChanged?(session.selectedAnnotationValue)
            onAnnotationsSelected?(session.selectedAnnotationValues)
        case .textSelectionChanged:
            session.updateSelectionEnds()
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .imageSelectionChanged:
            gtk_widget_queue_draw(area)
            onViewChanged?()
        case .contextMenu(let point, let annotation):
            onContextMenu?(point, annotation)
        case .textMenu(let point):
            onTextMenu?(point)
        case .askExternalLink(let uri):
            guard let onExternalLink else { return .nothingToApply(reason: "no window asks about links leaving the document") }
            onExternalLink(uri)
        case .playMedia(let id):
            guard let onPlayMedia else { return .nothingToApply(reason: "no window plays media") }
            onPlayMedia(id)
        case .toggleUserInterface:
            guard let onToggleUserInterface else { return .nothingToApply(reason: "no window has bars to hide") }
            onToggleUserInterface()
        case .drawer(let state):
            return showDrawer(state)
        case .activateFormField(let id):
            forms.activate(id)
        case .openFormFieldEditor(let id):
            if !forms.openEditor(id) { return .nothingToApply(reason: "the field is gone") }
        case .editTextBox(let id):
            guard let box = editing?.editor.annotation(id.rawValue) else { return .nothingToApply(reason: "the text box is gone") }
            textBox.start(id: box.id, page: box.page, rect: box.rect, style: box.freeText ?? FreeTextStyle(), text: box.contents ?? "")
        case .editNote(let id):
            guard let note = editing?.editor.annotation(id.rawValue) else { return .nothingToApply(reason: "the note is gone") }
            onEditNote?(note)
        case .boxDrawn(let page, let rect):
            guard let take = onBoxDrawn else { return .nothingToApply(reason: "no window asked for a box") }
            onBoxDrawn = nil
            take(page, rect)
        case .toolCommand(let command):
            return apply(command)
        case .toolLeft:
            onToolDropped?()
        case .offerKeepAsInk(let kind):
            keepAsInkNotice.show(kind)
            onViewChanged?()
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
    public var selectedText: String? { session.selectedText }

    /// The selected text in reading order, its pages joined by line breaks; pages whose text has
    /// not been read yet (a whole-document selection) are read on the render worker first.
    func copySelectedText(_ done: @escaping @MainActor (String) -> Void) {
        guard let s = textSelection else { return }
        reader.readText(of: s.pages, on: tiles.queue) { [weak self] in done(self?.selectedText ?? "") }
    }

    /// Ctrl+A: the text of the page in view; again, the whole document.
    public func selectAllText() { session.selectAllText() }

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

    /// Shows `shape`, or the pen's dot while the pen is picked.
    func applyCursor(_ shape: PointerShape) {
        cursor.show(shape, penStyle: interaction.pickedTool == .ink ? style(for: .ink) : nil, zoom: viewport.zoom)
    }
}
