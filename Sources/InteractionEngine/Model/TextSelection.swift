// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The text the user selected: on one page, from the character where the selection began
/// (`anchor`) to the one where it ends now (`focus`), as indices into the page's text.
///
/// ``DocumentInteraction`` owns it (the selectText component starts it, the same gesture extends
/// it, a tap elsewhere or the host clears it); the host draws it and copies it.
public struct TextSelection: Hashable, Sendable {
    public var page: PageIndex
    public var anchor: Int
    public var focus: Int
    public init(page: PageIndex, anchor: Int, focus: Int) {
        self.page = page
        self.anchor = anchor
        self.focus = focus
    }
}
