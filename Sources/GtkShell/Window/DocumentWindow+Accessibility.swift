// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import Geometry

/// What a screen reader is told: the page view is a `document` (CShim's snapshot area has that
/// role) named after the document, its description the page in view and the text of the pages
/// shown (GTK 4.8 has no text interface for a custom widget: the description carries it), and
/// every button that shows an icon only is named after its tooltip.
extension DocumentWindow {
    /// The most text the description carries (a screen reader reads it whole).
    static let describedCharacters = 4000

    func describePagesInView(from page: PageIndex) {
        let shown = canvas.view.shownPages
        // Again once a shown page's text has been read.
        let key = shown.map(\.rawValue) + [canvas.pageCount] + shown.map { canvas.content.textByPage[$0] == nil ? 0 : 1 }
        guard key != describedPages else { return }
        describedPages = key
        let title = shownTitle
        ann_accessible_set_label(canvas.area, title)
        var description = tr("Page {page} of {count}", ["page": String(page.displayNumber), "count": String(canvas.pageCount)])
        for shownPage in shown {
            guard let text = canvas.content.textByPage[shownPage], !text.isEmpty else { continue }
            description += "\n" + text.string(from: 0, to: text.characters.count - 1)
            if description.count > Self.describedCharacters { break }
        }
        ann_accessible_set_description(canvas.area, String(description.prefix(Self.describedCharacters)))
    }

    /// Names the icon-only buttons of the window (the header bar's, the toolbar's, the sidebar's).
    func nameIconButtons() {
        ann_accessible_name_buttons(window)
    }
}
