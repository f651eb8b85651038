// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// When the view's scrollbars are told where the view is. Each move of a GtkScrollbar makes
/// GTK 4.8 lay out the whole window in the next frame (with X round trips for the window's
/// geometry and work area), which a wheel scroll paid in every frame. So a change of what the
/// scrollbars measure (the document's size, the view's size, which of them show) reaches them
/// at once, and layouts that settle on it (fitting a page, whole spreads) see the truth in the
/// same frame; a move of the view's offset alone waits for the next frame, and reaches them
/// then if the last one did at least ``defaultInterval`` of frame-clock time before, or else on the
/// first frame after that: at most one move per frame and about ten a second while the view
/// keeps moving, the first move of a rest at once, and the last offset always, at most one
/// interval after the view came to rest.
///
/// A value with no GTK in it: ``CanvasScrollbars`` feeds it the view and the frame clock's
/// ticks and applies what it answers.
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

    /// The least frame-clock time between two offset moves while the view moves unless told
    /// otherwise (about ten a second), in microseconds.
    static let defaultInterval: Int64 = 100_000

    /// The least frame-clock time between two offset moves while the view moves, in
    /// microseconds (0: one in every frame the view moved).
    let interval: Int64

    /// What the scrollbars were last told (`nil`: nothing yet).
    private(set) var applied: Shown?
    /// An offset move waiting for its frame.
    private(set) var pending: Shown?
    /// The frame-clock time of the last offset move applied on a frame (`nil`: none yet).
    private var lastMove: Int64?

    /// Pacing that moves the scrollbars at most once per `interval` (microseconds).
    init(interval: Int64 = ScrollbarPacing.defaultInterval) {
        self.interval = interval
    }

    /// The view is now `shown`: answers what to tell the scrollbars now (`nil`: nothing now; an
    /// offset move waits for ``frame(at:)``).
    mutating func follow(_ shown: Shown) -> Shown? {
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
        return nil
    }

    /// The user moved a scrollbar to `offset`: it shows that already.
    mutating func moved(to offset: Point) {
        applied?.offset = offset
        if pending?.offset == offset { pending = nil }
    }

    /// A frame at frame-clock time `now` (microseconds): answers the offset move to tell the
    /// scrollbars in it (`nil`: none), and whether to be called on the next frame too.
    mutating func frame(at now: Int64) -> (apply: Shown?, again: Bool) {
        guard let pending else { return (nil, false) }
        guard lastMove.map({ now - $0 >= interval }) ?? true else { return (nil, true) }
        self.pending = nil
        applied = pending
        lastMove = now
        return (pending, false)
    }

    /// Whether an offset move waits for a frame.
    var isWaiting: Bool { pending != nil }
}
