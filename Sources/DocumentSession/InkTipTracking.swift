// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// The predicted tip of the stroke being drawn: the stroke's recent samples with their event
/// times, the tip ``InkTipPredictor`` makes of them, and how far the tips drawn were from
/// where the pen then went.
///
/// It exists apart from the Ink tool's strokes so that the tip is only ever drawn: the frame
/// (``FrameModel/InkStroke/predicted``) shows it after the last sample and the next samples
/// replace it, while the tool's strokes, which are what is committed, never contain it.
public struct InkTipTracking {
    /// Mean distances, in view pixels, between the tips drawn and the path that followed them
    /// (``InkTipPredictor/error(ofTip:lead:from:followedBy:)``), over ``measured`` tips.
    public struct Figures: Equatable, Sendable {
        public var measured = 0
        public var meanDistanceToPath = 0.0
        public var meanDistanceToPosition = 0.0
    }

    /// How many samples are kept: more than the predictor fits.
    static let keptSamples = 8

    var predictor = InkTipPredictor()
    /// The time of the input event being handled (the samples it adds were taken then).
    var eventTime: InputTime?
    private var page: PageIndex?
    private var strokeIndex = -1
    private var sampleCount = 0
    private(set) var samples: [InkTipPredictor.Sample] = []
    /// The tip predicted from the latest samples, in PDF space.
    private(set) var prediction = InkTipPredictor.Prediction.none
    /// When the latest sample came, on the session's clock (a tip older than a frame is stale).
    private(set) var arrival: InputTime?
    private var pending: [(tip: Point, lead: Double, base: InkTipPredictor.Sample, followers: [InkTipPredictor.Sample], zoom: Double, drawn: Bool)] = []
    public private(set) var figures = Figures()

    public init() {}

    /// The tool's strokes on `page` changed (its ink preview): new samples of the last stroke
    /// join the recent ones at the event's time, and a preview with no new sample is the pen
    /// held where it was. `predicts` false keeps no tip.
    mutating func update(page: PageIndex, strokes: [[InkPoint]], now: InputTime, zoom: Double, predicts: Bool) {
        guard let stroke = strokes.last, !stroke.isEmpty else { strokeEnded(); return }
        let time = eventTime ?? now
        if page != self.page || strokes.count - 1 != strokeIndex || stroke.count < sampleCount {
            strokeEnded()
            self.page = page
            strokeIndex = strokes.count - 1
            sampleCount = 0
        }
        var added: [InkTipPredictor.Sample] = []
        if stroke.count > sampleCount {
            added = stroke[sampleCount...].map { InkTipPredictor.Sample($0.location, at: time) }
        } else if let last = samples.last, time > last.time {
            added = [InkTipPredictor.Sample(last.position, at: time)]
        }
        sampleCount = stroke.count
        guard !added.isEmpty else { return }
        samples = Array((samples + added).suffix(Self.keptSamples))
        arrival = now
        measure(added)
        prediction = predicts ? predictor.predict(samples) : .none
        if let tip = prediction.points.last, let base = samples.last {
            pending.append((tip, prediction.lead, base, [], zoom, false))
        }
    }

    /// The contact ended (or the strokes went): no tip until the next stroke; the figures stay.
    mutating func strokeEnded() {
        samples = []
        prediction = .none
        pending = []
        page = nil
        strokeIndex = -1
        sampleCount = 0
        arrival = nil
    }

    /// The tip to draw on `page` after stroke `stroke` at `now`: none once it is a frame old
    /// (the pen stopped sending), else its points (PDF space); marks it drawn.
    mutating func tip(on page: PageIndex, stroke: Int, now: InputTime) -> [Point] {
        guard page == self.page, stroke == strokeIndex, !prediction.points.isEmpty, let arrival,
              now - arrival <= InkTipPredictor.maxLead else { return [] }
        if let i = pending.indices.last { pending[i].drawn = true }
        return prediction.points
    }

    /// Judges the tips waiting for the samples that followed them: a drawn tip whose predicted
    /// time the pen has reached counts in the figures; tips not drawn are dropped.
    private mutating func measure(_ added: [InkTipPredictor.Sample]) {
        var still: [(tip: Point, lead: Double, base: InkTipPredictor.Sample, followers: [InkTipPredictor.Sample], zoom: Double, drawn: Bool)] = []
        for var p in pending {
            p.followers += added
            if let e = InkTipPredictor.error(ofTip: p.tip, lead: p.lead, from: p.base, followedBy: p.followers) {
                guard p.drawn else { continue }
                let n = Double(figures.measured)
                figures.meanDistanceToPath = (figures.meanDistanceToPath * n + e.toPath * p.zoom) / (n + 1)
                figures.meanDistanceToPosition = (figures.meanDistanceToPosition * n + e.toPosition * p.zoom) / (n + 1)
                figures.measured += 1
            } else {
                still.append(p)
            }
        }
        pending = Array(still.suffix(8))
    }
}
