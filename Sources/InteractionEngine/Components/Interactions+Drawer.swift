// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The sidebar drawer of a touchscreen: a finger swiping in from the view's left edge (its right
/// edge with ``Interactions/Settings/drawerSide`` `.right`, every sideways rule mirrored) pulls the
/// drawer over the page as it moves; when it lifts the drawer stays open past halfway or on a
/// fling, and slides back otherwise. While it is open every contact on the page is the
/// drawer's: a finger dragging sideways moves it (a swipe back closes it, by the same rules) and
/// a tap outside it closes it. Mouse and pen never open it.
///
/// The edge swipe is a pan recognizer in the arena, so the edge strip takes nothing else: a tap
/// there, a finger that moves up or down, a mouse or a pen reach the page as anywhere else (the
/// scroll waits for the swipe to fail, as it waits for a page turn from the edge). Every
/// decision goes out as ``EngineOutput/drawer(_:)``; the host only shows it.
extension Interactions {
    /// The drawer as the engine last decided it.
    public var drawerState: DrawerState { drawerStatus }

    /// Closes the drawer (a key, the docked sidebar shown instead, the component disabled).
    public func closeDrawer() { settleDrawer(open: false) }

    /// Opens the drawer without a swipe (an embedder's own gesture); the drawer component's
    /// switch and conditions still decide, asked at the view's left edge.
    @discardableResult
    public func tryToOpenDrawer() -> Bool {
        guard drawer.isEnabled, let bounds = targets?.viewBounds,
              drawer.canActivate(at: Point(x: settings.drawerSide == .left ? bounds.minX : bounds.maxX - 1, y: bounds.midY),
                                 in: .view) else { return false }
        settleDrawer(open: true)
        return true
    }

    func bindDrawer() {
        let component = drawer
        component.attach(drawerPan)
        drawerPan.shouldReceive = { [unowned self, unowned component] recognizer, event in
            self.currentSource = event.source
            guard recognizer.touches.isEmpty, !self.drawerStatus.isShown else { return false }
            return component.prepare(at: event.position)
        }
        drawerPan.shouldBegin = { [unowned self, unowned component] r in
            // Only inwards (rightwards from the left edge), more across than down: a finger
            // moving up or down scrolls.
            guard let pan = r as? PanRecognizer, !self.drawerStatus.isShown, component.prepared != nil else { return false }
            let inward = self.settings.drawerSide.outward(pan.translation.dx)
            return inward > 0 && inward >= abs(pan.translation.dy)
        }
        drawerPan.onStateChange = { [unowned self, unowned component] r in
            guard let pan = r as? PanRecognizer else { return }
            switch pan.state {
            case .began:
                component.activatePrepared { _, _ in }
                self.followDrawer(DrawerRules.progress(edgeAt: self.drawerInset(pan.location.x), width: self.settings.drawerWidth))
            case .changed:
                self.followDrawer(DrawerRules.progress(edgeAt: self.drawerInset(pan.location.x), width: self.settings.drawerWidth))
            case .ended:
                self.settleDrawer(open: DrawerRules.staysOpen(progress: self.drawerStatus.progress,
                                                              velocity: self.settings.drawerSide.outward(pan.velocity.dx),
                                                              flingVelocity: self.settings.drawerFlingVelocity))
            case .cancelled:
                self.settleDrawer(open: false)
            case .possible, .failed, .recognized:
                break
            }
        }
    }

    /// How far view x `x` lies in from the view's edge the drawer comes from, where its strip and
    /// the drawer itself begin.
    func drawerInset(_ x: Double) -> Double {
        settings.drawerSide.inset(ofViewX: x, in: targets?.viewBounds ?? .zero)
    }

    /// Takes a contact while the drawer is open (before the tools and the recognizers), and the
    /// rest of every contact it took. Returns whether it took the event.
    func drawerTakes(_ event: InputEvent) -> Bool {
        guard case .contact(let phase) = event.kind else { return false }
        if phase == .began {
            guard drawerStatus.isOpen, !drawerStatus.isDragging else { return false }
            drawerSequences.insert(event.sequence)
            // The first contact moves or closes it; more fingers meanwhile only rest.
            if drawerContact == nil { drawerContact = DrawerContact(event) }
            return true
        }
        guard drawerSequences.contains(event.sequence) else { return false }
        if phase == .ended || phase == .cancelled { drawerSequences.remove(event.sequence) }
        guard var contact = drawerContact, contact.sequence == event.sequence else { return true }
        switch phase {
        case .began:
            break
        case .moved:
            contact.move(to: event.position, at: event.time)
            // Only a finger drags the drawer; a mouse or a pen may still close it with a tap.
            if !contact.dragging, contact.source == .touchscreen,
               DrawerRules.isSidewaysDrag(event.position - contact.start, slop: ContactVocabulary.tapSlop.value(for: contact.source)) {
                contact.dragging = true
            }
            drawerContact = contact
            if contact.dragging {
                followDrawer(DrawerRules.progress(openDraggedBy: settings.drawerSide.outward(event.position.x - contact.start.x),
                                                  width: settings.drawerWidth), open: true)
            }
        case .ended:
            drawerContact = nil
            if contact.dragging {
                // A finger that rested before lifting flings nothing (as the pan recognizer).
                let velocity = event.time - contact.lastTime > 0.1 ? 0 : settings.drawerSide.outward(contact.velocity.dx)
                settleDrawer(open: DrawerRules.staysOpen(progress: drawerStatus.progress, velocity: velocity,
                                                         flingVelocity: settings.drawerFlingVelocity))
            } else if event.position.distance(to: contact.start) <= ContactVocabulary.tapSlop.value(for: contact.source),
                      drawerInset(event.position.x) > settings.drawerWidth * drawerStatus.progress {
                // A tap on the page outside the drawer closes it.
                settleDrawer(open: false)
            }
        case .cancelled:
            drawerContact = nil
            if contact.dragging { settleDrawer(open: true) }
        }
        return true
    }

    /// The drawer follows a finger at `progress`.
    private func followDrawer(_ progress: Double, open: Bool = false) {
        drawerStatus = DrawerState(progress: progress, isOpen: open, isDragging: true)
        sink.send(.drawer(drawerStatus))
    }

    /// The drawer settles open or closed (the host slides it there).
    func settleDrawer(open: Bool) {
        let settled: DrawerState = open ? .open : .closed
        guard settled != drawerStatus else { return }
        drawerStatus = settled
        if !open {
            drawerContact = nil
        }
        sink.send(.drawer(settled))
    }
}
