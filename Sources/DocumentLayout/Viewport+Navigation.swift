// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The reader's steps through the document (a screenful, the start, the end, a wheel turn),
/// along the layout's reading direction: down in a vertical layout, to the right in a
/// horizontal one, to the left when it binds on the right. Pure values, so every layout pages
/// the same way whatever view hosts it.
extension Viewport {
    /// The unit vector of reading forward in `layout`.
    static func forward(in layout: some DocumentViewLayout) -> Vector {
        switch layout.scrollDirection {
        case .vertical: return Vector(dx: 0, dy: 1)
        case .horizontal: return Vector(dx: layout.readsRightToLeft ? -1 : 1, dy: 0)
        }
    }

    /// `screens` screenfuls further along the reading direction (back when negative), each a
    /// view's length less a little overlap so that a line cut by the view's edge shows again.
    public func scrolledScreens(_ screens: Double, in layout: some DocumentViewLayout) -> Viewport {
        let forward = Self.forward(in: layout)
        let length = layout.scrollDirection == .vertical ? size.height : size.width
        let step = max(length - 48, length * 0.5) * screens
        return scrolled(by: Vector(dx: forward.dx * step, dy: forward.dy * step), in: layout)
    }

    /// At the start of the document: the top of the first spread (its right end when a
    /// horizontal layout binds on the right), the cross-axis position kept.
    public func atStart(in layout: some DocumentViewLayout) -> Viewport {
        let content = layout.contentSize(zoom: zoom)
        var result = self
        switch layout.scrollDirection {
        case .vertical: result.offset.y = 0
        case .horizontal: result.offset.x = layout.readsRightToLeft ? content.width : 0
        }
        return result.clamped(to: layout)
    }

    /// At the end of the document: the bottom of the last spread (its left end when a
    /// horizontal layout binds on the right).
    public func atEnd(in layout: some DocumentViewLayout) -> Viewport {
        let content = layout.contentSize(zoom: zoom)
        var result = self
        switch layout.scrollDirection {
        case .vertical: result.offset.y = content.height
        case .horizontal: result.offset.x = layout.readsRightToLeft ? 0 : content.width
        }
        return result.clamped(to: layout)
    }

    /// A wheel's or a finger's `delta` as the reader means it: in a horizontal layout whose
    /// pages fit the view's height, turning the wheel (a vertical delta) moves along the
    /// pages, forward being down the wheel; anything else scrolls as given.
    public func scrolled(alongReading delta: Vector, in layout: some DocumentViewLayout) -> Viewport {
        guard layout.scrollDirection == .horizontal, delta.dx == 0, delta.dy != 0,
              layout.contentSize(zoom: zoom).height <= size.height else { return scrolled(by: delta, in: layout) }
        return scrolled(by: Vector(dx: Self.forward(in: layout).dx * delta.dy, dy: 0), in: layout)
    }

    /// The spread `steps` spreads on from the one in view (back when negative), shown from its
    /// start: what an edge tap turns to. The spread in view is the one of the current page.
    public func showingSpread(_ steps: Int, from page: PageIndex, in layout: some DocumentViewLayout) -> Viewport {
        guard layout.spreadCount > 0 else { return self }
        let target = min(max(0, layout.spreadIndex(forPage: page) + steps), layout.spreadCount - 1)
        return showing(page: PageIndex(layout.pageRange(forSpread: target).lowerBound), in: layout)
    }

    /// An edge tap's turn from the spread of `page`: the right edge goes to the next spread and
    /// the left one back, the other way round when the layout binds on the right.
    public func turnedAtEdge(right: Bool, from page: PageIndex, in layout: some DocumentViewLayout) -> Viewport {
        showingSpread(right != layout.readsRightToLeft ? 1 : -1, from: page, in: layout)
    }

    /// Whether the spread of `page` fits in the view whole (the reader pages rather than scrolls).
    public func showsWholeSpread(of page: PageIndex, in layout: some DocumentViewLayout) -> Bool {
        guard layout.spreadCount > 0 else { return false }
        let frame = layout.spreadFrame(layout.spreadIndex(forPage: page), zoom: zoom)
        return frame.width <= size.width + 0.5 && frame.height <= size.height + 0.5
    }

    /// One spread at a time: the spread the view should settle on, having rested on `resting`
    /// before it moved. The one it sits on exactly (a jump to a page), else the next one in the
    /// direction it moved when it moved at least 3 % of a spread (further when a movement
    /// carried it past several), else `resting` again.
    public func spreadToSettle(restingOn resting: Int, in layout: some DocumentViewLayout) -> Int {
        spreadToSettle(restingOn: resting, in: layout) { spread in
            showing(page: PageIndex(layout.pageRange(forSpread: spread).lowerBound), in: layout).offset
        }
    }

    /// ``spreadToSettle(restingOn:in:)`` for a view that rests on each spread at
    /// `restingOffset(spread)` rather than at the spread's start.
    public func spreadToSettle(restingOn resting: Int, in layout: some DocumentViewLayout,
                               restingOffset: (Int) -> Point) -> Int {
        guard layout.spreadCount > 0 else { return 0 }
        let vertical = layout.scrollDirection == .vertical
        func along(_ p: Point) -> Double { vertical ? p.y : p.x }
        func rest(_ spread: Int) -> Double { along(restingOffset(spread)) }
        let here = along(clamped(to: layout).offset)
        let index = continuousSpreadIndex(in: layout)
        let guess = Int(index.rounded())
        for k in [guess, guess - 1, guess + 1] where k >= 0 && k < layout.spreadCount && abs(rest(k) - here) < 2 { return k }
        let resting = min(max(0, resting), layout.spreadCount - 1)
        let neighbour = resting + 1 < layout.spreadCount ? resting + 1 : max(0, resting - 1)
        let length = max(1, abs(rest(neighbour) - rest(resting)))
        // Forward is towards the next spread (leftwards when bound on the right).
        let forward = Self.forward(in: layout)
        let moved = (here - rest(resting)) * (vertical ? forward.dy : forward.dx) / length
        if moved > 0.03 { return min(layout.spreadCount - 1, max(resting + 1, Int(index.rounded(.down)) + 1)) }
        if moved < -0.03 { return max(0, min(resting - 1, Int(index.rounded(.up)) - 1)) }
        return resting
    }
}
