// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import InteractionEngine

/// Page curl: paging one spread at a time with curls on, a drag from a page's outer edge turns
/// the sheet over under the finger or pointer and, on release, finishes the turn or lays the
/// sheet back; keys and edge taps play the whole turn. The fastScroll component governs the
/// drags (the engine's `turnPage` decision) as it governs edge taps. Spreads taking part are
/// drawn aligned on the resting spread's spine (the host draws ``pageTurn``).
extension ViewSession {
    /// How long a whole turn played by a key or a tap lasts, in seconds.
    public static let turnDuration = 0.42

    /// Whether turns are curled now: the mode is on, one spread at a time, the spread whole in view.
    public var curlsPages: Bool {
        guard turnsPagesWithCurl, pagesOneSpreadAtATime, layout.spreadCount > 0, let page = currentPage else { return false }
        return viewport.showsWholeSpread(of: page, in: layout)
    }

    /// Whether a drag from an edge turns the page (rather than scrolling): what the host tells
    /// the engine.
    public var turnsPagesByDragging: Bool { curlsPages || pageTurn != nil }

    /// A spread's pages in view coordinates, laid on the spine of the spread `resting`.
    /// What a frame of `turn` shows, every page where the turn draws it (view coordinates).
    public func picture(of turn: PageTurn) -> PageTurnPicture {
        func pages(_ spread: Int) -> [PlacedPage] {
            alignedFrames(ofSpread: spread, on: turn.resting).map { PlacedPage(page: $0.page, frame: $0.frame) }
        }
        return PageTurnPicture(curl: turn.curl, front: pages(turn.front), beneath: pages(turn.front + 1),
                               back: turn.backPage.map { PlacedPage(page: $0.page, frame: $0.frame) })
    }

    public func alignedFrames(ofSpread spread: Int, on resting: Int) -> [(page: PageIndex, frame: Rect)] {
        layout.pageFrames(ofSpread: spread, alignedOn: resting, zoom: viewport.zoom, spreadMode: settings.spreadMode)
            .map { ($0.page, $0.frame.offsetBy(Point.zero - viewport.offset)) }
    }

    /// Starts the turn of the sheet forward of the resting spread (or, going back, of the one
    /// before it, turned over), held at `grabY` (or near its foot); `false` at either end.
    mutating func beginTurn(forward: Bool, grabY: Double?) -> Bool {
        guard let page = currentPage else { return false }
        let resting = layout.spreadIndex(forPage: page)
        let front = forward ? resting : resting - 1
        guard let parts = layout.turnOfSpread(front, alignedOn: resting, zoom: viewport.zoom, spreadMode: settings.spreadMode)
        else {
            effects.append(.bell)
            return false
        }
        let toView = Point.zero - viewport.offset
        let sheet = parts.sheet.frame.offsetBy(toView), spine = parts.spineX + toView.dx
        let back = parts.back.map { ($0.page, $0.frame.offsetBy(toView)) }
        let y = grabY ?? (sheet.maxY - sheet.height * 0.1)
        var turn = PageTurn(front: front, resting: resting, sheet: sheet, spineX: spine, backPage: back, grabY: y,
                            curl: PageCurl.turned(0, sheet: sheet, spineX: spine, grabY: y), animation: nil)
        turn.turn(to: forward ? 0 : 1)
        history.leave(readingPosition)
        effects.append(.stopMomentum)
        momentumRunning = false
        spreadAnimation = nil
        settleDue = nil
        restingSpread = resting
        pageTurn = turn
        return true
    }

    /// The engine's decision for a drag from an edge band: take hold of the sheet on that side
    /// (the next spread's edge going forward, else the previous spread's sheet, turned over),
    /// follow the contact, then finish the turn or lay it back.
    public mutating func turnPage(_ direction: FastScrollDirection, _ phase: GesturePhase, at point: Point, velocity: Vector) {
        switch phase {
        case .began:
            guard pageTurn == nil || pageTurn?.animation != nil, curlsPages || pageTurn != nil else { return }
            if let running = pageTurn { finishTurn(running, completes: running.animation?.completes ?? false) }
            guard beginTurn(forward: (direction == .nextPage) != settings.rightToLeft, grabY: point.y) else { return }
            pageTurn?.follow(point)
        case .changed:
            guard var turn = pageTurn, turn.animation == nil else { return }
            turn.follow(point)
            pageTurn = turn
        case .ended, .cancelled:
            guard let turn = pageTurn, turn.animation == nil else { return }
            settle(turn, completes: phase == .ended && turn.curl.finishes(whenReleasedAt: velocity))
        }
        viewDidChange()
    }

    /// Lets go of the sheet: it runs on to turned over, or back to flat.
    mutating func settle(_ turn: PageTurn, completes: Bool) {
        var turn = turn
        let from = turn.curl.pointer, to = completes ? turn.turnedOverPoint : turn.restingPoint
        let remaining = (to - from).length / max(1, 2 * abs(turn.curl.grab.x - turn.spineX))
        turn.animation = PageTurn.Animation(path: .line(from: from, to: to), start: now,
                                            duration: max(0.08, 0.32 * remaining), completes: completes)
        pageTurn = turn
        effects.append(.needsFrames)
    }

    /// Keys and edge taps turn with a whole curl; returns whether they did (curls are on and
    /// there is a spread that way).
    mutating func curlTurn(forward: Bool) -> Bool {
        guard curlsPages || pageTurn != nil else { return false }
        if let running = pageTurn { finishTurn(running, completes: running.animation?.completes ?? false) }
        // At either end the bell rings and the key is used all the same.
        guard beginTurn(forward: forward, grabY: nil), var turn = pageTurn else { return true }
        turn.animation = PageTurn.Animation(path: .arc(from: forward ? 0 : 1, to: forward ? 1 : 0), start: now,
                                            duration: Self.turnDuration, completes: forward)
        pageTurn = turn
        effects.append(.needsFrames)
        viewDidChange()
        return true
    }

    /// A tap near an edge turns to the next or previous spread (the left edge goes back, but
    /// forward in a right-to-left book), with a curl when curls are on. A mouse's click does so
    /// only when the whole spread is in view: when reading a spread larger than the view, a
    /// click is a click.
    public mutating func edgeTap(_ direction: FastScrollDirection, byTouch: Bool) {
        guard let page = currentPage, byTouch || viewport.showsWholeSpread(of: page, in: layout) else { return }
        if curlTurn(forward: (direction == .nextPage) != settings.rightToLeft) { return }
        history.leave(readingPosition)
        effects.append(.stopMomentum)
        if pagesOneSpreadAtATime {
            let spread = layout.spreadIndex(forPage: page)
            let step = (direction == .nextPage) != layout.readsRightToLeft ? 1 : -1
            if spread + step < 0 || spread + step >= layout.spreadCount { effects.append(.bell) }
            spreadAnimation = nil
            restOnSpread(spread + step)
        } else {
            viewport = viewport.turnedAtEdge(right: direction == .nextPage, from: page, in: layout)
        }
        viewDidChange()
    }

    /// One frame of a turn's animation; returns whether it goes on.
    mutating func stepPageTurn() -> Bool {
        guard var turn = pageTurn, let animation = turn.animation else { return false }
        let over = turn.step(at: now)
        pageTurn = turn
        if over { finishTurn(turn, completes: animation.completes) }
        return !over
    }

    /// The turn is over: the view rests on the spread it left showing, whole, at the zoom that
    /// fits it (spreads differ: a cover and a pair).
    mutating func finishTurn(_ turn: PageTurn, completes: Bool) {
        pageTurn = nil
        effects.append(.turnEnded(completed: completes))
        let spread = completes ? turn.front + 1 : turn.front
        if zoomMode == .fitPage || layout.spreadBasedZooming { zoomMode = .fitPage }
        restOnSpread(spread)
        viewDidChange()
    }

    /// The pages a turn shows (its two spreads), and in curl mode the neighbours on both
    /// sides, so that a turn either way starts with sharp pages.
    public var pagesForTurning: [PageIndex] {
        if let turn = pageTurn {
            return (turn.front...(turn.front + 1)).flatMap { layout.pages(inSpread: $0) }
        }
        guard curlsPages, let page = currentPage else { return [] }
        let spread = layout.spreadIndex(forPage: page)
        var pages: [PageIndex] = []
        for neighbour in [spread - 1, spread + 1] where neighbour >= 0 && neighbour < layout.spreadCount {
            pages += layout.pages(inSpread: neighbour)
        }
        return pages
    }
}
