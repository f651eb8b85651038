// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Kinetic scrolling after a fling: the velocity decays exponentially with time, so the
/// distance travelled between two ticks is the exact integral of the velocity, independent of
/// the frame rate.
public struct ScrollMomentum: Equatable, Sendable {
    /// Seconds for the velocity to fall to 1/e of itself.
    public var timeConstant: Double
    /// Below this speed (view px/s) the motion stops.
    public var stopSpeed: Double
    public private(set) var velocity: Vector
    public private(set) var lastTime: InputTime

    public init(velocity: Vector, at time: InputTime, timeConstant: Double = 0.35, stopSpeed: Double = 20) {
        self.velocity = velocity
        self.lastTime = time
        self.timeConstant = timeConstant
        self.stopSpeed = stopSpeed
    }

    public var isFinished: Bool { velocity.length < stopSpeed }

    /// Advances to `time` and returns the distance covered since the previous step.
    public mutating func step(to time: InputTime) -> Vector {
        let dt = max(0, time - lastTime)
        lastTime = time
        let decay = exp(-dt / timeConstant)
        let distance = velocity * (timeConstant * (1 - decay))
        velocity = velocity * decay
        return distance
    }
}

/// Estimates a velocity from the most recent movement samples (the last 100 ms), so that a
/// fling's speed reflects the end of the gesture rather than its average.
public struct VelocityTracker: Sendable {
    private var samples: [(time: InputTime, delta: Vector)] = []
    public var window: Double = 0.1

    public init() {}

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(_ delta: Vector, at time: InputTime) {
        samples.append((time, delta))
        while let first = samples.first, time - first.time > window { samples.removeFirst() }
    }

    /// The velocity in units per second at `time`, zero when the movement stopped before it.
    public func velocity(at time: InputTime) -> Vector {
        guard let first = samples.first, let last = samples.last, time - last.time < 0.05 else { return .zero }
        let span = max(last.time - first.time, 1.0 / 120)
        var sum = Vector.zero
        for s in samples.dropFirst() { sum = sum + s.delta }
        if samples.count == 1 { sum = first.delta }
        return sum * (1 / span)
    }
}
