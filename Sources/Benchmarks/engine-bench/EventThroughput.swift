// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import InteractionEngine

/// A document with a few annotations, a link and text everywhere, answering as cheaply as the
/// real hit-test tree should.
private final class BenchTargets: InteractionTargetProvider {
    let viewBounds = Rect(x: 0, y: 0, width: 1000, height: 1400)
    let annotations: [(Rect, AnnotationTarget)] = (0..<8).map { i in
        let r = Rect(x: Double(i % 4) * 220 + 40, y: Double(i / 4) * 300 + 80, width: 120, height: 80)
        return (r, AnnotationTarget(id: AnnotationID("a\(i)"), kind: .square, page: PageIndex(0), bounds: r))
    }
    var selectedAnnotations: [AnnotationTarget] = []
    func annotation(at point: Point, minimumTargetSize: Double) -> AnnotationTarget? {
        for (r, a) in annotations.reversed() where r.contains(point) { return a }
        return nil
    }
    func text(at point: Point) -> TextHit? { TextHit(page: PageIndex(0), characterIndex: Int(point.x)) }
    func smartZoomRect(at point: Point) -> Rect? { Rect(x: 0, y: 0, width: 500, height: 700) }
    func pageMapping(at point: Point) -> PageSpaceMapping? { pageMapping(for: PageIndex(0)) }
    func pageMapping(for page: PageIndex) -> PageSpaceMapping? {
        PageSpaceMapping(page: page, viewToPage: .identity, pageToPDF: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1400))
    }
}

/// The clock of the benchmark's engine: event timestamps are the only time line it sees.
private final class BenchClock: EngineClock {
    var now = InputTime.zero
}

/// Counts the engine's outputs. A class rather than a captured `var`: a captured variable lives
/// in a box whose every access is checked for exclusivity at run time, which would bill the
/// benchmark's own bookkeeping to the engine.
private final class OutputCounter {
    var count = 0
}

/// Builds a realistic session: one-finger scrolls, two-finger pinches, taps, mouse hover and
/// clicks, in the proportions of a reading session (mostly moves).
private func makeSession() -> [InputEvent] {
    var events: [InputEvent] = []
    var t = 0.0
    var seq: UInt64 = 1
    func add(_ kind: InputEvent.Kind, _ source: InputSource, _ s: UInt64, _ x: Double, _ y: Double) {
        t += 0.008
        events.append(InputEvent(kind: kind, source: source, sequence: InputSequenceID(s), position: Point(x: x, y: y),
                                 time: InputTime(seconds: t), button: source == .mouse ? .primary : nil))
    }
    for round in 0..<200 {
        let x0 = Double(round % 7) * 100 + 50
        // One-finger scroll with 60 moves.
        add(.contact(.began), .touchscreen, seq, x0, 900)
        for i in 1...60 { add(.contact(.moved), .touchscreen, seq, x0, 900 - Double(i) * 8) }
        add(.contact(.ended), .touchscreen, seq, x0, 420)
        seq += 1
        // Two-finger pinch with 40 moves of each finger.
        add(.contact(.began), .touchscreen, seq, 400, 600)
        add(.contact(.began), .touchscreen, seq + 1, 500, 600)
        for i in 1...40 {
            add(.contact(.moved), .touchscreen, seq, 400 - Double(i) * 2, 600)
            add(.contact(.moved), .touchscreen, seq + 1, 500 + Double(i) * 2, 600)
        }
        add(.contact(.ended), .touchscreen, seq, 320, 600)
        add(.contact(.ended), .touchscreen, seq + 1, 580, 600)
        seq += 2
        // A tap on an annotation, then mouse hover and a click.
        add(.contact(.began), .touchscreen, seq, 100, 120)
        add(.contact(.ended), .touchscreen, seq, 100, 120)
        seq += 1
        t += 0.5
        for i in 0..<40 { add(.hover, .mouse, 0, Double(i) * 10, 700) }
        add(.contact(.began), .mouse, 0, 400, 700)
        add(.contact(.ended), .mouse, 0, 400, 700)
        t += 0.5
    }
    return events
}

/// Measures how many events per second go through the full gesture engine (pipeline, arena
/// with every built-in recognizer, components, output sink) and prints the result.
public func runEventThroughputBenchmark() {
    let session = makeSession()
    let clock = BenchClock()
    let targets = BenchTargets()
    let outputs = OutputCounter()
    let engine = Engine(clock: clock, targets: targets) { _ in outputs.count += 1 }
    let wall = ContinuousClock()
    var best = Double.infinity
    var offset = 0.0
    for _ in 0..<5 {
        let start = wall.now
        for var e in session {
            e.time = InputTime(seconds: e.time.seconds + offset)
            clock.now = e.time
            engine.handle(e)
        }
        let elapsed = wall.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
        offset += (session.last?.time.seconds ?? 0) + 10
        clock.now = InputTime(seconds: offset - 5)
        engine.tick()
    }
    let rate = Double(session.count) / best
    let millions = (rate / 10_000).rounded() / 100
    print("event throughput: \(millions) M events/s (\(session.count) events per run, best of 5, \(outputs.count) outputs; goal ≥ 1 M events/s)")
}
