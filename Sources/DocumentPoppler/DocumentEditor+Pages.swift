// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Organising pages: a page turned by quarter turns gets its own /Rotate, written on the page
/// object (an inherited one is made explicit on the pages a change touches); a page turned back
/// to how the file had it gets the file's own dictionary again, so undo restores it as it was.
extension DocumentEditor {
    /// Writes page `page`'s new /Rotate: its rotation now, turned by `turns` quarter turns.
    func writeRotation(of page: PageIndex, turnedBy turns: Int) throws(CoreDocumentError) {
        guard let ref = core.pageRef(page), case .dictionary(var dictionary)? = core.object(ref) else {
            throw .rejected("page \(page.displayNumber) cannot be turned: its page object is missing")
        }
        if originalPages[ref] == nil {
            originalPages[ref] = (dictionary, core.pageGeometry(page)?.rotation.rawValue ?? 0)
        }
        guard let original = originalPages[ref] else { return }
        let now = dictionary["Rotate"]?.number.map { Int($0) } ?? original.rotation
        let turned = ((now + 90 * turns) % 360 + 360) % 360
        if turned == original.rotation {
            dictionary = original.dictionary
        } else {
            dictionary["Rotate"] = .integer(turned)
        }
        try core.setObject(.dictionary(dictionary), at: ref)
    }

    /// The rotation a page shows now, in degrees clockwise (0, 90, 180, 270).
    public func rotation(of page: PageIndex) -> Int {
        guard let ref = core.pageRef(page), case .dictionary(let dictionary)? = core.object(ref) else { return 0 }
        let inherited = originalPages[ref]?.rotation ?? core.pageGeometry(page)?.rotation.rawValue ?? 0
        return ((dictionary["Rotate"]?.number.map { Int($0) } ?? inherited) % 360 + 360) % 360
    }
}
