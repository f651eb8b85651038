// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The page geometry of an open document, kept behind a protocol so that layout and the
/// interaction engine can be tested with ``FakePageSource`` instead of a real PDF backend.
///
/// Every requirement is safe to call from any thread. ``pageCount`` and ``displaySizes`` answer
/// from values gathered at open time. ``pageInfo(_:)`` may do some work the first time it is asked
/// about a page (a backend can resolve details such as the exact /Rotate lazily) and answers from
/// a cache afterwards.
public protocol PageSource: AnyObject, Sendable {
    /// The number of pages, known at open time.
    var pageCount: Int { get }

    /// The size every page shows on screen (/Rotate applied), in points and page order: the
    /// input `DocumentLayout` expects.
    ///
    /// Known at open time and cheap, so prefer it to ``allPageInfos`` when only sizes are needed.
    /// The default implementation is `allPageInfos.map(\.displaySize)`; a backend that resolves
    /// ``pageInfo(_:)`` lazily should store the sizes instead. Either way,
    /// `displaySizes == allPageInfos.map(\.displaySize)`.
    var displaySizes: [Size] { get }

    /// The geometry of the page at `index`.
    ///
    /// - Precondition: `0 <= index.rawValue < pageCount`.
    func pageInfo(_ index: PageIndex) -> PageInfo
}

extension PageSource {
    /// Every page's geometry in order.
    ///
    /// This calls ``pageInfo(_:)`` once per page, so it costs whatever resolving every page
    /// costs: O(pages), and for a backend with lazy details (such as `PopplerDocument`, which
    /// probes each page's /Rotate on first request) O(pages) probes. To lay pages out, use
    /// ``displaySizes``, and ask ``pageInfo(_:)`` only for the pages you need.
    public var allPageInfos: [PageInfo] { (0..<pageCount).map { pageInfo(PageIndex($0)) } }

    /// The default ``PageSource/displaySizes``: built from ``allPageInfos``, so it resolves every page.
    public var displaySizes: [Size] { allPageInfos.map(\.displaySize) }
}

/// A document whose pages' text can be read with character boxes, for text selection.
public protocol TextSource: AnyObject, Sendable {
    /// The page's text and character boxes (may be slow: call it off the main thread).
    func text(on page: PageIndex) -> PageText
    /// The page's text with its boxes when `wantsBoxes`, shown the characters, says so (a search
    /// lays out only the pages where it found something); otherwise ``PageText/empty``.
    func text(on page: PageIndex, boxesIf wantsBoxes: ([Character]) -> Bool) -> PageText
}

extension TextSource {
    public func text(on page: PageIndex, boxesIf wantsBoxes: ([Character]) -> Bool) -> PageText {
        let text = text(on: page)
        return wantsBoxes(text.characters) ? text : .empty
    }
}
