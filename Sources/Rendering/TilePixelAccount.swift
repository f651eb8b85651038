// SPDX-License-Identifier: GPL-3.0-or-later
import Platform

/// The pixels of one document's rendered tiles alive in the process, whoever holds them: the
/// tile cache, tiles on their way from the render worker, and the nodes of a frame that still
/// shows tiles the cache let go (``TilePixels`` counts each surface it makes for an account
/// until the surface is freed or its pixels given back).
///
/// The render worker makes a tile only while the tiles alive and the new one fit the account's
/// limit (``RenderQueue/limitPixels(to:)``): in a burst of page turns it waits for the frames
/// and the cache to let tiles go rather than piling up pixels nobody will show.
///
/// - Warning: thread-safe; its lock is the render queue's, so a worker waiting for room wakes
///   when pixels go. Never free a tile while holding that lock.
public final class TilePixelAccount: @unchecked Sendable {
    let condition: Condition
    private var bytesStorage = 0
    private var peakStorage = 0

    init(condition: Condition) { self.condition = condition }

    /// Bytes of pixels alive now (each surface's rows, less what was given back): the bytes a
    /// ``TileCache`` counts for the same tiles.
    public var bytes: Int {
        condition.lock(); defer { condition.unlock() }
        return bytesStorage
    }

    /// The most ``bytes`` has been since the account was opened.
    public var peakBytes: Int {
        condition.lock(); defer { condition.unlock() }
        return peakStorage
    }

    /// ``bytes`` with the lock held.
    var bytesLocked: Int { bytesStorage }

    func added(_ count: Int) {
        condition.lock()
        bytesStorage += count
        peakStorage = max(peakStorage, bytesStorage)
        condition.unlock()
    }

    /// Pixels went: a worker waiting for room looks again.
    func released(_ count: Int) {
        condition.lock()
        bytesStorage -= count
        condition.broadcast()
        condition.unlock()
    }
}
