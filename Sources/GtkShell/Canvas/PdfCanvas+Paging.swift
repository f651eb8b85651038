// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry
import InteractionEngine

/// One spread at a time: the view rests on whole spreads. However the reader moves (a wheel
/// click, an arrow key, a finger's drag or fling, a touchpad swipe), once the movement stops the
/// view settles on a spread: the next one in the direction of travel when it moved at all, else
/// back where it was; Page Down and Space turn a spread at once. The settling is animated on
/// the frame clock. While the reader has zoomed into a spread larger than the view, it scrolls
/// freely (there is nothing to snap to); with ``PdfCanvas/zoomsEachSpread`` the next spread
/// shows whole again (the zoom belongs to the spread), otherwise the zoom carries over.
extension PdfCanvas {
    /// Turns one-spread-at-a-time paging on or off; on, the whole spread fits the view.
    public func setPagesOneSpreadAtATime(_ on: Bool) {
        guard on != pagesOneSpreadAtATime else { return }
        pagesOneSpreadAtATime = on
        guard on, let page = currentPage else { return }
        zoomMode = .fitPage
        applyZoomMode()
        restingSpread = layout.spreadIndex(forPage: page)
        viewport = viewport.showingSpread(0, from: page, in: layout)
        viewChanged()
    }

    /// Called after every change of the view: once it has been still for a moment (no finger
    /// down, no momentum), settle on a spread.
    func scheduleSpreadSettling() {
        guard pagesOneSpreadAtATime, spreadAnimation == nil, pageTurn == nil else { return }
        if settleTimer != 0 { g_source_remove(settleTimer); settleTimer = 0 }
        settleTimer = MainLoop.after(milliseconds: 140) { [weak self] in
            guard let self else { return }
            self.settleTimer = 0
            self.settleOnSpread()
            // At rest (or settling): whoever watches the view hears of it.
            self.onViewChanged?()
        }
    }

    /// Settles the view on the spread ``Viewport/spreadToSettle(restingOn:in:)`` picks, once
    /// nothing holds or moves it and the whole spread fits the view.
    func settleOnSpread() {
        guard pagesOneSpreadAtATime, spreadAnimation == nil, pageTurn == nil, contactsDown.isEmpty, !interaction.needsTicks,
              layout.spreadCount > 0, let page = currentPage, viewport.showsWholeSpread(of: page, in: layout) else { return }
        turn(toSpread: viewport.spreadToSettle(restingOn: restingSpread, in: layout))
    }

    /// Animates the view to spread `target` (clamped to the document), from wherever it is.
    /// With each spread zoomed on its own, a spread the reader zoomed into is left at that
    /// zoom and the next one shows whole again, as in a photo viewer.
    func turn(toSpread target: Int) {
        guard layout.spreadCount > 0 else { return }
        let spread = min(max(0, target), layout.spreadCount - 1)
        if layout.spreadBasedZooming, spread != restingSpread, zoomMode != .fitPage {
            // The next spread whole, at once (a zoom change does not slide).
            restingSpread = spread
            zoomMode = .fitPage
            applyZoomMode()
            viewport = viewport.showing(page: PageIndex(layout.pageRange(forSpread: spread).lowerBound), in: layout)
            viewChanged()
            return
        }
        restingSpread = spread
        let destination = viewport.showing(page: PageIndex(layout.pageRange(forSpread: spread).lowerBound), in: layout).offset
        guard destination != viewport.offset else { return }
        interaction.navigation.stopMomentum()
        spreadAnimation = (from: viewport.offset, to: destination, start: Double(g_get_monotonic_time()) / 1e6)
        startTicking()
    }

    /// One frame of the settling animation (ease-out over 0.18 s); returns whether it goes on.
    func stepSpreadAnimation() -> Bool {
        guard let animation = spreadAnimation else { return false }
        let t = min(1, (Double(g_get_monotonic_time()) / 1e6 - animation.start) / 0.18)
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        viewport.offset = Point(x: animation.from.x + (animation.to.x - animation.from.x) * eased,
                                y: animation.from.y + (animation.to.y - animation.from.y) * eased)
        viewport = viewport.clamped(to: layout)
        if t >= 1 { spreadAnimation = nil }
        viewChanged()
        return spreadAnimation != nil
    }

    /// Page Down, Space and their opposites turn a whole spread at once.
    func turnSpread(by steps: Int) {
        if curlTurn(forward: steps > 0) { return }
        let base = spreadAnimation == nil ? (currentPage.map { layout.spreadIndex(forPage: $0) } ?? restingSpread) : restingSpread
        turn(toSpread: base + steps)
    }
}
