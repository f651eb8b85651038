// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentPoppler
import FoundationEssentials
import Platform
import Rendering

/// The poppler-glib document the render worker draws: the file as opened, then, after each
/// edit, the same file with the edits applied (reloaded from the editor's bytes). Swapped on the
/// render worker, read there, so a tile is drawn wholly from one version.
final class RenderSource: @unchecked Sendable {
    private let lock = Lock()
    private var current: PopplerDocument

    init(_ document: PopplerDocument) { current = document }

    var document: PopplerDocument {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func replace(with document: PopplerDocument) {
        lock.lock()
        current = document
        lock.unlock()
    }

    /// How the canvas draws a page: this source's current version, in the page colours
    /// chosen (the start-up worker draws the first frame's tiles the same way).
    func pageDrawing(colours: PageColourChoice) -> RenderQueue.DrawPage {
        { [self] page, scale, cr in
            document.render(page: page, scale: scale, into: cr)
            colours.value.recolour(cr) { plain in self.document.renderWithoutAnnotations(page: page, scale: scale, into: plain) }
        }
    }
}
