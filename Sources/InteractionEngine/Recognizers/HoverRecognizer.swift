// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Follows a pointer moving over the view with no button held: began at the first motion,
/// changed as it moves, ended when it leaves the view or presses. Touch never hovers.
///
/// It is an observer: it never competes with other recognizers and never cancels touches.
public final class HoverRecognizer: GestureRecognizer {
    public override init(name: String, allowedSources: InputSourceSet = [.mouse, .touchpad, .trackpoint, .pen]) {
        super.init(name: name, allowedSources: allowedSources)
        isExclusive = false
        cancelsTouchesInView = false
        allowedButtons = UInt32.max
    }

    public override func handleOther(_ event: InputEvent) {
        switch event.kind {
        case .hover:
            hasInput = true
            location = event.position
            setState(hasBegun ? .changed : .began)
        case .leave:
            if hasBegun { setState(.ended) }
        case .proximity(entering: false):
            if hasBegun { setState(.ended) }
        default:
            break
        }
    }

    public override func contactBeganElsewhere(_ event: InputEvent) {
        if hasBegun { location = event.position; setState(.ended) }
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        setState(.failed)
    }
}
