// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

/// A document's text for selection, copying and searching.
extension PopplerDocument: TextSource {
    /// A page's text and character boxes, as pdftotext reads it: the core library's text output
    /// (``CoreText``), lines in reading order and each in logical order, one box per character,
    /// in points from the top-left corner of the page as displayed (its /Rotate applied).
    /// poppler-glib's `poppler_page_get_text` is the fallback when the core library cannot read
    /// the page: 22.12's selection walk glues table cells and labels, leaves out lines, and on
    /// a page of right-to-left text drops whole blocks (see the DocumentPoppler article).
    ///
    /// Takes the render lock: call it from the render worker (or any thread that may wait for
    /// a page being drawn).
    public func text(on page: PageIndex) -> PageText { text(on: page, boxesIf: { _ in true }) }

    /// The page's text and boxes when `wantsBoxes`, shown the characters, asks for them (else
    /// ``PageText/empty``): one pass of poppler's text extraction either way (the page object
    /// keeps its text page, so the layout after the text costs little).
    public func text(on page: PageIndex, boxesIf wantsBoxes: ([Character]) -> Bool) -> PageText {
        guard page.rawValue >= 0, page.rawValue < pageCount else { return .empty }
        let onDisk = !pagesNotOnDisk.contains(page.rawValue)
        if onDisk, let core = coreText.text(on: page), !core.isEmpty {
            return wantsBoxes(core.characters) ? core : .empty
        }
        renderLock.lock()
        defer { renderLock.unlock() }
        let glib: PageText? = document.withPointer { doc in
            guard let raw = poppler_document_get_page(doc, Int32(page.rawValue)) else { return .empty }
            let p = GObjectRef(adopting: raw)
            return p.withPointer { p in
                let text = adoptGString(poppler_page_get_text(p)) ?? ""
                // One box per Unicode scalar of the text (poppler's own pairing), but for the
                // bidirectional marks poppler adds around right-to-left runs, which have no box.
                let scalars = text.unicodeScalars.filter { !Self.isDirectionMark($0) }
                if scalars.isEmpty || scalars.contains(where: ReadingOrder.isRightToLeft) { return nil }
                let characters = scalars.map { Character($0) }
                guard wantsBoxes(characters) else { return .empty }
                var rects: UnsafeMutablePointer<PopplerRectangle>?
                var count: UInt32 = 0
                guard poppler_page_get_text_layout(p, &rects, &count) != 0, let rects else { return .empty }
                defer { g_free(rects) }
                let boxes = (0..<Int(count)).map { i -> Rect in
                    let r = rects[i]
                    return Rect(corner: Point(x: r.x1, y: r.y1), corner: Point(x: r.x2, y: r.y2))
                }
                return PageText(characters: characters, boxes: boxes)
            }
        }
        if let glib { return glib }
        guard onDisk, let core = coreText.text(on: page), !core.isEmpty else { return .empty }
        return wantsBoxes(core.characters) ? core : .empty
    }

    /// The invisible direction marks and embeddings (LRM, RLM, LRE … PDF, LRI … PDI) that
    /// poppler puts around right-to-left text.
    static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
