// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Recognizes n taps of m fingers (or clicks), each within a per-source slop and the next
/// beginning within an interval of the previous one; discrete.
///
/// Fails when a contact moves beyond the slop, is held longer than ``maximumPressDuration``, too
/// many contacts land, the next tap starts too far away, or the next tap does not come in time.
public final class TapRecognizer: GestureRecognizer {
    /// How many taps make the gesture (1 single, 2 double…).
    public var numberOfTapsRequired: Int
    /// How many contacts each tap uses.
    public var numberOfTouchesRequired: Int
    /// How far a contact may move and still count as a tap.
    public var slop = SourceTolerance(touch: 12, pen: 6, pointer: 4)
    /// How far from the first tap the following taps may land.
    public var maximumTapSeparation = SourceTolerance(touch: 45, pen: 24, pointer: 8)
    /// Longest time between one tap's lift and the next tap's press.
    public var tapInterval: Double = 0.3
    /// Longest a tap may be held; keeps a tap from competing with a long press.
    public var maximumPressDuration: Double = 0.4

    /// Taps completed so far in this attempt.
    public private(set) var tapCount = 0
    private var touchesInThisTap = 0
    private var firstTapLocation = Point.zero

    public init(name: String, taps: Int = 1, touches: Int = 1,
                allowedSources: InputSourceSet = .contacts) {
        numberOfTapsRequired = max(1, taps)
        numberOfTouchesRequired = max(1, touches)
        super.init(name: name, allowedSources: allowedSources)
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touches.count == 1 {
            if tapCount == 0 {
                firstTapLocation = touch.start
            } else if touch.start.distance(to: firstTapLocation) > maximumTapSeparation.value(for: touch.source) {
                setState(.failed); return
            }
            touchesInThisTap = 0
            deadline = event.time + maximumPressDuration
        }
        touchesInThisTap += 1
        if touches.count > numberOfTouchesRequired { setState(.failed) }
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touch.distanceFromStart > slop.value(for: touch.source) { setState(.failed) }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided, touches.isEmpty else { return }
        guard touchesInThisTap == numberOfTouchesRequired else { setState(.failed); return }
        tapCount += 1
        location = tapCount == 1 ? touch.location : firstTapLocation
        if tapCount >= numberOfTapsRequired {
            deadline = nil
            setState(.recognized)
        } else {
            deadline = event.time + tapInterval
        }
    }

    public override func deadlineReached(at time: InputTime) {
        if isUndecided { setState(.failed) }
    }

    public override func reset() {
        tapCount = 0
        touchesInThisTap = 0
    }
}
