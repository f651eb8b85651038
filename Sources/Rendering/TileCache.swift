// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Rendered tiles under a byte budget, least recently used first out, so that memory does not
/// grow with the number of pages scrolled past.
///
/// - Warning: main thread only.
public final class TileCache {
    public let budgetBytes: Int
    public private(set) var usedBytes = 0
    private var tiles: [TileKey: RenderedTile] = [:]
    private var lastUse: [TileKey: UInt64] = [:]
    private var clock: UInt64 = 0

    public init(budgetBytes: Int) { self.budgetBytes = budgetBytes }

    public var count: Int { tiles.count }

    /// The tile, marking it as just used.
    public func tile(for key: TileKey) -> RenderedTile? {
        guard let t = tiles[key] else { return nil }
        clock += 1
        lastUse[key] = clock
        return t
    }

    public func contains(_ key: TileKey) -> Bool { tiles[key] != nil }

    /// Stores a tile, then evicts the least recently used ones (never the newest) until the
    /// cache fits its budget.
    public func insert(_ tile: RenderedTile) {
        if let old = tiles[tile.key] { usedBytes -= old.byteCount }
        tiles[tile.key] = tile
        usedBytes += tile.byteCount
        clock += 1
        lastUse[tile.key] = clock
        evict(keeping: tile.key)
    }

    /// The tiles of `page` at the scale closest to `scale` other than `scale` itself, for
    /// drawing a scaled placeholder while the sharp tiles render.
    public func placeholderTiles(page: PageIndex, near scaleMillis: Int) -> [RenderedTile] {
        var best: Int?
        for key in tiles.keys where key.page == page && key.scaleMillis != scaleMillis {
            if best == nil || abs(key.scaleMillis - scaleMillis) < abs(best! - scaleMillis) { best = key.scaleMillis }
        }
        guard let best else { return [] }
        return tiles.values.filter { $0.key.page == page && $0.key.scaleMillis == best }
    }

    /// Drops everything (a new document, or a rotation change).
    public func removeAll() {
        tiles.removeAll()
        lastUse.removeAll()
        usedBytes = 0
    }

    private func evict(keeping newest: TileKey) {
        guard usedBytes > budgetBytes else { return }
        let order = lastUse.sorted { $0.value < $1.value }
        for (key, _) in order where usedBytes > budgetBytes && key != newest {
            if let t = tiles.removeValue(forKey: key) { usedBytes -= t.byteCount }
            lastUse[key] = nil
        }
    }
}
