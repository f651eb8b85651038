// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document

extension PopplerDocument {
    /// The fonts the document's pages use, read with `PopplerFontInfo` (a scan of every page's
    /// resources, which on a long document takes a while: call it on the render worker, like
    /// rendering). A subset's tag ("ABCDEF+") is left out of the name.
    public func fonts() -> [FontInfo] {
        renderLock.lock()
        defer { renderLock.unlock() }
        return document.withPointer { doc in
            guard let info = poppler_font_info_new(doc) else { return [] }
            defer { poppler_font_info_free(info) }
            var out: [FontInfo] = []
            var iter: OpaquePointer?
            // Every page in one scan: a scan of some pages reports "nothing more" as soon as
            // those pages add no new font, though later pages may.
            if poppler_font_info_scan(info, Int32(max(1, pageCount)), &iter) != 0, let it = iter {
                repeat {
                    var name = poppler_fonts_iter_get_name(it).map { String(cString: $0) } ?? "(unnamed)"
                    if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
                        name = String(name[name.index(after: plus)...])
                    }
                    out.append(FontInfo(name: name, type: Self.fontType(poppler_fonts_iter_get_font_type(it)),
                                        isEmbedded: poppler_fonts_iter_is_embedded(it) != 0, isSubset: poppler_fonts_iter_is_subset(it) != 0))
                } while poppler_fonts_iter_next(it) != 0
                poppler_fonts_iter_free(it)
            }
            return out
        }
    }

    static func fontType(_ type: PopplerFontType) -> String {
        switch type {
        case POPPLER_FONT_TYPE_TYPE1: return "Type 1"
        case POPPLER_FONT_TYPE_TYPE1C: return "Type 1C"
        case POPPLER_FONT_TYPE_TYPE1COT: return "Type 1C (OpenType)"
        case POPPLER_FONT_TYPE_TYPE3: return "Type 3"
        case POPPLER_FONT_TYPE_TRUETYPE: return "TrueType"
        case POPPLER_FONT_TYPE_TRUETYPEOT: return "TrueType (OpenType)"
        case POPPLER_FONT_TYPE_CID_TYPE0: return "CID Type 0"
        case POPPLER_FONT_TYPE_CID_TYPE0C: return "CID Type 0C"
        case POPPLER_FONT_TYPE_CID_TYPE0COT: return "CID Type 0C (OpenType)"
        case POPPLER_FONT_TYPE_CID_TYPE2: return "CID TrueType"
        case POPPLER_FONT_TYPE_CID_TYPE2OT: return "CID TrueType (OpenType)"
        default: return "Unknown"
        }
    }
}
