// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// Moving and turning the ruler by the contacts that hold it: one finger (or a pointer on the
/// move handle) carries it, a pointer on the turn handle turns it about its middle, and two
/// fingers do both at once: its middle follows the fingers' midpoint and it turns as the line
/// between them turns, as a ruler held down under two fingers would.
///
/// A pure state machine in view coordinates: the caller feeds it contacts and sets the ruler
/// where it answers (snapping the angle with ``Ruler/snapped(_:)``). Its own angle is kept
/// unsnapped, so that a turn can leave a snapped angle again.
public struct RulerGesture: Sendable {
    /// What a single contact does.
    public let grip: RulerPlacement.Handle
    /// The contacts holding the ruler, first first: where each was when the gesture last
    /// changed hands, and where it is now.
    public private(set) var contacts: [(sequence: InputSequenceID, start: Point, now: Point)] = []
    /// The ruler's middle (view) and unsnapped angle when the gesture last changed hands.
    private var startCenter: Point
    private var startAngle: Double
    /// Where the ruler is now: its middle (view) and unsnapped angle.
    public private(set) var center: Point
    public private(set) var angle: Double

    public init(placement: RulerPlacement, grip: RulerPlacement.Handle) {
        self.grip = grip
        startCenter = placement.center
        startAngle = placement.angle
        center = placement.center
        angle = placement.angle
    }

    /// Whether a contact is one of those holding the ruler.
    public func holds(_ sequence: InputSequenceID) -> Bool { contacts.contains { $0.sequence == sequence } }

    /// Whether the ruler is held by nothing any more.
    public var isEmpty: Bool { contacts.isEmpty }

    /// A contact joins (at most two hold it; a third is ignored). Returns whether it was taken.
    @discardableResult
    public mutating func add(_ sequence: InputSequenceID, at point: Point) -> Bool {
        guard contacts.count < 2, !holds(sequence) else { return false }
        rebase()
        contacts.append((sequence, point, point))
        return true
    }

    /// A contact moved: the ruler follows.
    public mutating func move(_ sequence: InputSequenceID, to point: Point) {
        guard let i = contacts.firstIndex(where: { $0.sequence == sequence }) else { return }
        contacts[i].now = point
        follow()
    }

    /// A contact lifted: the others go on from where the ruler is.
    public mutating func remove(_ sequence: InputSequenceID) {
        rebase()
        contacts.removeAll { $0.sequence == sequence }
    }

    /// Degrees anticlockwise on screen of a view vector.
    static func screenAngle(_ v: Vector) -> Double { atan2(-v.dy, v.dx) * 180 / .pi }

    /// `v` turned anticlockwise on screen by `degrees`.
    static func turned(_ v: Vector, by degrees: Double) -> Vector {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        return Vector(dx: v.dx * c + v.dy * s, dy: -v.dx * s + v.dy * c)
    }

    private mutating func rebase() {
        startCenter = center
        startAngle = angle
        for i in contacts.indices { contacts[i].start = contacts[i].now }
    }

    private mutating func follow() {
        switch contacts.count {
        case 2:
            let a = contacts[0], b = contacts[1]
            let startMid = Point(x: (a.start.x + b.start.x) / 2, y: (a.start.y + b.start.y) / 2)
            let mid = Point(x: (a.now.x + b.now.x) / 2, y: (a.now.y + b.now.y) / 2)
            var turn = Self.screenAngle(b.now - a.now) - Self.screenAngle(b.start - a.start)
            if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
            center = mid + Self.turned(startCenter - startMid, by: turn)
            angle = startAngle + turn
        case 1 where grip == .turn:
            let c = contacts[0]
            var turn = Self.screenAngle(c.now - startCenter) - Self.screenAngle(c.start - startCenter)
            if turn > 180 { turn -= 360 } else if turn < -180 { turn += 360 }
            center = startCenter
            angle = startAngle + turn
        case 1:
            center = startCenter + (contacts[0].now - contacts[0].start)
            angle = startAngle
        default:
            break
        }
    }
}
