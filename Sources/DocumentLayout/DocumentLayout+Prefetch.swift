// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Which pages to draw before they show: those of the spread the reader is heading for.
extension DocumentLayout {
    /// The pages of the spread after the last visible one when reading forward, or before the
    /// first visible one when reading back; empty at the ends of the document.
    public func pagesAhead(ofVisible visible: [PageIndex], forward: Bool) -> [PageIndex] {
        guard let first = visible.min(), let last = visible.max(), spreadCount > 0 else { return [] }
        let spread = forward ? spreadIndex(forPage: last) + 1 : spreadIndex(forPage: first) - 1
        guard spread >= 0, spread < spreadCount else { return [] }
        return pages(inSpread: spread)
    }

    /// Which edge of a page ahead shows first: in a vertical layout its top when reading
    /// forward (bottom when reading back); in a horizontal one the side facing the reader.
    public enum LeadingEdge: Sendable { case top, bottom, left, right }

    public func leadingEdge(forward: Bool) -> LeadingEdge {
        switch settings.direction {
        case .vertical: return forward ? .top : .bottom
        case .horizontal:
            // Left to right, the next page comes in from the right: its left side shows first.
            let fromRight = forward != settings.rightToLeft
            return fromRight ? .left : .right
        }
    }
}
