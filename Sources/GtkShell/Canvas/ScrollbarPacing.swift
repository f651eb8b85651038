// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// When the view's scrollbars are told where the view is. Each move of a GtkScrollbar makes
/// GTK 4.8 lay out the whole window in the next frame (with X round trips for the window's
/// geometry and work area), which a wheel scroll paid in every frame. So a change of what the
/// scrollbars measure (the document's size, the view's size, which of them show) reaches them
/// at once, and layouts that settle on it (fitting a page, whole spreads) see the truth in the
/// same frame; a move of the view's offset alone reaches them at once too if the last one did
/// at least ``interval`` before, and otherwise waits, the newest offset replacing the one
/// waiting, for the next move of the view that is due or for the view to rest one interval
/// (``restTime``): at most one move per interval (about ten a second) while the view keeps
/// moving, each in a frame the view's move makes anyway, the first move after a pause at once,
/// and the last offset always, one interval after the view came to rest.
///
/// A value with no GTK in it: ``CanvasScrollbars`` feeds it the view and the time, asks for a
/// frame when a waiting move is due, and applies what it answers.
struct ScrollbarPacing {
    /// What the scrollbars show.
    struct Shown: Equatable {
        /// The view's top-left corner in the laid-out document.
        var offset: Point
        /// The view's size.
        var viewSize: Size
        /// The laid-out document's size.
        var contentSize: Size

        /// Whether `other` differs only in its offset.
        func differsOnlyInOffset(from other: Shown) -> Bool {
            viewSize == other.viewSize && contentSize == other.contentSize
        }
    }

    /// The least time between two offset moves unless told otherwise (about ten a second), in
    /// microseconds.
    static let defaultInterval: Int64 = 100_000

    /// The least time between two offset moves, in microseconds (0: every move at once).
    let interval: Int64

    /// What the scrollbars were last told (`nil`: nothing yet).
    private(set) var applied: Shown?
    /// An offset move waiting for its time.
    private(set) var pending: Shown?
    /// When the last offset move was applied (`nil`: none yet), in microseconds.
    private var lastMove: Int64?
    /// When the view's offset last moved, in microseconds.
    private var lastSeen: Int64 = 0

    /// Pacing that moves the scrollbars at most once per `interval` (microseconds).
    init(interval: Int64 = ScrollbarPacing.defaultInterval) {
        self.interval = interval
    }

    /// The view is now `shown`, at monotonic time `now` (microseconds): answers what to tell
    /// the scrollbars now (`nil`: nothing now; an offset move may wait until ``dueTime``).
    mutating func follow(_ shown: Shown, at now: Int64) -> Shown? {
        guard let applied, shown.differsOnlyInOffset(from: applied) else {
            pending = nil
            self.applied = shown
            return shown
        }
        guard shown.offset != applied.offset else {
            pending = nil
            return nil
        }
        pending = shown
        lastSeen = now
        return due(at: now)
    }

    /// The user moved a scrollbar to `offset`: it shows that already.
    mutating func moved(to offset: Point) {
        applied?.offset = offset
        if pending?.offset == offset { pending = nil }
    }

    /// When the view will have rested one interval since its last move, if an offset move
    /// waits (`nil`: none does), in microseconds: the waiting move is due then at the latest.
    var restTime: Int64? {
        guard pending != nil else { return nil }
        return lastSeen + interval
    }

    /// At monotonic time `now` (microseconds): the waiting offset move, if it is due (and it
    /// counts as applied).
    mutating func due(at now: Int64) -> Shown? {
        guard let pending, lastMove.map({ now - $0 >= interval }) ?? true else { return nil }
        self.pending = nil
        applied = pending
        lastMove = now
        return pending
    }

    /// Whether an offset move waits.
    var isWaiting: Bool { pending != nil }
}
