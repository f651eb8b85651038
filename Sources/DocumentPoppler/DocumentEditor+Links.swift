// SPDX-License-Identifier: GPL-3.0-or-later
import Document

extension DocumentEditor {
    /// Gives a /Link the app made or changed its target: a page's object for `/Dest` (with the
    /// top of its crop box, so that other viewers show the page from its top), or the address
    /// (``AnnotationDictionary/writeLinkDestination(_:into:pageObject:pageTop:)``).
    ///
    /// A link read from the file (`kept`) keeps its look; its own /Dest and /A are noted when it
    /// is first written, and put back when its model has no destination of the app's again (an
    /// undone Edit Link).
    func writeLinkDestination(of a: Annotation, into d: inout PDFDictionary, kept: Bool) {
        guard a.subtype == .link else { return }
        if kept, fileLinkTargets[a.id] == nil { fileLinkTargets[a.id] = (d["Dest"], d["A"]) }
        guard let destination = a.linkDestination else {
            if let original = fileLinkTargets[a.id] { (d["Dest"], d["A"]) = original }
            return
        }
        var object: PDFObject?
        var top: Double?
        if case .page(let page) = destination, page.rawValue >= 0, page.rawValue < pageCount, let ref = pageObject(corePage(page)) {
            object = .reference(ref.number, ref.generation)
            let box = inheritedPageAttributes(of: ref, ["CropBox", "MediaBox"])
            if let r = (box["CropBox"] ?? box["MediaBox"])?.numbers, r.count == 4 { top = max(r[1], r[3]) }
        }
        AnnotationDictionary.writeLinkDestination(a, into: &d, pageObject: object, pageTop: top, isNew: !kept)
    }
}
