// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Recognizes contacts held still for a minimum duration, then follows them as a continuous
/// gesture (began when the time is up, changed as they move, ended when they lift).
public final class LongPressRecognizer: GestureRecognizer {
    public var minimumPressDuration = ContactVocabulary.holdDuration
    /// How far a contact may drift before the press begins.
    public var allowableMovement = ContactVocabulary.holdSlop
    public var numberOfTouchesRequired: Int

    public init(name: String, touches: Int = 1, allowedSources: InputSourceSet = .contacts) {
        numberOfTouchesRequired = max(1, touches)
        super.init(name: name, allowedSources: allowedSources)
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touches.count > numberOfTouchesRequired {
            setState(.failed)
        } else if touches.count == numberOfTouchesRequired {
            location = centroid()
            deadline = event.time + minimumPressDuration
        }
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun {
            location = centroid()
            setState(.changed)
        } else if isUndecided, touch.distanceFromStart > allowableMovement.value(for: touch.source) {
            setState(.failed)
        }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun {
            if touches.isEmpty { location = touch.location; setState(.ended) }
        } else if isUndecided {
            setState(.failed)
        }
    }

    public override func deadlineReached(at time: InputTime) {
        guard isUndecided, touches.count == numberOfTouchesRequired else { return }
        location = centroid()
        setState(.began)
    }
}
