// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// One contact (a finger, a held button, the pen tip) as a recognizer follows it from the moment
/// it accepted the contact's beginning.
public struct TrackedTouch: Hashable, Sendable {
    public var sequence: InputSequenceID
    public var source: InputSource
    /// Where the contact began, view coordinates.
    public var start: Point
    /// Where the contact is now.
    public var location: Point
    public var startTime: InputTime
    public var time: InputTime

    /// How far the contact has travelled from where it began (straight line).
    public var distanceFromStart: Double { start.distance(to: location) }
}
