// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The tool commands the session applies itself: previews drawn over the pages (a stroke, a
/// shape, a band, covered text) and moves and resizes, shown as they go and committed through
/// the ``EditingPort`` as one undoable step when the gesture's last transform ends; strokes,
/// shapes, markup and deletions (DocumentSession+Creating). Notes, text boxes, stamps and form
/// focus go to the host as ``SessionEffect/toolCommand(_:)``.
extension DocumentSession {
    func apply(_ command: ToolCommand) {
        // An edit made before the editor arrived waits for it (in order, drawn meanwhile).
        if waitsForEditor(command) { return }
        switch command {
        case .beginTransform(let id):
            guard let a = editing?.annotation(id.rawValue), a.isTransformable else { return }
            // A new carry takes over from a group still landing.
            previews.landing = nil
            previews.transforms[a.id] = (a, a)
            previews.transformBoxes[a.id] = TransformBox(a)
            previews.pendingMoves[a.id] = nil
            previews.pendingSteps[a.id] = nil
        case .moveAnnotation(let id, let delta):
            if movesPointsLater(id.rawValue, by: delta) { return }
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            preview(carried(t.current.moved(by: delta)))
        case .moveAnnotations(let ids, let page, let delta):
            moveGroup(ids, on: page, by: delta)
        case .resizeAnnotation(let id, let rect):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue], rect.width > 0, rect.height > 0 else { return }
            preview(t.current.resized(to: rect))
        case .moveLineEnd(let id, let index, let point):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            previews.transformName = "Move Line End"
            preview(t.current.withLineEnd(index, at: point))
        case .rotateAnnotation(let id, let degrees, let pivot):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            previews.transformName = "Rotate"
            previews.turns[id.rawValue] = (degrees, pivot)
            preview(t.start.rotated(by: degrees, about: pivot))
        case .moveVertex(let id, let index, let point):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            previews.transformName = "Move Vertex"
            preview(t.current.withVertex(index, at: point))
        case .insertVertex(let id, let index, let point):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            previews.transformName = "Add Vertex"
            preview(t.current.insertingVertex(point, at: index))
        case .removeVertex(let id, let index):
            settleMove(of: id.rawValue)
            guard let t = previews.transforms[id.rawValue] else { return }
            previews.transformName = "Delete Vertex"
            preview(t.current.removingVertex(index))
        case .endTransform(let id, let cancelled):
            // A member of a group carried as one waits for the group's last (1,566 strokes
            // land as one group move, not as 1,566 annotations moved one by one).
            if !cancelled, endCarriedMember(id.rawValue) {
                if previews.transforms.isEmpty { landCarriedGroup() }
                emit(.redraw)
                return
            }
            if !cancelled { settleCarried(id.rawValue) }
            settleMove(of: id.rawValue)
            previews.transformBoxes[id.rawValue] = nil
            guard let t = previews.transforms.removeValue(forKey: id.rawValue) else { return }
            previews.turns[id.rawValue] = nil
            if cancelled {
                putBack(t)
            } else if t.current != t.start {
                previews.endedTransforms.append(t)
            }
            if previews.transforms.isEmpty, !previews.endedGroup.isEmpty {
                landCarriedGroup()
            } else if previews.transforms.isEmpty {
                let group = previews.carried
                previews.carried = nil
                previews.carryContact = nil
                previews.carryFrameTime = nil
                // A group moved and committed stays drawn as carried until its page shows it.
                if commitEndedTransforms(), let group, group.offset != .zero, !cancelled { previews.landing = (group, false) }
            }
            emit(.redraw)
        case .selectionBand(let rect):
            previews.band = rect
            emit(.redraw)
        case .lassoPreview(let page, let loop):
            previews.lasso = loop.isEmpty ? nil : (page, loop)
            emit(.redraw)
        case .lassoSelect(let page, let loop, let adding):
            selectByLasso(loop, on: page, adding: adding)
        case .inkPreview(let page, let strokes):
            wantEditorForEdit()
            previews.ink = strokes.isEmpty ? nil : (page, strokes)
            previews.inkTip.update(page: page, strokes: strokes, now: clock.now, zoom: view.viewport.zoom,
                                   predicts: inputAdjuster.settings.predictsInkTip)
            emit(.redraw)
        case .markerPreview(let page, let stroke):
            wantEditorForEdit()
            previews.marker = stroke.isEmpty ? nil : (page, stroke)
            emit(.redraw)
        case .shapePreview(let kind, let page, let from, let to):
            wantEditorForEdit()
            previews.shape = (kind, page, from, to)
            emit(.redraw)
        case .clearShapePreview:
            previews.shape = nil
            emit(.redraw)
        case .clearMarkupPreview:
            previews.markup = nil
            emit(.redraw)
        case .selectAnnotation, .deselectAnnotation:
            emit(.redraw)
        case .eraseAlong(let page, let path, let radius):
            eraseAlong(on: page, path: path, radius: radius)
        case .eraseWhole(let id):
            eraseWhole(id)
        case .endErase(let cancelled):
            endErase(cancelled: cancelled)
        case .deleteAnnotations, .addInk, .addShape, .snapShape, .markupPreview, .markText, .addTextMarkup, .markTextWithInk,
             .addMarkerInk:
            _ = create(command)
        case .addNote, .addFreeText, .addStamp, .focusFormField, .clearFormFocus:
            emit(.toolCommand(command))
        }
    }

    /// Shows `a` as its transform's current state: the engine's target follows (handles,
    /// hit-testing), and the page is drawn with the annotation lifted to its new place.
    func preview(_ a: Annotation) {
        guard previews.transforms.index(forKey: a.id) != nil else { return }
        // In place: a copy of the transform (two whole annotations) per moved annotation was
        // a good part of a carry of many.
        previews.transforms[a.id]?.current = a
        if var box = previews.transformBoxes[a.id] {
            box.page = a.page
            box.rect = a.rect
            box.changed = a.rect != box.start || a.page != box.startPage || previews.transforms[a.id]?.start != a
            previews.transformBoxes[a.id] = box
        }
        moveTarget(of: a)
        // The pointer effects follow the annotation's new bounds on the next frame.
        emit([.needsFrames, .redraw])
    }

    /// A transform undone on screen: the annotation back where it started.
    func putBack(_ t: (start: Annotation, current: Annotation)) {
        previews.pendingMoves[t.start.id] = nil
        previews.pendingSteps[t.start.id] = nil
        previews.transforms[t.start.id] = t
        previews.transformBoxes[t.start.id] = TransformBox(t.start)
        preview(t.start)
        previews.transforms[t.start.id] = nil
        previews.transformBoxes[t.start.id] = nil
    }

    /// Commits the moves and resizes of one gesture as one edit ("Move", "Resize", "Move Line
    /// End", "Rotate", "Move Vertex" …); when the document refuses, everything goes back to where it was.
    /// Returns whether the document took an edit.
    @discardableResult
    func commitEndedTransforms() -> Bool {
        let ended = previews.endedTransforms
        previews.endedTransforms = []
        let name = previews.transformName
        previews.transformName = nil
        guard let record = composer.transforms(ended, named: name) else { return false }
        if editing?.commit(record) == true { return true }
        for t in ended { putBack(t) }
        return false
    }

    /// A step of a carry that moves an ink on its page: its rectangle moves now (all the frame
    /// and the engine's target have of it) and its points later, with the steps before and after
    /// (``PendingMove``, settled by ``settleMove(of:)``), so a step costs a few lookups per ink
    /// and copies none. Whether it was taken so; an ink carried onto another page, and every
    /// other kind, moves whole at once.
    private func movesPointsLater(_ id: String, by delta: Vector) -> Bool {
        guard var box = previews.transformBoxes[id], box.movesPointsLater else { return false }
        let rect = Annotation.rect(box.rect, movedBy: delta)
        guard AnnotationCarrying.destination(of: rect, on: box.page, in: interaction.scene.coordinates) == nil,
              var target = interaction.scene.annotation(AnnotationID(id)), target.page == box.page else { return false }
        // Asked of the keys: a look-up of the value would copy the annotation it holds. The
        // transform's `current` stays as it was until the steps are settled (nothing reads it
        // meanwhile: the frame reads the boxes), and the steps go into a list of their own, so
        // that no whole annotation is moved in or out of a dictionary per step.
        if previews.pendingMoves.index(forKey: id) == nil {
            guard let current = previews.transforms[id]?.current else { return false }
            previews.pendingMoves[id] = PendingMove(base: current)
        }
        previews.pendingSteps[id, default: []].append(delta)
        box.rect = rect
        box.changed = rect != box.start || box.page != box.startPage || previews.transforms[id].map { $0.current != $0.start } == true
        previews.transformBoxes[id] = box
        // The engine's target follows: an ink's is its rectangle (no ends, no vertices).
        target.bounds = rect
        interaction.update(target)
        content.place(target, from: target.page)
        emit([.needsFrames, .redraw])
        return true
    }

    /// Moves the points of an annotation's pending steps (``PendingMove``): its transform's
    /// `current` is then the annotation as moved step by step.
    func settleMove(of id: String) {
        let steps = previews.pendingSteps.removeValue(forKey: id) ?? []
        guard let pending = previews.pendingMoves.removeValue(forKey: id), previews.transforms.index(forKey: id) != nil else { return }
        previews.transforms[id]?.current = pending.base.moved(byEach: steps)
        if var box = previews.transformBoxes[id], box.rect == box.start, box.page == box.startPage {
            box.changed = previews.transforms[id].map { $0.current != $0.start } == true
            previews.transformBoxes[id] = box
        }
    }

    /// Moves an annotation's engine target to `a`'s page and bounds (a carried annotation
    /// changes pages).
    func moveTarget(of a: Annotation) {
        guard var target = interaction.scene.annotation(a.annotationID) else { return }
        let from = target.page
        target.bounds = a.rect
        target.lineEnds = SceneTargets.lineEnds(of: a)
        target.vertices = SceneTargets.vertices(of: a)
        target.isRotatable = a.isRotatable
        target.page = a.page
        interaction.update(target)
        // In place, found by its remembered position: a copy of the page's list, or a search
        // of it, per moved annotation made a carry of many annotations quadratic.
        content.place(target, from: from)
    }
}
