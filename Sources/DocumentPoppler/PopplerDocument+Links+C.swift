// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// A page's links with where they lead. Areas are in the page's PDF user space with the crop
    /// box's lower-left corner as origin (the convention of ``AnnotationInfo/rect``).
    /// Wraps `poppler_page_get_link_mapping`, `poppler_document_find_dest`.
    ///
    /// Takes the render lock: call it from the render worker.
    public func links(on page: PageIndex) -> [LinkInfo] {
        guard page.rawValue >= 0, page.rawValue < pageCount else { return [] }
        renderLock.lock()
        defer { renderLock.unlock() }
        return document.withPointer { doc -> [LinkInfo] in
            guard let raw = poppler_document_get_page(doc, Int32(page.rawValue)) else { return [] }
            let p = GObjectRef(adopting: raw)
            return p.withPointer { p -> [LinkInfo] in
                let list = poppler_page_get_link_mapping(p)
                defer { poppler_page_free_link_mapping(list) }
                var links: [LinkInfo] = []
                var node = list
                while let current = node {
                    defer { node = current.pointee.next }
                    guard let data = current.pointee.data else { continue }
                    let mapping = data.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
                    guard let action = mapping.action else { continue }
                    let a = mapping.area
                    let rect = Rect(corner: Point(x: a.x1, y: a.y1), corner: Point(x: a.x2, y: a.y2))
                    links.append(LinkInfo(id: "p\(page.rawValue)-l\(links.count)", page: page, rect: rect,
                                          target: Self.linkTarget(action, document: doc)))
                }
                return links + mediaLinksLocked(on: page.rawValue)
            }
        }
    }

    /// What a link action does, reduced to what the viewer acts on. JavaScript, launch and
    /// other actions are reported as `.unsupported` and never run.
    static func linkTarget(_ action: UnsafeMutablePointer<PopplerAction>, document: OpaquePointer) -> LinkTarget {
        switch action.pointee.type {
        case POPPLER_ACTION_URI:
            guard let uri = action.pointee.uri.uri else { return .unsupported }
            return .uri(String(cString: uri))
        case POPPLER_ACTION_GOTO_DEST:
            guard let dest = action.pointee.goto_dest.dest else { return .unsupported }
            if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
                guard let found = poppler_document_find_dest(document, name) else { return .unsupported }
                defer { poppler_dest_free(found) }
                return found.pointee.page_num >= 1 ? .page(PageIndex(Int(found.pointee.page_num) - 1)) : .unsupported
            }
            return dest.pointee.page_num >= 1 ? .page(PageIndex(Int(dest.pointee.page_num) - 1)) : .unsupported
        default:
            return .unsupported
        }
    }
}
