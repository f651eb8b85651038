// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// A document of 800×1000 pages stacked vertically at zoom 1: page i occupies view y from
/// i·1000 to (i+1)·1000, so view → page is a translation and page → PDF flips y.
final class FakeTargets: InteractionTargetProvider {
    struct Item { var target: AnnotationTarget; var viewRect: Rect }
    var viewBounds = Rect(x: 0, y: 0, width: 800, height: 2000)
    var annotations: [Item] = []
    var links: [(hit: LinkHit, viewRect: Rect)] = []
    var textEverywhere = false
    var zoomRect: Rect?
    var selectedAnnotations: [AnnotationTarget] = []
    var hasTextSelection = false
    /// The pages shown, when a test says where they are.
    var pagesBounds: Rect?

    static func mapping(_ page: Int) -> PageSpaceMapping {
        PageSpaceMapping(
            page: PageIndex(page), viewToPage: .translation(0, -Double(page) * 1000),
            pageToPDF: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1000))
    }

    private func page(of viewRect: Rect) -> Int { Int((viewRect.minY / 1000).rounded(.down)) }

    @discardableResult
    func addAnnotation(_ id: String, _ kind: AnnotationKind, viewRect: Rect, locked: Bool = false) -> AnnotationTarget {
        let p = page(of: viewRect)
        let pdf = FakeTargets.mapping(p).viewToPage.concatenating(FakeTargets.mapping(p).pageToPDF).apply(to: viewRect)
        let target = AnnotationTarget(id: AnnotationID(id), kind: kind, page: PageIndex(p), bounds: pdf, isLocked: locked)
        annotations.append(Item(target: target, viewRect: viewRect))
        return target
    }

    @discardableResult
    func addLink(_ id: String, viewRect: Rect, uri: String) -> LinkHit {
        let p = page(of: viewRect)
        let target = AnnotationTarget(id: AnnotationID(id), kind: .link, page: PageIndex(p), bounds: viewRect)
        let hit = LinkHit(annotation: target, action: .uri(uri))
        links.append((hit, viewRect))
        return hit
    }

    func annotation(at point: Point, minimumTargetSize: Double) -> AnnotationTarget? {
        let size = Size(width: minimumTargetSize, height: minimumTargetSize)
        return annotations.last { $0.viewRect.expanded(toAtLeast: size).contains(point) }?.target
    }

    func link(at point: Point, minimumTargetSize: Double) -> LinkHit? {
        let size = Size(width: minimumTargetSize, height: minimumTargetSize)
        return links.last { $0.viewRect.expanded(toAtLeast: size).contains(point) }?.hit
    }

    func text(at point: Point) -> TextHit? {
        textEverywhere ? TextHit(page: PageIndex(Int(point.y / 1000)), characterIndex: Int(point.x)) : nil
    }

    func smartZoomRect(at point: Point) -> Rect? { zoomRect }
    func pageMapping(at point: Point) -> PageSpaceMapping? { FakeTargets.mapping(Int(point.y / 1000)) }
    func pageMapping(for page: PageIndex) -> PageSpaceMapping? { FakeTargets.mapping(page.rawValue) }
}

/// Drives an ``Engine`` with scripted input and a manual clock, collecting its outputs.
final class EngineHarness {
    let clock = ManualClock()
    let targets = FakeTargets()
    var outputs: [EngineOutput] = []
    private(set) lazy var engine: Engine = Engine(clock: clock, targets: targets) { [unowned self] in
        self.outputs.append($0)
    }
    var interactions: Interactions { engine.interactions }

    /// Outputs other than raw contacts and hover: the decisions a host acts on.
    var decisions: [EngineOutput] {
        outputs.filter {
            switch $0 {
            case .contact, .contactCancelled, .hover: return false
            default: return true
            }
        }
    }

    var scrollTotal: Vector {
        outputs.reduce(Vector.zero) { sum, o in
            if case .scroll(let v) = o { return sum + v }
            return sum
        }
    }

    func send(_ kind: InputEvent.Kind, _ source: InputSource = .touchscreen, seq: UInt64 = 1,
              at p: Point = .zero, t: Double, modifiers: Modifiers = []) {
        let time = InputTime(seconds: t)
        if clock.now < time { clock.set(time) }
        engine.handle(InputEvent(kind: kind, source: source, sequence: InputSequenceID(seq), position: p,
                                 time: time, button: source == .touchscreen || source == .pen ? nil : .primary,
                                 modifiers: modifiers))
    }

    func down(_ seq: UInt64 = 1, _ p: Point, t: Double, source: InputSource = .touchscreen) {
        send(.contact(.began), source, seq: seq, at: p, t: t)
    }
    func move(_ seq: UInt64 = 1, _ p: Point, t: Double, source: InputSource = .touchscreen) {
        send(.contact(.moved), source, seq: seq, at: p, t: t)
    }
    func up(_ seq: UInt64 = 1, _ p: Point, t: Double, source: InputSource = .touchscreen) {
        send(.contact(.ended), source, seq: seq, at: p, t: t)
    }
    func tap(_ p: Point, t: Double, seq: UInt64 = 1, source: InputSource = .touchscreen) {
        down(seq, p, t: t, source: source)
        up(seq, p, t: t + 0.05, source: source)
    }
    func doubleTap(_ p: Point, t: Double, source: InputSource = .touchscreen) {
        tap(p, t: t, seq: 1, source: source)
        tap(p, t: t + 0.15, seq: 2, source: source)
    }

    /// Advances the clock to `t`, firing every timer due on the way, as the shell's timeouts would.
    func wait(until t: Double) {
        let end = InputTime(seconds: t)
        while let d = engine.nextDeadline, d <= end {
            if clock.now < d { clock.set(d) }
            engine.tick()
        }
        clock.set(end)
        engine.tick()
    }
}

final class ScenarioHarnessTests: XCTestCase {
    func testFakePagesMapViewPointsToFlippedPDFSpace() {
        let mapping = FakeTargets.mapping(1)
        XCTAssertEqual(mapping.convert(Point(x: 10, y: 1100), from: .view, to: .pdf(PageIndex(1))), Point(x: 10, y: 900))
        XCTAssertEqual(mapping.convert(Point(x: 10, y: 900), from: .pdf(PageIndex(1)), to: .view), Point(x: 10, y: 1100))
    }

    func testAPlainTapTogglesTheUserInterfaceOnceTheDoubleTapWindowCloses() {
        let h = EngineHarness()
        h.targets.zoomRect = Rect(x: 0, y: 0, width: 400, height: 500)
        h.tap(Point(x: 400, y: 400), t: 0)
        XCTAssertEqual(h.decisions, [])
        h.wait(until: 1)
        XCTAssertEqual(h.decisions, [.toggleUserInterface])
    }

    func testAPlainTapTogglesTheUserInterfaceAtOnceWhenSmartZoomCannotAct() {
        let h = EngineHarness()
        h.tap(Point(x: 400, y: 400), t: 0)
        XCTAssertEqual(h.decisions, [.toggleUserInterface])
    }
}
