// SPDX-License-Identifier: GPL-3.0-or-later
import Document
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
