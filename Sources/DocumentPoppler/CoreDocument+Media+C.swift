// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import PopplerBridge

/// Media annotations as the open document holds them now (edits and page moves not yet saved
/// included), for pages whose place is no longer the file's: the page tree walked afresh, a
/// page's media annotations by their /Subtype and /Rect, and a /RichMedia or /Movie clip read
/// from its annotation object. Wraps `ann_media_of_object`, `ann_media_clear`.
extension CoreDocument {
    /// The page object of page `page` (from 0) in the page tree as the document holds it now,
    /// walked from the catalog's /Pages (poppler's core keeps the page numbering it read first);
    /// `nil` past the last page or in a damaged tree.
    public func pageObjectInTree(_ page: PageIndex) -> ObjectRef? {
        guard page.rawValue >= 0, let catalog = catalogRef,
              case .reference(let n, let g)? = object(catalog)?.dictionaryValue?["Pages"] else { return nil }
        var remaining = page.rawValue
        var seen: Set<ObjectRef> = []
        func resolved(_ value: PDFObject?) -> PDFObject? {
            if case .reference(let n, let g)? = value { return object(ObjectRef(n, g)) }
            return value
        }
        func walk(_ ref: ObjectRef) -> ObjectRef? {
            guard seen.insert(ref).inserted, let node = object(ref)?.dictionaryValue else { return nil }
            guard let kids = resolved(node["Kids"])?.arrayValue else {
                if remaining == 0 { return ref }
                remaining -= 1
                return nil
            }
            for kid in kids {
                guard case .reference(let kn, let kg) = kid else { continue }
                let child = ObjectRef(kn, kg)
                // A whole subtree before the page is counted, not walked.
                if let count = resolved(object(child)?.dictionaryValue?["Count"])?.number.map(Int.init),
                   object(child)?.dictionaryValue?["Kids"] != nil, count <= remaining {
                    remaining -= count
                    continue
                }
                if let found = walk(child) { return found }
            }
            return nil
        }
        return walk(ObjectRef(n, g))
    }

    /// The annotations of the page object `page` with their object, /Subtype and /Rect as
    /// poppler-glib reports rectangles (minus the crop box's lower-left corner, normalised).
    public func annotationPlaces(onPageObject page: ObjectRef) -> [(ref: ObjectRef?, dictionary: PDFDictionary, subtype: String, rect: Rect)] {
        let box = pageAttributes(inheritedBy: page, ["CropBox", "MediaBox"], in: self)
        let corner = (box["CropBox"] ?? box["MediaBox"])?.numbers.flatMap { $0.count == 4 ? Point(x: min($0[0], $0[2]), y: min($0[1], $0[3])) : nil } ?? .zero
        return annotationEntries(onPageObject: page).compactMap { ref, dictionary in
            guard let dictionary, let subtype = dictionary["Subtype"]?.nameValue, let r = dictionary["Rect"]?.numbers, r.count == 4 else { return nil }
            let rect = Rect(corner: Point(x: r[0] - corner.x, y: r[1] - corner.y), corner: Point(x: r[2] - corner.x, y: r[3] - corner.y))
            return (ref: ref, dictionary: dictionary, subtype: subtype, rect: rect)
        }
    }

    /// The /RichMedia or /Movie annotation stored in `ref` as ``EmbeddedMedia`` (its `rect`
    /// given), its bytes read when `reading`; `nil` when the object is neither.
    public func media(ofAnnotation ref: ObjectRef, rect: Rect, reading: Bool,
                      maximumBytes: Int = EmbeddedMedia.maximumBytes) -> EmbeddedMedia? {
        locked {
            var item = ann_media_item()
            guard ann_media_of_object(handle.pointer, Int32(ref.number), Int32(ref.generation), reading ? 1 : 0, maximumBytes, &item) == 1
            else { return nil }
            defer { ann_media_clear(&item) }
            var media = EmbeddedMedia(item)
            media.rect = rect
            return media
        }
    }
}
