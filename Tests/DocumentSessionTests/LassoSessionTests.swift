// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The Lasso through a whole session, headless: a pen draws a loop round one of two strokes,
/// the loop is shown while drawn, the stroke inside is selected when it lifts (Shift adds), and
/// the selection moves with a finger or a mouse as one undoable step; a loop round nothing, or
/// one that does not close, selects nothing and changes nothing.
final class LassoSessionTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "new", author: "Tester", date: "D:20261202") })
    lazy var editor = FakeEditingPort([Self.ink("left", x: 100), Self.ink("right", x: 260), box])
    let box = Annotation(id: "box", page: PageIndex(0), subtype: .square, rect: Rect(x: 100, y: 150, width: 60, height: 40))

    /// A wavy stroke of 30 points from (x, 400) going 80 points right (PDF space of page 1).
    static func ink(_ id: String, x: Double) -> Annotation {
        let points = (0..<30).map { Point(x: x + Double($0) * 80 / 29, y: 400 + 6 * sin(Double($0) / 4)) }
        return Annotation(id: id, page: PageIndex(0), subtype: .ink, rect: Rect(x: x - 1, y: 393, width: 82, height: 14),
                          borderWidth: 2, geometry: .ink([InkStroke(points: points)]))
    }

    override func setUp() {
        session.editing = editor
        _ = session.changeView {
            $0.resize(to: Size(width: 800, height: 700))
            $0.setDocument(pageSizes: [Size(width: 420, height: 595)])
            $0.setZoom(1)
        }
        _ = session.syncScene()
        session.interaction.setAnnotations(editor.annotations(on: PageIndex(0)).map(SceneTargets.target), on: PageIndex(0))
        _ = session.perform(.pick(.lasso))
    }

    private func view(_ pdf: Point) -> Point { session.interaction.scene.coordinates.convert(pdf, from: .pdf(PageIndex(0)), to: .view)! }

    /// A hand's loop round a PDF point (an ellipse, stopped a little short of closing).
    private func loop(around c: Point, rx: Double, ry: Double) -> [Point] {
        (0...48).map { i in
            let t = (2 * Double.pi - 0.3) * Double(i) / 48
            return view(Point(x: c.x + rx * cos(t), y: c.y + ry * sin(t)))
        }
    }

    private func stroke(_ points: [Point], source: InputSource, sequence: InputSequenceID = .pointer, modifiers: Modifiers = [],
                        during: (() -> Void)? = nil) {
        for (i, p) in points.enumerated() {
            clock.advance(by: 0.01)
            let phase: InputPhase = i == 0 ? .began : i == points.count - 1 ? .ended : .moved
            if i == points.count - 1 { during?() }
            _ = session.handle(InputEvent(kind: .contact(phase), source: source, sequence: sequence, position: p, time: clock.now,
                                          button: source == .touchscreen ? nil : .primary, modifiers: modifiers,
                                          axes: StylusAxes(pressure: source == .pen ? 0.5 : nil)))
        }
    }

    private var selected: [String] { session.interaction.selectedAnnotations.map(\.rawValue) }

    private func inkPoints(_ id: String) -> [Point] {
        guard case .ink(let strokes) = editor.annotation(id)?.geometry else { return [] }
        return strokes.flatMap(\.points)
    }

    func testAPenLoopSelectsTheStrokeInsideAndShowsTheLoopWhileDrawn() {
        var shownPoints = 0
        stroke(loop(around: Point(x: 140, y: 400), rx: 60, ry: 30), source: .pen) {
            shownPoints = self.session.frame.lasso?.count ?? 0
        }
        XCTAssertGreaterThan(shownPoints, 40, "the loop is drawn as it grows")
        XCTAssertNil(session.frame.lasso, "and gone once it lifts")
        XCTAssertEqual(selected, ["left"])
        XCTAssertEqual(session.interaction.tools.currentToolID, .annotationEdit, "the edit tool holds the selection")
        XCTAssertEqual(session.interaction.pickedTool, .lasso, "the Lasso stays picked")
        XCTAssertEqual(editor.committed.count, 0, "selecting is no edit")
    }

    func testShiftAddsToTheSelectionAndALoopElsewhereReplacesIt() {
        stroke(loop(around: Point(x: 140, y: 400), rx: 60, ry: 30), source: .pen)
        stroke(loop(around: Point(x: 130, y: 170), rx: 50, ry: 40), source: .pen, modifiers: .shift)
        XCTAssertEqual(selected, ["left", "box"])
        stroke(loop(around: Point(x: 300, y: 400), rx: 60, ry: 30), source: .pen)
        XCTAssertEqual(selected, ["right"])
    }

    func testAFingerMovesTheWholeSelectionAsOneStep() {
        stroke(loop(around: Point(x: 140, y: 400), rx: 60, ry: 30), source: .pen)
        stroke(loop(around: Point(x: 130, y: 170), rx: 50, ry: 40), source: .pen, modifiers: .shift)
        let before = inkPoints("left"), right = inkPoints("right")
        // Pressed between the two (inside the selection's box, on neither): it all moves.
        let start = view(Point(x: 140, y: 300))
        // Past the palm rejection's wait after the pen left.
        clock.advance(by: 1)
        stroke([start, start + Vector(dx: 10, dy: 5), start + Vector(dx: 30, dy: 20)], source: .touchscreen, sequence: InputSequenceID(7))
        XCTAssertEqual(editor.committed.map(\.name), ["Move"], "one undoable step")
        if case .replace(let old, let new) = editor.committed.first?.edit {
            XCTAssertEqual(Set(old.map(\.id)), ["left", "box"])
            XCTAssertEqual(Set(new.map(\.id)), ["left", "box"])
        } else {
            XCTFail("a move replaces the annotations")
        }
        let after = inkPoints("left")
        XCTAssertEqual(after.count, before.count)
        for (a, b) in zip(before, after) {
            // Points are kept to 1/10,000 of a point.
            XCTAssertEqual(b.x - a.x, 30, accuracy: 1e-3)
            XCTAssertEqual(b.y - a.y, -20, accuracy: 1e-3, "view down is PDF down")
        }
        XCTAssertEqual(editor.annotation("box")?.rect.minX ?? .nan, 130, accuracy: 1e-6)
        XCTAssertEqual(inkPoints("right"), right, "what was not selected stays")
        XCTAssertEqual(selected, ["left", "box"], "still selected after the move")
        // A mouse drag on the selection moves it again: one more step.
        let again = view(Point(x: 170, y: 380))
        stroke([again, again + Vector(dx: -20, dy: 0), again + Vector(dx: -40, dy: 0)], source: .mouse)
        XCTAssertEqual(editor.committed.map(\.name), ["Move", "Move"])
        XCTAssertEqual((inkPoints("left").first?.x ?? .nan) - (before.first?.x ?? .nan), -10, accuracy: 1e-3)
    }

    func testTheEditToolsHandlesScaleAndTurnWhatTheLassoSelectedOneStepEach() throws {
        stroke(loop(around: Point(x: 140, y: 400), rx: 60, ry: 30), source: .pen)
        stroke(loop(around: Point(x: 130, y: 170), rx: 50, ry: 40), source: .pen, modifiers: .shift)
        clock.advance(by: 1)
        // The bottom-right handle of the common box, dragged out: both scale, one step.
        let box = session.frame.selection.outlines.dropFirst().reduce(session.frame.selection.outlines[0]) { $0.union($1) }
        let corner = Point(x: box.maxX, y: box.maxY)
        stroke([corner, corner + Vector(dx: 20, dy: 10), corner + Vector(dx: 40, dy: 20)], source: .mouse)
        XCTAssertEqual(editor.committed.map(\.name), ["Resize"])
        XCTAssertEqual(selected, ["left", "box"])
        XCTAssertGreaterThan(editor.annotation("box")?.rect.width ?? 0, 60)
        // The turning handle above it: one more step, both turned.
        let knob = try XCTUnwrap(session.snapshot.rotateHandle, "a turning handle is shown")
        let centre = session.frame.selection.outlines.dropFirst().reduce(session.frame.selection.outlines[0]) { $0.union($1) }.center
        let quarter = Point(x: centre.x + (centre.y - knob.y), y: centre.y)
        stroke([knob, knob + Vector(dx: 20, dy: 5), quarter], source: .mouse)
        XCTAssertEqual(editor.committed.map(\.name), ["Resize", "Rotate"])
        XCTAssertEqual(selected, ["left", "box"])
    }

    func testALoopThatEndsWhereItStartedIsALoopNotATap() {
        var closed = loop(around: Point(x: 140, y: 400), rx: 60, ry: 30)
        closed.append(closed[0])
        stroke(closed, source: .mouse)
        XCTAssertEqual(selected, ["left"])
        // A tap (still, short) on a stroke selects it, as with Select.
        let tap = view(Point(x: 300, y: 400))
        stroke([tap, tap], source: .mouse)
        XCTAssertEqual(selected, ["right"])
    }

    func testALoopAroundNothingSelectsNothingAndChangesNothing() {
        stroke(loop(around: Point(x: 300, y: 250), rx: 40, ry: 40), source: .pen)
        XCTAssertEqual(selected, [])
        XCTAssertEqual(editor.committed.count, 0)
        XCTAssertNil(session.previews.lasso)
        // A stroke that does not close selects nothing either.
        stroke((0...20).map { view(Point(x: 90 + Double($0) * 10, y: 420)) }, source: .mouse)
        XCTAssertEqual(selected, [])
        XCTAssertEqual(session.interaction.tools.currentToolID, .lasso)
    }

    func testALoopThatDoesNotCloseRoundAStrokeSelectsNothingAndChangesNothing() {
        // Half a loop round the left stroke, its ends far apart: a stroke, not a loop.
        let open = (0...24).map { i in
            let t = Double.pi * Double(i) / 24
            return view(Point(x: 140 + 60 * cos(t), y: 400 + 30 * sin(t)))
        }
        stroke(open, source: .pen)
        XCTAssertEqual(selected, [], "nothing is selected")
        XCTAssertEqual(editor.committed.count, 0, "nothing is drawn or changed")
        XCTAssertNil(session.frame.lasso, "the loop is not left on screen")
        XCTAssertEqual(session.interaction.tools.currentToolID, .lasso, "the Lasso stays ready for the next loop")
        // Which it then is: a closed loop round the same stroke selects it.
        stroke(loop(around: Point(x: 140, y: 400), rx: 60, ry: 30), source: .pen)
        XCTAssertEqual(selected, ["left"])
    }

    func testTheShareFromPreferencesDecides() {
        // A loop round the left 60 % of the stroke: selected at 50 %, not at 90 %.
        session.inputAdjuster.settings.lassoShare = 0.9
        stroke(loop(around: Point(x: 115, y: 400), rx: 40, ry: 30), source: .pen)
        XCTAssertEqual(selected, [])
        session.inputAdjuster.settings.lassoShare = 0.5
        stroke(loop(around: Point(x: 115, y: 400), rx: 40, ry: 30), source: .pen)
        XCTAssertEqual(selected, ["left"])
    }
}
