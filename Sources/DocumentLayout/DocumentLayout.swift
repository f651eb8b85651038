// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where every page of a document sits on the scrollable canvas, kept apart from any widget so
/// that it can be built, queried and tested without GTK.
///
/// A layout is an immutable value built once per document and ``LayoutSettings``. Building it is
/// O(n): it stores each page's size and one prefix sum of spread lengths along the scroll axis.
/// Zoom is a parameter of every query rather than part of the layout, so zooming never rebuilds
/// anything; page sizes scale with the zoom while gaps and margins stay in view pixels. Queries
/// that search the document (``visiblePages(in:zoom:)``, ``page(at:zoom:)``,
/// ``nearestPage(to:zoom:)``, ``continuousSpreadIndex(forContentOffset:zoom:)``) binary-search
/// the prefix sums and take O(log n) plus the size of their answer.
///
/// Canvas coordinates are view pixels with the origin at the top-left of the content, margins
/// included.
public struct DocumentLayout: DocumentViewLayout {
    /// The choices this layout was built for.
    public let settings: LayoutSettings
    /// Whether each spread zooms on its own (see ``DocumentViewLayout/spreadBasedZooming``);
    /// the view applies it when paging one spread at a time. On unless the reader turned it off.
    public var spreadBasedZooming = true
    /// Insets added to the view's frame by whoever shows the layout; zero by default.
    public var additionalFrameInsets = EdgeInsets.zero
    /// Each page's displayed size in points at zoom 1 (after /Rotate); negative or non-finite
    /// sizes given to the initialiser are stored as zero.
    public let pageSizes: [Size]
    /// The number of spreads.
    public let spreadCount: Int

    /// `alongPrefix[s]` is the total length, in points at zoom 1, of spreads `0..<s` along the
    /// scroll axis (gaps excluded). It has `spreadCount + 1` entries.
    let alongPrefix: [Double]
    /// The widest cross-axis extent in points of spreads without a cross-axis gap, if any.
    let crossMaxWithoutGap: Double?
    /// The widest cross-axis extent in points of spreads with one cross-axis gap (two pages side
    /// by side in a vertical layout), if any.
    let crossMaxWithGap: Double?
    /// The spreads that bound every fit-to-view zoom: the widest one-page spread, the widest
    /// spread of two pages and the tallest spread (without repeats, ascending).
    let widestAndTallestSpreads: [Int]

    /// Builds the layout of a document.
    ///
    /// - Parameters:
    ///   - pageSizes: each page's displayed size in points at zoom 1, after its /Rotate.
    ///   - settings: the reader's layout choices.
    public init(pageSizes: [Size], settings: LayoutSettings = LayoutSettings()) {
        func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
        let sizes = pageSizes.map { Size(width: clean($0.width), height: clean($0.height)) }
        self.settings = settings
        self.pageSizes = sizes
        let count = Self.spreadCount(pageCount: sizes.count, mode: settings.spreadMode)
        self.spreadCount = count

        var prefix = [Double]()
        prefix.reserveCapacity(count + 1)
        prefix.append(0)
        var crossWithout: Double?, crossWith: Double?
        var widestSingle: (spread: Int, width: Double)?, widestPair: (spread: Int, width: Double)?
        var tallest: (spread: Int, height: Double)?
        let vertical = settings.direction == .vertical
        for s in 0..<count {
            let range = Self.pageRange(forSpread: s, pageCount: sizes.count, mode: settings.spreadMode)
            var sumWidth = 0.0, maxHeight = 0.0
            for p in range {
                sumWidth += sizes[p].width
                maxHeight = max(maxHeight, sizes[p].height)
            }
            prefix.append(prefix[s] + (vertical ? maxHeight : sumWidth))
            if range.count > 1 {
                if sumWidth > widestPair?.width ?? -1 { widestPair = (s, sumWidth) }
            } else if sumWidth > widestSingle?.width ?? -1 {
                widestSingle = (s, sumWidth)
            }
            if maxHeight > tallest?.height ?? -1 { tallest = (s, maxHeight) }
            let cross = vertical ? sumWidth : maxHeight
            if vertical && range.count > 1 {
                crossWith = max(crossWith ?? 0, cross)
            } else {
                crossWithout = max(crossWithout ?? 0, cross)
            }
        }
        self.alongPrefix = prefix
        self.crossMaxWithoutGap = crossWithout
        self.crossMaxWithGap = crossWith
        self.widestAndTallestSpreads = Array(Set([widestSingle?.spread, widestPair?.spread, tallest?.spread]
            .compactMap { $0 })).sorted()
    }

    /// The number of pages.
    public var pageCount: Int { pageSizes.count }

    /// Whether the layout holds no pages; every query then answers empty or `nil`.
    public var isEmpty: Bool { pageSizes.isEmpty }
}
