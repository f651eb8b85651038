// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Tells when a contact drawing a stroke has held still long enough for its stroke to snap to a
/// shape: it stayed within ``slop`` view points of where it came to rest for ``duration``
/// seconds, by the events' own times (and the engine's ticks between them), never the wall clock.
///
/// Why it exists: a hand-drawn shape becomes a perfect one when the pen or finger rests at its
/// end for half a second (Magic Ink, GoodNotes); the rest has to be told from a slow stroke on
/// event time alone, so that replays and tests decide exactly as the live input did.
public struct StrokeHold: Hashable, Sendable {
    /// How long the contact must rest, in seconds.
    public var duration: Double = 0.5
    /// How far (view points) it may wander while it rests: a pen's or mouse's jitter, or a finger's.
    public var slop: Double

    /// Where it came to rest (view), when, and the index of the stroke's point there.
    public private(set) var rest: Point?
    public private(set) var since: InputTime?
    public private(set) var restIndex = 0
    /// Whether the hold at this rest was already acted on (it fires once until the contact moves on).
    public private(set) var isSpent = false

    public init(slop: Double = 4, duration: Double = 0.5) {
        self.slop = slop
        self.duration = duration
    }

    /// The slop for a source: a finger wanders more than a pen or a mouse while it rests.
    public static func slop(for source: InputSource) -> Double {
        source == .touchscreen ? 10 : 4
    }

    /// The contact is at `position` at `time`, and the stroke's last point has index `index`.
    public mutating func moved(to position: Point, at time: InputTime, index: Int) {
        if let rest, rest.distance(to: position) <= slop { return }
        rest = position
        since = time
        restIndex = index
        isSpent = false
    }

    /// When the hold fires if the contact stays where it is.
    public var deadline: InputTime? {
        guard !isSpent, let since else { return nil }
        return since + duration
    }

    /// Whether the contact has rested long enough at `time`.
    public func isHeld(at time: InputTime) -> Bool {
        guard let deadline else { return false }
        return time - deadline >= -1e-9
    }

    /// The hold was acted on: it does not fire again until the contact moves on.
    public mutating func spend() { isSpent = true }
}

/// The ink tool's state for shapes that snap (see ``InkTool/snapsShapesOnLift``).
struct InkShapeSnapping {
    var onLift = false
    var recognizer = ShapeRecognizer()
    var hold = StrokeHold()
    /// The stroke under way already became a shape: the rest of its contact draws nothing.
    var snapped = false
}

extension InkTool {
    /// Whether every stroke is snapped to a shape when the pen lifts (the "Snap Shapes"
    /// preference), not only one held still at its end.
    public var snapsShapesOnLift: Bool {
        get { snapping.onLift }
        set { snapping.onLift = newValue }
    }

    /// When the stroke under way snaps if its contact keeps still.
    public var deadline: InputTime? {
        sequence != nil && !snapping.snapped ? snapping.hold.deadline : nil
    }

    /// A hold that came due between events snaps the stroke under way.
    public func tick(at time: InputTime, context: ToolContext) {
        guard sequence != nil, !snapping.snapped, snapping.hold.isHeld(at: time) else { return }
        snapHeldStroke(context: context)
    }

    /// A stroke starts: nothing snapped yet, and it rests where it starts.
    func startSnapping(_ e: InputEvent) {
        snapping.snapped = false
        snapping.hold = StrokeHold(slop: StrokeHold.slop(for: e.source))
        snapping.hold.moved(to: e.position, at: e.time, index: 0)
    }

    /// Follows the contact; snaps when it has rested long enough. Whether the stroke snapped.
    func snapIfHeld(_ e: InputEvent, context: ToolContext) -> Bool {
        guard !snapping.snapped else { return true }
        snapping.hold.moved(to: e.position, at: e.time, index: max(0, current.count - 1))
        guard snapping.hold.isHeld(at: e.time) else { return false }
        snapHeldStroke(context: context)
        return snapping.snapped
    }

    /// The contact lifted: a stroke that snapped is done; one that rested long enough before
    /// lifting snaps if it is a shape. Whether the stroke is dealt with (not to be kept as ink).
    func snapHeldOnLift(_ e: InputEvent, context: ToolContext) -> Bool {
        if snapping.snapped { return true }
        guard snapping.hold.isHeld(at: e.time) else { return false }
        snapHeldStroke(context: context)
        return snapping.snapped
    }

    /// With ``snapsShapesOnLift``, a lifted stroke that is a shape snaps (after the smart pen
    /// had its say: a stroke along text is markup first). Whether it snapped.
    func snapEveryStrokeOnLift(context: ToolContext) -> Bool {
        guard snapping.onLift, let page, !current.isEmpty else { return false }
        return snap(current, on: page, context: context)
    }

    /// The stroke up to where the contact came to rest, snapped if it is a shape.
    private func snapHeldStroke(context: ToolContext) {
        snapping.hold.spend()
        guard let page else { return }
        let upToRest = Array(current.prefix(snapping.hold.restIndex + 1))
        _ = snap(upToRest, on: page, context: context)
    }

    private func snap(_ stroke: [InkPoint], on page: PageIndex, context: ToolContext) -> Bool {
        // Ink drawn along the ruler is straight on purpose: it stays ink.
        guard guide == nil, let shape = snapping.recognizer.recognize(stroke.map(\.location)) else { return false }
        snapping.snapped = true
        context.emit(.snapShape(page, stroke: stroke, to: shape))
        current = []
        preview(context)
        return true
    }
}
