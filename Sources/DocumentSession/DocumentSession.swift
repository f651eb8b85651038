// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentLayout
import Geometry
import InteractionEngine

/// One document view's session, with no widget: input in, effects out.
///
/// It owns, as values, the view (``ViewSession``: layout, zoom, viewport, history, paging, the
/// turn under way), what has been read of the document (``DocumentContent``), what is drawn
/// over the pages before it becomes an edit (``EditPreviews``), the composer that turns tool
/// output into edits, and the interaction engine, all on one injected clock. The host feeds it
/// every ``InputEvent`` (``handle(_:contactTool:)``), ticks it on frames (``tick(at:)``) and
/// applies every ``SessionEffect`` it answers with; edits reach the document through an
/// ``EditingPort``, so that tests drive a whole session headless with a fake editor.
///
/// Effects that host calls on ``interaction`` cause outside ``handle(_:contactTool:)``,
/// ``tick(at:)`` and ``changeView(_:)`` go to ``deliver`` as they happen.
///
/// - Warning: Not thread-safe; one thread (GTK's main thread in the app).
public final class DocumentSession {
    /// What part of the document the reader sees, and how it moves. Change it through
    /// ``changeView(_:)``, which answers with what the change asks of the host.
    public var view = ViewSession()
    /// What has been read of the open document, page by page.
    public var content = DocumentContent()
    /// What is drawn over the pages before (or instead of) a change to the document.
    public var previews = EditPreviews()
    /// The number of the last carry of a group (``CarriedGroup/serial``).
    var carrySerial = 0
    /// Turns what the tools did into edits.
    public var composer: EditComposer
    /// The user's input settings applied to each event.
    public let inputAdjuster = InputAdjuster()
    /// The interaction engine: recognizers, components, tools, hit testing, pointer effects.
    public let interaction: DocumentInteraction
    /// The clock every part of the session reads (event time in the app, a manual one in tests).
    public let clock: any EngineClock
    /// The document's editor, once it is open: annotations are read and edits committed here.
    /// It is made when the first edit begins (DocumentSession+Editor); until then the edits
    /// made wait in ``waitingForEditor``.
    public weak var editing: (any EditingPort)?
    /// The edits made before the editor arrived, in order (DocumentSession+Editor).
    public internal(set) var waitingForEditor: [ToolCommand] = []
    /// Whether those edits are being applied now that the editor arrived.
    var replayingWaitedEdits = false
    /// Where effects go that arise outside a call that returns them.
    public var deliver: ([SessionEffect]) -> Void = { _ in }
    /// Whether the next rectangle drawn is handed to the host (``SessionEffect/boxDrawn(_:_:)``,
    /// where a digital signature goes) instead of becoming an annotation.
    public var handsOverNextBox = false
    /// Whether the last contact was a finger's (edge taps and handles follow it).
    public private(set) var lastContactWasTouch = false
    /// What the link under the pointer leads to, shown as the view's tooltip.
    public private(set) var linkTooltip: String?

    /// The search in progress or done (Ctrl+F), if any: its matches are drawn in the frame.
    public var search: SearchProgress?
    /// The pointer effects of the last frame (hover tints, lift shadows), drawn over the pages.
    public var pointerEffects: PointerFrame?
    /// Whether the focused form field is being typed in an editor of the host's (its focus
    /// ring is then the editor's own, not drawn in the frame).
    public var formFieldBeingTyped = false
    /// The markup the smart pen made last, with the stroke it was drawn as, while the host
    /// offers to keep that stroke as ink (DocumentSession+SmartPen).
    public internal(set) var smartPenOffer: SmartPenOffer?

    /// The time of the frame being ticked, while a tick runs.
    private var frameTime: InputTime?
    /// Whether the view's last animation frame left it still moving.
    private var viewAnimating = false
    /// Effects gathered while a call that returns them runs (nil: none runs).
    private var gathered: [SessionEffect]?
    /// Whether ``gathered`` holds a redraw, and a request for frames, already: each is asked
    /// once per call, however many annotations a carry moves in it (1,566 redraws per motion
    /// event made the canvas queue as many draws).
    private var gatheredRedraw = false, gatheredFrames = false

    public init(clock: any EngineClock, stamp: @escaping (PageIndex) -> CreationStamp) {
        self.clock = clock
        composer = EditComposer(stamp: stamp)
        interaction = DocumentInteraction(clock: clock)
        interaction.output = { [unowned self] in self.receive($0) }
        interaction.scene.pageTextLookup = { [unowned self] page in self.content.textByPage[page] }
    }

    // MARK: Input

    /// Handles one input event (live or replayed) after the user's input settings; answers
    /// with what the host must do.
    public func handle(_ event: InputEvent, contactTool: DocumentInteraction.ContactTool? = nil) -> [SessionEffect] {
        gather {
            if case .contact(.began) = event.kind, lastContactWasTouch != event.isDirect {
                // Handles grow to finger size after a touch and shrink back for a pointer.
                lastContactWasTouch = event.isDirect
                emit(.redraw)
            }
            // The pen's eraser end erases as that pen is set (whole strokes or their parts).
            if case .contact(.began) = event.kind, event.source == .eraser { interaction.eraserEndMode = inputAdjuster.eraserMode }
            previews.inkTip.eventTime = event.time
            interaction.handle(event, contactTool: contactTool)
            if case .contact(let phase) = event.kind, phase == .ended || phase == .cancelled { previews.inkTip.strokeEnded() }
            noteCarryingContact(event)
            // One spread at a time: a finger's fling turns one spread, not as many as its
            // momentum would carry; the view settles as soon as the last finger lifts.
            if case .contact(let phase) = event.kind, phase == .ended || phase == .cancelled {
                emit(changingView { $0.contact(down: false, direct: event.isDirect) })
            }
            if interaction.needsTicks { emit(.needsFrames) }
        }
    }

    /// One frame at `time` (the clock's time line, which the view's animations run on too):
    /// fires the engine's due timers, advances momentum and the view's animations (a spread
    /// settling, a page turn), and scrolls the view under a carried annotation at an edge.
    public func tick(at time: InputTime) -> [SessionEffect] {
        frameTime = time
        defer { frameTime = nil }
        return gather {
            interaction.tick(at: time)
            if previews.lifts.isAnimating {
                previews.lifts.advance(to: time.seconds)
                emit(.redraw)
            }
            viewAnimating = false
            if view.spreadAnimation != nil || view.pageTurn?.animation != nil {
                var moving = false
                emit(changingView { moving = $0.tick() })
                viewAnimating = moving
            }
            _ = stepCarrying(at: time.seconds)
        }
    }

    /// Fires the engine's timers that are due (a long press, a double tap's window) between
    /// frames, at the clock's time.
    public func fireTimers() -> [SessionEffect] {
        gather {
            interaction.tick(at: clock.now)
            if interaction.needsTicks { emit(.needsFrames) }
        }
    }

    /// Whether the session wants a tick on every frame (momentum, a view animation, a lift
    /// growing in or settling back, or the carrying at an edge).
    public var needsFrames: Bool {
        interaction.needsTicks || viewAnimating || carryingNeedsFrames || previews.lifts.isAnimating
    }

    // MARK: The view

    /// How far the view is expected to travel soon (``ViewTravel/ahead(at:)`` now, on the
    /// session's clock), in view pixels: what the tile planner draws before it shows.
    public var travelAhead: Vector { view.travel.ahead(at: (frameTime ?? clock.now).seconds) }

    /// Changes the view through one of its transitions; answers with what it asks of the host.
    @discardableResult
    public func changeView(_ change: (inout ViewSession) -> Void) -> [SessionEffect] {
        gather { emit(changingView(change)) }
    }

    func changingView(_ change: (inout ViewSession) -> Void) -> [SessionEffect] {
        // One clock: the frame's time during a tick, else the clock's now.
        view.now = (frameTime ?? clock.now).seconds
        view.momentumRunning = interaction.needsTicks
        change(&view)
        var effects: [SessionEffect] = []
        for effect in view.takeEffects() {
            switch effect {
            case .bell: effects.append(.bell)
            case .stopMomentum: interaction.navigation.stopMomentum()
            case .needsFrames: effects.append(.needsFrames)
            case .frameInsetsChanged(let insets): effects.append(.frameInsetsChanged(insets))
            case .framesInvalidated: effects.append(.framesInvalidated)
            case .turnEnded(let completed): effects.append(.turnEnded(completed: completed))
            }
        }
        effects += sceneEffects()
        effects.append(.viewChanged)
        return effects
    }

    /// Tells the engine which pages are on screen and where; answers with the pages whose
    /// text, links and annotations the host must read now (each once per document).
    @discardableResult
    public func syncScene() -> [SessionEffect] {
        gather { emit(sceneEffects()) }
    }

    private func sceneEffects() -> [SessionEffect] {
        let viewport = view.viewport
        guard !view.pageSizes.isEmpty else {
            interaction.setPages([], view: ViewTransform(zoom: viewport.zoom), viewSize: viewport.size)
            return []
        }
        let visible = view.shownPages
        let geometries = view.pageGeometries(of: visible, exactInfo: content.exactPageInfo)
        interaction.setPages(geometries, view: ViewTransform(zoom: viewport.zoom, scrollOffset: viewport.offset - Point.zero),
                             viewSize: viewport.size)
        var effects: [SessionEffect] = []
        // The text of pages long gone from view goes (a bounded few are kept); a page shown
        // again whose text went is read again.
        let selected = [interaction.textSelection, previews.markup].compactMap { $0 }.flatMap(\.pages)
        let reread = content.noteShown(visible, keeping: Set(selected))
        for page in visible where content.annotationsByPage[page] == nil || reread.contains(page) {
            content.annotationsByPage[page] = content.annotationsByPage[page] ?? []
            effects.append(.readPage(page))
        }
        return effects
    }

    // MARK: Effects

    func gather(_ body: () -> Void) -> [SessionEffect] {
        let outer = gathered, outerOnce = (gatheredRedraw, gatheredFrames)
        gathered = []
        (gatheredRedraw, gatheredFrames) = (false, false)
        body()
        let mine = gathered ?? []
        let mineOnce = (gatheredRedraw, gatheredFrames)
        gathered = outer
        (gatheredRedraw, gatheredFrames) = outerOnce
        if outer != nil {
            // A call inside another: its effects join the outer call's.
            gathered?.append(contentsOf: mine)
            gatheredRedraw = gatheredRedraw || mineOnce.0
            gatheredFrames = gatheredFrames || mineOnce.1
            return []
        }
        return mine
    }

    /// Hands effects on, or gathers them while a call that returns them runs; a gathered call
    /// keeps one ``SessionEffect/redraw`` and one ``SessionEffect/needsFrames`` (the host's
    /// answer to each, a queued draw or ticking, is the same however often it is asked).
    func emit(_ effects: [SessionEffect]) {
        guard gathered != nil else {
            if !effects.isEmpty { deliver(effects) }
            return
        }
        for effect in effects {
            if case .redraw = effect {
                if gatheredRedraw { continue }
                gatheredRedraw = true
            } else if case .needsFrames = effect {
                if gatheredFrames { continue }
                gatheredFrames = true
            }
            gathered?.append(effect)
        }
    }

    func emit(_ effect: SessionEffect) { emit([effect]) }

    /// Every output of the interaction engine, applied to the session or handed on.
    private func receive(_ output: InteractionOutput) {
        switch output {
        case .navigate(let action):
            emit(changingView { $0.apply(action) })
        case .smartZoom(let rect, let focus):
            emit(changingView { $0.smartZoom(to: rect, about: focus) })
        case .tool(let command):
            apply(command)
        case .selectionChanged:
            emit([.selectionChanged, .redraw])
        case .textSelectionChanged:
            emit(.textSelectionChanged)
        case .imageSelectionChanged:
            emit([.imageSelectionChanged, .redraw])
        case .hoverChanged(let id):
            linkTooltip = id.flatMap { content.linkTargets[$0] }.map(SceneTargets.describe)
            emit([.tooltip(linkTooltip), .redraw])
        case .cursor(let shape):
            emit(.cursor(shape))
        case .needsFrames:
            emit(.needsFrames)
        case .contextMenu(let point, let annotation):
            emit(.contextMenu(at: point, annotation: annotation))
        case .lift(let id):
            previews.lifted = id
            // Grows in (or settles back) from where it is, on the frames from now on.
            previews.lifts.show(id, duration: EditPreviews.liftDuration, at: (frameTime ?? clock.now).seconds)
            emit([.redraw, .needsFrames])
        case .pressed(let id):
            previews.pressed = id
            emit(.redraw)
        case .textMenu(let point):
            emit(.textMenu(at: point))
        case .engine(let decision):
            apply(decision)
        }
    }

    /// What the engine hands on: each decision applied to the view or handed to the host. The
    /// switch is exhaustive, so a new decision is a compile error here, not a dropped one.
    private func apply(_ decision: EngineOutput) {
        switch decision {
        case .openLink(let hit):
            emit(follow(hit.annotation.id))
        case .fastScroll(let direction):
            // A tap near an edge turns to the next or previous spread (the left edge goes back,
            // but forward in a right-to-left book). A mouse's click does so only when the whole
            // spread is in view: when reading a spread larger than the view, a click is a click.
            emit(changingView { $0.edgeTap(direction, byTouch: lastContactWasTouch) })
        case .turnPage(let direction, let phase, let point, let velocity):
            emit(changingView { $0.turnPage(direction, phase, at: point, velocity: velocity) })
        case .zoomEnded:
            emit(.requestTiles)
        case .editAnnotation(let target) where target.kind == .widget:
            emit(.activateFormField(target.id))
        case .editAnnotation(let target):
            // A text box or a note opens for writing; other kinds are selected.
            let annotation = editing?.annotation(target.id.rawValue)
            if annotation?.subtype == .freeText, !target.isLocked {
                emit(.editTextBox(target.id))
            } else if annotation?.subtype == .text, !target.isLocked {
                emit(.editNote(target.id))
            } else {
                interaction.select(target.id)
            }
        case .toggleUserInterface:
            emit(.toggleUserInterface)
        case .drawer(let state):
            emit(.drawer(state))
        case .swipe, .stylusEnd:
            // Sideways three-finger swipes come as history steps (DocumentInteraction); the
            // tools read the pen's end from each event's source.
            break
        case .contact, .contactCancelled, .hover, .scroll, .scrollEnded, .stopMomentum, .zoom, .smartZoom, .key,
             .selectAnnotation, .deselectAnnotations, .transformAnnotation, .liftAnnotation, .selectText, .deselectText:
            // DocumentInteraction turns these into navigation, tool and selection outputs itself.
            break
        }
    }

    /// Follows a link: pages of this document directly, addresses outside it only after the
    /// user agrees (the host asks); anything else (launching files, scripts) never.
    @discardableResult
    public func follow(_ id: AnnotationID) -> [SessionEffect] {
        gather {
            switch content.linkTargets[id] {
            case .page(let page)?: emit(changingView { $0.jump(to: page) })
            case .uri(let uri)?: emit(.askExternalLink(uri))
            case .media(let annotation)?: emit(.playMedia(annotation))
            case .unsupported?, nil: emit(.bell)
            }
        }
    }
}
