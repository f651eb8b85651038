// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The built-in gestures behind each component and the relationships between them.
///
/// Single taps are tried in priority order (open a link, edit, select, deselect, deselect text,
/// turn the page at an edge, toggle the user interface): each waits for the ones before it and
/// for smart zoom's double tap to fail. A tap ignores a contact that begins where its component
/// cannot act, so the taps after it do not wait for it.
extension Interactions {
    func wireRecognizers() {
        bindTap(openLinkTap, to: openLinkAnnotation) { [sink] c, _ in sink.send(.openLink(c.link)) }
        bindTap(editTap, to: editAnnotation) { [sink] c, _ in sink.send(.editAnnotation(c.annotation)) }
        bindTap(selectTap, to: selectAnnotation) { [sink] c, _ in sink.send(.selectAnnotation(c.annotation)) }
        bindTap(deselectTap, to: deselectAnnotation) { [sink] c, _ in
            sink.send(.deselectAnnotations(c.selectedAnnotations))
        }
        bindTap(deselectTextTap, to: deselectText) { [sink] _, _ in sink.send(.deselectText) }
        bindTap(fastScrollTap, to: fastScroll) { [sink] c, _ in sink.send(.fastScroll(c.direction)) }
        bindTap(toggleTap, to: toggleUserInterface) { [sink] _, _ in sink.send(.toggleUserInterface) }
        bindTap(smartZoomTap, to: smartZoom) { [sink] c, p in sink.send(.smartZoom(to: c.targetRect, about: p)) }

        let chain: [TapRecognizer] = [openLinkTap, editTap, selectTap, deselectTap, deselectTextTap,
                                      fastScrollTap, toggleTap]
        for (i, tap) in chain.enumerated() {
            tap.require(toFail: smartZoomTap)
            for earlier in chain[..<i] { tap.require(toFail: earlier) }
        }

        bindTransform()
        bindPageTurn()
        bindDrawer()
        // A swipe from the very edge pulls the drawer rather than turning the page.
        pageTurnPan.require(toFail: drawerPan)
        bindLift()
        // A hold on an annotation lifts it rather than selecting text under it, and a drag on
        // the selected one waits until it is clearly no hold.
        textLongPress.require(toFail: annotationLongPress)
        transformPan.require(toFail: annotationLongPress)
        bindTextSelection(textLongPress)
        bindTextSelection(textDrag)
        textDrag.require(toFail: transformPan)
        // A drag from an edge turns the page rather than selecting the text at the edge.
        textDrag.require(toFail: pageTurnPan)
    }

    /// A drag from an edge band turns the page while pages turn by dragging (a page curl
    /// follows it); the fastScroll component governs it as it governs the edge taps.
    private func bindPageTurn() {
        let component = fastScroll
        component.attach(pageTurnPan)
        pageTurnPan.shouldReceive = { [unowned self, unowned component] _, event in
            self.currentSource = event.source
            return self.settings.turnsPagesByDragging && component.prepare(at: event.position)
        }
        pageTurnPan.shouldBegin = { [unowned self, unowned component] r in
            self.settings.turnsPagesByDragging && component.prepare(at: r.touches.first?.start ?? r.location)
        }
        pageTurnPan.onStateChange = { [sink, unowned component] r in
            guard let pan = r as? PanRecognizer, let phase = GesturePhase(r.state),
                  let direction = component.prepared?.context.direction else { return }
            if phase == .began { component.activatePrepared { _, _ in } }
            sink.send(.turnPage(direction, phase, at: pan.location, velocity: pan.velocity))
        }
    }

    private func bindTap<C>(_ tap: TapRecognizer, to component: InteractionComponent<C>,
                            perform: @escaping (C, Point) -> Void) {
        component.attach(tap)
        tap.shouldReceive = { [unowned self, unowned component] _, event in
            self.currentSource = event.source
            return component.prepare(at: event.position)
        }
        tap.shouldBegin = { [unowned component] r in component.prepare(at: r.location) }
        tap.onStateChange = { [unowned component] r in
            if r.state == .recognized { component.activatePrepared(perform) }
        }
    }

    private func bindTransform() {
        let component = transformAnnotation
        component.attach(transformPan)
        transformPan.shouldReceive = { [unowned self, unowned component] _, event in
            self.currentSource = event.source
            return component.prepare(at: event.position)
        }
        transformPan.onStateChange = { [sink, unowned component] r in
            guard let pan = r as? PanRecognizer, let phase = GesturePhase(r.state),
                  let target = component.prepared?.context.annotation else { return }
            if phase == .began { component.activatePrepared { _, _ in } }
            sink.send(.transformAnnotation(target, phase, translation: pan.translation))
        }
    }

    /// The long press on an annotation that the selectAnnotation component lets be selected;
    /// it follows the first finger (a second one is not part of it). It is not one of the
    /// component's own recognizers (a gesture that waits for selection to fail waits for taps
    /// only), but it asks the component, switch and conditions, before it takes a contact.
    private func bindLift() {
        let component = selectAnnotation
        let press = annotationLongPress
        press.shouldReceive = { [unowned self, unowned component] recognizer, event in
            self.currentSource = event.source
            // Only the finger that went down first; later ones are left to scrolling.
            guard component.isEnabled, recognizer.touches.isEmpty else { return false }
            return component.prepare(at: event.position)
        }
        press.shouldBegin = { [unowned component] r in
            component.isEnabled && component.prepare(at: r.touches.first?.start ?? r.location)
        }
        press.onStateChange = { [sink, unowned component] r in
            guard let phase = GesturePhase(r.state), let target = component.prepared?.context.annotation else { return }
            if phase == .began { component.activatePrepared { _, _ in } }
            sink.send(.liftAnnotation(target, phase, at: r.location))
        }
    }

    private func bindTextSelection(_ recognizer: GestureRecognizer) {
        let component = selectText
        component.attach(recognizer)
        recognizer.shouldReceive = { [unowned self, unowned component] _, event in
            self.currentSource = event.source
            return component.prepare(at: event.position)
        }
        recognizer.shouldBegin = { [unowned component] r in
            // A drag starts its selection where the contact went down, not where it is now.
            let start = r.touches.first?.start ?? r.location
            return component.prepare(at: start)
        }
        recognizer.onStateChange = { [sink, unowned component] r in
            guard let phase = GesturePhase(r.state), let hit = component.prepared?.context.text else { return }
            if phase == .began { component.activatePrepared { _, _ in } }
            sink.send(.selectText(phase, at: r.location, hit))
        }
    }
}
