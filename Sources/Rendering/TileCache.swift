// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Rendered tiles under a byte budget, least recently used first out, so that memory does not
/// grow with the number of pages scrolled past.
///
/// - Warning: main thread only.
public final class TileCache {
    /// The byte budget; the host raises it when the visible tiles alone need more, so that
    /// what is on screen is never evicted.
    public var budgetBytes: Int
    public private(set) var usedBytes = 0
    private var tiles: [TileKey: RenderedTile] = [:]
    private var lastUse: [TileKey: UInt64] = [:]
    private var clock: UInt64 = 0
    /// Tiles whose page changed since they were rendered: still drawn as placeholders, but
    /// rendered again.
    private var stale: Set<TileKey> = []
    /// Tiles on screen now: never evicted, even over budget (evicting them would make the
    /// canvas render them again at once, for ever).
    private var protected: Set<TileKey> = []

    public init(budgetBytes: Int) { self.budgetBytes = budgetBytes }

    /// Whether the pixels of a tile the cache lets go are given back to the system at once,
    /// even while something else still holds them (``TilePixels/releaseAll(of:)``): the nodes
    /// of the frame last drawn show the tiles it placed until the next frame replaces it. The
    /// host sets it while its view has moved since that frame, which is then never painted
    /// again; it leaves it off while that frame may still be painted as it is (a tile it shows
    /// would read blank).
    public var releasesPixelsOfTilesLetGo = false

    /// How many tiles that frames had shown gave their pixels back as they left the cache
    /// (``releasesPixelsOfTilesLetGo``), rather than when the frame holding them was replaced:
    /// for the state dump and tests.
    public private(set) var tilesReleasedEarly = 0

    /// A tile that left the cache: if a frame made an image of it (its ``RenderedTile/attachment``,
    /// which that frame's nodes may still hold) and the host says that frame will not be painted
    /// again, its pixels go now (for tiles cut from one rendering, the rendering's, once the
    /// last of them went).
    private func letGo(_ tile: RenderedTile) {
        guard releasesPixelsOfTilesLetGo else { return }
        if let shared = tile.rendering {
            guard !tiles.values.contains(where: { $0.rendering === shared }) else { return }
        } else {
            guard tile.attachment != nil else { return }
        }
        if TilePixels.releaseAll(of: tile.image.surface) > 0 { tilesReleasedEarly += 1 }
    }

    /// What a view keeps besides the tiles it wants (those it shows, and those it asks for
    /// ahead of the reader or for a turn): a few recently seen tiles, a million device pixels,
    /// the same at every scale. It was 16 MiB, which a jump or a burst of page turns filled
    /// with the pages left behind, and the peak counted them.
    public static let reserveBytes = 4 << 20

    /// The budget of a view wanting `visibleBytes` of tiles (those on screen, and those planned
    /// ahead or for a turn): those plus the reserve. Since the tiles on screen (the only ones
    /// never evicted) fit in it, the cache never holds more than its budget, however the view
    /// moves; and since every tile planned fits, none evicts another the view still wants.
    public static func budget(forVisibleBytes visibleBytes: Int) -> Int { visibleBytes + reserveBytes }

    public var count: Int { tiles.count }

    /// The tile, marking it as just used.
    public func tile(for key: TileKey) -> RenderedTile? {
        guard !stale.contains(key), let t = tiles[key] else { return nil }
        clock += 1
        lastUse[key] = clock
        return t
    }

    public func contains(_ key: TileKey) -> Bool { tiles[key] != nil && !stale.contains(key) }

    /// Marks every tile of `page` as out of date (its content changed): they stay available as
    /// placeholders until fresh tiles replace them.
    public func markStale(page: PageIndex) {
        for key in tiles.keys where key.page == page { stale.insert(key) }
    }

    /// Stores a tile, then evicts the least recently used ones (the newest last) until the
    /// cache fits its budget.
    public func insert(_ tile: RenderedTile) {
        if let old = tiles[tile.key] { usedBytes -= old.byteCount }
        stale.remove(tile.key)
        tiles[tile.key] = tile
        usedBytes += tile.byteCount
        clock += 1
        lastUse[tile.key] = clock
        evict(keeping: tile.key)
    }

    /// The tiles of `page` at the scale closest to `scale` other than `scale` itself, for
    /// drawing a scaled placeholder while the sharp tiles render.
    public func placeholderTiles(page: PageIndex, near scaleMillis: Int) -> [RenderedTile] {
        let outdated = stale.filter { $0.page == page && $0.scaleMillis == scaleMillis }.compactMap { tiles[$0] }
        if !outdated.isEmpty { return outdated }
        var best: Int?
        for key in tiles.keys where key.page == page && key.scaleMillis != scaleMillis {
            if best == nil || abs(key.scaleMillis - scaleMillis) < abs(best! - scaleMillis) { best = key.scaleMillis }
        }
        guard let best else { return [] }
        return tiles.values.filter { $0.key.page == page && $0.key.scaleMillis == best }
    }

    /// The bytes of the tiles of `onScreen`'s pages at other scales than those on screen: the
    /// stand-ins a view shows after a zoom until its sharp tiles arrive, which a host's budget
    /// leaves room for while they are needed.
    public func standInBytes(for onScreen: Set<TileKey>) -> Int {
        let shown = Dictionary(onScreen.map { ($0.page, $0.scaleMillis) }, uniquingKeysWith: { a, _ in a })
        return tiles.values.reduce(0) { total, tile in
            guard let scale = shown[tile.key.page], scale != tile.key.scaleMillis else { return total }
            return total + tile.byteCount
        }
    }

    /// Declares which tiles are on screen; they survive eviction until the next call.
    public func protect(_ keys: Set<TileKey>) { protected = keys }

    /// How many times the view came to rest and the cache gave back what it no longer needed
    /// (``settle(keeping:)``): for the state dump and tests.
    public private(set) var restTrims = 0

    /// The view has come to rest: every tile neither on screen nor in `wanted` (the tiles the
    /// view would ask for next, ahead of the reader) goes, whatever room the budget leaves.
    /// A burst of page turns fills the reserve with pages the reader passed; once they stop,
    /// those go back, and the cache holds what the resting view needs. Answers the bytes freed.
    /// Tiles cut from one rendering go together, and only when none of them is kept.
    @discardableResult
    public func settle(keeping wanted: Set<TileKey>) -> Int {
        let before = usedBytes
        let kept = wanted.union(protected)
        var groups: [ObjectIdentifier: Bool] = [:]
        for tile in tiles.values {
            guard let shared = tile.rendering else { continue }
            groups[ObjectIdentifier(shared), default: false] = groups[ObjectIdentifier(shared), default: false] || kept.contains(tile.key)
        }
        for (key, tile) in tiles where !kept.contains(key) {
            if let shared = tile.rendering, groups[ObjectIdentifier(shared)] == true { continue }
            tiles[key] = nil
            usedBytes -= tile.byteCount
            lastUse[key] = nil
            stale.remove(key)
            letGo(tile)
        }
        restTrims += 1
        return before - usedBytes
    }

    /// Evicts the least recently used tiles not on screen until the cache fits its budget
    /// again: a host calls it after lowering the budget (the view became sharp and no longer
    /// shows stand-ins), so the memory goes back then, not at the next tile's arrival.
    public func fitBudget() { evict(keeping: nil) }

    /// Makes room in the budget for `bytes` of tiles on their way (asked of the render worker,
    /// not arrived yet): evicts the least recently used tiles neither on screen nor in `wanted`
    /// until the cache and they fit the budget together. A host that keeps its worker's pixels
    /// alive within the same budget (``RenderQueue/limitPixels(to:)``) then has room for every
    /// tile it asked for, and the tiles it left behind go before the new ones are made, not as
    /// each arrives.
    public func makeRoom(forBytes bytes: Int, sparing wanted: Set<TileKey>) {
        evict(keeping: nil, toFit: budgetBytes - bytes, sparing: wanted)
    }

    /// Drops everything (a new document, or a rotation change).
    public func removeAll() {
        tiles.removeAll()
        lastUse.removeAll()
        stale.removeAll()
        usedBytes = 0
    }

    /// Evicts the least recently used tiles until the cache fits its budget. Tiles cut from one
    /// rendering go together, and only when none of them is on screen or the newest: one left
    /// behind would keep the whole rendering's pixels alive while the cache counted them freed.
    ///
    /// The newest goes too, last, when it does not fit beside what is on screen even so: a
    /// tile the view no longer wants (it moved on while the tile was drawn), since a host whose
    /// budget counts the tiles it wants always has room for those.
    private func evict(keeping newest: TileKey?, toFit target: Int? = nil, sparing wanted: Set<TileKey> = []) {
        let limit = target ?? budgetBytes
        guard usedBytes > limit else { return }
        let order = lastUse.sorted { $0.value < $1.value }
        for sparingNewest in [true, false] {
            for (key, _) in order where usedBytes > limit {
                guard let tile = tiles[key] else { continue }
                let group = tile.rendering.map { shared in tiles.values.filter { $0.rendering === shared }.map(\.key) } ?? [key]
                guard !(sparingNewest && newest.map(group.contains) == true),
                      group.allSatisfy({ !protected.contains($0) && !wanted.contains($0) }) else { continue }
                for member in group {
                    if let t = tiles.removeValue(forKey: member) {
                        usedBytes -= t.byteCount
                        letGo(t)
                    }
                    lastUse[member] = nil
                    stale.remove(member)
                }
            }
        }
    }
}
