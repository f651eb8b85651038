// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Recognizes n taps of m fingers (or clicks), each within a per-source slop and the next
/// beginning within an interval of the previous one; discrete.
///
/// Fails when a contact moves beyond the slop, is held longer than ``maximumPressDuration``, too
/// many contacts land, the next tap starts too far away, or the next tap does not come in time.
public final class TapRecognizer: GestureRecognizer {
    /// How many taps make the gesture (1 single, 2 double…).
    public var numberOfTapsRequired: Int {
        get { rules.taps }
        set { rules.taps = newValue }
    }
    /// How many contacts each tap uses.
    public var numberOfTouchesRequired: Int {
        get { rules.touches }
        set { rules.touches = newValue }
    }
    /// How far a contact may move and still count as a tap.
    public var slop: SourceTolerance {
        get { rules.slop }
        set { rules.slop = newValue }
    }
    /// How far from the first tap the following taps may land.
    public var maximumTapSeparation: SourceTolerance {
        get { rules.maximumTapSeparation }
        set { rules.maximumTapSeparation = newValue }
    }
    /// Longest time between one tap's lift and the next tap's press.
    public var tapInterval: Double {
        get { rules.tapInterval }
        set { rules.tapInterval = newValue }
    }
    /// Longest a tap may be held; keeps a tap from competing with a long press.
    public var maximumPressDuration: Double {
        get { rules.maximumPressDuration }
        set { rules.maximumPressDuration = newValue }
    }

    /// Taps completed so far in this attempt.
    public var tapCount: Int { progress.tapCount }

    // Private storage behind the public properties, so that reading them on every contact
    // costs no run-time exclusivity check (see GestureRecognizer+Core.swift).
    private struct Rules {
        var taps: Int
        var touches: Int
        var slop = ContactVocabulary.tapSlop
        var maximumTapSeparation = ContactVocabulary.tapSeparation
        var tapInterval = ContactVocabulary.tapInterval
        var maximumPressDuration = ContactVocabulary.tapMaximumPressDuration
    }
    private struct Progress {
        var tapCount = 0
        var touchesInThisTap = 0
        var firstTapLocation = Point.zero
    }
    private var rules: Rules
    private var progress = Progress()

    public init(name: String, taps: Int = 1, touches: Int = 1,
                allowedSources: InputSourceSet = .contacts) {
        rules = Rules(taps: max(1, taps), touches: max(1, touches))
        super.init(name: name, allowedSources: allowedSources)
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touches.count == 1 {
            if progress.tapCount == 0 {
                progress.firstTapLocation = touch.start
            } else if touch.start.distance(to: progress.firstTapLocation) > maximumTapSeparation.value(for: touch.source) {
                setState(.failed); return
            }
            progress.touchesInThisTap = 0
            deadline = event.time + maximumPressDuration
        }
        progress.touchesInThisTap += 1
        if touches.count > numberOfTouchesRequired { setState(.failed) }
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touch.distanceFromStart > slop.value(for: touch.source) { setState(.failed) }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided, touches.isEmpty else { return }
        guard progress.touchesInThisTap == numberOfTouchesRequired else { setState(.failed); return }
        progress.tapCount += 1
        location = progress.tapCount == 1 ? touch.location : progress.firstTapLocation
        if progress.tapCount >= numberOfTapsRequired {
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
        progress.tapCount = 0
        progress.touchesInThisTap = 0
    }
}
