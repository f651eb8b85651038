// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Everything that decides what input means for one document view, composed: the input
/// pipeline and recognizer arena (``Engine``), the tool manager with its first refusal on
/// contacts and keys, the hit-test tree, pointer hover effects, keyboard navigation and kinetic
/// momentum.
///
/// The host feeds every ``InputEvent`` to ``handle(_:)`` (live or replayed), keeps the scene in
/// step with its layout (``setPages(_:view:)``, ``setAnnotations(_:on:)``), calls ``tick(at:)``
/// from its frame clock while ``needsTicks`` and at ``nextDeadline``, and applies every
/// ``InteractionOutput``. Routing, in order:
/// 1. the active tool gets first refusal, as the interaction components allow (see
///    `routesToEditTool`): a press on the selection or its handles, or (with a precise pointer)
///    on any editable annotation, goes to the annotation edit tool, which then owns that
///    contact until it lifts (the second click of a double click on a free text or a note then
///    asks the editAnnotation component to edit it); a finger reaches it only on the
///    selection's handles; a pen on the selection moves it, elsewhere it draws ink at once, and
///    gives a contact that lifts as a tap back to the recognizers (``penDrawsAtOnce``);
/// 2. everything else goes to the recognizers (scroll, pinch, taps for the interaction
///    components), whose decisions come back as ``EngineOutput``s and are translated here.
///
/// - Warning: Not thread-safe; use it on the GTK main thread.
public final class DocumentInteraction {
    public let engine: Engine
    public let tools: ToolManager
    public let scene: DocumentScene
    public let pointer = PointerInteraction()
    public let navigation: NavigationController
    public var output: (InteractionOutput) -> Void = { _ in }

    private let targets: SceneTargetProvider
    private let clock: any EngineClock
    private var toolSequences: Set<InputSequenceID> = []
    /// Where and when each contact a picked tool owns began, to tell a tap from a drag.
    private var toolContactStarts: [InputSequenceID: (position: Point, time: InputTime)] = [:]
    private var hovered: AnnotationID?
    private var lastCursor: PointerShape?
    private var engineTransformStart: [AnnotationID: Vector] = [:]
    /// The annotation a finger holds up: where the hold began and the finger last was, and
    /// whether it has started to move the annotation.
    private var lift: (id: AnnotationID, page: PageIndex, start: Point, last: Point, moving: Bool)?
    /// The fingers on the view, oldest first (the one that holds a lifted annotation is first).
    private var fingersDown: [InputSequenceID] = []
    /// The finger holding the lifted annotation.
    private var liftFinger: InputSequenceID?
    /// Other fingers that scroll the document while an annotation is held, where each last was.
    private var liftScrolls: [InputSequenceID: Point] = [:]
    /// The target a finger is pressing, once the touch delay has shown the press is not a
    /// scroll (drawn pressed until the finger lifts or a gesture takes the contact over).
    private var pressed: (sequence: InputSequenceID, id: AnnotationID)?
    /// The last pointer press: where, when, and how many presses in a row it ends (GDK's raw
    /// events carry no click count, so the engine counts).
    private var lastPress: (position: Point, time: InputTime, count: Int)?
    /// How close in time and place presses must be to count as a double or triple click.
    public var multiClickInterval = 0.4
    public var multiClickDistance = 4.0
    /// Contacts that opened a context menu: the rest of them is swallowed.
    private var menuSequences: Set<InputSequenceID> = []
    /// Where and when each primary contact down now began, and whether it has kept within the
    /// tap slop so far: what tells a tap from a drag when it lifts.
    private var contactStarts: [InputSequenceID: (position: Point, time: InputTime, still: Bool)] = [:]
    /// The latest run of taps (clicks): where its first tap landed, when its last one lifted and
    /// how many came in a row, by the tap recognizers' rules.
    private var tapRun: (position: Point, time: InputTime, count: Int)?
    /// The pressing event of a pen contact that draws ink but may yet end as a tap (it has been
    /// short and still so far). While it lasts, the recognizers' timers wait, so that a replay
    /// of the tap finds them as the pen left them (a double tap's second press in time).
    private var penTapCandidate: InputEvent?
    /// How many times the editAnnotation component asked to edit (to ask once per double tap).
    private var editRequestCount = 0
    /// Contacts that selected an annotation the transform component does not let them move.
    private var transformRefused: Set<InputSequenceID> = []

    /// The contact that is carrying annotations (moving them by a drag, a hold or a touch
    /// transform), if any: only it scrolls the view at the view's edge, and the carrying ends
    /// when it lifts. Another finger scrolling meanwhile is not it.
    public private(set) var carryingContact: InputSequenceID?

    public init(clock: any EngineClock, settings: Engine.Settings = Engine.Settings()) {
        self.clock = clock
        scene = DocumentScene()
        targets = SceneTargetProvider(scene: scene)
        engine = Engine(clock: clock, targets: targets, settings: settings)
        tools = ToolManager(environment: scene)
        var nav = NavigationController.Settings()
        nav.wheelStep = settings.wheelStep
        navigation = NavigationController(settings: nav)
        targets.textSelected = { [unowned self] in self.textSelection != nil }
        targets.selected = { [unowned self] in
            self.selectedAnnotations.compactMap { self.scene.annotation($0) }
        }
        engine.output = { [unowned self] in self.apply($0) }
        engine.toolFirstRefusal = { [unowned self] in self.offerToTool($0) }
    }

    /// The annotation the edit tool has selected (the primary one when several are).
    public var selectedAnnotation: AnnotationID? { tools.session.selectedAnnotation }

    /// Every selected annotation, in the order they were selected.
    public var selectedAnnotations: [AnnotationID] { tools.session.selection }

    /// The creation tool the user picked (ink, a shape, a note, the eraser …), or `nil` for
    /// selecting and browsing. While one is picked, contacts go to it first; what it leaves
    /// unhandled (a finger when it draws with pens only) scrolls and zooms as usual.
    public private(set) var pickedTool: ToolID?

    /// Whether a pen touching the page draws ink with no tool picked (fingers keep scrolling
    /// and zooming): the pencil-first behaviour of tablet annotators.
    ///
    /// The stroke starts with the pen's first event, and a pen tap is decided when it lifts: a
    /// contact that ends within the tap recognizers' slop and press time is a tap. With no tool
    /// picked every pen tap is one, and does what a finger's tap does (follow a link, select an
    /// annotation, focus a form field, toggle the interface; two in a row smart-zoom); with the
    /// pen tool (``ToolID/ink``) picked, only a tap on a target is one (a link, a form field, an
    /// annotation other than ink, as the interaction components allow), and a tap elsewhere or
    /// on ink leaves a dot. A tap's stroke is cancelled (its preview dropped, nothing added) and
    /// the tap is replayed to the recognizers. Ink wins everywhere else: a contact that moves
    /// or lingers is a stroke, so writing is never delayed and a dot is made by the pen tool.
    public var penDrawsAtOnce = true

    /// Whether a finger draws with the pen tool even after a pen was used (palm rejection
    /// off). Until a pen is seen, fingers draw; after that, they scroll and zoom unless this is on.
    public var fingerDraws = false
    /// Whether a pen has touched or hovered this view.
    public private(set) var penSeen = false

    /// The contact a pen is drawing with while no creation tool is picked.
    private var penStroke: InputSequenceID?
    /// The contact a stand-in tool serves (``handle(_:contactTool:)``), and the tool picked before.
    private var standIn: (sequence: InputSequenceID, picked: ToolID?, tool: ContactTool)?

    /// Picks a creation tool, or goes back to selecting (`nil`). The tool being left commits
    /// what it holds (an ink stroke in progress, say).
    public func pick(_ tool: ToolID?) {
        guard tool != pickedTool else { return }
        // Text selected first, then a markup tool: the selection is marked at once.
        if let tool, let kind = Self.markupKinds[tool], textSelection != nil { markTextSelection(kind) }
        let before = selectedAnnotations
        pickedTool = tool
        // A tool picked while a button's stand-in is in use stays picked after it.
        standIn = nil
        toolSequences.removeAll()
        releasePenTap()
        emit(tools.select(tool ?? .pan))
        if before != selectedAnnotations { output(.selectionChanged(selectedAnnotation)) }
        lastCursor = nil
        refreshPointerRegions()
        output(.needsFrames)
    }

    /// Answers "which character is under this point of the page?" (displayed page space:
    /// points, top-left origin). Text selection is off while it is `nil`.
    public var characterLookup: ((PageIndex, Point) -> Int?)? {
        get { targets.characterAt }
        set {
            targets.characterAt = newValue
            // Tools ask in PDF space (text under a point: select text rather than band-select).
            scene.textLookup = newValue.map { lookup in
                { [unowned self] point in
                    guard let page = self.scene.coordinates.page(point.page) else { return false }
                    return lookup(point.page, page.pagePoint(fromPDF: point.point)) != nil
                }
            }
        }
    }

    /// Answers "which text column is around this point of the page?" (displayed page space);
    /// smart zoom (double tap) is off while it is `nil`.
    public var columnLookup: ((PageIndex, Point) -> Rect?)? {
        get { targets.columnAt }
        set { targets.columnAt = newValue }
    }

    /// Answers "which character is nearest to this point of the page?" (displayed page space),
    /// to extend a text selection wherever the gesture goes on the page where it began.
    public var nearestCharacterLookup: ((PageIndex, Point) -> Int?)?

    /// The text the user selected, if any. The selectText component starts it, the same gesture
    /// extends it, deselectText (a tap elsewhere) ends it; the host may set or clear it too
    /// (Select All, after copying it into a markup). Each change is reported with
    /// ``InteractionOutput/textSelectionChanged(_:)``.
    public private(set) var textSelection: TextSelection?

    /// The two ends of the text selection in view coordinates (the bottom of the first and of
    /// the last selected character), which the host sets whenever the selection or the view
    /// changes; `nil` while they are not on screen.
    public var textSelectionEnds: (start: Point, end: Point)?

    /// Whether the selection is a finger's (made or last changed by touch): the host draws a
    /// handle at each end, and a finger on a handle drags that end (the selectText component
    /// allowing).
    public private(set) var showsSelectionHandles = false

    /// The word a finger's long press selected, kept whole while that finger extends the selection.
    private var pressedWord: (page: PageIndex, range: ClosedRange<Int>)?

    /// The source of the latest contact (whose selection shows handles).
    private var lastContactSource: InputSource?

    /// The finger dragging a selection handle, and how far from the handle's point it took it.
    private var handleDrag: (sequence: InputSequenceID, offset: Vector)?

    /// How close to a handle's point a finger must land to take it, in view pixels.
    public var selectionHandleReach = 28.0

    /// Replaces the text selection from the host's side.
    public func setTextSelection(_ selection: TextSelection?) {
        showsSelectionHandles = selection != nil && lastContactSource == .touchscreen
        guard selection != textSelection else { return }
        textSelection = selection
        output(.textSelectionChanged(selection))
    }

    /// The tools that place what they make where the user taps (a note, a text box, a stamp).
    public static let placingTools: Set<ToolID> = [.note, .freeText, .stamp]

    /// Places what the picked placing tool makes at `point` (view coordinates) without a
    /// pointer: Return on the page hands the tool a tap there, as a tap would reach it.
    /// Returns whether the tool took it.
    @discardableResult
    public func placeFromKeyboard(at point: Point, time: InputTime) -> Bool {
        guard let tool = pickedTool, Self.placingTools.contains(tool) else { return false }
        if tools.currentToolID != tool { emit(tools.select(tool)) }
        let dispatch = tools.handle(.tap(ToolGesture(position: point, source: .keyboard, time: time, modifiers: [])))
        emit(dispatch.commands)
        return dispatch.isHandled
    }

    /// The markup each markup tool makes.
    static let markupKinds: [ToolID: AnnotationKind] = [
        .highlighter: .highlight, .underline: .underline, .strikeOut: .strikeOut, .squiggly: .squiggly,
    ]

    /// Marks the selected text with `kind` (highlight, underline …) and ends the selection.
    public func markTextSelection(_ kind: AnnotationKind) {
        guard let selection = textSelection else { return }
        output(.tool(.markText(kind, selection)))
        setTextSelection(nil)
    }

    /// What a double or triple click selects.
    public enum TextUnit: Sendable { case word, line }

    /// Answers "which characters make the word (or line) around this character?"; double and
    /// triple clicks select nothing while it is `nil`.
    public var textUnitLookup: ((PageIndex, Int, TextUnit) -> ClosedRange<Int>?)?

    /// Moves the selection's end to the character nearest to a view point, on the page under it
    /// (or the nearest page): a selection runs over as many pages as the gesture does.
    private func extendTextSelection(to point: Point) {
        guard var selection = textSelection,
              let page = scene.coordinates.page(atView: point) ?? scene.coordinates.nearestPage(toView: point),
              let focus = nearestCharacterLookup?(page.index, page.viewToPage(scene.coordinates.view).apply(to: point)) else { return }
        selection.focusPage = page.index
        selection.focus = focus
        setTextSelection(selection)
    }

    /// A finger on a handle of a finger's selection drags that end of it (the other end stays),
    /// and lifting it asks for the text menu again. Returns whether the event was such a drag.
    private func dragSelectionHandle(_ event: InputEvent) -> Bool {
        guard event.source == .touchscreen, case .contact(let phase) = event.kind else { return false }
        if let drag = handleDrag {
            guard drag.sequence == event.sequence else { return false }
            // The handle hangs below the text: aim a little above where the finger holds it.
            let point = event.position + drag.offset + Vector(dx: 0, dy: -6)
            switch phase {
            case .began, .moved:
                extendTextSelection(to: point)
            case .ended:
                extendTextSelection(to: point)
                handleDrag = nil
                if textSelection != nil { output(.textMenu(at: event.position)) }
            case .cancelled:
                handleDrag = nil
            }
            return true
        }
        guard phase == .began, showsSelectionHandles, let ends = textSelectionEnds, let selection = textSelection,
              engine.interactions.selectText.isEnabled else { return false }
        let toStart = ends.start.distance(to: event.position), toEnd = ends.end.distance(to: event.position)
        guard min(toStart, toEnd) <= selectionHandleReach else { return false }
        let movingStart = toStart < toEnd
        // The end that stays becomes the anchor; the dragged one the focus.
        let anchorIsStart = (selection.page.rawValue, selection.anchor) <= (selection.focusPage.rawValue, selection.focus)
        if movingStart == anchorIsStart {
            setTextSelection(TextSelection(page: selection.focusPage, anchor: selection.focus, focusPage: selection.page, focus: selection.anchor))
        }
        let handle = movingStart ? ends.start : ends.end
        handleDrag = (event.sequence, handle - event.position)
        return true
    }

    /// A pointer's clicks on text, as in a word processor: a double click selects the word, a
    /// triple click the line, and Shift+click moves the end of the selection there. Returns
    /// whether the click was one of these (the selectText component allowing).
    private func selectTextByClick(_ event: InputEvent) -> Bool {
        let clicks = countClicks(event)
        guard InputSourceSet.pointers.contains(event.source), event.button == nil || event.button == .primary,
              engine.interactions.selectText.isEnabled,
              scene.hitTest(atView: event.position, source: event.source)?.annotation == nil else { return false }
        if event.modifiers.contains(.shift), textSelection != nil, scene.coordinates.page(atView: event.position) != nil {
            extendTextSelection(to: event.position)
            return true
        }
        guard clicks >= 2, let hit = targets.text(at: event.position), let index = hit.characterIndex,
              engine.interactions.selectText.canActivate(at: event.position, in: .view),
              let unit = textUnitLookup?(hit.page, index, clicks == 2 ? .word : .line) else { return false }
        setTextSelection(TextSelection(page: hit.page, anchor: unit.lowerBound, focus: unit.upperBound))
        return true
    }

    /// The press's place in a run of clicks: 1, 2 (double), 3 (triple) … as close presses in
    /// quick succession count up (or as the event says, if it says more).
    private func countClicks(_ event: InputEvent) -> Int {
        var count = 1
        if let last = lastPress, event.time.seconds - last.time.seconds <= multiClickInterval,
           last.position.distance(to: event.position) <= multiClickDistance {
            count = last.count + 1
        }
        count = max(count, event.clickCount)
        lastPress = (event.position, event.time, count)
        return count
    }

    /// Starts or extends the text selection as the selectText component's gesture goes: it
    /// begins at the character hit and ends at the character nearest to the gesture on the
    /// page where it began.
    private func extendTextSelection(_ phase: GesturePhase, at point: Point, hit: TextHit) {
        switch phase {
        case .began:
            guard let index = hit.characterIndex else { return }
            // A finger's long press takes the whole word under it, as on a phone.
            pressedWord = nil
            if lastContactSource == .touchscreen, let word = textUnitLookup?(hit.page, index, .word) {
                pressedWord = (hit.page, word)
                setTextSelection(TextSelection(page: hit.page, anchor: word.lowerBound, focus: word.upperBound))
            } else {
                setTextSelection(TextSelection(page: hit.page, anchor: index, focus: index))
            }
        case .changed, .ended:
            extendTextSelection(to: point)
            // A finger that pressed a word keeps all of it, and extends from its far side.
            if let (page, word) = pressedWord, var selection = textSelection {
                let ahead = (selection.focusPage.rawValue, selection.focus) > (page.rawValue, word.upperBound)
                let behind = (selection.focusPage.rawValue, selection.focus) < (page.rawValue, word.lowerBound)
                if !ahead && !behind {
                    selection = TextSelection(page: page, anchor: word.lowerBound, focus: word.upperBound)
                } else {
                    selection.page = page
                    selection.anchor = ahead ? word.lowerBound : word.upperBound
                }
                setTextSelection(selection)
            }
        case .cancelled:
            setTextSelection(nil)
        }
    }

    /// A view point in a page's displayed space, for extending a text selection.
    public func pagePoint(fromView point: Point, on page: PageIndex) -> Point? {
        guard let g = scene.coordinates.page(page) else { return nil }
        return g.viewToPage(scene.coordinates.view).apply(to: point)
    }

    /// The annotation under the pointer (indirect input only).
    public var hoveredAnnotation: AnnotationID? { hovered }

    // MARK: Scene

    /// Adopts the laid-out pages (only those the host wants hit-testable, typically the visible
    /// ones) and the current zoom and scroll.
    public func setPages(_ pages: [PageGeometry], view: ViewTransform, viewSize: Size) {
        scene.setLayout(DocumentCoordinates(view: view, pages: pages))
        targets.viewBounds = Rect(origin: .zero, size: viewSize)
        refreshPointerRegions()
    }

    /// Replaces the annotations known on a page.
    public func setAnnotations(_ annotations: [AnnotationTarget], on page: PageIndex) {
        scene.setAnnotations(annotations, on: page)
        refreshPointerRegions()
    }

    /// Updates one annotation's geometry (after the host applied a move or resize).
    public func update(_ annotation: AnnotationTarget) {
        scene.upsert(annotation)
        refreshPointerRegions()
    }

    /// Forgets an annotation the host removed from the document.
    public func remove(_ id: AnnotationID) {
        scene.remove(id)
        if hovered == id {
            hovered = nil
            output(.hoverChanged(nil))
        }
        refreshPointerRegions()
    }

    /// Selects an annotation from the host's side (a double click that would edit it), as a tap
    /// on it does: the edit tool takes over with it selected.
    public func select(_ id: AnnotationID) {
        guard let target = scene.annotation(id), selectedAnnotation != id else { return }
        apply(.selectAnnotation(target))
    }

    /// The form field (widget annotation) being filled, if any.
    public var focusedFormField: AnnotationID? { tools.session.focusedFormField }

    /// Focuses a form field from the host's side (Tab and Shift+Tab, or a tap the
    /// editAnnotation component turned into ``EngineOutput/editAnnotation(_:)``), or ends the
    /// focus with `nil`. The form-filling tool takes over and reports
    /// ``ToolCommand/focusFormField(_:)``; ending it reports ``ToolCommand/clearFormFocus``.
    /// Filling is editing: nothing is focused while the editAnnotation component is disabled
    /// or its conditions refuse the field (asked at the field's centre). Returns whether the
    /// field has the focus now.
    @discardableResult
    public func focusFormField(_ id: AnnotationID?) -> Bool {
        guard let id else {
            if focusedFormField != nil { emit(tools.select(pickedTool ?? .pan)) }
            return true
        }
        let edit = engine.interactions.editAnnotation
        guard let target = scene.annotation(id), target.kind == .widget, !target.isLocked, edit.isEnabled,
              edit.canActivate(at: target.bounds.center, in: .pdf(target.page)) else { return false }
        if focusedFormField == id { return true }
        if selectedAnnotation != nil { deselectAnnotation() }
        if tools.currentToolID != .formFilling { emit(tools.select(.formFilling)) }
        var session = tools.session
        session.focusedFormField = id
        tools.setSession(session)
        output(.tool(.focusFormField(id)))
        return true
    }

    /// Selects several annotations from the host's side (the copies a paste made): the edit
    /// tool takes over with them selected, the last one primary.
    public func select(_ ids: [AnnotationID]) {
        let known = ids.filter { scene.annotation($0) != nil }
        guard let last = known.last, let target = scene.annotation(last), known != selectedAnnotations else { return }
        apply(.selectAnnotation(target))
        var session = tools.session
        session.selection = known
        tools.setSession(session)
        output(.selectionChanged(last))
    }

    /// Ends the annotation selection from the host's side (the selected annotation was removed
    /// by an undo, say): the edit tool hands over to panning, as when the user deselects.
    public func deselectAnnotation() {
        guard selectedAnnotation != nil else { return }
        emit(tools.select(.pan))
        var session = tools.session
        session.selectedAnnotation = nil
        tools.setSession(session)
        output(.selectionChanged(nil))
    }

    /// Drops annotations that no longer exist from the selection (after an undo removed some of
    /// several selected ones); ends the selection when none is left.
    public func pruneSelection() {
        let alive = selectedAnnotations.filter { scene.annotation($0) != nil }
        guard alive != selectedAnnotations else { return }
        guard !alive.isEmpty else { return deselectAnnotation() }
        var session = tools.session
        session.selection = alive
        tools.setSession(session)
        output(.selectionChanged(selectedAnnotation))
    }

    /// Annotations get a hover tint; links morph the pointer (highlight).
    private func refreshPointerRegions() {
        var regions: [PointerRegion] = []
        // A creation tool draws over annotations: they do not light up under it.
        guard pickedTool == nil else {
            pointer.regions = []
            return
        }
        for page in scene.coordinates.pages {
            for a in scene.annotations(on: page.index) where a.kind != .popup {
                guard let r = scene.coordinates.viewRect(fromPDF: a.bounds, on: a.page) else { continue }
                let style = a.kind == .link
                    ? PointerStyle(effect: .highlight, pointer: .pointer)
                    : PointerStyle(effect: .hover(tint: .overlay, scale: 1, shadow: true), pointer: .pointer)
                regions.append(PointerRegion(id: a.id.rawValue, shape: .roundedRect(r.insetBy(dx: -2, dy: -2), cornerRadius: 3), style: style))
            }
        }
        pointer.regions = regions
    }

    // MARK: Input

    public func handle(_ event: InputEvent) {
        trackHover(event)
        engine.handle(event)
    }

    /// What one contact does in place of the picked tool (a stylus button set to select or to
    /// highlight): Select, or the highlighter, from the contact's first event to its last.
    public enum ContactTool: Hashable, Sendable { case select, highlight }

    /// Handles `event` with `tool` standing in for the picked tool while its contact lasts; the
    /// picked tool is back once the contact ends (the window's toolbar never changes), and
    /// what Select selected stays selected until the tip is used again.
    public func handle(_ event: InputEvent, contactTool tool: ContactTool?) {
        guard case .contact(let phase) = event.kind else { handle(event); return }
        if phase == .began, let tool, standIn == nil {
            standIn = (event.sequence, pickedTool, tool)
            pickedTool = tool == .highlight ? .highlighter : nil
            emit(tools.select(pickedTool ?? .pan))
        }
        handle(event)
        // The contact's end puts the picked tool back, whatever its last event says of it.
        if phase == .ended || phase == .cancelled, let held = standIn, held.sequence == event.sequence {
            standIn = nil
            pickedTool = held.picked
            // The highlighter goes at once. What Select selected stays selected (Delete, the
            // arrow keys and the next button contact act on it); the picked tool takes over
            // again with the next contact of the tip, as after the eraser end.
            if held.tool == .highlight { emit(tools.select(held.picked ?? .pan)) }
        }
    }

    /// Fires due timers (long press, double-tap window, palm rejection) and advances momentum.
    ///
    /// While a pen contact that may yet be a tap is down, the engine's timers wait for it to
    /// lift (at most the tap recognizers' press time).
    public func tick(at time: InputTime) {
        if let began = penTapCandidate {
            // Held too long for a tap: it is a stroke.
            if time - began.time >= tapRules.maximumPressDuration { releasePenTap() }
        } else {
            engine.tick()
        }
        if let action = navigation.tick(at: time) { output(.navigate(action)) }
    }

    /// When the engine's timers next need ``tick(at:)``.
    public var nextDeadline: InputTime? {
        guard let began = penTapCandidate, let due = engine.nextDeadline else { return engine.nextDeadline }
        return max(due, began.time + tapRules.maximumPressDuration)
    }

    /// Whether momentum wants a tick every frame.
    public var needsTicks: Bool { navigation.isAnimating }

    /// The pointer effects to draw at a frame time.
    public func pointerFrame(at time: InputTime) -> PointerFrame { pointer.frame(at: time) }

    private func trackHover(_ event: InputEvent) {
        guard !event.isDirect else { return }
        pointer.handle(event)
        let now = pointer.activeRegionID.map(AnnotationID.init)
        if now != hovered {
            hovered = now
            output(.hoverChanged(now))
            output(.needsFrames)
        }
        switch event.kind {
        case .hover, .contact, .enter:
            let shape = tools.currentToolID == .annotationEdit || pickedTool != nil
                ? tools.pointerShape(atView: event.position, source: event.source)
                : (pointer.cursor ?? tools.pointerShape(atView: event.position, source: event.source))
            if shape != lastCursor {
                lastCursor = shape
                output(.cursor(shape))
            }
        default:
            break
        }
    }

    /// Whether a drag from this view point turns the page (pages turn by dragging and the
    /// fastScroll component may act there): it is then the engine's, not a selection band's.
    private func turnsPage(at point: Point) -> Bool {
        let interactions = engine.interactions
        return interactions.settings.turnsPagesByDragging && interactions.fastScroll.isEnabled
            && interactions.fastScroll.canActivate(at: point, in: .view)
    }

    /// The rules a tap follows (slop, press time, interval, separation), the tap recognizers'.
    private var tapRules: TapRecognizer { engine.interactions.smartZoomTap }

    /// Follows each primary contact from press to lift as the tap recognizers would, and counts
    /// the taps in a row. Returns whether the event ends a tap.
    private func followTaps(_ event: InputEvent) -> Bool {
        guard case .contact(let phase) = event.kind else { return false }
        let rules = tapRules
        let slop = rules.slop.value(for: event.source)
        switch phase {
        case .began:
            guard event.button == nil || event.button == .primary else {
                tapRun = nil
                return false
            }
            contactStarts[event.sequence] = (event.position, event.time, true)
        case .moved:
            if var start = contactStarts[event.sequence], start.still, start.position.distance(to: event.position) > slop {
                start.still = false
                contactStarts[event.sequence] = start
            }
        case .ended, .cancelled:
            guard let start = contactStarts.removeValue(forKey: event.sequence) else { return false }
            guard phase == .ended, start.still, start.position.distance(to: event.position) <= slop,
                  event.time - start.time < rules.maximumPressDuration else {
                tapRun = nil
                return false
            }
            if let run = tapRun, start.time - run.time <= rules.tapInterval,
               start.position.distance(to: run.position) <= rules.maximumTapSeparation.value(for: event.source) {
                tapRun = (run.position, event.time, run.count + 1)
            } else {
                tapRun = (start.position, event.time, 1)
            }
            return true
        }
        return false
    }

    /// Whether a pen tap at a view point, with the pen tool picked, is meant for something
    /// there rather than a dot: a link to follow, a form field to fill or an annotation to
    /// select, as the interaction components allow. Ink is not such a target: a dot on
    /// handwriting (an i's) is more writing.
    private func penTapHasTarget(at point: Point) -> Bool {
        let interactions = engine.interactions
        interactions.currentSource = .pen
        let link = interactions.openLinkAnnotation, edit = interactions.editAnnotation, select = interactions.selectAnnotation
        if link.isEnabled, link.canActivate(at: point, in: .view) { return true }
        if edit.isEnabled, edit.canActivate(at: point, in: .view) { return true }
        guard select.isEnabled, let hit = select.context(at: point, in: .view)?.annotation, hit.kind != .ink else { return false }
        return select.canActivate(at: point, in: .view)
    }

    /// A pen contact that drew ink ended as a tap meant for the recognizers: its stroke is
    /// cancelled (the tool drops its preview and adds nothing) and the tap goes to the
    /// recognizers as if the pen had never drawn.
    private func replayPenTap(_ began: InputEvent, _ ended: InputEvent) {
        penTapCandidate = nil
        var cancelled = ended
        cancelled.kind = .contact(.cancelled)
        emit(tools.handle(.input(cancelled)).commands)
        toolSequences.remove(ended.sequence)
        toolContactStarts.removeValue(forKey: ended.sequence)
        if penStroke == ended.sequence {
            penStroke = nil
            emit(tools.select(.pan))
        }
        let edits = editRequestCount
        engine.arena.handle(began)
        engine.arena.handle(ended)
        if editRequestCount == edits, tapRun?.count == 2 { editByDoubleTap(at: ended.position, source: ended.source) }
    }

    /// The pen contact is a stroke after all (it moved, lingered or ended as a dot): the
    /// engine's timers that waited for it run.
    private func releasePenTap() {
        guard penTapCandidate != nil else { return }
        penTapCandidate = nil
        engine.tick()
    }

    /// The second tap (or click) of a double tap on a free text or a note, which the first
    /// selected, asks the editAnnotation component to edit it (as a tap on a selected one
    /// would, had the edit tool not taken the press to move it). A form field needs no double
    /// tap: a single one asks already.
    private func editByDoubleTap(at point: Point, source: InputSource) {
        let interactions = engine.interactions
        guard interactions.editAnnotation.isEnabled else { return }
        interactions.currentSource = source
        guard let target = interactions.editAnnotation.context(at: point, in: .view)?.annotation,
              interactions.settings.editableWhenSelectedKinds.contains(target.kind) else { return }
        interactions.tryToEditAnnotation(at: point, in: .view)
    }

    /// The tool layer's first refusal; returns whether the tool took the event.
    private func offerToTool(_ event: InputEvent) -> Bool {
        if event.source == .pen || event.source == .eraser { penSeen = true }
        let endsTap = followTaps(event)
        if event.isDirect, case .contact(let phase) = event.kind {
            if phase == .began { fingersDown.append(event.sequence) }
            if phase == .ended || phase == .cancelled { fingersDown.removeAll { $0 == event.sequence } }
            if scrollWhileHolding(event, phase) { return true }
        }
        if case .contact(.began) = event.kind { lastContactSource = event.source }
        if dragSelectionHandle(event) { return true }
        switch event.kind {
        case .contact(.began) where event.button == .back || event.button == .forward:
            // A mouse's back and forward buttons walk the reading history, as in a browser.
            menuSequences.insert(event.sequence)
            output(.navigate(event.button == .back ? .historyBack : .historyForward))
            return true
        case .contact(.began) where event.button == .secondary:
            menuSequences.insert(event.sequence)
            openContextMenu(at: event.position, source: event.source)
            return true
        case .contact(let phase) where menuSequences.contains(event.sequence):
            if phase == .ended || phase == .cancelled { menuSequences.remove(event.sequence) }
            return true
        case .contact(.began) where pickedTool != nil:
            if let button = event.button, button != .primary { return false }
            // Palm rejection: once a pen is in use, a finger does not draw (it scrolls).
            if pickedTool == .ink, event.isDirect, penSeen, !fingerDraws { return false }
            // Back to the picked tool after another took over for a while (the pen's eraser end).
            if let picked = pickedTool, tools.currentToolID != picked, event.source != .eraser {
                emit(tools.select(picked))
            }
            let dispatch = tools.handle(.input(event))
            emit(dispatch.commands)
            guard dispatch.isHandled else { return false }
            toolSequences.insert(event.sequence)
            toolContactStarts[event.sequence] = (event.position, event.time)
            // The pen tool inks at once; a tap on a link, field or annotation is decided on lift.
            if penDrawsAtOnce, event.source == .pen, tools.currentToolID == .ink { penTapCandidate = event }
            return true
        case .contact(.began) where event.source == .pen && pickedTool == nil && !selectedAnnotations.isEmpty
            && onSelection(event.position, source: event.source):
            // A pen on what is selected moves or resizes it, as a mouse would, even while the
            // pen draws at once: ink wins only elsewhere.
            return pressEditTool(event)
        case .contact(.began) where (event.source == .pen || event.source == .eraser) && penDrawsAtOnce && penStroke == nil:
            // A pen draws at once, its eraser end erases; browsing comes back when it lifts. A
            // pen tap is decided on lift (see penDrawsAtOnce).
            let before = selectedAnnotations
            emit(tools.select(event.source == .eraser ? .eraser : .ink))
            if before != selectedAnnotations { output(.selectionChanged(selectedAnnotation)) }
            let dispatch = tools.handle(.input(event))
            emit(dispatch.commands)
            guard dispatch.isHandled else {
                emit(tools.select(.pan))
                return false
            }
            penStroke = event.sequence
            toolSequences.insert(event.sequence)
            if event.source == .pen { penTapCandidate = event }
            return true
        case .contact(.began):
            if let button = event.button, button != .primary { return false }
            if selectTextByClick(event) {
                menuSequences.insert(event.sequence)
                return true
            }
            // The components decide whether; the edit tool only decides what.
            guard routesToEditTool(event) else { return false }
            return pressEditTool(event)
        case .contact(let phase) where toolSequences.contains(event.sequence):
            if let began = penTapCandidate, began.sequence == event.sequence {
                // A pen tap: with no tool picked any, with the pen tool one on a target.
                if endsTap, penStroke == event.sequence || penTapHasTarget(at: began.position) {
                    replayPenTap(began, event)
                    return true
                }
                if phase != .moved || contactStarts[event.sequence]?.still != true { releasePenTap() }
            }
            let before = selectedAnnotations
            emit(allowedTransforms(tools.handle(.input(event)).commands, of: event.sequence))
            if phase == .ended || phase == .cancelled { transformRefused.remove(event.sequence) }
            // A selection band selects when it lifts.
            if before != selectedAnnotations { output(.selectionChanged(selectedAnnotation)) }
            if phase == .ended || phase == .cancelled { toolSequences.remove(event.sequence) }
            if (phase == .ended || phase == .cancelled) && penStroke == event.sequence {
                penStroke = nil
                emit(tools.select(.pan))
                return true
            }
            // The edit tool took both presses of a double click (to move what they pressed):
            // the second one may still ask to edit.
            if endsTap, pickedTool == nil, tapRun?.count == 2 { editByDoubleTap(at: event.position, source: event.source) }
            // A press and release in place is a tap for tools that place things (a note).
            if phase == .ended || phase == .cancelled, let start = toolContactStarts.removeValue(forKey: event.sequence),
               phase == .ended, pickedTool != nil, start.position.distance(to: event.position) < 8 {
                let tap = ToolGesture(position: event.position, source: event.source, time: event.time, modifiers: event.modifiers)
                emit(tools.handle(.tap(tap)).commands)
            }
            return true
        case .key(_, true) where tools.currentToolID == .annotationEdit:
            let before = selectedAnnotations
            let dispatch = tools.handle(.input(event))
            // Nudges are transforms: nothing moves while the transform component says no.
            let transform = engine.interactions.transformAnnotation
            let center = selectedAnnotation.flatMap { scene.annotation($0) }
                .flatMap { scene.coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }?.center
            let transformAllowed = transform.isEnabled && center.map { transform.canActivate(at: $0, in: .view) } == true
            emit(dispatch.commands.filter { command in
                switch command {
                case .beginTransform, .moveAnnotation, .resizeAnnotation, .moveLineEnd, .endTransform: return transformAllowed
                default: return true
                }
            })
            if before != selectedAnnotations { output(.selectionChanged(selectedAnnotation)) }
            return dispatch.isHandled
        default:
            return false
        }
    }

    /// Whether a press reaches the annotation edit tool, the routing of every primary press
    /// with no creation tool picked; the interaction components decide, with their conditions:
    /// - on the selection or its handles it would move or resize it: transformAnnotation's;
    /// - a finger anywhere else is the recognizers' (a swipe scrolls, a tap selects or
    ///   deselects, a hold lifts), so that nothing is selected, deselected or moved by a contact
    ///   that turns out to scroll;
    /// - a precise pointer on another annotation selects it: selectAnnotation's (whether it may
    ///   then drag it is transformAnnotation's, asked once it is selected);
    /// - a precise pointer on empty space ends the selection (deselectAnnotation's), and a mouse
    ///   may pull out a selection band there (selectAnnotation's).
    private func routesToEditTool(_ event: InputEvent) -> Bool {
        let components = engine.interactions
        let point = event.position
        components.currentSource = event.source
        if !selectedAnnotations.isEmpty {
            // A finger on the selection's body is the recognizers' too: a drag moves it (the
            // transform component's pan), a hold lifts it; only its handles resize by the tool.
            if onSelection(point, source: event.source, handlesOnly: event.isDirect) { return true }
        }
        guard !event.isDirect else { return false }
        if let hit = scene.hitTest(atView: point, source: event.source)?.annotation {
            guard hit.kind != .link, hit.kind != .widget, hit.kind != .popup else { return false }
            return components.selectAnnotation.isEnabled && components.selectAnnotation.canActivate(at: point, in: .view)
        }
        if !selectedAnnotations.isEmpty {
            let deselect = components.deselectAnnotation
            return deselect.isEnabled && deselect.canActivate(at: point, in: .view)
        }
        return event.source == .mouse && components.selectAnnotation.isEnabled && !turnsPage(at: point)
    }

    /// Whether a press at a view point lands on the selection, its handles or its line ends
    /// (only those with `handlesOnly`) where the transform component lets it move or resize what
    /// is selected (asked at the press and at the middle of the annotation pressed).
    private func onSelection(_ point: Point, source: InputSource, handlesOnly: Bool = false) -> Bool {
        let transform = engine.interactions.transformAnnotation
        engine.interactions.currentSource = source
        let onHandle = tools.currentToolID == .annotationEdit && tools.isSelectionHandle(atView: point, source: source)
        guard onHandle || !handlesOnly else { return false }
        for selected in selectedAnnotations {
            guard let target = scene.annotation(selected),
                  let rect = scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page),
                  onHandle || rect.insetBy(dx: -12, dy: -12).contains(point) else { continue }
            if transform.isEnabled && (transform.canActivate(at: point, in: .view) || transform.canActivate(at: rect.center, in: .view)) {
                return true
            }
        }
        return false
    }

    /// Hands a primary press to the annotation edit tool, which then owns the contact until it
    /// lifts. When the press is on an annotation the transform component does not let move
    /// (one it selected, or one selected already), the contact selects it and moves nothing.
    private func pressEditTool(_ event: InputEvent) -> Bool {
        if tools.currentToolID != .annotationEdit {
            emit(tools.select(.annotationEdit))
            if scene.hitTest(atView: event.position, source: event.source)?.annotation == nil,
               textSelection != nil, engine.interactions.deselectText.isEnabled,
               engine.interactions.deselectText.canActivate(at: event.position, in: .view) {
                // A press on empty page space ends a text selection, as a tap there does.
                setTextSelection(nil)
            }
        }
        let before = selectedAnnotations
        let dispatch = tools.handle(.input(event))
        // Asked once the press has selected what it landed on (the transform component's
        // context is the selection).
        if !selectedAnnotations.isEmpty, !onSelection(event.position, source: event.source) {
            transformRefused.insert(event.sequence)
        }
        emit(allowedTransforms(dispatch.commands, of: event.sequence))
        if before != selectedAnnotations { output(.selectionChanged(selectedAnnotation)) }
        guard dispatch.isHandled, tools.currentToolID == .annotationEdit else {
            transformRefused.remove(event.sequence)
            return false
        }
        toolSequences.insert(event.sequence)
        return true
    }

    /// A contact's tool commands without the moves and resizes the transform component refused
    /// it; notes the contact that carries annotations once one begins.
    private func allowedTransforms(_ commands: [ToolCommand], of sequence: InputSequenceID) -> [ToolCommand] {
        let refused = transformRefused.contains(sequence)
        return commands.filter { command in
            switch command {
            case .beginTransform:
                if !refused { carryingContact = sequence }
                return !refused
            case .moveAnnotation, .resizeAnnotation, .moveLineEnd:
                return !refused
            case .endTransform:
                if carryingContact == sequence { carryingContact = nil }
                return !refused
            default:
                return true
            }
        }
    }

    /// A secondary click: on an annotation the components let be selected, it joins (or stays
    /// in) the selection and the menu is about it; elsewhere the menu is about the page.
    private func openContextMenu(at point: Point, source: InputSource) {
        let select = engine.interactions.selectAnnotation
        // Inside the selection, the menu is about the whole selection.
        let inSelection = selectedAnnotations.first { id in
            scene.annotation(id).flatMap { scene.coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }?.contains(point) == true
        }
        if let id = inSelection {
            output(.contextMenu(at: point, annotation: id))
        } else if let hit = scene.hitTest(atView: point, source: source)?.annotation, PanTool.owner(of: hit.kind) == .annotationEdit,
           select.isEnabled, select.canActivate(at: point, in: .view) {
            if !selectedAnnotations.contains(hit.id) { apply(.selectAnnotation(hit)) }
            output(.contextMenu(at: point, annotation: hit.id))
        } else {
            output(.contextMenu(at: point, annotation: nil))
        }
    }

    private func emit(_ commands: [ToolCommand]) {
        for c in commands { output(.tool(c)) }
    }

    // MARK: Engine decisions

    private func apply(_ decision: EngineOutput) {
        switch decision {
        case .scroll(let delta):
            output(.navigate(.scroll(by: delta)))
        case .scrollEnded(let velocity):
            navigation.startMomentum(velocity: velocity, at: clock.now)
        case .stopMomentum:
            navigation.stopMomentum()
        case .zoom(let factor, let focus):
            navigation.stopMomentum()
            output(.navigate(.zoom(by: factor, about: focus)))
        case .smartZoom(let rect, let point):
            output(.smartZoom(to: rect, about: point))
        case .key(let event):
            for action in navigation.handle(event) { output(.navigate(action)) }
        case .selectAnnotation(let target):
            emit(tools.select(.annotationEdit))
            var session = tools.session
            session.selectedAnnotation = target.id
            tools.setSession(session)
            output(.tool(.selectAnnotation(target.id)))
            output(.selectionChanged(target.id))
        case .deselectAnnotations:
            guard selectedAnnotation != nil else { return }
            emit(tools.select(.pan))
            output(.selectionChanged(nil))
        case .transformAnnotation(let target, let phase, let translation):
            applyEngineTransform(target, phase, translation)
        case .liftAnnotation(let target, let phase, let point):
            applyLift(target, phase, point)
        case .selectText(let phase, let point, let hit):
            extendTextSelection(phase, at: point, hit: hit)
            // A finger's selection is done: the host offers what to do with it.
            if phase == .ended, engine.interactions.currentSource.isDirect, textSelection != nil { output(.textMenu(at: point)) }
        case .deselectText:
            setTextSelection(nil)
        case .swipe(let directions, 3) where directions == .right || directions == .left:
            // Three fingers swiped sideways on a touchpad: back (to the right) or forward.
            output(.navigate(directions == .right ? .historyBack : .historyForward))
        case .contact(let event):
            showPress(event)
        case .contactCancelled(let sequence):
            if pressed?.sequence == sequence { endPress() }
        case .editAnnotation:
            editRequestCount += 1
            output(.engine(decision))
        case .hover:
            break
        default:
            output(.engine(decision))
        }
    }

    /// While a finger holds an annotation up, another finger scrolls the document (the held
    /// one keeps its place under the first finger). Returns whether the event was such a scroll.
    private func scrollWhileHolding(_ event: InputEvent, _ phase: InputPhase) -> Bool {
        guard (lift != nil && event.sequence != liftFinger) || liftScrolls[event.sequence] != nil else { return false }
        switch phase {
        case .began:
            liftScrolls[event.sequence] = event.position
        case .moved:
            if let last = liftScrolls[event.sequence] {
                output(.navigate(.scroll(by: last - event.position)))
                liftScrolls[event.sequence] = event.position
            }
        case .ended, .cancelled:
            liftScrolls[event.sequence] = nil
        }
        return true
    }

    /// A finger's contact as the view receives it (after the touch delay): on an annotation or
    /// a link, the target shows pressed until the finger lifts or a gesture takes it over.
    private func showPress(_ event: InputEvent) {
        guard event.isDirect, case .contact(let phase) = event.kind else { return }
        switch phase {
        case .began:
            guard pressed == nil, let target = scene.hitTest(atView: event.position, source: event.source)?.annotation,
                  target.kind != .popup else { return }
            pressed = (event.sequence, target.id)
            output(.pressed(target.id))
        case .ended, .cancelled:
            if pressed?.sequence == event.sequence { endPress() }
        case .moved:
            break
        }
    }

    private func endPress() {
        pressed = nil
        output(.pressed(nil))
    }

    /// A finger held on an annotation: it is selected and lifted; moving the finger then moves
    /// it (when the transform component allows, as for any move), and lifting the finger in
    /// place asks for its context menu instead.
    private func applyLift(_ target: AnnotationTarget, _ phase: GesturePhase, _ point: Point) {
        switch phase {
        case .began:
            if !selectedAnnotations.contains(target.id) { apply(.selectAnnotation(target)) }
            lift = (target.id, target.page, point, point, false)
            liftFinger = fingersDown.first
            if pressed != nil { endPress() }
            output(.lift(target.id))
            output(.needsFrames)
        case .changed:
            guard var held = lift, held.id == target.id else { return }
            if !held.moving {
                let transform = engine.interactions.transformAnnotation
                guard !target.isLocked, point.distance(to: held.start) > 10, transform.isEnabled,
                      transform.canActivate(at: held.start, in: .view) else { return }
                held.moving = true
                carryingContact = liftFinger
                output(.tool(.beginTransform(target.id)))
            }
            if let delta = scene.coordinates.pdfVector(fromView: point - held.last, on: held.page) {
                output(.tool(.moveAnnotation(target.id, by: delta)))
            }
            held.last = point
            lift = held
        case .ended, .cancelled:
            guard let held = lift, held.id == target.id else { return }
            lift = nil
            liftFinger = nil
            output(.lift(nil))
            if held.moving {
                carryingContact = nil
                output(.tool(.endTransform(target.id, cancelled: phase == .cancelled)))
            } else if phase == .ended {
                output(.contextMenu(at: point, annotation: target.id))
            }
        }
    }

    /// A touch drag that the transform component recognised on the selected annotation becomes
    /// the same move commands a pointer drag produces.
    private func applyEngineTransform(_ target: AnnotationTarget, _ phase: GesturePhase, _ translation: Vector) {
        switch phase {
        case .began:
            engineTransformStart[target.id] = .zero
            carryingContact = engine.interactions.transformPan.touches.first?.sequence
            output(.tool(.beginTransform(target.id)))
        case .changed:
            let last = engineTransformStart[target.id] ?? .zero
            engineTransformStart[target.id] = translation
            if let delta = scene.coordinates.pdfVector(fromView: translation + last * -1, on: target.page) {
                output(.tool(.moveAnnotation(target.id, by: delta)))
            }
        case .ended, .cancelled:
            engineTransformStart[target.id] = nil
            carryingContact = nil
            output(.tool(.endTransform(target.id, cancelled: phase == .cancelled)))
        }
    }
}
