// SPDX-License-Identifier: GPL-3.0-or-later

/// Holds touches back from the view for a short time so that a scroll can win first; it never
/// recognizes, it only fails (when the time is up or the touch lifts), which releases the held
/// touches to the view.
///
/// Without it, a slow swipe over an object shows the object's pressed highlight for a moment
/// before the scroll takes the touch away; with it, the highlight shows only for touches that
/// stay still for the delay.
public final class TouchDelayRecognizer: GestureRecognizer {
    /// How long touches are held back.
    public var delay: Double

    public init(name: String, delay: Double = 0.15, allowedSources: InputSourceSet = .touchscreen) {
        self.delay = delay
        super.init(name: name, allowedSources: allowedSources)
        delaysTouchesBegan = true
        cancelsTouchesInView = false
        isExclusive = false
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        if deadline == nil { deadline = event.time + delay }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        setState(.failed)
    }

    public override func touchCancelled(_ touch: TrackedTouch, event: InputEvent) {
        setState(.failed)
    }

    public override func deadlineReached(at time: InputTime) {
        setState(.failed)
    }
}
