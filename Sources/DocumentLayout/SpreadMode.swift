// SPDX-License-Identifier: GPL-3.0-or-later

/// How pages are grouped into spreads, the unit that the layout places and scrolls through.
///
/// A spread is the set of pages a reader sees side by side: one page in ``single`` mode, facing
/// pairs otherwise. Keeping the grouping in one enum lets every query convert between pages and
/// spreads the same way, so frames, hit-testing and scroll positions never disagree.
public enum SpreadMode: String, Sendable, Codable, CaseIterable {
    /// Every page is a spread of its own.
    case single
    /// Pages are paired from the first: (1, 2), (3, 4), …; an odd last page stands alone.
    case double
    /// The first page (the cover) stands alone, then pages are paired: (1), (2, 3), (4, 5), …
    case book
}
