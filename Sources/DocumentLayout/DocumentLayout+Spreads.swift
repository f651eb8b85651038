// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Conversions between pages and spreads, the one place that knows how ``SpreadMode`` pairs pages.
extension DocumentLayout {
    /// The spread that shows a page.
    ///
    /// - Precondition: `page` is a page of the document.
    public func spreadIndex(forPage page: PageIndex) -> Int {
        precondition(pageSizes.indices.contains(page.rawValue), "\(page) is not in a \(pageCount)-page layout")
        return Self.spreadIndex(forPage: page.rawValue, mode: settings.spreadMode)
    }

    /// The spread that shows a page in a document laid out with `mode`, whatever its page count.
    public static func spreadIndex(forPage page: PageIndex, mode: SpreadMode) -> Int {
        spreadIndex(forPage: page.rawValue, mode: mode)
    }

    /// The pages (as raw page indices, in reading order) that a spread shows.
    ///
    /// - Precondition: `spread` is in `0..<spreadCount`.
    public func pageRange(forSpread spread: Int) -> Range<Int> {
        precondition((0..<spreadCount).contains(spread), "spread \(spread) is not in 0..<\(spreadCount)")
        return Self.pageRange(forSpread: spread, pageCount: pageCount, mode: settings.spreadMode)
    }

    static func spreadCount(pageCount n: Int, mode: SpreadMode) -> Int {
        switch mode {
        case .single: return n
        case .double: return (n + 1) / 2
        case .book: return n == 0 ? 0 : 1 + n / 2
        }
    }

    static func spreadIndex(forPage p: Int, mode: SpreadMode) -> Int {
        switch mode {
        case .single: return p
        case .double: return p / 2
        case .book: return (p + 1) / 2
        }
    }

    /// The first page of a spread; for `spread == spreadCount` it is the page count.
    static func firstPage(ofSpread s: Int, pageCount n: Int, mode: SpreadMode) -> Int {
        switch mode {
        case .single: return min(s, n)
        case .double: return min(2 * s, n)
        case .book: return s == 0 ? 0 : min(2 * s - 1, n)
        }
    }

    static func pageRange(forSpread s: Int, pageCount n: Int, mode: SpreadMode) -> Range<Int> {
        firstPage(ofSpread: s, pageCount: n, mode: mode)..<firstPage(ofSpread: s + 1, pageCount: n, mode: mode)
    }
}
