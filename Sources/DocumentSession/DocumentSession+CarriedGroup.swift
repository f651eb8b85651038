// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Annotations of one page carried as one (``ToolCommand/moveAnnotations(_:on:by:)``, a lasso's
/// selection): while the carry lasts, the group is one offset, not a move of each annotation. A
/// step adds to the offset and nothing else, the frame shows the group's pixels moved by it
/// (``FrameModel/Carried``), and the annotations, their engine targets and the session's list
/// of them take the whole offset once, at the release (each given to the page its middle is
/// then over). A carry of 1,566 strokes costs a vector addition a step.
extension DocumentSession {
    /// Moves `ids` (on `page`) by `delta` (PDF space) as one group: the first such step makes
    /// the group of those whose transforms began there and have not moved yet; annotations
    /// outside it (on another page, already moved another way) move one by one.
    func moveGroup(_ ids: [AnnotationID], on page: PageIndex, by delta: Vector) {
        if previews.carried == nil {
            previews.carried = makeCarriedGroup(ids, on: page)
            // A move however its rectangles round on the grid of `Quantize` (a width may come
            // out a ten-thousandth apart, which would name the step a resize).
            if previews.carried != nil, previews.transformName == nil { previews.transformName = "Move" }
        }
        guard var group = previews.carried, group.page == page else {
            for id in ids { apply(.moveAnnotation(id, by: delta)) }
            return
        }
        if ids.count != group.ids.count || ids.map(\.rawValue) != group.ids {
            for id in ids where !group.members.contains(id.rawValue) { apply(.moveAnnotation(id, by: delta)) }
        }
        group.offset = group.offset + delta
        previews.carried = group
        emit([.needsFrames, .redraw])
    }

    /// The group of `ids` whose transforms began on `page` and have not moved since; `nil` when
    /// none has.
    private func makeCarriedGroup(_ ids: [AnnotationID], on page: PageIndex) -> CarriedGroup? {
        var group = CarriedGroup(page: page, serial: nextCarrySerial())
        for id in ids {
            guard let box = previews.transformBoxes[id.rawValue], box.startPage == page, !box.changed,
                  previews.pendingMoves.index(forKey: id.rawValue) == nil,
                  let target = interaction.scene.annotation(id), target.page == page else { continue }
            group.ids.append(id.rawValue)
            group.members.insert(id.rawValue)
            group.starts.append(box.start)
            group.bounds.append(target.bounds)
        }
        // One annotation alone moves as before (its handles, a line's ends, follow it).
        return group.ids.count < 2 ? nil : group
    }

    private func nextCarrySerial() -> Int {
        carrySerial += 1
        return carrySerial
    }

    /// The annotation of a transform that ends as the group carried it: moved by the whole
    /// offset at once and given to the page its middle is over; unchanged outside the group.
    func settleCarried(_ id: String) {
        guard let group = previews.carried, group.members.contains(id), group.offset != .zero,
              let t = previews.transforms[id] else { return }
        let moved = carried(t.start.moved(by: group.offset))
        previews.transforms[id]?.current = moved
        if var box = previews.transformBoxes[id] {
            box.page = moved.page
            box.rect = moved.rect
            box.changed = true
            previews.transformBoxes[id] = box
        }
        // The engine's target and the session's list follow now, once.
        moveTarget(of: moved)
    }

    /// Ends the transform of `id` when it is a member of the group carried as one (carried some
    /// way): nothing moves yet, its start waits for the group's last (``landCarriedGroup()``).
    /// Whether it was such a member.
    func endCarriedMember(_ id: String) -> Bool {
        guard let group = previews.carried, group.offset != .zero, group.members.contains(id),
              let t = previews.transforms.removeValue(forKey: id) else { return false }
        previews.transformBoxes[id] = nil
        previews.turns[id] = nil
        previews.pendingMoves[id] = nil
        previews.pendingSteps[id] = nil
        previews.endedGroup.append(t.start)
        return true
    }

    /// The group carried as one let go, its last transform ended: one ``GroupMove`` of its
    /// annotations by the group's offset (the editor journals it at once and moves them in
    /// slices), their engine targets and the session's list moved now, and the group drawn as
    /// carried until its page's tiles show the move. When one of them would land on another
    /// page, or annotations outside the group moved with it, each moves as before, all in one
    /// edit.
    func landCarriedGroup() {
        let starts = previews.endedGroup
        previews.endedGroup = []
        let group = previews.carried
        previews.carried = nil
        previews.carryContact = nil
        previews.carryFrameTime = nil
        guard let group else { return }
        let coordinates = interaction.scene.coordinates
        let stays = previews.endedTransforms.isEmpty && starts.allSatisfy {
            AnnotationCarrying.destination(of: Annotation.rect($0.rect, movedBy: group.offset), on: $0.page, in: coordinates) == nil
        }
        if stays, let editing, !starts.isEmpty {
            let move = composer.groupMove(starts, on: group.page, by: group.offset, named: previews.transformName)
            previews.transformName = nil
            // Refused: nothing moved (a group's targets stay where it started until it lands).
            guard editing.commitGroupMove(move) else { return }
            for a in starts { moveGroupTarget(a, by: move) }
            previews.landing = (group, false)
            return
        }
        for a in starts {
            let moved = carried(a.moved(by: group.offset))
            moveTarget(of: moved)
            if moved != a { previews.endedTransforms.append((a, moved)) }
        }
        if commitEndedTransforms() { previews.landing = (group, false) }
    }

    /// Moves the engine's target of `a` (and the session's list) where `move` puts it: an
    /// ink's target is its rectangle alone, moved; another's ends and vertices come from the
    /// annotation moved.
    private func moveGroupTarget(_ a: Annotation, by move: GroupMove) {
        guard var target = interaction.scene.annotation(a.annotationID) else { return }
        guard target.lineEnds.isEmpty, target.vertices.isEmpty else {
            moveTarget(of: move.moved(a))
            return
        }
        target.bounds = Annotation.rect(a.rect, movedBy: move.delta)
        interaction.update(target)
        content.place(target, from: target.page)
    }

    /// A carry's view of the scroll under it: the group follows the view as the contact stays.
    func followCarriedGroup(viewScrolledBy scroll: Vector) {
        guard var group = previews.carried,
              let delta = interaction.scene.coordinates.pdfVector(fromView: scroll, on: group.page) else { return }
        group.offset = group.offset + delta
        previews.carried = group
    }

    /// What a frame shows of the group carried: its places where it started and its outlines
    /// (kept in the group while the page's frame stays), moved by its offset in view pixels.
    /// A group landing (let go, its move on its way to the page's tiles) is shown the same way,
    /// without outlines: the selection's own outlines are where it landed.
    func carriedFrame(pageFrame: Rect) -> FrameModel.Carried? {
        if previews.carried == nil, var landing = previews.landing {
            let frame = carriedFrame(of: &landing.group, pageFrame: pageFrame)
            previews.landing = landing
            guard var frame else { return nil }
            frame.outlines = []
            frame.outlinesBox = nil
            return frame
        }
        guard var group = previews.carried else { return nil }
        let frame = carriedFrame(of: &group, pageFrame: pageFrame)
        previews.carried = group
        return frame
    }

    /// ``carriedFrame(pageFrame:)`` of `group`, whose view rectangles are made again when the
    /// page's frame changed.
    private func carriedFrame(of group: inout CarriedGroup, pageFrame: Rect) -> FrameModel.Carried? {
        let coordinates = interaction.scene.coordinates
        if group.viewFrame != pageFrame || group.viewFrom.count != group.starts.count {
            // Once a carry (and again after a scroll or zoom under it).
            group.viewFrom = group.starts.compactMap { coordinates.viewRect(fromPDF: $0, on: group.page) }
            group.viewOutlines = group.bounds.compactMap { coordinates.viewRect(fromPDF: $0, on: group.page) }
            group.viewFromBox = CarriedGroup.union(group.viewFrom)
            group.viewOutlinesBox = CarriedGroup.union(group.viewOutlines)
            if group.viewFrame.size != pageFrame.size { group.pictureSerial = group.serial &* 1000 &+ Int(pageFrame.width) }
            group.viewFrame = pageFrame
        }
        guard let reference = group.starts.first,
              let from = coordinates.viewRect(fromPDF: reference, on: group.page),
              let to = coordinates.viewRect(fromPDF: reference.offsetBy(group.offset), on: group.page) else { return nil }
        return FrameModel.Carried(page: group.page, pageFrame: pageFrame, from: group.viewFrom, outlines: group.viewOutlines,
                                  offset: Vector(dx: to.minX - from.minX, dy: to.minY - from.minY),
                                  serial: group.pictureSerial ?? group.serial, fromBox: group.viewFromBox,
                                  outlinesBox: group.viewOutlinesBox)
    }
}

extension DocumentSession {
    /// The page of a carried group let go whose move the page's tiles do not show yet (drawn
    /// as carried meanwhile), if there is one.
    public var landingPage: PageIndex? { previews.landing?.group.page }

    /// An edit, undo or redo reached the document the tiles of `pages` are drawn from: a group
    /// landing on one of them waits only for those tiles now.
    public func landingShown(on pages: Set<PageIndex>) {
        guard let landing = previews.landing, pages.contains(landing.group.page) else { return }
        previews.landing?.shown = true
    }

    /// Lets go of a group landing once its page's tiles are fresh (`isFresh`) after the edit
    /// reached them; returns whether it did (the frame changes).
    @discardableResult
    public func endLanding(whereFresh isFresh: (PageIndex) -> Bool) -> Bool {
        guard let landing = previews.landing, landing.shown, isFresh(landing.group.page) else { return false }
        previews.landing = nil
        return true
    }
}

/// Annotations of one page carried as one offset (``DocumentSession/moveGroup(_:on:by:)``).
struct CarriedGroup {
    var page: PageIndex
    /// Which carry this is: every frame of one carry has the same number, so the shell draws
    /// the group's pixels once.
    var serial: Int
    var ids: [String] = []
    var members: Set<String> = []
    /// Each one's rectangle (PDF space) where it started, and its engine target's bounds.
    var starts: [Rect] = []
    var bounds: [Rect] = []
    /// How far the group is carried, in its page's PDF space.
    var offset = Vector.zero
    /// ``starts`` and ``bounds`` in view coordinates for the page's frame `viewFrame`.
    var viewFrame = Rect.zero
    var viewFrom: [Rect] = []
    var viewOutlines: [Rect] = []
    /// The unions of ``viewFrom`` and of ``viewOutlines``.
    var viewFromBox: Rect?
    var viewOutlinesBox: Rect?
    /// A number of its own once the page's size on screen changed under the carry (its pixels
    /// are drawn again).
    var pictureSerial: Int?

    init(page: PageIndex, serial: Int) {
        self.page = page
        self.serial = serial
    }

    static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }
    }
}
