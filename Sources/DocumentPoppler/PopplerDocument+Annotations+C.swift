// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// Lists a page's annotations and retains each `PopplerAnnot` for the document's lifetime.
    /// Wraps `poppler_document_get_page`, `poppler_page_get_annot_mapping` and
    /// `poppler_page_free_annot_mapping`.
    ///
    /// - Precondition: The caller holds `renderLock` (poppler is not thread-safe).
    static func readAnnotations(document: GObjectRef, page index: Int) -> PageAnnotations {
        document.withPointer { doc in
            guard let rawPage = poppler_document_get_page(doc, Int32(index)) else { return .empty }
            let page = GObjectRef(adopting: rawPage)
            var annots: [GObjectRef] = []
            page.withPointer { page in
                let list = poppler_page_get_annot_mapping(page)
                defer { poppler_page_free_annot_mapping(list) }
                var node = list
                while let current = node {
                    if let data = current.pointee.data {
                        let mapping = data.assumingMemoryBound(to: PopplerAnnotMapping.self)
                        if let annot = mapping.pointee.annot {
                            // The mapping owns one reference and drops it when freed; keep our own.
                            annots.append(GObjectRef(retaining: annot))
                        }
                    }
                    node = current.pointee.next
                }
            }
            let infos = annots.enumerated().map { offset, annot in
                annotationInfo(annot, id: annotationID(page: index, index: offset), page: PageIndex(index))
            }
            return PageAnnotations(page: page, annots: annots, infos: infos)
        }
    }

    /// A snapshot of one annotation. Wraps `poppler_annot_get_annot_type`,
    /// `poppler_annot_get_rectangle`, `poppler_annot_get_flags` and `poppler_annot_get_contents`.
    static func annotationInfo(_ annot: GObjectRef, id: String, page: PageIndex) -> AnnotationInfo {
        annot.withPointer { annot in
            let flags = poppler_annot_get_flags(annot).rawValue
            func has(_ flag: PopplerAnnotFlag) -> Bool { flags & flag.rawValue != 0 }
            let contents = adoptGString(poppler_annot_get_contents(annot)).flatMap { $0.isEmpty ? nil : $0 }
            return AnnotationInfo(
                id: id,
                page: page,
                subtype: subtype(poppler_annot_get_annot_type(annot)),
                rect: rectangle(of: annot),
                contents: contents,
                isHidden: has(POPPLER_ANNOT_FLAG_HIDDEN) || has(POPPLER_ANNOT_FLAG_NO_VIEW),
                isLocked: has(POPPLER_ANNOT_FLAG_READ_ONLY) || has(POPPLER_ANNOT_FLAG_LOCKED))
        }
    }

    /// The annotation's /Rect as poppler-glib 22.12 reports it: unrotated, minus the crop box's
    /// lower-left corner (`poppler_annot_get_rectangle` subtracts it), normalised so that the
    /// size is never negative. Wraps `poppler_annot_get_rectangle`.
    static func rectangle(of annot: OpaquePointer) -> Rect {
        var r = PopplerRectangle()
        poppler_annot_get_rectangle(annot, &r)
        return Rect(corner: Point(x: r.x1, y: r.y1), corner: Point(x: r.x2, y: r.y2))
    }

    /// The Swift case for a poppler annotation type.
    static func subtype(_ type: PopplerAnnotType) -> AnnotationSubtype {
        switch type {
        case POPPLER_ANNOT_TEXT: return .text
        case POPPLER_ANNOT_LINK: return .link
        case POPPLER_ANNOT_FREE_TEXT: return .freeText
        case POPPLER_ANNOT_LINE: return .line
        case POPPLER_ANNOT_SQUARE: return .square
        case POPPLER_ANNOT_CIRCLE: return .circle
        case POPPLER_ANNOT_POLYGON: return .polygon
        case POPPLER_ANNOT_POLY_LINE: return .polyLine
        case POPPLER_ANNOT_HIGHLIGHT: return .highlight
        case POPPLER_ANNOT_UNDERLINE: return .underline
        case POPPLER_ANNOT_SQUIGGLY: return .squiggly
        case POPPLER_ANNOT_STRIKE_OUT: return .strikeOut
        case POPPLER_ANNOT_STAMP: return .stamp
        case POPPLER_ANNOT_CARET: return .caret
        case POPPLER_ANNOT_INK: return .ink
        case POPPLER_ANNOT_POPUP: return .popup
        case POPPLER_ANNOT_FILE_ATTACHMENT: return .fileAttachment
        case POPPLER_ANNOT_SOUND: return .sound
        case POPPLER_ANNOT_MOVIE: return .movie
        case POPPLER_ANNOT_WIDGET: return .widget
        case POPPLER_ANNOT_SCREEN: return .screen
        case POPPLER_ANNOT_PRINTER_MARK: return .printerMark
        case POPPLER_ANNOT_TRAP_NET: return .trapNet
        case POPPLER_ANNOT_WATERMARK: return .watermark
        case POPPLER_ANNOT_3D: return .threeD
        default: return .unknown
        }
    }
}
