// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Recognizes a pinch from two fingers on the touchscreen or from the touchpad's pinch gesture,
/// reporting one cumulative scale and a focal point either way.
public final class PinchRecognizer: GestureRecognizer {
    /// Change of finger distance (view pixels) before a touchscreen pinch begins.
    public var minimumSpanChange: Double = 8

    /// Scale since the pinch began (1 = unchanged).
    public var scale: Double { currentScale }
    /// The point that should stay still under the fingers (view coordinates).
    public var focalPoint: Point { location }

    /// Storage of ``scale``, private so that it costs no run-time exclusivity checks (see
    /// GestureRecognizer+Core.swift).
    private var currentScale: Double = 1
    private var initialSpan: Double = 0
    private var touchpadBaseScale: Double = 1

    public override init(name: String, allowedSources: InputSourceSet = [.touchscreen, .touchpad]) {
        super.init(name: name, allowedSources: allowedSources)
    }

    public override var maximumTrackedTouches: Int { 2 }

    private var span: Double { touches.count == 2 ? touches[0].location.distance(to: touches[1].location) : 0 }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        if touches.count == 2 {
            initialSpan = span / max(scale, 1e-6)
            location = centroid()
        }
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        guard touches.count == 2, initialSpan > 0 else { return }
        let current = span
        location = centroid()
        if hasBegun {
            currentScale = current / initialSpan
            setState(.changed)
        } else if isUndecided, abs(current - initialSpan) >= minimumSpanChange {
            currentScale = current / initialSpan
            setState(.began)
        }
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun {
            if touches.count < 2 { setState(.ended) }
        } else if isUndecided, touches.isEmpty {
            setState(.failed)
        }
    }

    public override func touchCancelled(_ touch: TrackedTouch, event: InputEvent) {
        if hasBegun { setState(.cancelled) } else if touches.isEmpty { setState(.failed) }
    }

    public override func handleOther(_ event: InputEvent) {
        guard case .touchpadPinch(let phase, let s, _, _) = event.kind, touches.isEmpty else { return }
        location = event.position
        switch phase {
        case .began:
            guard isUndecided else { return }
            hasInput = true
            touchpadBaseScale = s > 0 ? s : 1
            currentScale = 1
            setState(.began)
        case .moved:
            guard hasBegun else { return }
            currentScale = s / touchpadBaseScale
            setState(.changed)
        case .ended:
            if hasBegun { setState(.ended) }
        case .cancelled:
            if hasBegun { setState(.cancelled) } else if hasInput { setState(.failed) }
        }
    }

    public override func reset() {
        currentScale = 1
        initialSpan = 0
        touchpadBaseScale = 1
    }
}
