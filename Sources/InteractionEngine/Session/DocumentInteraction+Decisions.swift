// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The engine's decisions, translated into outputs for the host: scroll and zoom, selection,
/// a finger's press, lift and drag of an annotation, text selection.
extension DocumentInteraction {
    func apply(_ decision: EngineOutput) {
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
            if selectedImage != nil { setImageSelection(nil) }
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
        case .selectText(let phase, let point, let hit) where hit.isImage:
            selectImageByGesture(phase, at: point)
        case .selectText(let phase, let point, let hit):
            extendTextSelection(phase, at: point, hit: hit)
            // A finger's selection is done: the host offers what to do with it.
            if phase == .ended, engine.interactions.currentSource.isDirect, textSelection != nil { output(.textMenu(at: point)) }
        case .deselectText:
            setTextSelection(nil)
            setImageSelection(nil)
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
    func scrollWhileHolding(_ event: InputEvent, _ phase: InputPhase) -> Bool {
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
    func showPress(_ event: InputEvent) {
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

    func endPress() {
        pressed = nil
        output(.pressed(nil))
    }

    /// A finger held on an annotation: it is selected and lifted; moving the finger then moves
    /// it (when the transform component allows, as for any move), and lifting the finger in
    /// place asks for its context menu instead.
    func applyLift(_ target: AnnotationTarget, _ phase: GesturePhase, _ point: Point) {
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
    func applyEngineTransform(_ target: AnnotationTarget, _ phase: GesturePhase, _ translation: Vector) {
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
