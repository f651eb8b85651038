// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// An in-memory ``PageSource`` for layout and engine tests, so that they need no PDF file and no
/// poppler.
public final class FakePageSource: PageSource {
    public let pages: [PageInfo]

    /// A source holding exactly these pages; their indices are renumbered from zero.
    public init(pages: [PageInfo]) {
        self.pages = pages.enumerated().map { offset, page in
            PageInfo(index: PageIndex(offset), mediaSize: page.mediaSize, rotation: page.rotation)
        }
    }

    /// A source with one unrotated page per size.
    public convenience init(sizes: [Size]) {
        self.init(pages: sizes.enumerated().map { offset, size in
            PageInfo(index: PageIndex(offset), mediaSize: size, rotation: .none)
        })
    }

    /// A source with `count` identical pages, US Letter portrait by default.
    public convenience init(count: Int, size: Size = Size(width: 612, height: 792), rotation: PageRotation = .none) {
        self.init(pages: (0..<count).map { PageInfo(index: PageIndex($0), mediaSize: size, rotation: rotation) })
    }

    public var pageCount: Int { pages.count }

    public func pageInfo(_ index: PageIndex) -> PageInfo { pages[index.rawValue] }
}
