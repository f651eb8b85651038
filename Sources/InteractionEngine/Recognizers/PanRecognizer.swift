// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Recognizes one or more contacts moving together beyond a per-source minimum distance, and
/// follows them as a continuous gesture with a translation and a velocity.
public final class PanRecognizer: GestureRecognizer {
    /// Fewest contacts that make the pan.
    public var minimumNumberOfTouches: Int {
        get { limits.minimumTouches }
        set { limits.minimumTouches = newValue }
    }
    /// Most contacts the pan accepts while undecided (one more makes it fail).
    public var maximumNumberOfTouches: Int {
        get { limits.maximumTouches }
        set { limits.maximumTouches = newValue }
    }
    /// Distance the centroid must travel before the pan begins.
    public var minimumDistance: SourceTolerance {
        get { limits.minimumDistance }
        set { limits.minimumDistance = newValue }
    }

    /// Movement of the centroid since the contacts came down (view pixels).
    public var translation: Vector { motion.translation }
    /// Smoothed velocity of the centroid, view pixels per second.
    public var velocity: Vector { motion.velocity }

    /// The per-event fields, private so that they cost no run-time exclusivity checks (see
    /// GestureRecognizer+Core.swift).
    private struct Motion {
        var translation = Vector.zero
        var velocity = Vector.zero
        var lastCentroid = Point.zero
        var lastTime = InputTime.zero
    }
    private var motion = Motion()

    /// Storage of the tunables, read on every move until the pan begins.
    private struct Limits {
        var minimumTouches: Int
        var maximumTouches: Int
        var minimumDistance = SourceTolerance(touch: 10, pen: 4, pointer: 4)
    }
    private var limits: Limits

    public init(name: String, minimumTouches: Int = 1, maximumTouches: Int = .max,
                allowedSources: InputSourceSet = .contacts) {
        let minimum = max(1, minimumTouches)
        limits = Limits(minimumTouches: minimum, maximumTouches: max(minimum, maximumTouches))
        super.init(name: name, allowedSources: allowedSources)
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        if isUndecided, touches.count > maximumNumberOfTouches { setState(.failed); return }
        motion.lastCentroid = centroid()
        motion.lastTime = event.time
        if !hasBegun { location = motion.lastCentroid }
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        let c = centroid()
        let delta = c - motion.lastCentroid
        motion.lastCentroid = c
        motion.translation = motion.translation + delta
        let dt = event.time - motion.lastTime
        motion.lastTime = event.time
        if dt > 0 {
            let instant = delta * (1 / dt)
            motion.velocity = motion.velocity * 0.3 + instant * 0.7
        }
        location = c
        if hasBegun {
            setState(.changed)
        } else if isUndecided, touches.count >= minimumNumberOfTouches,
                  translation.length >= minimumDistance.value(for: touch.source) {
            setState(.began)
        }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        if !touches.isEmpty {
            motion.lastCentroid = centroid()
            return
        }
        if hasBegun {
            if event.time - motion.lastTime > 0.1 { motion.velocity = .zero }
            setState(.ended)
        } else if isUndecided {
            setState(.failed)
        }
    }

    public override func touchCancelled(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun { setState(.cancelled) } else if touches.isEmpty { setState(.failed) }
    }

    public override func reset() {
        motion.translation = .zero
        motion.velocity = .zero
    }
}
