// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import InteractionEngine

/// Everything that decides what part of the document the reader sees, as one value with pure
/// transitions: the page sizes and layout settings, the layout made from them, the zoom mode
/// and viewport, the reading history, one-spread paging with its settling, and the page turn
/// under way. Time is injected (``now``), so a test drives it without a display or a clock.
///
/// The canvas holds one and changes it only through its transitions; what a transition asks of
/// the host (a bell, frames, stopping momentum, new frame insets) is queued in ``effects`` for
/// the host to take and apply. Nothing here knows GTK, cairo or poppler.
public struct ViewSession {
    /// Makes the layout for a document's page sizes and the reader's settings (a custom layout);
    /// `nil` means the built-in ``DocumentLayout``.
    public typealias LayoutMaker = ([Size], LayoutSettings) -> any DocumentViewLayout

    /// The time of the transition being made, in seconds on the host's monotonic clock.
    public var now = 0.0

    /// Each page's size as shown (points, after /Rotate).
    public private(set) var pageSizes: [Size] = []
    /// How pages are laid out: spreads, the scrolling direction, the binding.
    public private(set) var settings = LayoutSettings()
    /// Whether each spread has its own zoom (turning or scrolling to another spread shows it
    /// whole) rather than one zoom for the whole document.
    public private(set) var zoomsEachSpread = true
    /// Insets the host adds to the layout's own.
    public private(set) var additionalFrameInsets = EdgeInsets.zero
    public private(set) var layoutMaker: LayoutMaker?
    /// Where the pages sit, made from the above.
    public private(set) var layout: any DocumentViewLayout = DocumentLayout(pageSizes: [])
    /// The viewport the layout last saw (what its next invalidation is measured against).
    var laidOutViewport = Viewport(size: .zero)
    public internal(set) var viewport = Viewport(size: .zero)
    public internal(set) var zoomMode: ZoomMode = .fitWidth
    /// The places the reader jumped from (links, pages picked), for going back and forward.
    public var history = ReadingHistory()
    /// A stored reading place to take as soon as the view has a size.
    public internal(set) var pendingPlace: (position: ReadingPosition, mode: ZoomMode)?

    /// One spread at a time: the view rests on whole spreads (ViewSession+Paging).
    public internal(set) var pagesOneSpreadAtATime = false
    /// One spread at a time: whether turns curl the page over (ViewSession+PageCurl).
    public internal(set) var turnsPagesWithCurl = false
    /// The spread the view rests on (or settles towards) one spread at a time.
    public internal(set) var restingSpread = 0
    /// The settling slide under way, one spread at a time.
    public internal(set) var spreadAnimation: SpreadAnimation?
    /// The page turn under way, curls on.
    public internal(set) var pageTurn: PageTurn?
    /// When the view, still since, settles on a spread (one spread at a time), if due.
    public internal(set) var settleDue: Double?
    /// The contacts (fingers, pen) down on the page: no settling while one holds the view.
    public internal(set) var contactsDown = 0
    /// Whether momentum still carries the view (the host's navigation says so).
    public var momentumRunning = false
    /// Whether the reader last moved forward through the document (what to draw ahead), and
    /// where the view was then (as a continuous spread index).
    public internal(set) var travellingForward = true
    var lastSpreadIndex = 0.0
    /// How fast and which way the view moves (what the tiles are drawn ahead of).
    public internal(set) var travel = ViewTravel()

    /// What the transitions so far ask of the host, oldest first; see ``takeEffects()``.
    public internal(set) var effects: [ViewEffect] = []

    /// How long the view must be still before it settles on a spread, in seconds.
    public static let settleDelay = 0.14
    /// How long the settling slide lasts, in seconds.
    public static let settleDuration = 0.18

    /// A slide of the view's offset, eased out.
    public struct SpreadAnimation: Equatable, Sendable {
        public let from: Point
        public let to: Point
        public let start: Double
    }

    public init() {}

    /// Hands the queued effects to the host (and forgets them).
    public mutating func takeEffects() -> [ViewEffect] {
        defer { effects = [] }
        return effects
    }

    // MARK: What the view shows

    public var pageCount: Int { pageSizes.count }
    /// The page the reader is on: one spread at a time, the first page in view of the spread the
    /// view rests on while that spread is in view (however many neighbours show around it; a spread
    /// read zoomed in becomes the resting one when the view comes to rest in it); otherwise the
    /// page the viewport's rule picks.
    public var currentPage: PageIndex? {
        if pagesOneSpreadAtATime, pageTurn == nil, restingSpread < layout.spreadCount,
           let shown = layout.pages(inSpread: restingSpread).first(where: {
               layout.pageFrame($0, zoom: viewport.zoom).intersection(viewport.visibleRect) != nil }) {
            return shown
        }
        return viewport.currentPage(in: layout)
    }
    /// Where the reader is now, for the history and the stored reading place.
    public var readingPosition: ReadingPosition {
        ReadingPosition(spreadIndex: viewport.continuousSpreadIndex(in: layout), zoom: viewport.zoom)
    }
    /// Whether the view has a size (before GTK allocates it, nothing can be fitted).
    public var hasSize: Bool { viewport.size.width > 0 && viewport.size.height > 0 }
    /// Whether something in the view still moves by itself (a settling slide, a turn's
    /// animation, or a settling that is due).
    public var isAnimating: Bool { spreadAnimation != nil || pageTurn?.animation != nil || settleDue != nil }

    // MARK: The document

    /// Shows a new document's pages at the start, fitted to the width; everything about the
    /// previous one (turn, animation, history, stored place) is dropped.
    public mutating func setDocument(pageSizes sizes: [Size]) {
        pageSizes = sizes
        pageTurn = nil
        spreadAnimation = nil
        settleDue = nil
        pendingPlace = nil
        history = ReadingHistory()
        restingSpread = 0
        lastSpreadIndex = 0
        travellingForward = true
        travel = ViewTravel()
        layout = makeLayout()
        zoomMode = .fitWidth
        viewport = Viewport(size: viewport.size, offset: .zero, zoom: 1)
        applyZoomMode()
        viewport = viewport.clamped(to: layout)
        viewDidChange()
    }

    /// No document any more.
    public mutating func clearDocument() {
        setDocument(pageSizes: [])
    }

    // MARK: Layout

    /// Lays the pages out another way, keeping the reader on the same page and the same point
    /// of it under the view's centre (one spread at a time: on that page's spread, at rest).
    public mutating func setLayoutSettings(_ new: LayoutSettings) {
        guard new != settings else { return }
        relayoutKeepingPlace { $0.settings = new }
    }

    /// The pages' sizes changed (a page turned by a quarter, pages organised): laid out again,
    /// the reader kept on the same page and the same point of it, as for a layout change.
    public mutating func setPageSizes(_ sizes: [Size]) {
        guard sizes != pageSizes else { return }
        relayoutKeepingPlace { $0.pageSizes = sizes }
    }

    /// Makes a new layout after `change`, keeping the page in view and the point of it under
    /// the view's centre.
    mutating func relayoutKeepingPlace(_ change: (inout ViewSession) -> Void) {
        guard layout.pageCount > 0 else { change(&self); layout = makeLayout(); return }
        let page = currentPage ?? PageIndex(0)
        let old = layout.pageFrame(page, zoom: viewport.zoom)
        let centre = viewport.visibleRect.center
        func within(_ x: Double, _ from: Double, _ length: Double) -> Double { length > 0 ? min(1, max(0, (x - from) / length)) : 0.5 }
        let point = (x: within(centre.x, old.minX, old.width), y: within(centre.y, old.minY, old.height))
        change(&self)
        pageTurn = nil
        spreadAnimation = nil
        layout = makeLayout()
        guard hasSize, layout.pageCount > 0 else { return }
        let kept = PageIndex(min(page.rawValue, layout.pageCount - 1))
        let spread = layout.spreadIndex(forPage: kept)
        if pagesOneSpreadAtATime, zoomMode != .free || viewport.showsWholeSpread(of: kept, in: layout) {
            restOnSpread(spread)
        } else {
            if zoomMode != .free { applyZoomMode(keeping: kept) }
            let frame = layout.pageFrame(kept, zoom: viewport.zoom)
            viewport.offset = Point(x: frame.minX + point.x * frame.width - viewport.size.width / 2,
                                    y: frame.minY + point.y * frame.height - viewport.size.height / 2)
            viewport = viewport.clamped(to: layout)
            restingSpread = spread
        }
        viewDidChange()
    }

    public mutating func setZoomsEachSpread(_ on: Bool) {
        guard on != zoomsEachSpread else { return }
        zoomsEachSpread = on
        relayout(keeping: false)
    }

    public mutating func setAdditionalFrameInsets(_ insets: EdgeInsets) {
        guard insets != additionalFrameInsets else { return }
        additionalFrameInsets = insets
        relayout(keeping: true)
    }

    public mutating func setLayoutMaker(_ maker: LayoutMaker?) {
        layoutMaker = maker
        relayout(keeping: true)
    }

    /// The layout for the pages and the settings, with the session's choices (spread zooming,
    /// insets) applied and already fitted to the viewport.
    mutating func makeLayout() -> any DocumentViewLayout {
        var made: any DocumentViewLayout
        if let layoutMaker {
            made = layoutMaker(pageSizes, settings)
        } else {
            var builtIn = DocumentLayout(pageSizes: pageSizes, settings: settings)
            builtIn.spreadBasedZooming = zoomsEachSpread
            made = builtIn
        }
        made.additionalFrameInsets = additionalFrameInsets
        made.invalidateLayout(with: .allFrames, for: viewport)
        laidOutViewport = viewport
        effects.append(.frameInsetsChanged(made.frameInsets))
        return made
    }

    /// Lays the document out again (new insets, provider, zoom scope), on the same page.
    mutating func relayout(keeping place: Bool) {
        guard layout.pageCount > 0 else { layout = makeLayout(); return }
        let page = currentPage ?? PageIndex(0)
        pageTurn = nil
        spreadAnimation = nil
        layout = makeLayout()
        if zoomMode != .free { applyZoomMode(keeping: page) }
        if place { viewport = viewport.showing(page: page, in: layout) }
        viewport = viewport.clamped(to: layout)
        if pagesOneSpreadAtATime, hasSize { restOnSpread(layout.spreadIndex(forPage: page)) }
        viewDidChange()
    }

    /// Lets the layout redo what a viewport change made stale (nothing, for the built-in
    /// layouts).
    mutating func invalidateLayoutIfNeeded() {
        guard viewport != laidOutViewport else { return }
        let context = layout.invalidationContext(forViewportChange: laidOutViewport, to: viewport)
        laidOutViewport = viewport
        guard !context.isEmpty else { return }
        layout.invalidateLayout(with: context, for: viewport)
        if context.invalidatesConfiguration { effects.append(.frameInsetsChanged(layout.frameInsets)) }
        if context.invalidatesFrames {
            effects.append(.framesInvalidated)
            viewport = viewport.clamped(to: layout)
            laidOutViewport = viewport
        }
    }

    // MARK: Size

    /// A stored reading place to return to: its zoom mode (and zoom) and its scroll position,
    /// taken now if the view has a size, else as soon as it has.
    public mutating func restore(_ position: ReadingPosition, zoomMode mode: ZoomMode) {
        pendingPlace = (position, mode)
        if hasSize { resize(to: viewport.size) }
    }

    /// A new view size keeps the reader's place: the same point of the same spread stays at
    /// the top of the view, whatever the fit mode does to the zoom. One spread at a time, the
    /// view stays on its spread, fitted again.
    ///
    /// When the view's top-left corner moved on screen by `shift` as it was resized (a toolbar,
    /// search bar or sidebar shown or hidden beside it) and the zoom stays, the pages stay where
    /// they were on screen instead: the view scrolls by the shift.
    /// A view at the start of the document stays there (its top is what the reader looks at).
    public mutating func resize(to size: Size, movedBy shift: Vector = .zero) {
        let before = viewport
        resize(to: size)
        guard shift != .zero, hasSize, before.size.width > 0, !pagesOneSpreadAtATime, pageTurn == nil,
              viewport.zoom == before.zoom, layout.pageCount > 0 else { return }
        var start = before
        start.offset = Point(x: -1e12, y: -1e12)
        start = start.clamped(to: layout)
        let atLeft = before.offset.x <= start.offset.x + 0.5, atTop = before.offset.y <= start.offset.y + 0.5
        viewport.offset = Point(x: atLeft ? viewport.offset.x : before.offset.x + shift.dx,
                                y: atTop ? viewport.offset.y : before.offset.y + shift.dy)
        viewport = viewport.clamped(to: layout)
        viewDidChange()
    }

    mutating func resize(to size: Size) {
        let firstSize = !hasSize
        var place = pageSizes.isEmpty || firstSize ? nil : viewport.continuousSpreadIndex(in: layout)
        let page = firstSize ? nil : currentPage
        viewport.size = size
        var restored = false
        if let stored = pendingPlace, size.width > 0, size.height > 0 {
            pendingPlace = nil
            restored = true
            zoomMode = stored.mode
            if stored.mode == .free { viewport.zoom = stored.position.zoom }
            place = stored.position.spreadIndex
        }
        guard !pageSizes.isEmpty, size.width > 0, size.height > 0 else { viewDidChange(); return }
        if firstSize {
            // The document opens (the start-up worker foretells this view the same way).
            viewport = Viewport.opening(in: layout, size: size, fit: zoomMode.fit, zoom: viewport.zoom, at: place)
            invalidateLayoutIfNeeded()
        } else if pagesOneSpreadAtATime, !restored, pageTurn == nil, let page {
            // Paging: the view stays on the spread it rests on.
            let spread = spreadAnimation == nil ? layout.spreadIndex(forPage: page) : restingSpread
            spreadAnimation = nil
            invalidateLayoutIfNeeded()
            // A view grown past a spread zoomed out by hand shows it whole again, never smaller.
            if zoomMode == .free, viewport.zoom < zoomLimits.lowerBound { zoomMode = .fitPage }
            restOnSpread(spread)
        } else {
            // Fit Page shows the current spread whole; otherwise the same point of the same
            // spread stays at the top of the view.
            applyZoomMode(keeping: page)
            invalidateLayoutIfNeeded()
            if let place, zoomMode != .fitPage { viewport = viewport.scrolled(toContinuousSpreadIndex: place, in: layout) }
        }
        viewport = viewport.clamped(to: layout)
        if pagesOneSpreadAtATime, firstSize || restored, let page = currentPage {
            restOnSpread(layout.spreadIndex(forPage: page))
        }
        viewDidChange()
    }

    // MARK: Zoom

    public mutating func setZoomMode(_ mode: ZoomMode) {
        zoomMode = mode
        if pagesOneSpreadAtATime, let page = currentPage, pageTurn == nil {
            // Paging: the view stays on its spread, fitted the new way.
            let spread = spreadAnimation == nil ? layout.spreadIndex(forPage: page) : restingSpread
            spreadAnimation = nil
            restOnSpread(spread)
        } else {
            applyZoomMode()
        }
        viewDidChange()
    }

    /// Multiplies the zoom, keeping `focus` (view coordinates; the view's centre by default) still.
    public mutating func zoom(by factor: Double, about focus: Point? = nil) {
        let f = focus ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        setFreeZoom(viewport.zoom * factor, keeping: f)
        viewDidChange()
    }

    public mutating func setZoom(_ zoom: Double) {
        setFreeZoom(zoom, keeping: Point(x: viewport.size.width / 2, y: viewport.size.height / 2))
        viewDidChange()
    }

    mutating func setFreeZoom(_ zoom: Double, keeping focus: Point) {
        zoomMode = .free
        viewport = viewport.zoomed(to: limitedZoom(zoom), keeping: focus, in: layout)
    }

    /// Zooms so that `rect` (view coordinates) spans the view's width.
    public mutating func smartZoom(to rect: Rect, about focus: Point) {
        guard let fitted = viewport.fitting(width: rect, about: focus, in: layout) else { return }
        zoomMode = .free
        let limited = limitedZoom(fitted.zoom)
        viewport = limited == fitted.zoom ? fitted : viewport.zoomed(to: limited, keeping: focus, in: layout)
        viewDidChange()
    }

    /// Fits the zoom mode again, keeping `page` (the current page by default) in view.
    mutating func applyZoomMode(keeping page: PageIndex?? = nil) {
        guard hasSize, layout.pageCount > 0, let fit = zoomMode.fit else { return }
        viewport = fitted(fit, keeping: page ?? currentPage)
    }

    /// The viewport fitted: the widest spread across the view, or a whole spread in it — the
    /// spread of `page` when each spread zooms on its own, else every spread (one zoom for the
    /// whole document) — with `page` brought into view as ``Viewport/fitted(_:in:keeping:)`` does.
    func fitted(_ fit: ZoomFit, keeping page: PageIndex?) -> Viewport {
        guard fit == .page else { return viewport.fitted(fit, in: layout, keeping: page) }
        var fitted = viewport
        fitted.zoom = Viewport.fitPageZoom(for: layout, viewSize: viewport.size, page: layout.spreadBasedZooming ? page ?? PageIndex(0) : nil)
        guard let page else { return fitted.clamped(to: layout) }
        fitted = fitted.showing(page: page, in: layout)
        // Across the reading axis the spread sits in the middle (it fits, and another spread's
        // place there may lie beside it).
        let frame = layout.spreadFrame(layout.spreadIndex(forPage: page), zoom: fitted.zoom)
        if layout.scrollDirection == .vertical {
            fitted.offset.x = frame.midX - fitted.size.width / 2
        } else {
            fitted.offset.y = frame.midY - fitted.size.height / 2
        }
        return fitted.clamped(to: layout)
    }

    // MARK: Moving

    /// Shows `page` from its top.
    public mutating func goTo(page: PageIndex) {
        guard page.rawValue >= 0, page.rawValue < layout.pageCount else { return }
        effects.append(.stopMomentum)
        spreadAnimation = nil
        if pagesOneSpreadAtATime, pageTurn == nil {
            restOnSpread(layout.spreadIndex(forPage: page))
        } else {
            viewport = viewport.showing(page: page, in: layout)
        }
        viewDidChange()
    }

    /// Follows a jump (a link, a page picked from a list): where the reader was goes into the
    /// history first.
    public mutating func jump(to page: PageIndex) {
        history.leave(readingPosition)
        goTo(page: page)
    }

    /// Puts the view's top-left corner at `offset` (content coordinates), clamped: a scrollbar
    /// dragged, a search hit or a form field brought into view.
    public mutating func scroll(to offset: Point, zoom: Double? = nil) {
        effects.append(.stopMomentum)
        if let zoom, zoom != viewport.zoom { zoomMode = .free }
        viewport = Viewport(size: viewport.size, offset: offset, zoom: zoom.map(limitedZoom) ?? viewport.zoom).clamped(to: layout)
        viewDidChange()
    }

    /// Scrolls `rect` (content coordinates) into view, a third down the view, unless it is
    /// already within the view pulled in by `inset`: a search hit, a form field.
    public mutating func reveal(_ rect: Rect, inset: Double) {
        let visible = viewport.visibleRect.insetBy(dx: inset, dy: inset)
        guard !visible.contains(rect) else { return }
        var offset = viewport.offset
        if rect.minY < visible.minY || rect.maxY > visible.maxY { offset.y = rect.minY - viewport.size.height / 3 }
        if rect.minX < visible.minX || rect.maxX > visible.maxX { offset.x = rect.midX - viewport.size.width / 2 }
        scroll(to: offset)
    }

    /// Applies one navigation decision of the interaction engine.
    public mutating func apply(_ action: NavigationAction) {
        switch action {
        case .scroll(let delta):
            viewport = viewport.scrolled(alongReading: delta, in: layout)
        case .zoom(let factor, let focus):
            setFreeZoom(viewport.zoom * factor, keeping: focus)
        case .scrollScreens(let n) where pagesOneSpreadAtATime:
            turnSpread(by: n > 0 ? 1 : -1)
        case .scrollScreens(let n):
            viewport = viewport.scrolledScreens(n, in: layout)
        case .toStart:
            if pagesOneSpreadAtATime { restOnSpread(0) } else { viewport = viewport.atStart(in: layout) }
        case .toEnd:
            if pagesOneSpreadAtATime { restOnSpread(layout.spreadCount - 1) } else { viewport = viewport.atEnd(in: layout) }
        case .historyBack:
            if let place = history.goBack(from: readingPosition) { show(place) } else { effects.append(.bell) }
        case .historyForward:
            if let place = history.goForward(from: readingPosition) { show(place) } else { effects.append(.bell) }
        }
        viewDidChange()
    }

    /// Goes to a place (from the history, a bookmark): its zoom, then its scroll position.
    public mutating func show(_ place: ReadingPosition) {
        effects.append(.stopMomentum)
        pageTurn = nil
        spreadAnimation = nil
        if place.zoom != viewport.zoom {
            zoomMode = .free
            viewport = viewport.zoomed(to: limitedZoom(place.zoom), keeping: Point(x: viewport.size.width / 2, y: viewport.size.height / 2), in: layout)
        }
        viewport = viewport.scrolled(toContinuousSpreadIndex: place.spreadIndex, in: layout).clamped(to: layout)
        if pagesOneSpreadAtATime, let page = viewport.currentPage(in: layout) {
            // Paging: the view rests on the place's spread.
            restingSpread = layout.spreadIndex(forPage: page)
            if viewport.showsWholeSpread(of: page, in: layout) { restOnSpread(restingSpread) }
        }
        viewDidChange()
    }

    // MARK: After every change

    /// Called at the end of every transition: lets the layout catch up with the viewport, notes
    /// the direction of travel and, one spread at a time, arms the settling.
    mutating func viewDidChange() {
        invalidateLayoutIfNeeded()
        if layout.pageCount > 0, viewport.size.height > 0 {
            let index = viewport.continuousSpreadIndex(in: layout)
            if index != lastSpreadIndex { travellingForward = index > lastSpreadIndex }
            lastSpreadIndex = index
            travel.note(offset: viewport.offset, zoom: viewport.zoom, size: viewport.size, at: now)
        }
        scheduleSpreadSettling()
    }
}
