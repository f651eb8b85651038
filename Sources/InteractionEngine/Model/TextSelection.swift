// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The text the user selected: from the character where the selection began (`anchor` on
/// `page`) to the one where it ends now (`focus` on `focusPage`), as indices into each page's
/// text; it may run over several pages, in either direction.
///
/// ``DocumentInteraction`` owns it (the selectText component starts it, the same gesture extends
/// it, a tap elsewhere or the host clears it); the host draws it and copies it.
public struct TextSelection: Hashable, Sendable {
    public var page: PageIndex
    public var anchor: Int
    public var focusPage: PageIndex
    public var focus: Int

    public init(page: PageIndex, anchor: Int, focus: Int) {
        self.init(page: page, anchor: anchor, focusPage: page, focus: focus)
    }

    public init(page: PageIndex, anchor: Int, focusPage: PageIndex, focus: Int) {
        self.page = page
        self.anchor = anchor
        self.focusPage = focusPage
        self.focus = focus
    }

    /// Sentinel index for "the last character of the page" (a whole-document selection made
    /// before every page's text is known).
    public static let endOfPage = Int.max

    /// The pages the selection covers, first to last.
    public var pages: [PageIndex] {
        (min(page.rawValue, focusPage.rawValue)...max(page.rawValue, focusPage.rawValue)).map(PageIndex.init)
    }

    /// Whether the selection covers (some of) page `p`.
    public func covers(_ p: PageIndex) -> Bool {
        p.rawValue >= min(page.rawValue, focusPage.rawValue) && p.rawValue <= max(page.rawValue, focusPage.rawValue)
    }

    /// The selected characters of `p` (first and last index, in order), given how many
    /// characters the page has; `nil` for a page outside the selection or without text.
    public func range(on p: PageIndex, characterCount: Int) -> ClosedRange<Int>? {
        guard characterCount > 0, covers(p) else { return nil }
        let last = characterCount - 1
        let (startPage, startIndex, endPage, endIndex) = (page.rawValue, anchor) <= (focusPage.rawValue, focus)
            ? (page, anchor, focusPage, focus) : (focusPage, focus, page, anchor)
        let from = p == startPage ? min(startIndex, last) : 0
        let to = p == endPage ? min(endIndex, last) : last
        return from <= to ? from...to : nil
    }
}
