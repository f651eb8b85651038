// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One entry of a document's outline (its table of contents): a title, the page it leads to
/// (`nil` when it leads nowhere this viewer follows), and the entries under it.
public struct OutlineItem: Hashable, Sendable {
    public var title: String
    public var page: PageIndex?
    public var children: [OutlineItem]
    /// Whether the document asks for the entry to start open.
    public var isExpanded: Bool

    public init(title: String, page: PageIndex?, children: [OutlineItem] = [], isExpanded: Bool = false) {
        self.title = title
        self.page = page
        self.children = children
        self.isExpanded = isExpanded
    }

    /// The entry and everything under it, depth first, each with its depth (0 for the entry).
    public func flattened(depth: Int = 0) -> [(item: OutlineItem, depth: Int)] {
        [(self, depth)] + children.flatMap { $0.flattened(depth: depth + 1) }
    }

    /// Of `items` (flattened, in reading order), the one a reader on `page` is in: the last
    /// entry leading to that page or before it.
    public static func current(in items: [(item: OutlineItem, depth: Int)], page: PageIndex) -> Int? {
        items.indices.last { items[$0].item.page.map { $0.rawValue <= page.rawValue } ?? false }
    }
}
