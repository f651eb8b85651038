// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import InteractionEngine
import XCTest

/// The rotate handle above a selection turns it about the box's middle (Shift: 15° steps), one
/// transform per drag, for one annotation or several; a lone polygon's vertices drag on their
/// own, a double click on an edge adds one and Delete takes out the one last held.
final class RotateAndVertexTests: XCTestCase {
    let clock = ManualClock(now: InputTime(seconds: 10))
    lazy var interaction = DocumentInteraction(clock: clock)
    var outputs: [InteractionOutput] = []
    // One Letter page at zoom 1, its top-left at view (16, 16): PDF (x, y) is view (16 + x, 808 - y).
    let left = AnnotationTarget(id: AnnotationID("left"), kind: .square, page: PageIndex(0), bounds: Rect(x: 100, y: 500, width: 100, height: 100),
                                isRotatable: true)
    let right = AnnotationTarget(id: AnnotationID("right"), kind: .ink, page: PageIndex(0), bounds: Rect(x: 300, y: 500, width: 100, height: 100),
                                 isRotatable: true)
    let polygon = AnnotationTarget(id: AnnotationID("poly"), kind: .polygon, page: PageIndex(0), bounds: Rect(x: 299, y: 199, width: 102, height: 82),
                                   vertices: [Point(x: 300, y: 200), Point(x: 400, y: 200), Point(x: 400, y: 280), Point(x: 300, y: 280)],
                                   isRotatable: true)

    override func setUp() {
        interaction.output = { [unowned self] in self.outputs.append($0) }
        let page = PageGeometry(index: PageIndex(0), frame: Rect(x: 16, y: 16, width: 612, height: 792), mediaSize: Size(width: 612, height: 792))
        interaction.setPages([page], view: ViewTransform(zoom: 1), viewSize: Size(width: 800, height: 900))
        interaction.setAnnotations([left, right, polygon], on: PageIndex(0))
    }

    private func view(_ x: Double, _ y: Double) -> Point { Point(x: 16 + x, y: 808 - y) }

    private func send(_ kind: InputEvent.Kind, at p: Point, modifiers: Modifiers = [], source: InputSource = .mouse) {
        clock.advance(by: 0.02)
        interaction.handle(InputEvent(kind: kind, source: source, sequence: InputSequenceID(1), position: p, time: clock.now,
                                      button: source == .mouse ? .primary : nil, modifiers: modifiers))
    }

    private func click(_ p: Point, modifiers: Modifiers = []) {
        send(.contact(.began), at: p, modifiers: modifiers)
        send(.contact(.ended), at: p, modifiers: modifiers)
    }

    /// A drag along an arc about `pivot` from `from` to `to` (angles in the view, radians).
    private func turn(about pivot: Point, radius: Double, from a: Double, to b: Double, modifiers: Modifiers = [],
                      source: InputSource = .mouse) {
        func at(_ t: Double) -> Point { Point(x: pivot.x + radius * cos(t), y: pivot.y + radius * sin(t)) }
        send(.contact(.began), at: at(a), modifiers: modifiers, source: source)
        for i in 1...8 { send(.contact(.moved), at: at(a + (b - a) * Double(i) / 8), modifiers: modifiers, source: source) }
        send(.contact(.ended), at: at(b), modifiers: modifiers, source: source)
    }

    private var commands: [ToolCommand] {
        outputs.compactMap { if case .tool(let c) = $0 { return c } else { return nil } }
    }

    private var lastTurns: [AnnotationID: (degrees: Double, pivot: Point)] {
        var out: [AnnotationID: (Double, Point)] = [:]
        for case .rotateAnnotation(let id, let degrees, let pivot) in commands { out[id] = (degrees, pivot) }
        return out
    }

    func testDraggingTheRotateHandleAQuarterTurnClockwiseTurnsTheShapeMinusNinetyDegreesInOneStep() throws {
        click(view(150, 550))
        XCTAssertEqual(interaction.selectedAnnotations, [left.id])
        // The box is view (116, 208)…(216, 308): the handle sits 30 pixels above its top middle.
        let pivot = Point(x: 166, y: 258)
        outputs = []
        turn(about: pivot, radius: 80, from: -Double.pi / 2, to: 0)
        let t = try XCTUnwrap(lastTurns[left.id], "\(commands)")
        XCTAssertEqual(t.degrees, -90, accuracy: 1e-3, "from the top to the right looks clockwise: a negative PDF angle")
        XCTAssertEqual(t.pivot.x, 150, accuracy: 1e-6, "about the box's middle, in PDF space")
        XCTAssertEqual(t.pivot.y, 550, accuracy: 1e-6)
        XCTAssertEqual(commands.filter { $0 == .beginTransform(left.id) }.count, 1, "one step")
        XCTAssertEqual(commands.last, .endTransform(left.id, cancelled: false))
        XCTAssertFalse(commands.contains { if case .moveAnnotation = $0 { return true } else { return false } }, "a turn moves nothing")
        XCTAssertFalse(commands.contains { if case .resizeAnnotation = $0 { return true } else { return false } })
    }

    func testShiftTurnsInFifteenDegreeSteps() throws {
        click(view(150, 550))
        outputs = []
        turn(about: Point(x: 166, y: 258), radius: 80, from: -Double.pi / 2, to: -Double.pi / 2 - 40 * Double.pi / 180, modifiers: .shift)
        XCTAssertEqual(try XCTUnwrap(lastTurns[left.id]).degrees, 45, "40° counter-clockwise snaps to 45°")
        for case .rotateAnnotation(_, let degrees, _) in commands {
            XCTAssertEqual(degrees.truncatingRemainder(dividingBy: 15), 0, "every step on the grid: \(degrees)")
        }
    }

    func testSeveralSelectedTurnTogetherAboutTheMiddleOfTheirCommonBox() throws {
        click(view(150, 550))
        click(view(350, 550), modifiers: .shift)
        XCTAssertEqual(interaction.selectedAnnotations, [left.id, right.id])
        outputs = []
        // The common box is view (116, 208)…(416, 308), its middle (266, 258).
        turn(about: Point(x: 266, y: 258), radius: 80, from: -Double.pi / 2, to: -Double.pi)
        let turns = lastTurns
        for id in [left.id, right.id] {
            let t = try XCTUnwrap(turns[id], "\(id)")
            XCTAssertEqual(t.degrees, 90, accuracy: 1e-3)
            XCTAssertEqual(t.pivot.x, 250, accuracy: 1e-6)
            XCTAssertEqual(t.pivot.y, 550, accuracy: 1e-6)
        }
        XCTAssertEqual(Set(commands.compactMap { if case .endTransform(let id, false) = $0 { return id } else { return nil } }), [left.id, right.id])
    }

    func testAFingerFindsTheRotateHandleToo() throws {
        click(view(150, 550))
        outputs = []
        turn(about: Point(x: 166, y: 258), radius: 80, from: -Double.pi / 2, to: -Double.pi / 4, source: .touchscreen)
        XCTAssertEqual(try XCTUnwrap(lastTurns[left.id]).degrees, -45, accuracy: 1e-3)
    }

    func testEachVertexOfALonePolygonDragsOnItsOwn() throws {
        click(view(350, 240))
        XCTAssertEqual(interaction.selectedAnnotations, [polygon.id])
        outputs = []
        send(.contact(.began), at: view(400, 280))
        send(.contact(.moved), at: view(420, 300))
        send(.contact(.ended), at: view(430, 310))
        guard case .moveVertex(polygon.id, 2, let p)? = commands.last(where: { if case .moveVertex = $0 { return true } else { return false } })
        else { return XCTFail("\(commands)") }
        XCTAssertEqual(p, Point(x: 430, y: 310))
        XCTAssertEqual(commands.first, .beginTransform(polygon.id))
        XCTAssertEqual(commands.last, .endTransform(polygon.id, cancelled: false))
        XCTAssertFalse(commands.contains { if case .resizeAnnotation = $0 { return true } else { return false } }, "no resize handles")
    }

    func testADoubleClickOnAnEdgeAddsAVertexAndDeleteTakesOutTheOneHeld() throws {
        click(view(350, 240))
        outputs = []
        click(view(330, 201))
        click(view(330, 201))
        guard case .insertVertex(polygon.id, 1, let p)? = commands.first(where: { if case .insertVertex = $0 { return true } else { return false } })
        else { return XCTFail("\(commands)") }
        XCTAssertEqual(p.x, 330, accuracy: 1e-6)
        XCTAssertEqual(p.y, 200, accuracy: 1e-6, "on the edge, where the click was nearest")
        XCTAssertEqual(commands.filter { if case .beginTransform = $0 { return true } else { return false } }.count, 1, "one step")
        outputs = []
        // Pressing vertex 3 holds it; Delete takes it out (the polygon keeps the rest).
        click(view(300, 280))
        send(.key(name: "Delete", pressed: true), at: .zero)
        XCTAssertEqual(commands, [.beginTransform(polygon.id), .removeVertex(polygon.id, index: 3), .endTransform(polygon.id, cancelled: false)])
        XCTAssertEqual(interaction.selectedAnnotations, [polygon.id], "the polygon stays, selected")
        outputs = []
        send(.key(name: "Delete", pressed: true), at: .zero)
        XCTAssertEqual(commands.last, .deleteAnnotations([polygon.id]), "no vertex held: Delete deletes the polygon")
    }

    func testATriangleKeepsItsThreeVertices() {
        let triangle = AnnotationTarget(id: AnnotationID("tri"), kind: .polygon, page: PageIndex(0), bounds: Rect(x: 99, y: 99, width: 102, height: 82),
                                        vertices: [Point(x: 100, y: 100), Point(x: 200, y: 100), Point(x: 150, y: 180)])
        interaction.setAnnotations([triangle], on: PageIndex(0))
        click(view(150, 130))
        click(view(200, 100))
        outputs = []
        send(.key(name: "Delete", pressed: true), at: .zero)
        XCTAssertTrue(commands.isEmpty, "a vertex held, none to spare: nothing happens (\(commands))")
        XCTAssertEqual(interaction.selectedAnnotations, [triangle.id])
    }
}
