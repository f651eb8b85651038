// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import FoundationEssentials
import DocumentSession
import Geometry
import Platform
import Rendering
import StateSnapshot

/// Writes every window's ``WindowSnapshot`` to a file (atomically, coalesced to one write per
/// main-loop iteration) when the app runs with `--state-file`. The main loop gathers the values;
/// ``StateDumpWriter`` encodes and writes them on a thread of its own. A dump that took long (a
/// page of 2,000 annotations dumped while a lasso carries them) is followed by a pause of three
/// times its cost, gathering and writing together, so the dump takes at most a quarter of a core
/// and the frames the rest.
@MainActor
final class StateDump {
    let path: String
    private var pending = false
    /// When the last gathering ended and what it cost (monotonic µs).
    private var lastEnd = 0
    private var lastCost = 0
    let writer: StateDumpWriter

    init(path: String) {
        self.path = path
        writer = StateDumpWriter(path: path)
    }

    func scheduleWrite(_ snapshot: @escaping @MainActor () -> [WindowSnapshot]) {
        guard !pending else { return }
        pending = true
        let wait = lastEnd + 3 * (lastCost + writer.lastCostMicroseconds) - g_get_monotonic_time()
        guard wait < 2_000 else {
            _ = MainLoop.after(milliseconds: UInt32(min(wait, 2_000_000) / 1_000)) { [weak self] in self?.write(snapshot) }
            return
        }
        write(snapshot)
    }

    /// Writes what is waiting before the app ends (at most two seconds).
    func flush() { writer.flush() }

    private func write(_ snapshot: @escaping @MainActor () -> [WindowSnapshot]) {
        MainLoop.post(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return }
            let began = g_get_monotonic_time()
            defer {
                self.lastEnd = g_get_monotonic_time()
                self.lastCost = self.lastEnd - began
            }
            self.pending = false
            self.writer.submit(StateSnapshot(pid: Int(getpid()), windows: snapshot()))
        }
    }
}


extension DocumentWindow {
    /// The window's state for the dump.
    func snapshot() -> WindowSnapshot {
        // The session's part, in the dump's terms (DocumentSession's SessionSnapshot).
        let session = canvas.session.snapshot
        let v = session.viewport
        var cx = 0.0, cy = 0.0
        var surfaceX = 0.0, surfaceY = 0.0
        if let native = gtk_widget_get_native(canvas.area) {
            gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
            _ = gtk_widget_translate_coordinates(canvas.area, cast(native), 0, 0, &cx, &cy)
        }
        let pages = content == .document
            ? session.pages.map { WindowSnapshot.VisiblePage(page: $0.number, x: $0.frame.minX, y: $0.frame.minY, width: $0.frame.width, height: $0.frame.height) }
            : []
        let progress = application?.progress?.report(window)
        let focus = KeyboardFocus.widget(over: window)
        var snapshot = WindowSnapshot(
            title: shownTitle, path: path, content: content.rawValue,
            errorMessage: errorMessage, passwordError: content == .password ? builtPasswordPrompt?.errorText : nil,
            pageCount: content == .document ? session.pageCount : 0,
            currentPage: content == .document ? session.currentPage : 0,
            zoom: v.zoom, zoomMode: session.zoomMode, offsetX: v.offset.x, offsetY: v.offset.y,
            viewWidth: v.size.width, viewHeight: v.size.height, canvasX: cx + surfaceX, canvasY: cy + surfaceY,
            visiblePages: pages, missingTiles: canvas.tiles.missingOnScreen, cachedTiles: canvas.tiles.cache.count,
            cacheBytes: canvas.tiles.cache.usedBytes, handledInputEvents: canvas.diagnostics.handledInputEvents,
            replayFinished: canvas.diagnostics.replayFinished, isAnimating: canvas.isAnimating,
            selectedAnnotation: session.selectedAnnotation,
            hoveredAnnotation: session.hoveredAnnotation, cursor: canvas.cursor.name,
            annotations: session.annotations.map {
                AnnotationSnapshot(id: $0.id, kind: $0.kind, page: $0.page, x: $0.rect.minX, y: $0.rect.minY, width: $0.rect.width, height: $0.rect.height)
            },
            annotationEdits: canvas.diagnostics.annotationEdits,
            selectedText: session.selectedText, pendingExternalLink: pendingExternalLink,
            canvasHasFocus: gtk_widget_has_focus(canvas.area) != 0, isEditable: editing != nil || editingSettled,
            hasUnsavedChanges: editing?.hasUnsavedChanges ?? false, undoName: editing?.undoName,
            redoName: editing?.redoName, dialog: pendingDialog, saveError: saveError,
            saving: editing?.editor.saveInProgress != nil, heldCreations: session.heldCreations,
            textBoxEditor: canvas.textBox.editor.map { $0.annotationID ?? "" }, tool: toolName,
            toolbarShown: toolbarToggle.map { gtk_toggle_button_get_active(cast($0)) != 0 } ?? false,
            penDrawsAtOnce: session.penDrawsAtOnce, fingerDraws: session.fingerDraws,
            selectedAnnotations: session.selectedAnnotations, contextMenu: contextMenuItems,
            liftedAnnotation: session.liftedAnnotation, pressedAnnotation: session.pressedAnnotation,
            canGoBack: session.canGoBack, canGoForward: session.canGoForward, linkTooltip: session.linkTooltip,
            searchQuery: session.search?.query, searchMatchCount: session.search?.matches ?? 0,
            searchCurrentMatch: session.search?.current, searchDone: session.search?.done ?? true,
            searchNotice: searchNotice, properties: shownProperties.map { $0.rows.map { [$0.label, $0.value] } },
            recentDocuments: content == .empty ? recentShown : [],
            sidebarShown: sidebarSnapshot.shown, outline: sidebarSnapshot.outline, outlineVisible: sidebarSnapshot.visible,
            outlineSelected: sidebarSnapshot.selected,
            sidebarPage: sidebarPages.flatMap { string(gtk_stack_get_visible_child_name(cast($0))) },
            annotationList: listedAnnotations.map { [$0.id, String($0.page.displayNumber), SceneTargets.dumpName($0.subtype), $0.contents ?? ""] },
            annotationListRowsBuilt: annotationListRowsBuilt,
            bookmarks: content == .document ? bookmarks.map { [$0.name, String($0.page)] } : [],
            formFields: (editing?.editor.formFields() ?? []).map {
                FormFieldSnapshot(name: $0.name, kind: $0.kind.rawValue, value: $0.value?.displayText, readOnly: $0.isReadOnly,
                                  page: $0.widgets.first.map { $0.page.displayNumber })
            },
            focusedFormField: session.focusedFormField.flatMap { editing?.editor.formField(forWidget: $0)?.field.name },
            formFieldEditor: canvas.forms.textEditor != nil ? "text" : canvas.forms.choicePopover != nil ? "choices" : nil,
            thumbnailPages: thumbnails?.visiblePages.map(\.displayNumber) ?? [],
            thumbnailsPainted: thumbnails?.paintedPages.map(\.displayNumber) ?? [],
            thumbnailCurrentPage: thumbnails?.currentPage?.displayNumber,
            thumbnailFrames: (thumbnails?.visibleFrames(in: window) ?? []).map {
                [Double($0.page.displayNumber), $0.frame.minX + surfaceX, $0.frame.minY + surfaceY, $0.frame.width, $0.frame.height]
            },
            thumbnailSelection: thumbnails?.selectedPages.map(\.displayNumber),
            gridReplayFinished: thumbnails?.replayFinished == true ? true : nil,
            signatures: signatureReports.isEmpty ? nil : signatureReports.map {
                SignatureSnapshot(field: $0.field, signer: $0.signer, signingTime: $0.signingTime, status: $0.status.rawValue,
                                  certificate: $0.certificate.rawValue, coversWholeFile: $0.coversWholeFile,
                                  changesAfter: $0.changesAfter.map(\.rawValue))
            },
            signatureBar: signatureBar?.shownText,
            signaturePadStrokes: signaturePad?.strokes.count,
            padReplayFinished: signaturePad?.replayFinished == true ? true : nil,
            renderer: ann_widget_renderer_name(canvas.area).map { String(cString: $0).replacing("Gsk", with: "").replacing("Renderer", with: "").lowercased() },
            canvasFrames: !CanvasFrames.usesSnapshots ? "cairo" : ann_widget_renders_with_cairo(canvas.area) == 0 ? "nodes" : "cairo-tiles",
            inkPreviewNodes: canvas.frames.inkPreviewNodeCount,
            preferencesPage: PreferencesWindow.shownPage,
            textDirection: gtk_widget_get_direction(window) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr",
            highContrast: HighContrast.isOn,
            layoutSettling: slidingBars.contains { gtk_revealer_get_reveal_child(cast($0)) != gtk_revealer_get_child_revealed(cast($0)) },
            mainMenuShown: mainMenuButton.flatMap { gtk_menu_button_get_popover(cast($0)) }.map { gtk_widget_get_visible(cast($0)) != 0 },
            visibleTexts: VisibleTexts.enabled ? VisibleTexts.collect() : nil,
            focusRegion: focusedRegion?.rawValue ?? (searchEntryHasFocus ? "search" : nil),
            searchProgress: session.search?.progress, searchStopped: session.search?.stopped,
            textSelectionHandles: session.textSelectionHandles.map { $0.map { [$0.x, $0.y] } },
            thumbnailsShownInMs: thumbnails?.lastShowDuration,
            spreadMode: session.spreadMode, scrollDirection: session.scrollDirection,
            rightToLeft: session.rightToLeft,
            visibleSpreads: content == .document ? session.spreads : [],
            pageColours: pageColours.value.rawValue, readingMode: readingMode,
            fullscreen: gtk_window_is_fullscreen(cast(window)) != 0, pointerHidden: canvas.cursor.hidden, edgeTaps: edgeTaps,
            oneSpreadAtATime: session.oneSpreadAtATime, zoomScope: session.zoomScope,
            minZoom: session.zoomLimits.lowerBound, maxZoom: session.zoomLimits.upperBound,
            pageCurl: session.pageCurl, pageTurnProgress: session.pageTurnProgress,
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
            firstFrameTilesRendered: canvas.diagnostics.firstFrameTilesRendered,
            framesPainted: progress?.frames, painted: progress?.painted,
            lastInputPosition: progress?.lastInput.map { [$0.x, $0.y] },
            focusedWidget: focus.map(KeyboardFocus.describe), focusedText: focus.flatMap(KeyboardFocus.text(of:)),
            gridDropGap: thumbnails?.dropGap)
        let tip = canvas.session.previews.inkTip.figures
        snapshot.inkTip = InkTipSnapshot(enabled: canvas.session.inputAdjuster.settings.predictsInkTip, measured: tip.measured,
                                         meanDistanceToPath: tip.meanDistanceToPath, meanDistanceToPosition: tip.meanDistanceToPosition)
        snapshot.ruler = rulerSnapshot
        snapshot.zoomStrip = zoomStripSnapshot
        snapshot.drawer = drawerSnapshot
        snapshot.split = splitSnapshot
        if let host {
            let tabs = host.tabs
            snapshot.tabs = tabs.map { $0.path ?? $0.shownTitle }
            snapshot.tabLabels = tabs.map(\.tabLabel.shownText)
            snapshot.currentTab = tabs.firstIndex { $0 === host.current }
            snapshot.tabIndex = tabs.firstIndex { $0 === self }
            snapshot.windowNumber = Int(gtk_application_window_get_id(cast(host.window)))
            snapshot.tabStripShown = gtk_notebook_get_show_tabs(cast(host.notebook)) != 0
            if snapshot.tabStripShown == true, let native = gtk_widget_get_native(host.notebook),
               let label = host.labelFrame(of: self, in: cast(native)) {
                snapshot.tabLabelFrame = [label.minX + surfaceX, label.minY + surfaceY, label.width, label.height]
            }
        }
        // A tab behind another shows nothing: no tile of it is missing from the screen.
        if !isCurrentTab { snapshot.missingTiles = 0 }
        snapshot.selectedImage = session.selectedImage.map {
            ImageSnapshot(page: $0.page.displayNumber, image: $0.id, x: $0.rect.minX, y: $0.rect.minY, width: $0.rect.width, height: $0.rect.height)
        }
        snapshot.keepAsInkOffer = canvas.keepAsInkNotice.shownText
        snapshot.rotateHandle = session.rotateHandle.map { [$0.x, $0.y] }
        snapshot.vertexHandles = session.vertexHandles.map { $0.map { [$0.x, $0.y] } }
        snapshot.lassoPoints = canvas.session.previews.lasso?.loop.count
        if content == .document {
            snapshot.cacheBudgetBytes = canvas.tiles.cache.budgetBytes
            snapshot.cacheRestTrims = canvas.tiles.cache.restTrims
            snapshot.pagesWithText = canvas.session.content.textByPage.count
            snapshot.tileImagesMade = canvas.tiles.imagesMade
            snapshot.tilesRendered = canvas.tiles.queue?.renderedCount
            snapshot.visibleTileRequests = canvas.tiles.visibleRequests
            snapshot.toolbarButtonFrames = toolbarButtonFrames
            snapshot.windowFrame = windowFrame
            snapshot.framesDrawn = canvas.diagnostics.framesDrawn
            snapshot.framesDrawnMissingTiles = canvas.diagnostics.framesDrawnMissingTiles
            snapshot.tilesAhead = canvas.tiles.aheadCount
            snapshot.tilePixelBytes = TilePixels.mappedBytes
            if let queue = canvas.tiles.queue {
                snapshot.tilePixelPeakBytes = queue.pixels.peakBytes
                snapshot.tilePixelLimitBytes = queue.pixelLimitBytes == Int.max ? nil : queue.pixelLimitBytes
                let over = queue.overLimit
                snapshot.tileRendersOverLimit = over.renders
                snapshot.tilePixelsBeyondLimitBytes = max(0, over.beyondBytes)
                snapshot.tileRoomWaits = queue.roomWaits
            }
            snapshot.tilesReleasedEarly = canvas.tiles.cache.tilesReleasedEarly
            snapshot.sidebarPagesMade = sidebar != nil
            snapshot.thumbnailsMade = thumbnails?.madeCount ?? 0
            snapshot.pendingAnnotationWrites = editing?.editor.pendingWriteCount
            snapshot.editWriteSlices = editing?.writeSliceCount
            snapshot.largestEditWriteSlice = editing?.largestWriteSlice
            snapshot.carryLanding = canvas.session.landingPage != nil
            let layers = canvas.frames.carriedLayers
            snapshot.carriedLayersMadeAhead = layers.layersMadeAhead
            snapshot.carriedLayersAheadBands = layers.aheadBands
            snapshot.carriedLayersTakenAhead = layers.layersTakenAhead
            snapshot.carriedLayersFinishedByCarry = layers.aheadFinishedByCarry
            snapshot.carriedLayersMadeOnCarry = layers.layersMade
            snapshot.carriedLayersAheadMissed = layers.aheadMissed
            snapshot.memoryTrimsPostponed = canvas.tiles.memoryTrimsPostponed
            let shared = FrameSharedMemory.counts
            snapshot.frameShmBytes = shared.bytes
            snapshot.frameShmMade = shared.made
            snapshot.frameShmReleased = shared.released
            snapshot.frameShmRefused = shared.refused
            snapshot.frameShmMadeAhead = shared.madeAhead
            snapshot.frameShmSharedAhead = shared.sharedAhead
        }
        if content == .document {
            let recognized = recognition.pages.all.keys.map(\.displayNumber).sorted()
            snapshot.ocrPages = recognized.isEmpty ? nil : recognized
            snapshot.ocrLanguage = recognition.language
            snapshot.ocrProgress = recognition.progress
            let waiting = Set(recognition.waiting + recognition.running).subtracting(recognition.reached)
                .filter { recognition.pages[$0] == nil }.count
            snapshot.ocrWaiting = waiting == 0 ? nil : waiting
            snapshot.ocrPagesRead = recognition.pagesRead == 0 ? nil : recognition.pagesRead
            snapshot.ocrWaitsForRest = recognition.waitsForRest
            snapshot.attachments = attachments.listed?.map {
                AttachmentSnapshot(id: $0.id, name: $0.name, size: $0.size, page: $0.page?.displayNumber, description: $0.description)
            }
        }
        snapshot.openedAttachment = attachments.opened
        snapshot.savedAttachment = attachments.saved
        snapshot.linkProblem = linkDialogMessage
        if let playing = media.snapshot {
            snapshot.mediaAnnotation = playing.id
            snapshot.mediaPlaying = playing.playing
            snapshot.mediaEnded = playing.ended
            snapshot.mediaSeconds = playing.seconds
        }
        snapshot.mediaError = media.error
        snapshot.stylesheetLoaded = Stylesheet.loaded
        snapshot.toolIconsFound = Stylesheet.hasIcon("annotator-tool-pen-symbolic")
        snapshot.iconThemeMadeByApp = gdk_display_get_default().map(DisplayIconTheme.isInstalled(on:))
        snapshot.iconThemeChanges = DisplayIconTheme.changes
        snapshot.madeAfterFirstFrame = madeAfterFirstFrame
        snapshot.statusPagesMade = statusPagesMade
        snapshot.editorOpen = content == .document ? editing != nil : nil
        snapshot.reviewThreads = reviewThreadsSnapshot()
        snapshot.noteReplies = noteEditor.flatMap { $0.noteID == nil ? nil : $0.thread }.map { thread in
            thread.map { NoteReplySnapshot(id: $0.id, author: $0.author, text: $0.text, depth: $0.depth, editable: $0.isOwn) }
        }
        snapshot.sharedReview = sharedReviewLink?.snapshot
        snapshot.repaired = content == .document ? repaired != nil : nil
        snapshot.rewriteOnSave = content == .document ? rewritesOnSave : nil
        snapshot.repairBar = repairBar?.shownText
        snapshot.annotationListAuthor = reviewControls.map { $0.author ?? "" }
        snapshot.annotationListState = reviewControls.map { Self.stateFilters.indices.contains($0.stateChoice) ? Self.stateFilters[$0.stateChoice].label : "" }
        return snapshot
    }
}
