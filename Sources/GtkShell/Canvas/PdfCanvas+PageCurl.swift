// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry
import InteractionEngine
import Rendering

/// Page curl: paging one spread at a time with curls on, a drag from a page's outer edge turns
/// the sheet over under the finger or pointer (its back and a shadow drawn with cairo) and,
/// on release, finishes the turn or lays the sheet back; keys and edge taps play the whole
/// turn. The fastScroll component governs the drags (the engine's `turnPage` decision) as it
/// governs edge taps. Spreads taking part are drawn aligned on the resting spread's spine.
extension PdfCanvas {
    /// Whether turns are curled now: the mode is on, one spread at a time, the spread whole in view.
    var curlsPages: Bool {
        guard turnsPagesWithCurl, pagesOneSpreadAtATime, layout.spreadCount > 0, let page = currentPage else { return false }
        return viewport.showsWholeSpread(of: page, in: layout)
    }

    /// Tells the engine whether a drag from an edge turns the page (rather than scrolling).
    func updatePageTurnDragging() {
        let settings = interaction.engine.interactions.settings
        let on = curlsPages || pageTurn != nil
        if settings.turnsPagesByDragging != on { interaction.engine.interactions.settings.turnsPagesByDragging = on }
    }

    // MARK: Where the spreads of a turn are drawn

    /// Whether a page lying alone in its spread sits on the forward side of the spine (the
    /// right in a left-to-right book): every page in single mode, the cover and the even pages
    /// in book mode, the odd ones in double mode.
    func liesOnForwardSide(_ page: PageIndex) -> Bool {
        switch layoutSettings.spreadMode {
        case .single: return true
        case .book: return page.rawValue % 2 == 0
        case .double: return page.rawValue % 2 == 1
        }
    }

    /// The spine of a spread (canvas x): between its two pages, or the bound edge of a lone page.
    func spineX(ofSpread spread: Int) -> Double {
        let frames = layout.pageFrames(inSpread: spread, zoom: viewport.zoom)
        guard let first = frames.first else { return 0 }
        if frames.count > 1 {
            let a = first.frame, b = frames[1].frame
            return a.midX < b.midX ? (a.maxX + b.minX) / 2 : (b.maxX + a.minX) / 2
        }
        // Bound on the left when reading left to right and the page is on the forward side.
        let boundOnLeft = liesOnForwardSide(first.page) != layoutSettings.rightToLeft
        return boundOnLeft ? first.frame.minX : first.frame.maxX
    }

    /// A spread's pages in view coordinates, moved so that its spine and middle height meet
    /// those of the spread `resting` (as it is shown now).
    func alignedFrames(ofSpread spread: Int, on resting: Int) -> [(page: PageIndex, frame: Rect)] {
        guard spread >= 0, spread < layout.spreadCount else { return [] }
        let zoom = viewport.zoom
        let here = layout.spreadFrame(spread, zoom: zoom), anchor = layout.spreadFrame(resting, zoom: zoom)
        let shift = Vector(dx: spineX(ofSpread: resting) - spineX(ofSpread: spread) - viewport.offset.x,
                           dy: anchor.midY - here.midY - viewport.offset.y)
        return layout.pageFrames(inSpread: spread, zoom: zoom).map { ($0.page, $0.frame.offsetBy(shift)) }
    }

    /// The turn of spread `front`'s outer sheet, drawn aligned on `resting`; `nil` at the end.
    func makeTurn(front: Int, resting: Int, grabY: Double?, progress: Double) -> PageTurn? {
        guard front >= 0, front + 1 < layout.spreadCount else { return nil }
        let frontPages = alignedFrames(ofSpread: front, on: resting)
        let spine = spineX(ofSpread: resting) - viewport.offset.x
        guard let sheet = frontPages.last, frontPages.count > 1 || liesOnForwardSide(sheet.page) else { return nil }
        let beneath = alignedFrames(ofSpread: front + 1, on: resting)
        let back = beneath.first.flatMap { beneath.count > 1 || !liesOnForwardSide($0.page) ? $0 : nil }
        let y = grabY ?? (sheet.frame.maxY - sheet.frame.height * 0.1)
        var turn = PageTurn(front: front, resting: resting, sheet: sheet.frame, spineX: spine, backPage: back, grabY: y,
                            curl: PageCurl.turned(0, sheet: sheet.frame, spineX: spine, grabY: y), animation: nil)
        turn.turn(to: progress)
        return turn
    }

    // MARK: Turning

    /// The engine's decision for a drag from an edge band: take hold of the sheet on that side
    /// (the next spread's edge going forward, else the previous spread's sheet, turned over),
    /// follow the contact, then finish the turn or lay it back.
    func applyTurnPage(_ direction: FastScrollDirection, _ phase: GesturePhase, at point: Point, velocity: Vector) {
        switch phase {
        case .began:
            guard pageTurn == nil || pageTurn?.animation != nil, curlsPages || pageTurn != nil,
                  let page = currentPage else { return }
            if let running = pageTurn { finishTurn(running, completes: running.animation?.completes ?? false) }
            let resting = layout.spreadIndex(forPage: currentPage ?? page)
            let forward = (direction == .nextPage) != layoutSettings.rightToLeft
            let turn = makeTurn(front: forward ? resting : resting - 1, resting: resting, grabY: point.y, progress: forward ? 0 : 1)
            guard var turn else { gtk_widget_error_bell(area); return }
            history.leave(readingPosition)
            interaction.navigation.stopMomentum()
            turn.follow(point)
            pageTurn = turn
        case .changed:
            guard var turn = pageTurn, turn.animation == nil else { return }
            turn.follow(point)
            pageTurn = turn
        case .ended, .cancelled:
            guard let turn = pageTurn, turn.animation == nil else { return }
            // Over when past halfway or flung towards the far side; a fling the other way
            // lays it back. Towards the far side is leftwards when the spine is left of the grab.
            let towardsFar = (turn.spineX - turn.curl.grab.x) * velocity.dx
            let flung = abs(velocity.dx) > 300 ? towardsFar > 0 : nil
            let completes = phase == .ended && (flung ?? (turn.curl.progress > 0.5))
            settle(turn, completes: completes)
        }
        viewChanged()
    }

    /// Lets go of the sheet: it runs on to turned over, or back to flat.
    func settle(_ turn: PageTurn, completes: Bool) {
        var turn = turn
        let from = turn.curl.pointer, to = completes ? turn.turnedOverPoint : turn.restingPoint
        let remaining = (to - from).length / max(1, 2 * abs(turn.curl.grab.x - turn.spineX))
        turn.animation = PageTurn.Animation(path: .line(from: from, to: to), start: Self.now,
                                            duration: max(0.08, 0.32 * remaining), completes: completes)
        pageTurn = turn
        startTicking()
    }

    /// Keys and edge taps turn with a whole curl; returns whether they did (curls are on and
    /// there is a spread that way).
    func curlTurn(forward: Bool) -> Bool {
        guard curlsPages || pageTurn != nil else { return false }
        if let running = pageTurn { finishTurn(running, completes: running.animation?.completes ?? false) }
        guard let page = currentPage else { return false }
        let resting = layout.spreadIndex(forPage: page)
        guard var turn = makeTurn(front: forward ? resting : resting - 1, resting: resting, grabY: nil,
                                  progress: forward ? 0 : 1) else {
            gtk_widget_error_bell(area)
            return true
        }
        history.leave(readingPosition)
        interaction.navigation.stopMomentum()
        turn.animation = PageTurn.Animation(path: .arc(from: forward ? 0 : 1, to: forward ? 1 : 0), start: Self.now,
                                            duration: 0.42, completes: forward)
        pageTurn = turn
        startTicking()
        viewChanged()
        return true
    }

    /// One frame of a turn's animation; returns whether it goes on.
    func stepPageTurn() -> Bool {
        guard var turn = pageTurn, let animation = turn.animation else { return false }
        let over = turn.step(at: Self.now)
        pageTurn = turn
        if over { finishTurn(turn, completes: animation.completes) }
        gtk_widget_queue_draw(area)
        onViewChanged?()
        return !over
    }

    /// The turn is over: the view rests on the spread it left showing.
    func finishTurn(_ turn: PageTurn, completes: Bool) {
        pageTurn = nil
        diagnostics.pageTurnsCompleted += 1
        let spread = min(max(0, completes ? turn.front + 1 : turn.front), layout.spreadCount - 1)
        restingSpread = spread
        viewport = viewport.showing(page: PageIndex(layout.pageRange(forSpread: spread).lowerBound), in: layout)
        // The spread shows whole, at the zoom that fits it (spreads differ: a cover and a pair).
        if zoomMode == .fitPage || layout.spreadBasedZooming {
            zoomMode = .fitPage
            applyZoomMode()
        }
        viewChanged()
    }

    static var now: Double { Double(g_get_monotonic_time()) / 1e6 }

    /// The pages a turn shows (its two spreads), and in curl mode the neighbours on both
    /// sides, so that a turn either way starts with sharp pages.
    var pagesForTurning: [PageIndex] {
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

    // MARK: Drawing

    /// The turn's two spreads and the sheet's back, painted by Rendering's `PageCurlPainter`.
    func drawPageTurn(_ turn: PageTurn, _ cr: OpaquePointer) {
        PageCurlPainter(pages: pagePainter).paint(
            turn.curl, front: alignedFrames(ofSpread: turn.front, on: turn.resting),
            beneath: alignedFrames(ofSpread: turn.front + 1, on: turn.resting), back: turn.backPage, cr: cr)
    }
}
