// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The routing: what each contact is and who gets it, before the recognizers. Every primary
/// press asks the interaction components (with their conditions) whether the edit tool may have
/// it; taps are counted by the tap recognizers' rules; a secondary click opens a menu.
extension DocumentInteraction {
    /// Whether a drag from this view point turns the page (pages turn by dragging and the
    /// fastScroll component may act there): it is then the engine's, not a selection band's.
    func turnsPage(at point: Point) -> Bool {
        let interactions = engine.interactions
        return interactions.settings.turnsPagesByDragging && interactions.fastScroll.isEnabled
            && interactions.fastScroll.canActivate(at: point, in: .view)
    }

    /// The rules a tap follows (slop, press time, interval, separation), the tap recognizers'.
    var tapRules: TapRecognizer { engine.interactions.smartZoomTap }

    /// Follows each primary contact from press to lift as the tap recognizers would, and counts
    /// the taps in a row. Returns whether the event ends a tap.
    func followTaps(_ event: InputEvent) -> Bool {
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

    /// The tool layer's first refusal; returns whether the tool took the event.
    func offerToTool(_ event: InputEvent) -> Bool {
        if event.source == .pen || event.source == .eraser { penSeen = true }
        if routeToRuler(event) { return true }
        let endsTap = followTaps(event)
        if event.isDirect, case .contact(let phase) = event.kind {
            if phase == .began { fingersDown.append(event.sequence) }
            if phase == .ended || phase == .cancelled { fingersDown.removeAll { $0 == event.sequence } }
            if scrollWhileHolding(event, phase) { return true }
        }
        if case .contact(.began) = event.kind { lastContactSource = event.source }
        if dragSelectionHandle(event) { return true }
        // A contact that opened a menu may never end here (the menu took its release): a new
        // press of the same pointer is a contact of its own, not the rest of that one.
        if case .contact(.began) = event.kind { menuSequences.remove(event.sequence) }
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
            // Back to the picked tool after another took over for a while (the pen's eraser end),
            // unless the edit tool holds what the lasso selected and the press is on its handles.
            if let picked = pickedTool, tools.currentToolID != picked, event.source != .eraser,
               !(picked == .lasso && tools.isSelectionHandle(atView: event.position, source: event.source)) {
                selectKeepingLassoSelection(picked)
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
            let pickedImage = selectImageByPress(event)
            // The components decide whether; the edit tool only decides what.
            guard routesToEditTool(event) else {
                // A press that selected an image is done (a tap after it would let go of it).
                if pickedImage { menuSequences.insert(event.sequence) }
                return pickedImage
            }
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
            // A press and release in place is a tap for tools that place things (a note); for
            // the lasso only one that stayed still all along (a loop ends where it started).
            if phase == .ended || phase == .cancelled, let start = toolContactStarts.removeValue(forKey: event.sequence),
               phase == .ended, pickedTool != nil, pickedTool != .lasso || endsTap,
               start.position.distance(to: event.position) <= ContactVocabulary.tapSlop.value(for: event.source) {
                let tap = ToolGesture(position: event.position, source: event.source, time: event.time, modifiers: event.modifiers)
                emit(tools.handle(.tap(tap)).commands)
            }
            return true
        case .key(_, true) where tools.currentToolID == .annotationEdit:
            let before = selectedAnnotations
            // Nudges are transforms: nothing moves while the transform component says no, asked
            // about the selection as the key found it (Escape and Delete end it: the drag under
            // way they cancel is let through too, and put back).
            let transform = engine.interactions.transformAnnotation
            let center = selectedAnnotation.flatMap { scene.annotation($0) }
                .flatMap { scene.coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }?.center
            let transformAllowed = transform.isEnabled && center.map { transform.canActivate(at: $0, in: .view) } == true
            let dispatch = tools.handle(.input(event))
            emit(dispatch.commands.filter { command in
                switch command {
                case .beginTransform, .moveAnnotation, .moveAnnotations, .resizeAnnotation, .moveLineEnd, .endTransform,
                     .rotateAnnotation, .moveVertex, .insertVertex, .removeVertex:
                    return transformAllowed
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
    func routesToEditTool(_ event: InputEvent) -> Bool {
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
    func onSelection(_ point: Point, source: InputSource, handlesOnly: Bool = false) -> Bool {
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
    func pressEditTool(_ event: InputEvent) -> Bool {
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
    func allowedTransforms(_ commands: [ToolCommand], of sequence: InputSequenceID) -> [ToolCommand] {
        let refused = transformRefused.contains(sequence)
        return commands.filter { command in
            switch command {
            case .beginTransform:
                if !refused { carryingContact = sequence }
                return !refused
            case .moveAnnotation, .moveAnnotations, .resizeAnnotation, .moveLineEnd, .rotateAnnotation, .moveVertex, .insertVertex,
                 .removeVertex:
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
    func openContextMenu(at point: Point, source: InputSource) {
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
            // About the image under it (selected now), or the page (no image selected).
            let select = engine.interactions.selectText
            let hit = select.isEnabled && select.canActivate(at: point, in: .view) ? image(atView: point, source: source) : nil
            if hit != nil, textSelection != nil { setTextSelection(nil) }
            if hit != nil || textSelection == nil { setImageSelection(hit) }
            output(.contextMenu(at: point, annotation: nil))
        }
    }

    func emit(_ commands: [ToolCommand]) {
        for c in commands { output(.tool(c)) }
    }
}
