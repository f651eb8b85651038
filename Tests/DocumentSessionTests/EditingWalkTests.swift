// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Foundation
import Geometry
import InteractionEngine
import SeededRandom
import XCTest

/// A host for a whole document session with no widget: what the canvas does with the effects
/// that touch the document (reading a page's annotations, refreshing the engine's targets after
/// each edit the session committed), over an in-memory editor and a manual clock.
final class EditingWalkHost {
    let clock = ManualClock(now: InputTime(seconds: 100))
    let editor: FakeEditingPort
    private(set) var session: DocumentSession!
    private var made = 0

    init(_ annotations: [Annotation], pageSizes: [Size]) {
        editor = FakeEditingPort(annotations)
        let clock = clock
        session = DocumentSession(clock: clock, stamp: { [unowned self] _ in
            made += 1
            return CreationStamp(id: "made-\(made)", author: "Walker", date: "D:20261202")
        })
        session.editing = editor
        apply(session.changeView {
            $0.resize(to: Size(width: 976, height: 640))
            $0.setDocument(pageSizes: pageSizes)
        })
        settle()
    }

    /// Applies the effects as the canvas would, as far as they touch the document: a page
    /// read (its annotations handed to the engine), and after an edit the engine's targets
    /// refreshed from the editor (notes, text boxes and stamps need dialogs: none here).
    func apply(_ effects: [SessionEffect]) {
        for effect in effects {
            if case .readPage(let page) = effect { refresh(page) }
        }
    }

    /// The engine's targets of a page, from the editor (the session's own rules, as the canvas asks).
    func refresh(_ page: PageIndex) {
        apply(session.refreshTargets(on: page, linksListed: false))
    }

    func refreshAll() {
        for page in session.content.annotationsByPage.keys { refresh(page) }
        session.interaction.pruneSelection()
    }

    func send(_ event: InputEvent) {
        clock.set(event.time)
        let before = editor.committed.count
        apply(session.handle(event))
        if editor.committed.count != before { refreshAll() }
    }

    /// Frames of 1/60 s for `seconds`.
    func run(for seconds: Double) {
        let end = clock.now + seconds
        while clock.now < end { frame() }
    }

    /// Frames until nothing moves by itself (at most five seconds).
    func settle() {
        var n = 0
        repeat {
            frame()
            n += 1
        } while (session.needsFrames || session.view.isAnimating) && n < 300
    }

    private func frame() {
        clock.advance(by: 1.0 / 60)
        let before = editor.committed.count
        apply(session.tick(at: clock.now))
        if editor.committed.count != before { refreshAll() }
    }
}

/// One step of an editing walk: what a person does with one contact, a key, a wheel or a tool.
enum EditingStep: CustomStringConvertible {
    case pick(ToolID?)
    case click(Point)
    case drag(InputSource, from: Point, by: Vector)
    case tap(InputSource, Point, jitter: Vector)
    case hold(Point, then: Vector)
    case wheel(Double)
    case key(String)

    var description: String {
        switch self {
        case .pick(let t): return "pick \(t?.rawValue ?? "select")"
        case .click(let p): return "click \(p)"
        case .drag(let s, let p, let v): return "\(s) drag \(p) by \(v)"
        case .tap(let s, let p, let j): return "\(s) tap \(p) jitter \(j)"
        case .hold(let p, let v): return "hold \(p) then \(v)"
        case .wheel(let dy): return "wheel \(dy)"
        case .key(let k): return "key \(k)"
        }
    }
}

/// Random walks of input and tool choices played through the real ``DocumentSession`` (its
/// engine, routing, previews, carrying and commits) with a manual clock and an in-memory
/// editor, over every selection state; after each step: what is shown equals what the editor
/// holds, nothing moved without a contact past the tap slop, and a swipe never changed the
/// document. A failure names the seed (`EDIT_WALK_SEED` replays it) and the steps.
final class EditingWalkTests: XCTestCase {
    static let walks = 60
    static let stepsPerWalk = 50
    let pageSize = Size(width: 420, height: 595)

    private func annotations() -> [Annotation] {
        (0..<3).flatMap { p -> [Annotation] in
            let page = PageIndex(p)
            return [
                Annotation(id: "p\(p)-sq", page: page, subtype: .square, rect: Rect(x: 60, y: 420, width: 120, height: 80)),
                Annotation(id: "p\(p)-ci", page: page, subtype: .circle, rect: Rect(x: 230, y: 300, width: 100, height: 90)),
                Annotation(id: "p\(p)-small", page: page, subtype: .square, rect: Rect(x: 300, y: 120, width: 14, height: 14)),
            ]
        }
    }

    private func randomStep(_ host: EditingWalkHost, _ rng: inout SeededGenerator) -> EditingStep {
        let coordinates = host.session.interaction.scene.coordinates
        let targets = coordinates.pages.flatMap { host.session.interaction.scene.annotations(on: $0.index) }
            .compactMap { coordinates.viewRect(fromPDF: $0.bounds, on: $0.page) }
        func anywhere() -> Point { Point(x: 20 + rng.unit() * 930, y: 20 + rng.unit() * 600) }
        func somewhere() -> Point {
            // Half the time on (or at the corner of) an annotation in view.
            guard !targets.isEmpty, rng.unit() < 0.6 else { return anywhere() }
            let r = targets[Int(rng.next() % UInt64(targets.count))]
            return rng.unit() < 0.25 ? Point(x: r.maxX, y: r.maxY) : Point(x: r.minX + rng.unit() * r.width, y: r.minY + rng.unit() * r.height)
        }
        func vector(_ scale: Double) -> Vector { Vector(dx: (rng.unit() - 0.5) * scale, dy: (rng.unit() - 0.5) * scale) }
        let small = ContactVocabulary.tapSlop
        switch rng.next() % 13 {
        case 0: return .pick([nil, nil, nil, .ink, .square][Int(rng.next() % 5)])
        case 1, 2: return .click(somewhere())
        case 3, 4: return .drag(.mouse, from: somewhere(), by: vector(240))
        case 5: return .tap(.touchscreen, somewhere(), jitter: vector(small.touch * 1.2))
        case 6: return .drag(.touchscreen, from: somewhere(), by: Vector(dx: (rng.unit() - 0.5) * 40, dy: -80 - rng.unit() * 200))
        case 7: return .hold(somewhere(), then: rng.unit() < 0.5 ? .zero : vector(200))
        case 8: return .tap(.pen, somewhere(), jitter: vector(small.pen * 1.2))
        case 9: return .drag(.pen, from: somewhere(), by: vector(160))
        case 10: return .tap(.mouse, somewhere(), jitter: vector(small.pointer * 1.2))
        case 11: return .wheel((rng.unit() - 0.5) * 400)
        default: return .key(["Delete", "Escape", "Left"][Int(rng.next() % 3)])
        }
    }

    private var sequence: UInt64 = 1

    private func event(_ kind: InputEvent.Kind, _ source: InputSource, _ p: Point, _ host: EditingWalkHost) -> InputEvent {
        InputEvent(kind: kind, source: source, sequence: source == .touchscreen ? InputSequenceID(sequence) : .pointer, position: p,
                   time: host.clock.now, button: source == .mouse ? .primary : nil,
                   axes: source == .pen ? StylusAxes(pressure: 0.5) : StylusAxes())
    }

    private func contact(_ source: InputSource, from p: Point, by v: Vector, steps: Int, hold: Double, _ host: EditingWalkHost) {
        sequence += 1
        host.send(event(.contact(.began), source, p, host))
        if hold > 0 { host.run(for: hold) }
        for i in 1...steps {
            host.clock.advance(by: 0.016)
            host.send(event(.contact(.moved), source, p + v * (Double(i) / Double(steps)), host))
        }
        host.clock.advance(by: 0.016)
        host.send(event(.contact(.ended), source, p + v, host))
    }

    private func perform(_ step: EditingStep, _ host: EditingWalkHost) {
        switch step {
        case .pick(let tool): host.session.interaction.pick(tool)
        case .click(let p): contact(.mouse, from: p, by: .zero, steps: 1, hold: 0, host)
        case .drag(let source, let p, let v): contact(source, from: p, by: v, steps: 8, hold: 0, host)
        case .tap(let source, let p, let jitter): contact(source, from: p, by: jitter, steps: 1, hold: 0, host)
        case .hold(let p, let v): contact(.touchscreen, from: p, by: v, steps: 8, hold: 0.7, host)
        case .wheel(let dy):
            host.send(InputEvent(kind: .scroll(delta: Vector(dx: 0, dy: dy), kind: .smooth, phase: nil), source: .mouse, position: Point(x: 500, y: 300),
                                 time: host.clock.now))
        case .key(let name):
            host.send(InputEvent(kind: .key(name: name, pressed: true), source: .keyboard, time: host.clock.now))
            host.send(InputEvent(kind: .key(name: name, pressed: false), source: .keyboard, time: host.clock.now))
        }
        host.run(for: 0.5)
        host.settle()
    }

    /// The first broken rule after `step`, if any.
    private func broken(after step: EditingStep, _ host: EditingWalkHost, recordsBefore: Int, selectionBefore: [AnnotationID],
                        toolBefore: ToolID?, rectsBefore: [AnnotationID: Rect]) -> String? {
        let session: DocumentSession = host.session
        let new = host.editor.committed[recordsBefore...].map(\.name)
        // What is shown equals what the editor holds.
        if session.previews.transforms.isEmpty {
            for page in session.content.annotationsByPage.keys {
                let held = Dictionary(uniqueKeysWithValues: host.editor.annotations(on: page).map { (AnnotationID($0.id), $0.rect) })
                let shown = session.interaction.scene.annotations(on: page)
                for target in shown where held[target.id] != target.bounds {
                    return "\(target.id) shown at \(target.bounds) on page \(page), the editor holds \(held[target.id].map { "\($0)" } ?? "nothing")"
                }
                if shown.count != held.count { return "page \(page) shows \(shown.count) annotations, the editor holds \(held.count)" }
            }
        } else {
            return "a move is still in progress after the contact lifted"
        }
        for id in session.interaction.selectedAnnotations where host.editor.annotation(id.rawValue) == nil {
            return "\(id) is selected but no longer exists"
        }
        // No move without a contact past the tap slop.
        let moves: Set<String> = ["Move", "Resize", "Move Line End"]
        switch step {
        case .click, .tap:
            if let name = new.first(where: moves.contains) { return "a tap recorded \(name)" }
        case .hold(_, let v) where v == .zero:
            if let name = new.first(where: moves.contains) { return "a hold in place recorded \(name)" }
        default:
            break
        }
        // A finger's swipe that starts away from the selection never changes the document
        // (with Select: a finger draws only with a creation tool before any pen was seen).
        if case .drag(.touchscreen, let from, _) = step, toolBefore == nil {
            let onSelection = selectionBefore.contains { id in
                rectsBefore[id].map { $0.insetBy(dx: -24, dy: -24).contains(from) } == true
            }
            if !onSelection, !new.isEmpty { return "a swipe changed the document: \(new)" }
        }
        return nil
    }

    func testEditingWalksKeepWhatIsShownWhatIsSavedAndLeaveSwipesAlone() {
        let base = UInt64(ProcessInfo.processInfo.environment["EDIT_WALK_SEED"].flatMap(UInt64.init) ?? 0xED17_0032)
        let started = Date()
        var steps = 0, records = 0
        var kinds = Set<String>()
        for walk in 0..<Self.walks {
            let seed = base &+ UInt64(walk)
            var rng = SeededGenerator(seed: seed)
            let host = EditingWalkHost(annotations(), pageSize: pageSize)
            var played: [EditingStep] = []
            for _ in 0..<Self.stepsPerWalk {
                let step = randomStep(host, &rng)
                played.append(step)
                let coordinates = host.session.interaction.scene.coordinates
                let selection = host.session.interaction.selectedAnnotations
                var rects: [AnnotationID: Rect] = [:]
                for id in selection {
                    if let t = host.session.interaction.scene.annotation(id), let r = coordinates.viewRect(fromPDF: t.bounds, on: t.page) { rects[id] = r }
                }
                let before = host.editor.committed.count, tool = host.session.interaction.pickedTool
                perform(step, host)
                steps += 1
                if let failure = broken(after: step, host, recordsBefore: before, selectionBefore: selection, toolBefore: tool, rectsBefore: rects) {
                    XCTFail("seed \(seed) (EDIT_WALK_SEED=\(base), walk \(walk)), \(failure) after: \(played.map(\.description).joined(separator: "; "))")
                    return
                }
            }
            records += host.editor.committed.count
            kinds.formUnion(host.editor.committed.map(\.name))
        }
        let seconds = Date().timeIntervalSince(started)
        print("editing random walk: \(steps) steps in \(String(format: "%.2f", seconds)) s (\(Int(Double(steps) / seconds)) steps/s), \(records) edits: \(kinds.sorted())")
        XCTAssertEqual(steps, Self.walks * Self.stepsPerWalk)
        // The walks reach the edits they are meant to judge.
        XCTAssertTrue(kinds.isSuperset(of: ["Move", "Ink", "Delete"]), "\(kinds)")
    }
}

extension EditingWalkHost {
    convenience init(_ annotations: [Annotation], pageSize: Size) {
        self.init(annotations, pageSizes: [pageSize, pageSize, pageSize])
    }
}
