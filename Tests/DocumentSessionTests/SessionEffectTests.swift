// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// An editor in memory: the annotations of a few pages, and the edits committed to it.
final class FakeEditingPort: EditingPort {
    var pages: [PageIndex: [Annotation]] = [:]
    var committed: [EditRecord] = []
    /// Whether the document refuses edits (the window holding one back to ask, say).
    var refuses = false

    init(_ annotations: [Annotation]) {
        for a in annotations { pages[a.page, default: []].append(a) }
    }

    func annotations(on page: PageIndex) -> [Annotation] { pages[page] ?? [] }
    func annotation(_ id: String) -> Annotation? { pages.values.joined().first { $0.id == id } }
    func popupID(of annotation: Annotation) -> String? { nil }
    /// Fields of the fake's document, by widget id.
    var fields: [String: (field: FormField, widget: FormWidget)] = [:]
    func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)? { fields[annotationID] }
    func formField(named name: String) -> FormField? { fields.values.first { $0.field.name == name }?.field }
    /// The fields' widgets in Tab order: page by page, each page's in the order of its /Annots.
    var tabOrder: [FormField] = []
    func formTabStops() -> [FormStop] { FormTabOrder.stops(tabOrder, annotationIndex: { _ in nil }, pageOrder: { _ in .annotations }) }
    func removal(of ids: [String]) -> [PlacedAnnotation] {
        pages.values.flatMap { list in list.enumerated().filter { ids.contains($0.element.id) }.map { PlacedAnnotation($0.element, at: $0.offset) } }
    }

    func commit(_ record: EditRecord) -> Bool {
        guard !refuses else { return false }
        committed.append(record)
        switch record.edit {
        case .replace(let before, let after):
            for (old, new) in zip(before, after) {
                pages[old.page]?.removeAll { $0.id == old.id }
                pages[new.page, default: []].append(new)
            }
        case .insert(let placed):
            for p in placed { pages[p.annotation.page, default: []].append(p.annotation) }
        case .remove(let placed):
            for p in placed { pages[p.annotation.page]?.removeAll { $0.id == p.annotation.id } }
        case .exchange(let removed, let inserted):
            for p in removed { pages[p.annotation.page]?.removeAll { $0.id == p.annotation.id } }
            for p in inserted { pages[p.annotation.page, default: []].append(p.annotation) }
        case .setFieldValue(let name, _, let after):
            for (id, entry) in fields where entry.field.name == name { fields[id]?.field.value = after }
        default:
            break
        }
        return true
    }
}

/// The session is the one host of the interaction engine: every output the engine can produce
/// is applied to the session's own state or handed on as a ``SessionEffect``, and the only ones
/// dropped are those the engine never forwards. Moves are shown as they go and committed through
/// the editing port as one step; the carrying follows only the carrying contact.
final class SessionEffectTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })
    var delivered: [SessionEffect] = []
    // One A5 page at zoom 1 in an 800 × 600 view, its top-left at view (16, 16).
    let square = Annotation(id: "p0-a0", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 300, width: 80, height: 40))
    lazy var editor = FakeEditingPort([square])

    override func setUp() {
        session.deliver = { [unowned self] in self.delivered += $0 }
        session.openTwoA5Pages(editedBy: editor)
        session.interaction.setAnnotations([SceneTargets.target(square)], on: PageIndex(0))
    }

    private var target: AnnotationTarget { session.interaction.scene.annotation(AnnotationID(square.id))! }
    private var squareInView: Rect { session.interaction.scene.coordinates.viewRect(fromPDF: target.bounds, on: target.page)! }

    func testEveryEngineOutputIsAppliedByTheSessionOrHandedOn() {
        let outputs = InteractionOutput.examples(target: target)
        XCTAssertEqual(Set(outputs.map(\.kind)), Set(InteractionOutput.Kind.allCases), "the catalogue covers every kind")
        var silent: [String] = []
        for output in outputs {
            let name: String
            switch output {
            case .tool(let c): name = "tool." + c.kind.rawValue
            case .engine(let d): name = "engine." + d.kind.rawValue
            default: name = output.kind.rawValue
            }
            // Each output meets the square in place (an earlier one may have deleted it).
            editor.pages = [PageIndex(0): [square]]
            session.interaction.setAnnotations([SceneTargets.target(square)], on: PageIndex(0))
            // A move, resize or end needs a transform in progress to act on.
            if case .tool(let c) = output, [.moveAnnotation, .resizeAnnotation, .moveLineEnd, .endTransform].contains(c.kind) {
                session.interaction.output(.tool(.beginTransform(target.id)))
            }
            // The partial eraser's path needs ink to cut, and its end a contact that erased.
            if case .tool(let c) = output, c.kind == .eraseAlong || c.kind == .endErase {
                let ink = Annotation(id: "p0-ink", page: PageIndex(0), subtype: .ink, rect: Rect(x: 148, y: 60, width: 4, height: 120),
                                     borderWidth: 1, geometry: .ink([InkStroke(points: [Point(x: 150, y: 60), Point(x: 150, y: 180)])]))
                editor.pages[PageIndex(0), default: []].append(ink)
                if c.kind == .endErase { session.interaction.output(.tool(.eraseAlong(PageIndex(0), path: [Point(x: 140, y: 120), Point(x: 160, y: 120)], radius: 3))) }
            }
            let previews = session.previews.band, ink = session.previews.ink?.strokes, transforms = session.previews.transforms.count
            delivered.removeAll()
            session.interaction.output(output)
            let changedState = previews != session.previews.band || ink != session.previews.ink?.strokes
                || transforms != session.previews.transforms.count
            if delivered.isEmpty && !changedState { silent.append(name) }
        }
        // What the session leaves alone: the decisions DocumentInteraction turns into other
        // outputs itself (never forwarded, proven below), a sideways swipe (history steps come
        // as navigation) and the pen's end (the tools read it from each event).
        let neverForwarded: Set<String> = ["engine.contact", "engine.contactCancelled", "engine.scroll", "engine.scrollEnded",
                                           "engine.stopMomentum", "engine.zoom", "engine.smartZoom", "engine.key",
                                           "engine.selectAnnotation", "engine.deselectAnnotations", "engine.transformAnnotation",
                                           "engine.liftAnnotation", "engine.selectText", "engine.deselectText", "engine.hover"]
        XCTAssertEqual(Set(silent), neverForwarded.union(["engine.swipe", "engine.stylusEnd"]), "\(silent)")
        let interaction = DocumentInteraction(clock: ManualClock(now: InputTime(seconds: 1)))
        var forwarded: [EngineOutput] = []
        interaction.output = { if case .engine(let d) = $0 { forwarded.append(d) } }
        for case .engine(let decision) in outputs where neverForwarded.contains("engine." + decision.kind.rawValue) {
            interaction.engine.output(decision)
        }
        XCTAssertEqual(forwarded, [], "the engine never hands these on")
    }

    func testPreviewCommandsChangeTheSessionsPreviewsAndAskForARedraw() {
        let band = Rect(x: 10, y: 20, width: 30, height: 40)
        session.interaction.output(.tool(.selectionBand(band)))
        XCTAssertEqual(session.previews.band, band)
        XCTAssertEqual(delivered, [.redraw])
        session.interaction.output(.tool(.selectionBand(nil)))
        XCTAssertNil(session.previews.band)
        session.interaction.output(.tool(ToolCommand.example(.inkPreview)))
        XCTAssertEqual(session.previews.ink?.strokes.first?.count, 2)
        session.interaction.output(.tool(.inkPreview(PageIndex(0), [])))
        XCTAssertNil(session.previews.ink)
        session.interaction.output(.tool(ToolCommand.example(.shapePreview)))
        XCTAssertNotNil(session.previews.shape)
        session.interaction.output(.tool(.clearShapePreview))
        XCTAssertNil(session.previews.shape)
    }

    private func mouse(_ phase: InputPhase, _ p: Point) -> [SessionEffect] {
        clock.advance(by: 0.016)
        return session.handle(InputEvent(kind: .contact(phase), source: .mouse, position: p, time: clock.now, button: .primary))
    }

    func testAMouseDragIsShownAsItGoesAndCommittedAsOneMove() {
        let start = squareInView.center
        var effects = mouse(.began, start)
        effects += mouse(.moved, start + Vector(dx: 10, dy: 0))
        effects += mouse(.moved, start + Vector(dx: 30, dy: 20))
        XCTAssertEqual(session.previews.transforms[square.id]?.current.rect.minX ?? .nan, 130, accuracy: 1e-9, "shown moved")
        XCTAssertEqual(editor.committed.count, 0, "nothing committed while the button is down")
        XCTAssertTrue(effects.contains(.redraw))
        effects += mouse(.ended, start + Vector(dx: 30, dy: 20))
        XCTAssertEqual(editor.committed.map(\.name), ["Move"])
        XCTAssertEqual(editor.annotation(square.id)?.rect.minX ?? .nan, 130, accuracy: 1e-9)
        XCTAssertEqual(editor.annotation(square.id)?.rect.minY ?? .nan, 280, accuracy: 1e-9, "view down is PDF down")
        XCTAssertTrue(session.previews.transforms.isEmpty)
        XCTAssertEqual(delivered, [], "every effect came back from the calls that caused them")
    }

    func testAMoveTheDocumentRefusesGoesBackToWhereItWas() {
        editor.refuses = true
        let start = squareInView.center
        _ = mouse(.began, start)
        _ = mouse(.moved, start + Vector(dx: 40, dy: 0))
        _ = mouse(.ended, start + Vector(dx: 40, dy: 0))
        XCTAssertEqual(editor.committed.count, 0)
        XCTAssertEqual(target.bounds, square.rect, "the engine's target is back in place")
        XCTAssertTrue(session.previews.transforms.isEmpty)
    }

    func testTheViewScrollsUnderACarryAtTheEdgeAndTheDropIsWhereTheScreenShowedIt() throws {
        let start = squareInView.center
        _ = mouse(.began, start)
        let edge = Point(x: start.x, y: 598)
        _ = mouse(.moved, start + Vector(dx: 0, dy: 10))
        var effects = mouse(.moved, edge)
        XCTAssertTrue(effects.contains(.needsFrames), "frames to scroll the view")
        XCTAssertTrue(session.needsFrames)
        let offset = session.view.viewport.offset
        for _ in 1...30 {
            clock.advance(by: 1.0 / 60)
            effects += session.tick(at: clock.now)
        }
        let scrolled = session.view.viewport.offset.y - offset.y
        XCTAssertGreaterThan(scrolled, 100, "the view scrolled under the held square")
        XCTAssertTrue(effects.contains(.viewChanged))
        // On screen the square stayed under the pointer: its view rect's middle is at the edge.
        XCTAssertEqual(squareInView.midY, edge.y, accuracy: 1)
        _ = mouse(.ended, edge)
        XCTAssertFalse(session.needsFrames, "the carrying ended with its contact")
        let moved = try XCTUnwrap(editor.committed.first.flatMap { record -> Annotation? in
            if case .replace(_, let after) = record.edit { return after.first } else { return nil }
        })
        XCTAssertEqual(moved.page, PageIndex(1), "carried over to page 2")
        // The drop is where the screen showed it: under the pointer, the scroll counted.
        let dropped = try XCTUnwrap(session.interaction.scene.coordinates.viewRect(fromPDF: moved.rect, on: moved.page))
        XCTAssertEqual(dropped.midY, edge.y, accuracy: 0.5)
        XCTAssertEqual(dropped.midX, start.x, accuracy: 0.5)
    }

    func testASecondFingerDoesNotDriveTheCarry() {
        // A finger holds the square (lifting it), another scrolls near the view's bottom edge.
        let start = squareInView.center
        func finger(_ phase: InputPhase, _ p: Point, _ id: UInt64) -> [SessionEffect] {
            clock.advance(by: 0.016)
            return session.handle(InputEvent(kind: .contact(phase), source: .touchscreen, sequence: InputSequenceID(id), position: p, time: clock.now))
        }
        _ = finger(.began, start, 1)
        for _ in 0..<14 {
            clock.advance(by: 0.05)
            _ = session.tick(at: clock.now)
        }
        for i in 1...4 { _ = finger(.moved, start + Vector(dx: Double(i) * 5, dy: 0), 1) }
        XCTAssertFalse(session.previews.transforms.isEmpty, "the held square is being carried")
        _ = finger(.began, Point(x: 600, y: 560), 2)
        _ = finger(.moved, Point(x: 600, y: 590), 2)
        XCTAssertNotEqual(session.previews.carryContact?.y, 590, "the scrolling finger is not the carrying one")
        XCTAssertFalse(session.needsFrames && session.previews.carryContact.map { $0.y > 550 } == true)
        _ = finger(.ended, Point(x: 600, y: 590), 2)
        _ = finger(.ended, start + Vector(dx: 20, dy: 0), 1)
        XCTAssertEqual(editor.committed.map(\.name), ["Move"])
    }
}
