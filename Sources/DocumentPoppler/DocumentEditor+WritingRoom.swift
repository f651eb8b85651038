// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Room to write beside pages (``WritingRoom``): their boxes grow, written on the page objects,
/// their content stays where it is; undo writes the page's own box entries back as they were.
extension DocumentEditor {
    /// The edit that adds writing room to `pages`; `nil` when none can take it (no media box,
    /// an amount of nothing, a page already as large as a page can be).
    public func addingWritingRoom(to pages: [PageIndex], side: WritingRoom.Side, amount: WritingRoom.Amount) -> AnnotationEdit? {
        var changes: [PageResize] = []
        for page in Set(pages).sorted() where page.rawValue >= 0 && page.rawValue < pageCount {
            guard let ref = pageObject(corePage(page)), let dictionary = core.object(ref)?.dictionaryValue else { continue }
            var own: [String: [Double]] = [:]
            for key in WritingRoom.boxKeys { if let numbers = dictionary[key]?.numbers, numbers.count == 4 { own[key] = numbers } }
            var inherited: [String: [Double]] = [:]
            for (key, value) in inheritedPageAttributes(of: ref, ["MediaBox", "CropBox"]) {
                if let numbers = value.numbers, numbers.count == 4 { inherited[key] = numbers }
            }
            guard let grown = WritingRoom.grown(own: own, inherited: inherited, rotation: rotation(of: page), side: side, amount: amount) else {
                continue
            }
            // The model places annotations from the crop box's lower-left corner: they move
            // against it, so that they stay where they are on the paper.
            let moved = grown.cornerMoved
            let before = moved == Vector(dx: 0, dy: 0) ? [] : annotations(on: page)
            let after = before.map { $0.moved(by: Vector(dx: -moved.dx, dy: -moved.dy)) }
            changes.append(PageResize(page: page, boxesBefore: own, boxesAfter: grown.boxes, annotationsBefore: before, annotationsAfter: after))
        }
        return changes.isEmpty ? nil : .resizePages(changes)
    }

    /// Writes a page's box entries as `change` has them after (a box it does not list goes:
    /// inherited again, or absent), then its annotations from the corner the crop box has now.
    func writeBoxes(_ change: PageResize) throws(CoreDocumentError) {
        let filePage = corePage(change.page)
        guard let ref = pageObject(filePage), case .dictionary(var dictionary)? = core.object(ref) else {
            throw .rejected("page \(change.page.displayNumber) cannot grow: its page object is missing")
        }
        for key in WritingRoom.boxKeys { dictionary[key] = change.boxesAfter[key].map { PDFObject.numbers($0) } }
        try core.setObject(.dictionary(dictionary), at: ref)
        resizedPages.insert(ref)
        if let geometry = pageGeometry(filePage) { pageOrigins[filePage] = geometry.cropOrigin }
        for a in change.annotationsAfter { try writeAnnotation(a) }
    }
}
