// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import SeededRandom
import XCTest

@testable import InteractionEngine


final class PropertyTests: XCTestCase {
    private let streams = 2_000
    private let eventsPerStream = 60

    /// Builds an engine with app recognizers related to the components the way the seeds do.
    private func makeHarness() -> EngineHarness {
        let h = EngineHarness()
        h.targets.zoomRect = Rect(x: 0, y: 0, width: 400, height: 400)
        h.targets.textEverywhere = true
        let sq = h.targets.addAnnotation("sq", .square, viewRect: Rect(x: 100, y: 100, width: 80, height: 80))
        h.targets.addAnnotation("ink", .ink, viewRect: Rect(x: 300, y: 300, width: 80, height: 80))
        h.targets.addLink("l", viewRect: Rect(x: 500, y: 100, width: 100, height: 30), uri: "x")
        h.targets.selectedAnnotations = [sq]
        let longPress = LongPressRecognizer(name: "app.longPress")
        longPress.require(toFail: h.interactions.selectAnnotation)
        h.interactions.allTextInteractions.require(toFail: longPress)
        let doubleTap = TapRecognizer(name: "app.doubleTap", taps: 2)
        h.interactions.smartZoom.allowSimultaneousRecognition(with: doubleTap)
        let drag = LongPressRecognizer(name: "app.drag", allowedSources: .touchscreen)
        drag.minimumPressDuration = 0.3
        drag.allowSimultaneousRecognition(with: h.engine.scrollPan)
        let pan = h.engine.scrollPan
        drag.onStateChange = { r in
            if r.state == .began { pan.isEnabled = false; pan.isEnabled = true }
        }
        for r in [longPress, doubleTap, drag] { XCTAssertNoThrow(try h.engine.arena.add(r)) }
        return h
    }

    private func randomPoint(_ g: inout SeededGenerator) -> Point {
        Point(x: Double.random(in: 0..<800, using: &g), y: Double.random(in: 0..<1200, using: &g))
    }

    /// Plays one random stream, checking invariants as it goes; returns the violations found.
    private func play(seed: UInt64) -> [String] {
        var g = SeededGenerator(state: seed)
        let h = makeHarness()
        let arena = h.engine.arena
        var violations: [String] = []
        var begun = Set<ObjectIdentifier>()
        arena.onTransition = { r in
            switch r.state {
            case .began:
                begun.insert(ObjectIdentifier(r))
            case .ended, .cancelled:
                if begun.remove(ObjectIdentifier(r)) == nil { violations.append("\(r.name) ended without beginning") }
            default:
                break
            }
            if r.state == .began || r.state == .recognized {
                for o in arena.recognizers where r.requiresFailure(of: o) {
                    if o.state.hasSucceeded || (o.isEnabled && o.state == .possible && o.hasInput) {
                        violations.append("\(r.name) began while \(o.name) was \(o.state)")
                    }
                }
            }
        }
        var t = 0.0
        var down: [UInt64: Point] = [:]
        var nextSeq: UInt64 = 1
        let sources: [InputSource] = [.touchscreen, .touchscreen, .touchscreen, .mouse, .pen]
        var source = InputSource.touchscreen
        for _ in 0..<eventsPerStream {
            t += Double.random(in: 0...0.2, using: &g)
            switch Int.random(in: 0..<10, using: &g) {
            case 0, 1:
                if down.isEmpty { source = sources.randomElement(using: &g)! }
                if source != .touchscreen && !down.isEmpty { continue }
                let seq = source == .touchscreen ? nextSeq : 0
                nextSeq += 1
                let p = randomPoint(&g)
                down[seq] = p
                h.down(seq, p, t: t, source: source)
            case 2, 3, 4, 5:
                guard let (seq, p) = down.randomElement(using: &g) else { continue }
                let q = Point(x: p.x + Double.random(in: -40...40, using: &g), y: p.y + Double.random(in: -40...40, using: &g))
                down[seq] = q
                h.move(seq, q, t: t, source: source)
            case 6, 7:
                guard let (seq, p) = down.randomElement(using: &g) else { continue }
                down[seq] = nil
                h.up(seq, p, t: t, source: source)
            case 8:
                h.wait(until: t)
            default:
                let p = randomPoint(&g)
                switch Int.random(in: 0..<4, using: &g) {
                case 0: h.send(.hover, .mouse, seq: 0, at: p, t: t)
                case 1: h.send(.touchpadPinch(.began, scale: 1, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at: p, t: t)
                        h.send(.touchpadPinch(.moved, scale: 1.3, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at: p, t: t)
                        h.send(.touchpadPinch(.ended, scale: 1.3, angleDelta: 0, fingers: 2), .touchpad, seq: 0, at: p, t: t)
                case 2: h.send(.proximity(entering: Bool.random(using: &g)), .pen, seq: 0, at: p, t: t)
                default: h.send(.scroll(delta: Vector(dx: 0, dy: 1), kind: .discrete, phase: nil), .mouse, seq: 0, at: p, t: t)
                }
            }
        }
        for (seq, p) in down.sorted(by: { $0.key < $1.key }) {
            t += 0.01
            h.up(seq, p, t: t, source: source)
        }
        h.send(.leave, .mouse, seq: 0, t: t + 0.01)
        h.send(.proximity(entering: false), .pen, seq: 0, t: t + 0.02)
        h.wait(until: t + 5)
        for r in arena.recognizers where r.state.isActive || r.pendingState != nil || !r.touches.isEmpty {
            violations.append("\(r.name) still \(r.state) after every sequence ended")
        }
        if !begun.isEmpty { violations.append("\(begun.count) begun gestures never ended") }
        if arena.delivery.heldEventCount != 0 { violations.append("contacts still held back") }
        return violations.map { "seed \(seed): \($0)" }
    }

    func testRandomStreamsKeepEveryInvariant() {
        var failures: [String] = []
        for seed in 0..<UInt64(streams) {
            failures += play(seed: seed &* 7919 &+ 17)
            if failures.count > 10 { break }
        }
        XCTAssertEqual(failures, [], "no crash, begun gestures end, nothing stays active, failure requirements hold")
    }
}
