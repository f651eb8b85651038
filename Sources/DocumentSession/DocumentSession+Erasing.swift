// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The partial eraser in the session: each stretch of its path over a page cuts what the disc
/// crosses out of the page's ink, kept for the contact (``PartialErasure``), shown at once by the
/// frame (the parts taken out covered, what goes whole veiled); when the contact ends, all of it
/// becomes one undoable step ("Erase", ``EditComposer/erasing(_:whole:in:)``), however many
/// strokes it cut.
extension DocumentSession {
    /// The eraser went along `path` (PDF space of `page`) with a disc of `radius`: every ink of
    /// the page it reaches (read from the document, which does not change during the contact)
    /// loses what the disc crosses.
    func eraseAlong(on page: PageIndex, path: [Point], radius: Double) {
        guard let editing, let first = path.first else { return }
        var erasure = previews.erasure ?? PartialErasure()
        var box = path.dropFirst().reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
        box = box.insetBy(dx: -radius, dy: -radius)
        var changed = false
        for a in editing.annotations(on: page) where a.subtype == .ink && !a.info.isLocked && erasure.whole[a.id] == nil
            && a.rect.minX <= box.maxX && box.minX <= a.rect.maxX && a.rect.minY <= box.maxY && box.minY <= a.rect.maxY {
            guard case .ink(let strokes) = a.geometry, !strokes.isEmpty else { continue }
            var ink = erasure.inks[a.id] ?? PartialErasure.Ink(original: a, untouched: strokes, pieces: [])
            let width = a.borderWidth ?? 1
            let now = ink.untouched + ink.pieces
            let outcome = InkEraser.erase(now, penWidth: width, along: path, radius: radius)
            guard outcome.changed else { continue }
            var untouched: [InkStroke] = [], cut: [InkStroke] = [], pieces: [InkStroke] = []
            for (i, (stroke, result)) in zip(now, outcome.strokes).enumerated() {
                switch result {
                case .untouched where i < ink.untouched.count: untouched.append(stroke)
                case .untouched: pieces.append(stroke)
                case .cut(let left) where i < ink.untouched.count: cut += left
                case .cut(let left): pieces += left
                }
            }
            ink.untouched = untouched
            ink.pieces = cut + pieces
            ink.changed = true
            erasure.inks[a.id] = ink
            // Covered as wide as the line at its widest (the frame adds a pixel each side).
            erasure.take(on: page, parts: outcome.erased.map { (points: $0, width: width) })
            changed = true
        }
        guard changed else { return }
        previews.erasure = erasure
        emit(.redraw)
    }

    /// The eraser touched an annotation that is not ink: it goes whole with the contact.
    func eraseWhole(_ id: AnnotationID) {
        guard let a = editing?.annotation(id.rawValue), !a.info.isLocked else { return }
        var erasure = previews.erasure ?? PartialErasure()
        guard erasure.whole[a.id] == nil, erasure.inks[a.id] == nil else { return }
        erasure.whole[a.id] = a
        erasure.take(on: a.page, whole: [a.rect])
        previews.erasure = erasure
        emit(.redraw)
    }

    /// The contact is over: what it erased becomes one step, its covers held until the page is
    /// drawn without it; when `cancelled` (or the document refuses), everything stays.
    func endErase(cancelled: Bool) {
        guard let erasure = previews.erasure else { return }
        previews.erasure = nil
        emit(.redraw)
        guard !cancelled, let editing else { return }
        let inks = erasure.inks.values.filter(\.changed).sorted { $0.original.id < $1.original.id }
            .map { (original: $0.original, untouched: $0.untouched, pieces: $0.pieces) }
        let whole = erasure.whole.values.sorted { $0.id < $1.id }
        guard let record = composer.erasing(inks, whole: whole, in: editing) else { return }
        let held = erasure.taken.keys.sorted().compactMap { erasure.taken[$0] }.map { (preview: HeldCreation.erased($0), shown: false) }
        previews.held += held
        guard editing.commit(record) else {
            previews.held.removeLast(held.count)
            return
        }
        if case .exchange(let removed, _) = record.edit {
            for p in removed { interaction.remove(p.annotation.annotationID) }
        }
    }
}
