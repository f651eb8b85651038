// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// A direction a swipe can take, in view terms (y grows downwards).
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let left = SwipeDirections(rawValue: 1 << 0)
    public static let right = SwipeDirections(rawValue: 1 << 1)
    public static let up = SwipeDirections(rawValue: 1 << 2)
    public static let down = SwipeDirections(rawValue: 1 << 3)
    public static let horizontal: SwipeDirections = [.left, .right]
    public static let vertical: SwipeDirections = [.up, .down]
    public static let all: SwipeDirections = [.left, .right, .up, .down]
}

/// Recognizes a quick straight stroke of n fingers on the touchscreen, or an n-finger touchpad
/// swipe, in one of the allowed directions; discrete.
public final class SwipeRecognizer: GestureRecognizer {
    public var directions: SwipeDirections
    public var numberOfTouchesRequired: Int
    /// Distance along the stroke before it counts.
    public var minimumDistance: Double = 50
    /// Time allowed to cover that distance.
    public var maximumDuration: Double = 0.5
    /// Largest sideways drift, as a fraction of the distance along the stroke.
    public var maximumDeviation: Double = 0.5

    /// The direction of the last recognized swipe.
    public private(set) var recognizedDirection: SwipeDirections = []

    private var touchpadTravel = Vector.zero
    private var startCentroid = Point.zero

    public init(name: String, directions: SwipeDirections = .all, touches: Int = 1,
                allowedSources: InputSourceSet = [.touchscreen, .touchpad]) {
        self.directions = directions
        numberOfTouchesRequired = max(1, touches)
        super.init(name: name, allowedSources: allowedSources)
    }

    public override func touchBegan(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided else { return }
        if touches.count > numberOfTouchesRequired { setState(.failed); return }
        if touches.count == 1 { deadline = event.time + maximumDuration }
        startCentroid = centroid()
    }

    public override func touchMoved(_ touch: TrackedTouch, event: InputEvent) {
        guard isUndecided, touches.count == numberOfTouchesRequired else { return }
        location = centroid()
        evaluate(location - startCentroid)
    }

    public override func touchEnded(_ touch: TrackedTouch, event: InputEvent) {
        if isUndecided, touches.isEmpty { setState(.failed) }
    }

    public override func handleOther(_ event: InputEvent) {
        guard case .touchpadSwipe(let phase, let delta, let fingers) = event.kind, touches.isEmpty else { return }
        guard isUndecided else { return }
        location = event.position
        switch phase {
        case .began:
            guard fingers == numberOfTouchesRequired else { return }
            hasInput = true
            touchpadTravel = .zero
            deadline = event.time + maximumDuration
        case .moved:
            guard hasInput else { return }
            touchpadTravel = touchpadTravel + delta
            evaluate(touchpadTravel)
        case .ended, .cancelled:
            if hasInput { setState(.failed) }
        }
    }

    private func evaluate(_ travel: Vector) {
        let ax = abs(travel.dx), ay = abs(travel.dy)
        var direction: SwipeDirections = []
        if ax >= minimumDistance, ay <= ax * maximumDeviation {
            direction = travel.dx < 0 ? .left : .right
        } else if ay >= minimumDistance, ax <= ay * maximumDeviation {
            direction = travel.dy < 0 ? .up : .down
        }
        guard !direction.isEmpty else { return }
        if directions.contains(direction) {
            recognizedDirection = direction
            deadline = nil
            setState(.recognized)
        } else {
            setState(.failed)
        }
    }

    public override func deadlineReached(at time: InputTime) {
        if isUndecided { setState(.failed) }
    }

    public override func reset() {
        touchpadTravel = .zero
    }
}
