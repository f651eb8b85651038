// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import InteractionEngine

/// One spread at a time: the view rests on whole spreads. However the reader moves (a wheel
/// click, an arrow key, a finger's drag or fling, a touchpad swipe), once the movement stops the
/// view settles on a spread: the next one in the direction of travel when it moved at all, else
/// back where it was; Page Down and Space turn a spread at once. While the reader has zoomed
/// into a spread larger than the view, it scrolls freely (there is nothing to snap to); with
/// ``ViewSession/zoomsEachSpread`` the next spread shows whole again (the zoom belongs to the
/// spread), otherwise the zoom carries over.
extension ViewSession {
    /// Turns one-spread-at-a-time paging on or off; on, the whole spread fits the view.
    public mutating func setPagesOneSpreadAtATime(_ on: Bool) {
        guard on != pagesOneSpreadAtATime else { return }
        pagesOneSpreadAtATime = on
        spreadAnimation = nil
        settleDue = nil
        if !on {
            turnsPagesWithCurl = false
            if let turn = pageTurn { finishTurn(turn, completes: false) }
        }
        guard on, let page = currentPage else { viewDidChange(); return }
        zoomMode = .fitPage
        restOnSpread(layout.spreadIndex(forPage: page))
        viewDidChange()
    }

    /// Turns curls on or off. Curls turn one spread at a time, so turning them on turns that on.
    public mutating func setTurnsPagesWithCurl(_ on: Bool) {
        guard on != turnsPagesWithCurl else { return }
        if !on, let turn = pageTurn { finishTurn(turn, completes: turn.animation?.completes ?? false) }
        turnsPagesWithCurl = on
        if on { setPagesOneSpreadAtATime(true) }
        viewDidChange()
    }

    /// Puts the view at rest on `target` (clamped to the document), at once: the whole spread
    /// fitted when the zoom mode fits pages, else from its start at the zoom there is.
    mutating func restOnSpread(_ target: Int) {
        guard layout.spreadCount > 0 else { return }
        let spread = min(max(0, target), layout.spreadCount - 1)
        restingSpread = spread
        let first = PageIndex(layout.pageRange(forSpread: spread).lowerBound)
        if let fit = zoomMode.fit, hasSize {
            viewport = fitted(fit, keeping: first)
            invalidateLayoutIfNeeded()
        }
        viewport = restingViewport(onSpread: spread)
    }

    /// Where the view rests on `spread` at the present zoom: the spread's start at the view's
    /// leading edge (as a page gone to; in the middle when the spread is shorter than the view) and, across the reading axis, the spread in the middle
    /// of the view when it fits (a narrow spread among wide ones would otherwise be cut by the
    /// view's edge), else its first page's leading side.
    public func restingViewport(onSpread spread: Int) -> Viewport {
        var resting = viewport.showing(page: PageIndex(layout.pageRange(forSpread: spread).lowerBound), in: layout)
        let frame = layout.spreadFrame(spread, zoom: resting.zoom)
        let first = layout.pageFrame(PageIndex(layout.pageRange(forSpread: spread).lowerBound), zoom: resting.zoom)
        let size = resting.size, margin = layout.margin
        // Across the reading axis: a spread that fits sits in the middle; a larger one (zoomed
        // in) shows its first page's leading side.
        let leadingX = layout.readsRightToLeft ? first.maxX + margin - size.width : first.minX - margin
        if layout.scrollDirection == .vertical {
            // Facing pages keep their spine in the middle of the view when both sides fit (a
            // book's cover lies right of the middle, where it lies when turned to).
            let spine = layout.spineX(ofSpread: spread, zoom: resting.zoom, spreadMode: settings.spreadMode)
            let onSpine = settings.spreadMode != .single && spine - frame.minX <= size.width / 2 && frame.maxX - spine <= size.width / 2
            resting.offset.x = onSpine ? spine - size.width / 2 : frame.width <= size.width ? frame.midX - size.width / 2 : leadingX
            // A spread shorter than the view sits in its middle, so that it is the one in view.
            if frame.height < size.height { resting.offset.y = frame.midY - size.height / 2 }
        } else {
            resting.offset.y = frame.height <= size.height ? frame.midY - size.height / 2 : first.minY - margin
            if frame.width < size.width { resting.offset.x = frame.midX - size.width / 2 }
        }
        return resting.clamped(to: layout)
    }

    /// Whether the view rests, still, on a whole spread one spread at a time (at
    /// ``restingViewport(onSpread:)``): only that spread is then shown, as a book or a photo
    /// viewer shows one spread; its neighbours appear as soon as the view moves.
    public var restsOnWholeSpread: Bool {
        guard pagesOneSpreadAtATime, pageTurn == nil, spreadAnimation == nil, restingSpread < layout.spreadCount else { return false }
        let first = PageIndex(layout.pageRange(forSpread: restingSpread).lowerBound)
        return viewport.showsWholeSpread(of: first, in: layout)
            && (restingViewport(onSpread: restingSpread).offset - viewport.offset).length < 0.5
    }

    /// The pages the view shows: those in the visible rectangle, or only the resting spread's
    /// while the view rests on it whole (``restsOnWholeSpread``).
    public var shownPages: [PageIndex] {
        restsOnWholeSpread ? layout.pages(inSpread: restingSpread)
            : layout.visiblePages(in: viewport.visibleRect, zoom: viewport.zoom)
    }

    /// Arms the settling after a change of the view: once it has been still for a moment (no
    /// contact down, no momentum), it settles on a spread.
    mutating func scheduleSpreadSettling() {
        guard pagesOneSpreadAtATime, spreadAnimation == nil, pageTurn == nil, layout.spreadCount > 0 else {
            if !pagesOneSpreadAtATime { settleDue = nil }
            return
        }
        settleDue = now + Self.settleDelay
    }

    /// The view is still held or carried (a contact down, momentum): it does not settle yet.
    var isHeld: Bool { contactsDown > 0 || momentumRunning }

    /// Settles the view on the spread ``Viewport/spreadToSettle(restingOn:in:)`` picks, once
    /// nothing holds or moves it and the whole spread fits the view.
    public mutating func settleOnSpread() {
        settleDue = nil
        guard pagesOneSpreadAtATime, spreadAnimation == nil, pageTurn == nil, !isHeld,
              layout.spreadCount > 0, let middle = viewport.currentPage(in: layout) else { return }
        // Already at rest on its spread (near either end several spreads rest at one place).
        if restingSpread < layout.spreadCount, (restingViewport(onSpread: restingSpread).offset - viewport.offset).length < 1,
           zoomMode == .free || fitted(zoomMode.fit ?? .page, keeping: currentPage).zoom == viewport.zoom { return }
        guard zoomMode != .free || viewport.showsWholeSpread(of: middle, in: layout) else {
            // Zoomed into a spread larger than the view: the reader reads it freely, and the
            // one in the middle of the view is the one the view rests on.
            restingSpread = layout.spreadIndex(forPage: middle)
            return
        }
        turn(toSpread: viewport.spreadToSettle(restingOn: restingSpread, in: layout) { restingViewport(onSpread: $0).offset })
    }

    /// A contact (finger, pen, mouse button) went down on the page, or came up. One spread at a
    /// time, a finger's fling turns one spread, not as many as its momentum would carry: the
    /// view settles as soon as the last finger lifts.
    public mutating func contact(down: Bool, direct: Bool) {
        contactsDown = max(0, contactsDown + (down ? 1 : -1))
        guard !down, pagesOneSpreadAtATime, contactsDown == 0 else { return }
        guard direct else {
            // A mouse let go (a scrollbar, a drag): the view settles once it is still.
            scheduleSpreadSettling()
            return
        }
        effects.append(.stopMomentum)
        momentumRunning = false
        settleOnSpread()
    }

    /// The momentum of a fling ran out: the view settles once it has been still a moment.
    public mutating func momentumEnded() {
        momentumRunning = false
        scheduleSpreadSettling()
    }

    /// Animates the view to spread `target` (clamped to the document), from wherever it is.
    /// With each spread zoomed on its own, a spread the reader zoomed into is left at that
    /// zoom and the next one shows whole again, as in a photo viewer.
    mutating func turn(toSpread target: Int) {
        guard layout.spreadCount > 0 else { return }
        let spread = min(max(0, target), layout.spreadCount - 1)
        if layout.spreadBasedZooming, spread != restingSpread, zoomMode != .fitPage {
            // The next spread whole, at once (a zoom change does not slide).
            zoomMode = .fitPage
        }
        if let fit = zoomMode.fit, hasSize,
           fitted(fit, keeping: PageIndex(layout.pageRange(forSpread: spread).lowerBound)).zoom != viewport.zoom {
            // The spread fits at another zoom: shown at once (a zoom change does not slide).
            restOnSpread(spread)
            viewDidChange()
            return
        }
        restingSpread = spread
        let destination = restingViewport(onSpread: spread).offset
        guard destination != viewport.offset else { return }
        effects.append(.stopMomentum)
        momentumRunning = false
        spreadAnimation = SpreadAnimation(from: viewport.offset, to: destination, start: now)
        effects.append(.needsFrames)
    }

    /// One frame of the settling slide (ease-out); returns whether it goes on.
    mutating func stepSpreadAnimation() -> Bool {
        guard let animation = spreadAnimation else { return false }
        let t = min(1, max(0, (now - animation.start) / Self.settleDuration))
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        viewport.offset = Point(x: animation.from.x + (animation.to.x - animation.from.x) * eased,
                                y: animation.from.y + (animation.to.y - animation.from.y) * eased)
        viewport = viewport.clamped(to: layout)
        if t >= 1 { spreadAnimation = nil }
        viewDidChange()
        return spreadAnimation != nil
    }

    /// Page Down, Space and their opposites turn a whole spread at once (with a curl when
    /// curls are on).
    public mutating func turnSpread(by steps: Int) {
        if curlTurn(forward: steps > 0) { return }
        let base = spreadAnimation == nil ? (currentPage.map { layout.spreadIndex(forPage: $0) } ?? restingSpread) : restingSpread
        let target = base + steps
        if target < 0 || target >= layout.spreadCount { effects.append(.bell) }
        turn(toSpread: target)
        viewDidChange()
    }

    /// One frame: the settling slide and the page turn step to ``now``, and a settling that
    /// fell due happens; returns whether frames must go on.
    public mutating func tick() -> Bool {
        let sliding = stepSpreadAnimation()
        let turning = stepPageTurn()
        if let due = settleDue, now >= due, !isHeld { settleOnSpread() }
        return sliding || turning || spreadAnimation != nil || pageTurn?.animation != nil
    }

    /// The settling, if due at ``now`` (the host's timer fired).
    public mutating func settleIfDue() {
        guard let due = settleDue, now >= due else { return }
        if isHeld { settleDue = nil; return }
        settleOnSpread()
        viewDidChange()
        // Settling that moved nothing leaves nothing due.
        if spreadAnimation == nil, pageTurn == nil { settleDue = nil }
    }
}
