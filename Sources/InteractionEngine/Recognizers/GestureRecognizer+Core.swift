// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Why the recognizer keeps its fields in two internal structs.
///
/// Swift checks exclusive access to a class's stored properties at run time (a call into the
/// runtime per access) unless the whole-module optimizer can see every access and prove that
/// none overlaps another. It never can for a `public` stored property (other modules may touch
/// it), nor for a property that is mutated in place by an opaque call such as an array's
/// `append`. So the public properties of ``GestureRecognizer`` are computed views of `core` and
/// `callbacks`, which are internal, and arrays in them are changed by swapping them out, changing
/// the local copy (still uniquely referenced, so nothing is copied) and swapping them back:
/// every access is then short and transparent (a swap releases nothing inside the access, where
/// a release could run arbitrary code), and the checks compile away.
extension GestureRecognizer {
    /// The fields the per-event path reads and writes.
    struct Core {
        var state: GestureState = .possible
        var pendingState: GestureState?
        var pendingEnd = false
        var isEnabled = true
        var hasInput = false
        var cancelsTouchesInView = true
        var delaysTouchesBegan = false
        var isExclusive = true
        var lastSource: InputSource = .touchscreen
        var allowedSources: InputSourceSet
        var allowedButtons: UInt32 = 1 << 1
        var location: Point = .zero
        var deadline: InputTime?
        var recentlyEndedSequence: InputSequenceID?
        var touches: [TrackedTouch]

        init(allowedSources: InputSourceSet) {
            self.allowedSources = allowedSources
            touches = []
            touches.reserveCapacity(4)
        }
    }

    /// The delegate closures and the action.
    struct Callbacks {
        var shouldBegin: ((GestureRecognizer) -> Bool)?
        var shouldReceive: ((GestureRecognizer, InputEvent) -> Bool)?
        var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var shouldRequireFailure: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var shouldBeRequiredToFail: ((GestureRecognizer, GestureRecognizer) -> Bool)?
        var onStateChange: ((GestureRecognizer) -> Void)?
    }

    /// Runs `body` on the tracked contacts, taken out of `core` for the duration (see above);
    /// `body` must not read ``touches``.
    @inline(__always)
    final func mutateTouches<R>(_ body: (inout [TrackedTouch]) -> R) -> R {
        var list: [TrackedTouch] = []
        swap(&list, &core.touches)
        defer { swap(&list, &core.touches) }
        return body(&list)
    }
}
