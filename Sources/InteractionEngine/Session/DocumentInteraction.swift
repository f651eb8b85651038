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
/// 0. the ruler, while shown, takes fingers on it (they move and turn it, never scroll or draw)
///    and pointers on its handles (see `routeToRuler`);
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
    /// The hover effects' regions, built again from the scene when the pointer is next
    /// consulted after a change (``pointerFrame(at:)``, a hover event).
    public let pointer = PointerInteraction()
    /// Whether the scene changed since the pointer regions were built: a carry of many
    /// annotations moves each one, and the regions are built once for all of them, not once per
    /// annotation (a lasso's 1,500 strokes made that 1,500 × 2,000 regions per mouse motion).
    var pointerRegionsStale = false
    public let navigation: NavigationController
    public var output: (InteractionOutput) -> Void = { _ in }

    let targets: SceneTargetProvider
    let clock: any EngineClock
    var toolSequences: Set<InputSequenceID> = []
    /// Where and when each contact a picked tool owns began, to tell a tap from a drag.
    var toolContactStarts: [InputSequenceID: (position: Point, time: InputTime)] = [:]
    var hovered: AnnotationID?
    var lastCursor: PointerShape?
    var engineTransformStart: [AnnotationID: Vector] = [:]
    /// The annotation a finger holds up: where the hold began and the finger last was, and
    /// whether it has started to move the annotation.
    var lift: (id: AnnotationID, page: PageIndex, start: Point, last: Point, moving: Bool)?
    /// The fingers on the view, oldest first (the one that holds a lifted annotation is first).
    var fingersDown: [InputSequenceID] = []
    /// The finger holding the lifted annotation.
    var liftFinger: InputSequenceID?
    /// Other fingers that scroll the document while an annotation is held, where each last was.
    var liftScrolls: [InputSequenceID: Point] = [:]
    /// The target a finger is pressing, once the touch delay has shown the press is not a
    /// scroll (drawn pressed until the finger lifts or a gesture takes the contact over).
    var pressed: (sequence: InputSequenceID, id: AnnotationID)?
    /// The last pointer press: where, when, and how many presses in a row it ends (GDK's raw
    /// events carry no click count, so the engine counts).
    var lastPress: (position: Point, time: InputTime, count: Int)?
    /// How close in time and place presses must be to count as a double or triple click.
    public var multiClickInterval = 0.4
    public var multiClickDistance = 4.0
    /// Contacts that opened a context menu: the rest of them is swallowed.
    var menuSequences: Set<InputSequenceID> = []
    /// Where and when each primary contact down now began, and whether it has kept within the
    /// tap slop so far: what tells a tap from a drag when it lifts.
    var contactStarts: [InputSequenceID: (position: Point, time: InputTime, still: Bool)] = [:]
    /// The latest run of taps (clicks): where its first tap landed, when its last one lifted and
    /// how many came in a row, by the tap recognizers' rules.
    var tapRun: (position: Point, time: InputTime, count: Int)?
    /// The pressing event of a pen contact that draws ink but may yet end as a tap (it has been
    /// short and still so far). While it lasts, the recognizers' timers wait, so that a replay
    /// of the tap finds them as the pen left them (a double tap's second press in time).
    var penTapCandidate: InputEvent?
    /// How many times the editAnnotation component asked to edit (to ask once per double tap).
    var editRequestCount = 0
    /// Contacts that selected an annotation the transform component does not let them move.
    var transformRefused: Set<InputSequenceID> = []

    /// The contact that is carrying annotations (moving them by a drag, a hold or a touch
    /// transform), if any: only it scrolls the view at the view's edge, and the carrying ends
    /// when it lifts. Another finger scrolling meanwhile is not it.
    public internal(set) var carryingContact: InputSequenceID?

    public init(clock: any EngineClock, settings: Engine.Settings = Engine.Settings()) {
        self.clock = clock
        scene = DocumentScene()
        targets = SceneTargetProvider(scene: scene)
        engine = Engine(clock: clock, targets: targets, settings: settings)
        tools = ToolManager(environment: scene)
        var nav = NavigationController.Settings()
        nav.wheelStep = settings.wheelStep
        navigation = NavigationController(settings: nav)
        targets.textSelected = { [unowned self] in self.textSelection != nil || self.selectedImage != nil }
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
    public internal(set) var pickedTool: ToolID?

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
    public var fingerDraws = false {
        didSet {
            // The Highlighter's marker follows the same switch.
            let on = fingerDraws
            tools.register(.highlighter) { HighlighterTool(drawsWithTouch: on) }
            (tools.currentTool as? HighlighterTool)?.drawsWithTouch = on
        }
    }
    /// Whether every pen stroke that is a shape snaps to it on lift ("Snap Shapes"), not only
    /// one held still at its end (see ``InkTool/snapsShapesOnLift``).
    public var snapsShapesOnLift = false {
        didSet {
            let on = snapsShapesOnLift
            tools.register(.ink) { InkTool(snapsShapesOnLift: on) }
            (tools.currentTool as? InkTool)?.snapsShapesOnLift = on
        }
    }
    /// Whether a pen has touched or hovered this view.
    public internal(set) var penSeen = false

    /// The contacts moving or turning the ruler.
    var rulerGesture: RulerGesture?

    /// The contact a pen is drawing with while no creation tool is picked.
    var penStroke: InputSequenceID?
    /// The contact a stand-in tool serves (``handle(_:contactTool:)``), and the tool picked before.
    var standIn: (sequence: InputSequenceID, picked: ToolID?, tool: ContactTool)?

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

    /// Answers "which character is nearest to this point of the page?" (displayed page space),
    /// to extend a text selection wherever the gesture goes on the page where it began.
    public var nearestCharacterLookup: ((PageIndex, Point) -> Int?)?

    /// The text the user selected, if any. The selectText component starts it, the same gesture
    /// extends it, deselectText (a tap elsewhere) ends it; the host may set or clear it too
    /// (Select All, after copying it into a markup). Each change is reported with
    /// ``InteractionOutput/textSelectionChanged(_:)``.
    public internal(set) var textSelection: TextSelection?

    /// The image of the page's content the user selected, if any (see
    /// ``selectImageByPress(_:)``); each change is reported with
    /// ``InteractionOutput/imageSelectionChanged(_:)``.
    public internal(set) var selectedImage: PageImage?

    /// The two ends of the text selection in view coordinates (the bottom of the first and of
    /// the last selected character), which the host sets whenever the selection or the view
    /// changes; `nil` while they are not on screen.
    public var textSelectionEnds: (start: Point, end: Point)?

    /// Whether the selection is a finger's (made or last changed by touch): the host draws a
    /// handle at each end, and a finger on a handle drags that end (the selectText component
    /// allowing).
    public internal(set) var showsSelectionHandles = false

    /// The word a finger's long press selected, kept whole while that finger extends the selection.
    var pressedWord: (page: PageIndex, range: ClosedRange<Int>)?

    /// The source of the latest contact (whose selection shows handles).
    var lastContactSource: InputSource?

    /// The finger dragging a selection handle, and how far from the handle's point it took it.
    var handleDrag: (sequence: InputSequenceID, offset: Vector)?

    /// How close to a handle's point a finger must land to take it, in view pixels.
    public var selectionHandleReach = 28.0

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

    /// Answers "which characters make the word (or line) around this character?"; double and
    /// triple clicks select nothing while it is `nil`.
    public var textUnitLookup: ((PageIndex, Int, TextUnit) -> ClosedRange<Int>?)?

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

    /// How the eraser erases when picked (the toolbar's switch), and under a pen's eraser end
    /// (the pen's setting; the host sets it before the contact begins).
    public var eraserMode: EraserMode {
        get { tools.session.eraserMode }
        set {
            var session = tools.session
            session.eraserMode = newValue
            tools.setSession(session)
        }
    }
    public var eraserEndMode: EraserMode {
        get { tools.session.eraserEndMode }
        set {
            var session = tools.session
            session.eraserEndMode = newValue
            tools.setSession(session)
        }
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

    /// The annotations or the tool changed: the pointer regions are built again before the
    /// pointer is next consulted.
    func refreshPointerRegions() { pointerRegionsStale = true }

    /// Annotations get a hover tint; links morph the pointer (highlight).
    func buildPointerRegionsIfStale() {
        guard pointerRegionsStale else { return }
        pointerRegionsStale = false
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
    public enum ContactTool: Hashable, Sendable { case select, highlight, lasso }

    /// Handles `event` with `tool` standing in for the picked tool while its contact lasts; the
    /// picked tool is back once the contact ends (the window's toolbar never changes), and
    /// what Select selected stays selected until the tip is used again.
    public func handle(_ event: InputEvent, contactTool tool: ContactTool?) {
        guard case .contact(let phase) = event.kind else { handle(event); return }
        if phase == .began, let tool, standIn == nil {
            standIn = (event.sequence, pickedTool, tool)
            switch tool {
            case .select: pickedTool = nil
            case .highlight: pickedTool = .highlighter
            case .lasso: pickedTool = .lasso
            }
            selectKeepingLassoSelection(pickedTool ?? .pan)
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
            // A lasso that selected nothing leaves the picked tool's place, too (what it
            // selected is the edit tool's by now).
            if held.tool == .lasso, tools.currentToolID == .lasso { emit(tools.select(held.picked ?? .pan)) }
        }
    }

    /// Makes `tool` current; the lasso keeps the selection the edit tool held (its own, which
    /// a press inside moves and Shift adds to), where other tools start without one.
    func selectKeepingLassoSelection(_ tool: ToolID) {
        let kept = selectedAnnotations
        emit(tools.select(tool))
        guard tool == .lasso, !kept.isEmpty, selectedAnnotations.isEmpty else { return }
        var session = tools.session
        session.selection = kept
        tools.setSession(session)
    }

    /// Fires due timers (long press, double-tap window, palm rejection, a stroke held still
    /// that snaps to a shape) and advances momentum.
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
        if let due = tools.nextDeadline, time - due >= -1e-9 { emit(tools.tick(at: time)) }
        if let action = navigation.tick(at: time) { output(.navigate(action)) }
    }

    /// When the engine's timers (or the current tool's) next need ``tick(at:)``.
    public var nextDeadline: InputTime? {
        let engineDue: InputTime?
        if let began = penTapCandidate, let due = engine.nextDeadline {
            engineDue = max(due, began.time + tapRules.maximumPressDuration)
        } else {
            engineDue = engine.nextDeadline
        }
        switch (engineDue, tools.nextDeadline) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }

    /// Whether momentum wants a tick every frame.
    public var needsTicks: Bool { navigation.isAnimating }

    /// The pointer effects to draw at a frame time.
    public func pointerFrame(at time: InputTime) -> PointerFrame {
        buildPointerRegionsIfStale()
        return pointer.frame(at: time)
    }

    func trackHover(_ event: InputEvent) {
        guard !event.isDirect else { return }
        buildPointerRegionsIfStale()
        pointer.handle(event)
        let now = pointer.activeRegionID.map(AnnotationID.init)
        if now != hovered {
            hovered = now
            output(.hoverChanged(now))
            output(.needsFrames)
        }
        switch event.kind {
        case .hover, .contact, .enter:
            let shape = rulerPointerShape(at: event.position) ?? (tools.currentToolID == .annotationEdit || pickedTool != nil
                ? tools.pointerShape(atView: event.position, source: event.source)
                : (pointer.cursor ?? tools.pointerShape(atView: event.position, source: event.source)))
            if shape != lastCursor {
                lastCursor = shape
                output(.cursor(shape))
            }
        default:
            break
        }
    }
}
