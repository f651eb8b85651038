// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// The document's outline, read with `PopplerIndexIter`; entries that lead somewhere other
    /// than a page of this document keep their title with no page. Same threading rule as
    /// rendering (call it on the render worker).
    public func outline() -> [OutlineItem] {
        renderLock.lock()
        defer { renderLock.unlock() }
        return document.withPointer { doc in
            guard let iter = poppler_index_iter_new(doc) else { return [] }
            defer { poppler_index_iter_free(iter) }
            return Self.outlineItems(iter, document: doc, depth: 0)
        }
    }

    private static func outlineItems(_ iter: OpaquePointer, document: OpaquePointer, depth: Int) -> [OutlineItem] {
        var items: [OutlineItem] = []
        // Deep outlines are cut off rather than risking the stack on a malicious file.
        guard depth < 64 else { return items }
        repeat {
            guard let action = poppler_index_iter_get_action(iter) else { continue }
            defer { poppler_action_free(action) }
            let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
            var page: PageIndex?
            if case .page(let p) = linkTarget(action, document: document) { page = p }
            var children: [OutlineItem] = []
            if let child = poppler_index_iter_get_child(iter) {
                children = outlineItems(child, document: document, depth: depth + 1)
                poppler_index_iter_free(child)
            }
            items.append(OutlineItem(title: title, page: page, children: children,
                                     isExpanded: poppler_index_iter_is_open(iter) != 0))
        } while poppler_index_iter_next(iter) != 0
        return items
    }
}
