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

    /// Takes an annotation off its page. Wraps `poppler_page_remove_annot`.
    ///
    /// - Precondition: The caller holds `renderLock`.
    static func remove(_ annot: GObjectRef, from page: GObjectRef) {
        page.withPointer { page in annot.withPointer { annot in poppler_page_remove_annot(page, annot) } }
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

    /// Stores `target` as the annotation's /Rect and returns the rectangle poppler then reports.
    /// Wraps `poppler_annot_set_rectangle` and `poppler_annot_get_flags`.
    ///
    /// `pageRotation` is the page's exact rotation from ``pageInfo(_:)`` (probed on first request
    /// for the page). Should poppler read back something else (the probe failed and the rotation
    /// was inferred, such as 180° taken for none), the other quarter turns are tried in turn
    /// before settling for the given one.
    ///
    /// - Precondition: The caller holds `renderLock`.
    static func setRectangle(_ target: Rect, of annot: GObjectRef, pageRotation: PageRotation, cropSize: Size) -> Rect {
        annot.withPointer { annot in
            let noRotate = poppler_annot_get_flags(annot).rawValue & POPPLER_ANNOT_FLAG_NO_ROTATE.rawValue != 0
            func store(_ rotation: PageRotation) -> Rect {
                let c = rotatedFrameCorners(for: target, rotation: rotation, cropSize: cropSize, noRotate: noRotate)
                var r = PopplerRectangle(x1: c.x1, y1: c.y1, x2: c.x2, y2: c.y2)
                poppler_annot_set_rectangle(annot, &r)
                return rectangle(of: annot)
            }
            func matches(_ stored: Rect) -> Bool {
                abs(stored.minX - target.minX) < 0.01 && abs(stored.minY - target.minY) < 0.01
                    && abs(stored.width - target.width) < 0.01 && abs(stored.height - target.height) < 0.01
            }
            let stored = store(pageRotation)
            if matches(stored) { return stored }
            for rotation in PageRotation.allCases where rotation != pageRotation {
                let retry = store(rotation)
                if matches(retry) { return retry }
            }
            return store(pageRotation)
        }
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
