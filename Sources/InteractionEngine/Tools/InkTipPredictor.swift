// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where a stroke being drawn goes in the next few milliseconds, from the pen's recent motion.
///
/// It exists so that the ink keeps up with the pen: a frame is painted some milliseconds after
/// the sample it shows arrived, and the pen has moved on meanwhile. The live stroke draws the
/// predicted tip after its last sample and drops it when the next samples arrive; it is never
/// part of what is saved (``DocumentSession`` keeps it apart from the tool's strokes).
///
/// The prediction is the recent velocity (a least-squares line through the last samples, the
/// newest weighing most) carried on from the last sample for at most one 60 Hz frame
/// (``maxLead``), and less where guessing is risky:
/// - a pen slowing down is carried by the share of its speed it kept over the last samples
///   (a loss under 15 % counts as none: timestamps jitter), squared; a pen that stopped
///   predicts no motion;
/// - a sharp turn is carried by the cosine of the turn, squared (none past a right angle).
///
/// It is pure: samples in, points out, in whatever space the samples are (view pixels, PDF
/// points).
public struct InkTipPredictor: Sendable {
    /// One sample of the stroke: where the pen was, when (the event's time).
    public struct Sample: Equatable, Sendable {
        public var position: Point
        public var time: InputTime
        public init(_ position: Point, at time: InputTime) {
            self.position = position
            self.time = time
        }
    }

    /// A predicted tip: its points after the last sample, and how far ahead of that sample its
    /// last point is, in seconds.
    public struct Prediction: Equatable, Sendable {
        public var points: [Point]
        public var lead: Double
        public static let none = Prediction(points: [], lead: 0)
    }

    /// One frame at 60 Hz: no tip is predicted further ahead.
    public static let maxLead = 1.0 / 60
    /// How far ahead the tip is predicted before damping, in seconds (at most ``maxLead``).
    public var lead: Double
    /// How many of the latest samples the velocity is fitted to, and how old they may be.
    public var fittedSamples = 5
    public var window = 0.05
    /// How many points the tip is made of, evenly spaced in time.
    public var steps = 2

    public init(lead: Double = InkTipPredictor.maxLead) {
        self.lead = lead
    }

    /// The tip after the last of `samples` (oldest first), or ``Prediction/none`` when there is
    /// too little to go on (fewer than three samples within ``window``, or all at one time).
    public func predict(_ samples: [Sample]) -> Prediction {
        guard let last = samples.last else { return .none }
        let recent = samples.suffix(fittedSamples).filter { last.time - $0.time <= window }
        guard recent.count >= 3, let first = recent.first, last.time - first.time > 0.001 else { return .none }
        let velocity = Self.fittedVelocity(recent)
        let speed = velocity.length
        guard speed > 0, speed.isFinite else { return .none }

        // Slowing down: the speed over the last two intervals against the speed before them
        // (against the fitted one when there is no before), squared.
        let previous = recent[recent.count - 3]
        let span = last.time - previous.time, earlierSpan = previous.time - first.time
        let recentMotion = last.position - previous.position
        let before = previous.position - first.position
        let recentSpeed = span > 0 ? recentMotion.length / span : speed
        let earlierSpeed = earlierSpan > 0 && before.length > 0 ? before.length / earlierSpan : speed
        // Timestamps in whole milliseconds make a steady pen look some 10 % slower now and then.
        let kept = min(1, recentSpeed / earlierSpeed / 0.85)
        // Turning: the last two intervals' direction against the one before them.
        var straight = 1.0
        if before.length > 0, recentMotion.length > 0 {
            let cosine = (before.dx * recentMotion.dx + before.dy * recentMotion.dy) / (before.length * recentMotion.length)
            straight = max(0, cosine) * max(0, cosine)
        } else if recentMotion.length == 0 {
            straight = 0
        }
        let lead = min(max(0, self.lead), Self.maxLead) * kept * kept * straight
        guard lead > 0 else { return .none }
        let steps = max(1, self.steps)
        let points = (1...steps).map { k in last.position + velocity * (lead * Double(k) / Double(steps)) }
        return Prediction(points: points, lead: lead)
    }

    /// The velocity of the weighted least-squares line through `samples` (weights 1, 2, 3… from
    /// the oldest), in units per second.
    static func fittedVelocity(_ samples: [Sample]) -> Vector {
        guard let t0 = samples.first?.time else { return .zero }
        var sw = 0.0, st = 0.0, sx = 0.0, sy = 0.0, stt = 0.0, stx = 0.0, sty = 0.0
        for (i, s) in samples.enumerated() {
            let w = Double(i + 1), t = s.time - t0
            sw += w; st += w * t; sx += w * s.position.x; sy += w * s.position.y
            stt += w * t * t; stx += w * t * s.position.x; sty += w * t * s.position.y
        }
        let d = sw * stt - st * st
        guard d > 0 else { return .zero }
        return Vector(dx: (sw * stx - st * sx) / d, dy: (sw * sty - st * sy) / d)
    }

    /// How far a tip predicted from `base` (`lead` seconds ahead, ending at `tip`) was from
    /// where the pen then went, judged on the samples that followed `base` (oldest first, the
    /// last at or after the predicted time): the distance from the tip to the path they drew
    /// (from `base` to the first sample at or after the predicted time), and to where the pen
    /// was at the predicted time. `nil` while no sample reaches the predicted time.
    public static func error(ofTip tip: Point, lead: Double, from base: Sample, followedBy samples: [Sample])
        -> (toPath: Double, toPosition: Double)? {
        let target = base.time + lead
        var path = [base]
        for s in samples where s.time > base.time {
            path.append(s)
            if !(s.time < target) { break }
        }
        guard let end = path.last, !(end.time < target), path.count > 1 else { return nil }
        let a = path[path.count - 2]
        let f = end.time - a.time > 0 ? min(1, max(0, (target - a.time) / (end.time - a.time))) : 1
        let position = a.position + (end.position - a.position) * f
        var toPath = Double.infinity
        for i in 1..<path.count {
            toPath = min(toPath, distance(tip, toSegment: path[i - 1].position, path[i].position))
        }
        return (toPath, tip.distance(to: position))
    }

    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let d = b - a, l2 = d.dx * d.dx + d.dy * d.dy
        guard l2 > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, ((p.x - a.x) * d.dx + (p.y - a.y) * d.dy) / l2))
        return p.distance(to: a + d * t)
    }
}
