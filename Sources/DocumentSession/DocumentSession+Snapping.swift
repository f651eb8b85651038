// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// Shapes that snap: the stroke is committed as ink ("Ink"), then replaced by the shape it was
/// drawn as ("Snap to Shape"); undoing the second step gives the ink back, undoing both removes it.
extension DocumentSession {
    /// Adds `stroke` as ink on `page`, then snaps it to `shape`; when the snap cannot be made,
    /// the ink stays.
    func snap(_ stroke: [InkPoint], to shape: RecognizedShape, on page: PageIndex) {
        guard let editing, let ink = composer.ink([stroke], on: page, in: editing) else { return }
        let outline = EditComposer.outline(of: shape).map { InkPoint(location: $0) }
        // Drawn over the page until its tiles show the annotation: the shape, else the ink.
        previews.held.append((.ink(page: page, strokes: [outline]), false))
        guard editing.commit(ink) else {
            previews.held.removeLast()
            return
        }
        guard case .insert(let placed) = ink.edit, let added = placed.first?.annotation,
              let record = composer.snapping(added, to: shape), editing.commit(record) else {
            previews.held[previews.held.count - 1] = (.ink(page: page, strokes: [stroke]), false)
            return
        }
    }
}
