// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

extension SpreadMode {
    /// Whether a page lying alone in its spread sits on the forward side of the spine (the
    /// right in a left-to-right book): every page in single mode, the cover and the even pages
    /// in book mode, the odd ones in double mode.
    public func liesOnForwardSide(_ page: PageIndex) -> Bool {
        switch self {
        case .single: return true
        case .book: return page.rawValue % 2 == 0
        case .double: return page.rawValue % 2 == 1
        }
    }
}

/// Where the spine of a spread is, and the spreads of a page turn laid on one spine: what a
/// page curl needs of the layout, in canvas coordinates.
extension DocumentViewLayout {
    /// The spine of a spread (canvas x): between its two pages, or the bound edge of a lone page
    /// (its left edge on the forward side of a left-to-right book).
    public func spineX(ofSpread spread: Int, zoom: Double, spreadMode: SpreadMode) -> Double {
        let frames = pageFrames(inSpread: spread, zoom: zoom)
        guard let first = frames.first else { return 0 }
        if frames.count > 1 {
            let a = first.frame, b = frames[1].frame
            return a.midX < b.midX ? (a.maxX + b.minX) / 2 : (b.maxX + a.minX) / 2
        }
        let boundOnLeft = spreadMode.liesOnForwardSide(first.page) != readsRightToLeft
        return boundOnLeft ? first.frame.minX : first.frame.maxX
    }

    /// A spread's pages moved so that its spine and middle height meet those of `resting`:
    /// where a turn draws them. Empty outside the document.
    public func pageFrames(ofSpread spread: Int, alignedOn resting: Int, zoom: Double,
                           spreadMode: SpreadMode) -> [(page: PageIndex, frame: Rect)] {
        guard spread >= 0, spread < spreadCount else { return [] }
        let here = spreadFrame(spread, zoom: zoom), anchor = spreadFrame(resting, zoom: zoom)
        let shift = Vector(dx: spineX(ofSpread: resting, zoom: zoom, spreadMode: spreadMode)
                               - spineX(ofSpread: spread, zoom: zoom, spreadMode: spreadMode),
                           dy: anchor.midY - here.midY)
        return pageFrames(inSpread: spread, zoom: zoom).map { ($0.page, $0.frame.offsetBy(shift)) }
    }

    /// What turns when spread `front` turns forward, drawn on `resting`'s spine: the sheet (its
    /// outer page), the page on its back (`nil`: plain paper) and the spine; `nil` when there is
    /// no spread after it or its last page lies behind the spine.
    public func turnOfSpread(_ front: Int, alignedOn resting: Int, zoom: Double, spreadMode: SpreadMode)
        -> (sheet: (page: PageIndex, frame: Rect), back: (page: PageIndex, frame: Rect)?, spineX: Double)? {
        guard front >= 0, front + 1 < spreadCount else { return nil }
        let frontPages = pageFrames(ofSpread: front, alignedOn: resting, zoom: zoom, spreadMode: spreadMode)
        guard let sheet = frontPages.last, frontPages.count > 1 || spreadMode.liesOnForwardSide(sheet.page) else { return nil }
        let beneath = pageFrames(ofSpread: front + 1, alignedOn: resting, zoom: zoom, spreadMode: spreadMode)
        let back = beneath.first.flatMap { beneath.count > 1 || !spreadMode.liesOnForwardSide($0.page) ? $0 : nil }
        return (sheet, back, spineX(ofSpread: resting, zoom: zoom, spreadMode: spreadMode))
    }
}
