// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry

/// Which tiles a view needs, in the order the render worker should draw them: the visible parts
/// of the visible pages first, then pages a turn shows whole, then what the moving view reaches
/// next (``Motion/ahead``: as far as the scroll or fling carries it soon, nearest first, within
/// ``aheadBytes(visibleBytes:)``), then the spread the reader is heading for (all of it when
/// paging one spread at a time, else the edge of each of its pages that shows first). Tiles already cached are left out of the requests but still count as on
/// screen. A plain value over the layout and the viewport, so the plan is tested without GTK.
public struct TilePlanner: Sendable {
    /// Each page's displayed size in points (after /Rotate).
    public var pageSizes: [Size]
    /// Device pixels per view pixel (HiDPI).
    public var deviceScale: Double

    public init(pageSizes: [Size], deviceScale: Double) {
        self.pageSizes = pageSizes
        self.deviceScale = deviceScale
    }

    /// The requests and what the visible area needs.
    public struct Plan: Equatable, Sendable {
        /// Tiles to render, in order, none of them cached and none twice.
        public var requests: [TileRequest] = []
        /// Visible tiles not in the cache (0: the view is sharp).
        public var missingVisible = 0
        /// Every tile the view shows, cached or not (the cache must not evict them).
        public var onScreen: Set<TileKey> = []
        /// The bytes the visible tiles take (4 per pixel).
        public var visibleBytes = 0
        /// The tiles drawn ahead of the moving view (``Motion/ahead``), cached or not, nearest
        /// first: the cache keeps them as recently used, since the view is about to show them.
        public var ahead: [TileKey] = []
        /// The bytes those take.
        public var aheadBytes = 0
    }

    /// What the reader is doing, which decides what to draw ahead.
    public struct Motion: Sendable {
        /// Whether the reader last moved forward through the document.
        public var forward: Bool
        /// Whether the view pages one spread at a time (the spread ahead shows whole at once).
        public var wholeSpreadsAhead: Bool
        /// Pages to draw whole although they are not visible (the two spreads of a page turn).
        public var wholePages: [PageIndex]
        /// How far the view is expected to travel soon, in view pixels at the current zoom (a
        /// wheel's or a fling's speed times a short horizon; zero at rest): what it sweeps over
        /// is drawn before it shows.
        public var ahead: Vector

        public init(forward: Bool, wholeSpreadsAhead: Bool = false, wholePages: [PageIndex] = [], ahead: Vector = .zero) {
            self.forward = forward
            self.wholeSpreadsAhead = wholeSpreadsAhead
            self.wholePages = wholePages
            self.ahead = ahead
        }
    }

    /// The tiling of a page at a zoom.
    public func tiling(of page: PageIndex, zoom: Double) -> TilePlan {
        TilePlan(page: page, displaySize: pageSizes[page.rawValue], scale: zoom * deviceScale)
    }

    /// View pixels per pixel of `key`'s tile at `zoom`: ``viewPixelsPerSharpTilePixel(of:zoom:)``
    /// for a tile of this zoom; a stand-in from another zoom is scaled by the ratio of the zooms.
    public func viewPixelsPerTilePixel(_ key: TileKey, zoom: Double) -> Double {
        let tiling = tiling(of: key.page, zoom: zoom)
        return key.scaleMillis == tiling.scaleMillis ? viewPixelsPerSharpTilePixel(of: tiling, zoom: zoom) : zoom / key.scale
    }

    /// View pixels per pixel of `tiling`'s tiles at `zoom` (the tiling of this zoom): one device
    /// pixel each, exactly. Their scale is the zoom rounded to a thousandth, and the ratio of the
    /// two (1.00004, say) would have every frame filter every pixel, to move it a few hundredths
    /// of a pixel. That holds while the rounding moves the page's far edge by less than half a
    /// device pixel; a page so large that it would move it more (a poster at a low zoom) has
    /// its tiles scaled by the ratio.
    public func viewPixelsPerSharpTilePixel(of tiling: TilePlan, zoom: Double) -> Double {
        let ratio = zoom / tiling.scale
        let drift = abs(ratio * deviceScale - 1) * Double(max(tiling.pixelWidth, tiling.pixelHeight))
        return drift < 0.5 ? 1 / deviceScale : ratio
    }

    /// `rect` with both corners on the nearest device pixels, for a view `offset` from them (a
    /// cairo context's translation): tiles placed at its origin meet the screen's pixels one to
    /// one, and its paper and clip meet the tiles exactly.
    public func deviceAligned(_ rect: Rect, offset: Point = .zero) -> Rect {
        func align(_ v: Double, _ o: Double) -> Double { ((v + o) * deviceScale).rounded() / deviceScale - o }
        return Rect(corner: Point(x: align(rect.minX, offset.x), y: align(rect.minY, offset.y)),
                    corner: Point(x: align(rect.maxX, offset.x), y: align(rect.maxY, offset.y)))
    }

    /// The plan for `viewport` over `layout`, given what is cached.
    public func plan(layout: some DocumentViewLayout, viewport: Viewport, motion: Motion,
                     isCached: (TileKey) -> Bool) -> Plan {
        var plan = Plan()
        var requested: Set<TileKey> = []
        func want(_ key: TileKey, _ tiling: TilePlan) {
            guard !isCached(key), requested.insert(key).inserted else { return }
            plan.requests.append(TileRequest(key: key, pixelRect: tiling.pixelRect(column: key.column, row: key.row)))
        }
        let zoom = viewport.zoom, visibleRect = viewport.visibleRect
        let visible = layout.visiblePages(in: visibleRect, zoom: zoom)
        for page in visible {
            let tiling = tiling(of: page, zoom: zoom)
            let frame = layout.pageFrame(page, zoom: zoom)
            guard let shown = frame.intersection(visibleRect) else { continue }
            let s = deviceScale
            let inPage = Rect(x: (shown.minX - frame.minX) * s, y: (shown.minY - frame.minY) * s,
                              width: shown.width * s, height: shown.height * s)
            for key in tiling.tiles(overlapping: inPage) {
                let rect = tiling.pixelRect(column: key.column, row: key.row)
                plan.visibleBytes += Int(rect.width * rect.height) * 4
                plan.onScreen.insert(key)
                if !isCached(key) { plan.missingVisible += 1 }
                want(key, tiling)
            }
        }
        for page in motion.wholePages where page.rawValue >= 0 && page.rawValue < pageSizes.count {
            let tiling = tiling(of: page, zoom: zoom)
            for key in tiling.tiles(overlapping: Self.whole(tiling)) { want(key, tiling) }
        }
        let ahead = tilesAhead(motion.ahead, layout: layout, viewport: viewport, onScreen: plan.onScreen,
                               limit: Self.aheadBytes(visibleBytes: plan.visibleBytes))
        for (key, tiling) in ahead.tiles {
            plan.ahead.append(key)
            want(key, tiling)
        }
        plan.aheadBytes = ahead.bytes
        for page in layout.pagesAhead(ofVisible: visible, forward: motion.forward) {
            let tiling = tiling(of: page, zoom: zoom)
            let area = motion.wholeSpreadsAhead
                ? Self.whole(tiling) : Self.edge(layout.leadingEdge(forward: motion.forward), of: tiling)
            for key in tiling.tiles(overlapping: area) { want(key, tiling) }
        }
        return plan
    }

    /// The most the tiles drawn ahead of a moving view may take: half what the view shows, and
    /// never less than 8 MiB (a small window still reaches a page or two ahead). The cache's
    /// budget takes them in while the view moves, and drops back once it rests.
    public static func aheadBytes(visibleBytes: Int) -> Int { max(8 << 20, visibleBytes / 2) }

    /// The tiles the view sweeps over as it travels `ahead` (those `onScreen` apart), nearest
    /// first, as many as fit in `limit` bytes.
    private func tilesAhead(_ ahead: Vector, layout: some DocumentViewLayout, viewport: Viewport, onScreen: Set<TileKey>,
                            limit: Int) -> (tiles: [(TileKey, TilePlan)], bytes: Int) {
        let length = (ahead.dx * ahead.dx + ahead.dy * ahead.dy).squareRoot()
        guard length >= 1 else { return ([], 0) }
        let zoom = viewport.zoom, visibleRect = viewport.visibleRect, s = deviceScale
        let swept = visibleRect.union(visibleRect.offsetBy(ahead))
        let direction = Vector(dx: ahead.dx / length, dy: ahead.dy / length)
        var found: [(key: TileKey, tiling: TilePlan, distance: Double, bytes: Int)] = []
        for page in layout.visiblePages(in: swept, zoom: zoom) {
            let tiling = tiling(of: page, zoom: zoom)
            let frame = layout.pageFrame(page, zoom: zoom)
            guard let reached = frame.intersection(swept) else { continue }
            let inPage = Rect(x: (reached.minX - frame.minX) * s, y: (reached.minY - frame.minY) * s,
                              width: reached.width * s, height: reached.height * s)
            for key in tiling.tiles(overlapping: inPage) where !onScreen.contains(key) {
                let r = tiling.pixelRect(column: key.column, row: key.row)
                // How far along the travel the tile's near side is from the view's centre.
                let corner = Point(x: frame.minX + (direction.dx >= 0 ? r.minX : r.maxX) / s,
                                   y: frame.minY + (direction.dy >= 0 ? r.minY : r.maxY) / s)
                let distance = (corner.x - visibleRect.midX) * direction.dx + (corner.y - visibleRect.midY) * direction.dy
                found.append((key, tiling, distance, Int(r.width * r.height) * 4))
            }
        }
        var tiles: [(TileKey, TilePlan)] = [], bytes = 0
        for tile in found.sorted(by: { $0.distance < $1.distance }) {
            guard bytes + tile.bytes <= limit else { break }
            bytes += tile.bytes
            tiles.append((tile.key, tile.tiling))
        }
        return (tiles, bytes)
    }

    static func whole(_ tiling: TilePlan) -> Rect {
        Rect(x: 0, y: 0, width: Double(tiling.pixelWidth), height: Double(tiling.pixelHeight))
    }

    /// One tile's depth along the edge of a page that shows first.
    static func edge(_ edge: LeadingEdge, of tiling: TilePlan) -> Rect {
        let w = Double(tiling.pixelWidth), h = Double(tiling.pixelHeight)
        let tw = Double(tiling.tileWidth), th = Double(tiling.tileHeight)
        switch edge {
        case .top: return Rect(x: 0, y: 0, width: w, height: min(h, th))
        case .bottom: return Rect(x: 0, y: max(0, h - th), width: w, height: min(h, th))
        case .left: return Rect(x: 0, y: 0, width: min(w, tw), height: h)
        case .right: return Rect(x: max(0, w - tw), y: 0, width: min(w, tw), height: h)
        }
    }
}
