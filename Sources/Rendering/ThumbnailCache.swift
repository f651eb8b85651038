// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Page thumbnails kept within a byte budget, least recently used out first, so that scrolling
/// through thousands of pages never holds more than the budget however far it goes.
///
/// Pure bookkeeping: the values are whatever the host draws with (textures); one that leaves
/// the cache is simply dropped (its deinit frees it).
public struct ThumbnailCache<Value> {
    public let byteBudget: Int
    private var entries: [PageIndex: (value: Value, bytes: Int, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    public private(set) var byteCount = 0

    public init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    public var count: Int { entries.count }

    /// The page's thumbnail, marked as just used.
    public mutating func value(for page: PageIndex) -> Value? {
        guard var entry = entries[page] else { return nil }
        clock += 1
        entry.stamp = clock
        entries[page] = entry
        return entry.value
    }

    public func contains(_ page: PageIndex) -> Bool { entries[page] != nil }

    /// Keeps a thumbnail of `bytes`, dropping the least recently used ones until the budget
    /// holds; one larger than the whole budget is not kept.
    public mutating func insert(_ value: Value, bytes: Int, for page: PageIndex) {
        remove(page)
        guard bytes <= byteBudget else { return }
        clock += 1
        entries[page] = (value, bytes, clock)
        byteCount += bytes
        while byteCount > byteBudget, let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp })?.key {
            remove(oldest)
        }
    }

    public mutating func remove(_ page: PageIndex) {
        if let old = entries.removeValue(forKey: page) { byteCount -= old.bytes }
    }

    public mutating func removeAll() {
        entries.removeAll()
        byteCount = 0
    }
}
