// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Foundation
import DocumentSession
import Geometry
import InteractionEngine

/// Plays a walk's actions on a fresh session, checking the view's invariants after each, and
/// shrinks a failing walk to the shortest sequence that still fails.
enum WalkRunner {
    /// An extra check of a test's own, after each step (the walker's self-test uses one).
    typealias Check = (ViewSession, WalkAction) -> String?

    /// The view opened as the app opens it: the document, then the window's first size.
    static func open(_ document: WalkDocument) -> SessionDriver {
        var driver = SessionDriver()
        driver.session.setDocument(pageSizes: document.sizes)
        driver.resizeWindow(to: Size(width: 976, height: 640))
        driver.settle()
        return driver
    }

    /// The first broken invariant, as a sentence naming the step, or `nil` when all held.
    static func run(_ document: WalkDocument, _ actions: [WalkAction], check: Check? = nil) -> String? {
        var driver = open(document)
        for (n, action) in actions.enumerated() {
            let before = driver.session
            perform(action, on: &driver)
            driver.settle()
            if let broken = check?(driver.session, action) ?? invariantBroken(after: action, from: before, now: driver.session) {
                return "step \(n + 1), \(action): \(broken)"
            }
        }
        return nil
    }

    /// Removes chunks, then single steps, while the walk still fails.
    static func shrink(_ document: WalkDocument, _ actions: [WalkAction], check: Check? = nil)
        -> (actions: [WalkAction], failure: String) {
        var current = actions
        var failure = run(document, current, check: check) ?? "(passes)"
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(current.count, start + chunk))
                if let broken = run(document, candidate, check: check) {
                    current = candidate
                    failure = broken
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (current, failure)
    }

    /// What the app does for each action: the same transitions the canvas calls.
    static func perform(_ action: WalkAction, on driver: inout SessionDriver) {
        switch action {
        case .resize(let size): driver.resizeWindow(to: size)
        case .zoomMode(let mode): driver.session.setZoomMode(mode)
        case .zoomBy(let factor): driver.session.zoom(by: factor)
        case .wheel(let dy): driver.session.apply(.scroll(by: Vector(dx: 0, dy: dy)))
        case .swipe(let distance, let fling):
            driver.session.contact(down: true, direct: true)
            for _ in 0..<8 {
                driver.session.apply(.scroll(by: Vector(dx: 0, dy: distance / 8)))
                driver.advance(by: 1.0 / 60)
            }
            if fling {
                // The engine's momentum carries on after the finger lifts: one spread at a
                // time stops it at once and settles.
                driver.session.momentumRunning = true
                driver.session.contact(down: false, direct: true)
                if driver.session.momentumRunning {
                    for k in 0..<10 {
                        driver.session.apply(.scroll(by: Vector(dx: 0, dy: distance / Double(12 + 4 * k))))
                        driver.advance(by: 1.0 / 60)
                    }
                    driver.session.momentumEnded()
                }
            } else {
                driver.session.contact(down: false, direct: true)
            }
        case .pinch(let factor):
            driver.session.contact(down: true, direct: true)
            driver.session.contact(down: true, direct: true)
            let focus = Point(x: driver.session.viewport.size.width / 2, y: driver.session.viewport.size.height / 3)
            for _ in 0..<4 { driver.session.apply(.zoom(by: pow(factor, 0.25), about: focus)); driver.advance(by: 1.0 / 60) }
            driver.session.contact(down: false, direct: true)
            driver.session.contact(down: false, direct: true)
        case .pageDown: driver.session.apply(.scrollScreens(1))
        case .pageUp: driver.session.apply(.scrollScreens(-1))
        case .home: driver.session.apply(.toStart)
        case .end: driver.session.apply(.toEnd)
        case .spreadMode(let mode):
            var settings = driver.session.settings
            settings.spreadMode = mode
            driver.session.setLayoutSettings(settings)
        case .direction(let direction):
            var settings = driver.session.settings
            settings.direction = direction
            driver.session.setLayoutSettings(settings)
        case .rightToLeft(let on):
            var settings = driver.session.settings
            settings.rightToLeft = on
            driver.session.setLayoutSettings(settings)
        case .oneSpread(let on): driver.session.setPagesOneSpreadAtATime(on)
        case .curl(let on): driver.session.setTurnsPagesWithCurl(on)
        case .zoomEachSpread(let on): driver.session.setZoomsEachSpread(on)
        case .edgeTap(let direction, let touch): driver.session.edgeTap(direction, byTouch: touch)
        case .turnDrag(let direction, let reach, let speed):
            guard driver.session.turnsPagesByDragging else {
                // Without curls the drag is a scroll.
                driver.session.apply(.scroll(by: Vector(dx: 0, dy: reach * 300)))
                return
            }
            let size = driver.session.viewport.size
            let forwardOnRight = (direction == .nextPage)
            let start = Point(x: forwardOnRight ? size.width - 20 : 20, y: size.height * 0.7)
            let end = Point(x: start.x + (forwardOnRight ? -1 : 1) * reach * size.width / 2, y: start.y - 30)
            driver.session.contact(down: true, direct: true)
            driver.session.turnPage(direction, .began, at: start, velocity: .zero)
            for k in 1...6 {
                let t = Double(k) / 6
                driver.session.turnPage(direction, .changed, at: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t),
                                        velocity: .zero)
                driver.advance(by: 1.0 / 60)
            }
            driver.session.turnPage(direction, .ended, at: end, velocity: Vector(dx: (forwardOnRight ? -1 : 1) * speed, dy: 0))
            driver.session.contact(down: false, direct: true)
        case .goTo(let page): driver.session.goTo(page: PageIndex(page))
        case .jump(let page): driver.session.jump(to: PageIndex(page))
        case .back: driver.session.apply(.historyBack)
        case .forward: driver.session.apply(.historyForward)
        case .rotatePage(let page):
            var sizes = driver.session.pageSizes
            guard sizes.indices.contains(page) else { return }
            sizes[page] = Size(width: sizes[page].height, height: sizes[page].width)
            driver.session.setPageSizes(sizes)
        case .wait(let seconds):
            var left = seconds
            while left > 0 { driver.advance(by: min(left, 1.0 / 60)); left -= 1.0 / 60 }
        }
    }

    /// The view's invariants after `action` took the view from `before` to `now` (at rest).
    static func invariantBroken(after action: WalkAction, from before: ViewSession, now s: ViewSession) -> String? {
        let layout = s.layout
        guard layout.pageCount > 0, s.hasSize else { return nil }
        let v = s.viewport
        // The zoom stays within its limits, the view within the content.
        if v.zoom != Viewport.clampedZoom(v.zoom) { return "zoom \(v.zoom) outside its limits" }
        let clamped = v.clamped(to: layout)
        if (clamped.offset - v.offset).length > 0.5 { return "view at \(v.offset), outside the content (clamped: \(clamped.offset))" }
        // Nothing is left half done once the view is still.
        if let turn = s.pageTurn { return "a turn left half done (progress \(turn.curl.progress))" }
        if s.spreadAnimation != nil { return "a settling slide never ended" }
        if s.settleDue != nil { return "a settling still due at rest" }
        guard let page = s.currentPage else { return "no current page" }
        let spread = layout.spreadIndex(forPage: page)

        // Fit Page and Fit Width fit: the widest spread across the view; the current spread
        // whole (every spread, when one zoom serves the document).
        switch s.zoomMode {
        case .fitWidth:
            let expected = Viewport.fitWidthZoom(for: layout, viewSize: v.size, page: nil)
            if abs(v.zoom - expected) > 1e-9 { return "fit width at zoom \(v.zoom), expected \(expected)" }
        case .fitPage where s.pagesOneSpreadAtATime:
            let fitted = fitPageZoom(s, spread: s.restingSpread)
            if abs(v.zoom - fitted) > 1e-9 { return "fit page at zoom \(v.zoom), expected \(fitted) (spread \(spread))" }
        case .fitPage where refits(action, from: before, to: s):
            // Scrolling on, the spread fitted may have moved up: one in view is.
            let inView = Set(layout.visiblePages(in: v.visibleRect, zoom: v.zoom).map { layout.spreadIndex(forPage: $0) })
            let zooms = inView.sorted().map { fitPageZoom(s, spread: $0) }
            if !zooms.contains(where: { abs($0 - v.zoom) < 1e-9 }) {
                return "fit page at zoom \(v.zoom), fitting none of the spreads in view \(inView.sorted()) (\(zooms))"
            }
        case .fitPage, .free: break
        }

        if s.pagesOneSpreadAtATime {
            // The view rests on exactly one spread: the resting one, shown from its start, and
            // whole when the zoom mode fits it.
            // (Zoomed into a spread larger than the view, the reader scrolls freely.)
            let wholeFits = v.showsWholeSpread(of: page, in: layout)
            if s.restingSpread != spread, s.zoomMode != .free || wholeFits {
                return "resting on spread \(s.restingSpread) while spread \(spread) is current"
            }
            if s.zoomMode == .fitPage, !wholeFits { return "spread \(spread) not whole at fit page" }
            if wholeFits {
                let rest = s.restingViewport(onSpread: spread).offset
                if (rest - v.offset).length > 1 { return "between spreads: at \(v.offset), spread \(spread) rests at \(rest)" }
            }
            // Page Down and Page Up move exactly one spread in reading order.
            if before.pagesOneSpreadAtATime, before.layout.pageCount > 0, let was = before.currentPage,
               before.settings == s.settings, before.restingSpread == layout.spreadIndex(forPage: was) {
                let from = layout.spreadIndex(forPage: was)
                switch action {
                case .pageDown where spread != min(from + 1, layout.spreadCount - 1):
                    return "Page Down from spread \(from) went to \(spread)"
                case .pageUp where spread != max(from - 1, 0):
                    return "Page Up from spread \(from) went to \(spread)"
                default: break
                }
            }
        }

        // A layout switch (or a page turned) keeps the page in view.
        switch action {
        case .spreadMode, .direction, .rightToLeft, .rotatePage:
            if before.settings != s.settings || before.pageSizes != s.pageSizes, let was = before.currentPage, before.hasSize, was.rawValue < layout.pageCount,
               before.layout.pageFrame(was, zoom: before.viewport.zoom).intersection(before.viewport.visibleRect) != nil,
               layout.pageFrame(was, zoom: v.zoom).intersection(v.visibleRect) == nil {
                return "page \(was.rawValue) out of view after the layout switch"
            }
        default: break
        }
        return nil
    }

    /// Whether the action fits the zoom mode again (Fit Page then fits the current spread).
    static func refits(_ action: WalkAction, from before: ViewSession, to now: ViewSession) -> Bool {
        switch action {
        case .zoomEachSpread(let on): return on != before.zoomsEachSpread
        case .spreadMode, .direction, .rightToLeft: return before.settings != now.settings
        case .resize, .zoomMode, .rotatePage: return true
        default: return false
        }
    }

    /// The zoom at which Fit Page shows `spread`: its own, or, when one zoom serves the whole
    /// document, the one at which every spread fits.
    static func fitPageZoom(_ s: ViewSession, spread: Int) -> Double {
        let page = s.layout.spreadBasedZooming ? PageIndex(s.layout.pageRange(forSpread: spread).lowerBound) : nil
        return Viewport.fitPageZoom(for: s.layout, viewSize: s.viewport.size, page: page)
    }
}
