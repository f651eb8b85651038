// SPDX-License-Identifier: GPL-3.0-or-later

/// The reader's layout choices, kept as one comparable value so that a view rebuilds its
/// ``DocumentLayout`` exactly when one of them changes.
///
/// Gaps and margins are in view pixels and stay the same at every zoom, so that pages never
/// touch when zoomed out and gaps never grow huge when zoomed in.
public struct LayoutSettings: Hashable, Sendable, Codable {
    /// How pages are grouped into spreads.
    public var spreadMode: SpreadMode
    /// The axis along which spreads follow one another.
    public var direction: ScrollDirection
    /// Whether reading runs right to left: the pages of a spread are placed in reverse order,
    /// and in a horizontal layout the first spread is the rightmost one.
    public var rightToLeft: Bool
    /// The space between two spreads and between the pages of one spread, in view pixels.
    public var pageGap: Double
    /// The space around all the content, in view pixels.
    public var margin: Double

    public init(
        spreadMode: SpreadMode = .single,
        direction: ScrollDirection = .vertical,
        rightToLeft: Bool = false,
        pageGap: Double = 12,
        margin: Double = 16
    ) {
        self.spreadMode = spreadMode
        self.direction = direction
        self.rightToLeft = rightToLeft
        self.pageGap = pageGap
        self.margin = margin
    }

    /// The layout a document asks for (its catalog's /PageLayout and /ViewerPreferences
    /// /Direction, PDF 32000-1 tables 28 and 150): SinglePage and OneColumn single pages,
    /// TwoColumnLeft and TwoPageLeft pairs from page 1, TwoColumnRight and TwoPageRight pairs
    /// with page 1 alone (it sits on the right); continuous and vertical in every case.
    public init(pageLayout: String?, rightToLeft: Bool) {
        let mode: SpreadMode
        switch pageLayout {
        case "TwoColumnLeft", "TwoPageLeft": mode = .double
        case "TwoColumnRight", "TwoPageRight": mode = .book
        default: mode = .single
        }
        self.init(spreadMode: mode, direction: .vertical, rightToLeft: rightToLeft)
    }
}
