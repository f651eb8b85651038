// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry
import InteractionEngine
import XCTest

/// The editing document made when the first edit begins: the session asks for it while the
/// first stroke is drawn, keeps the strokes finished before it arrives (drawn where they were
/// made), and applies them in order, one undoable step each, when the host hands it over.
final class LateEditorSessionTests: XCTestCase {
    lazy var host = EditingWalkHost([], pageSizes: [Size(width: 420, height: 595)])
    var session: DocumentSession { host.session }
    /// Every effect the session answered with since the test began.
    private var effects: [SessionEffect] = []

    override func setUp() {
        super.setUp()
        // A reader who has not edited yet: no editor.
        session.editing = nil
    }

    private func pen(_ phase: InputPhase, _ p: Point) {
        host.clock.advance(by: 1.0 / 120)
        effects += session.handle(InputEvent(kind: .contact(phase), source: .pen, sequence: .pointer, position: p,
                                             time: host.clock.now, axes: StylusAxes(pressure: 0.6)))
    }

    private var pageOrigin: Point {
        let v = session.view.viewport
        let f = session.view.layout.pageFrame(PageIndex(0), zoom: v.zoom).offsetBy(Point.zero - v.offset)
        return Point(x: f.minX, y: f.minY)
    }

    /// A straight stroke across page 1 at `y` view pixels below its top; `during` looks at the
    /// session before the pen lifts.
    private func stroke(at y: Double, during: (() -> Void)? = nil) {
        let start = pageOrigin + Vector(dx: 60, dy: y)
        pen(.began, start)
        for i in 1...12 { pen(.moved, start + Vector(dx: Double(i) * 12, dy: Double(i % 3))) }
        during?()
        pen(.ended, start + Vector(dx: 150, dy: 0))
    }

    private func inks() -> [Annotation] { host.editor.annotations(on: PageIndex(0)).filter { $0.subtype == .ink } }

    func testTheFirstStrokeAsksForTheEditorWhileDrawnAndIsAppliedWhenItArrives() {
        _ = session.perform(.pick(.ink))
        var askedWhileDrawing = false
        stroke(at: 120) { askedWhileDrawing = self.effects.contains(.editorNeeded) }
        XCTAssertTrue(askedWhileDrawing, "the editor is asked for while the first stroke is drawn")
        // Finished before the editor is here: kept, and still drawn.
        XCTAssertEqual(session.waitingForEditor.count, 1)
        XCTAssertEqual(session.frame.held.count, 1)
        XCTAssertTrue(host.editor.committed.isEmpty)
        // The editor arrives: the stroke becomes one ink, one step, and stays drawn until its page is.
        session.editing = host.editor
        _ = session.editorArrived()
        XCTAssertTrue(session.waitingForEditor.isEmpty)
        XCTAssertEqual(host.editor.committed.map(\.name), ["Ink"])
        XCTAssertEqual(inks().count, 1)
        XCTAssertEqual(session.frame.held.count, 1)
        // Later strokes go straight to the editor.
        stroke(at: 300)
        XCTAssertTrue(session.waitingForEditor.isEmpty)
        XCTAssertEqual(host.editor.committed.count, 2)
    }

    func testStrokesFinishedBeforeTheEditorArrivesAreAppliedInTheOrderTheyWereDrawn() {
        _ = session.perform(.pick(.ink))
        stroke(at: 100)
        stroke(at: 250)
        stroke(at: 400)
        XCTAssertEqual(session.waitingForEditor.count, 3)
        XCTAssertEqual(session.frame.held.count, 3)
        session.editing = host.editor
        _ = session.editorArrived()
        XCTAssertEqual(host.editor.committed.count, 3)
        // Top to bottom, as drawn: each ink lies below the one before.
        let tops = inks().map(\.rect.maxY)
        XCTAssertEqual(tops.count, 3)
        XCTAssertEqual(tops, tops.sorted(by: >))
        // Each held drawing once, not twice.
        XCTAssertEqual(session.frame.held.count, 3)
    }

    func testNoEditorIsAskedForByReadingUnlessAPageCarriesAnnotations() {
        XCTAssertEqual(session.pageRead(PageIndex(0), carriesAnnotations: false), [])
        XCTAssertEqual(session.pageRead(PageIndex(0), carriesAnnotations: true), [.editorNeeded])
        session.editing = host.editor
        XCTAssertEqual(session.pageRead(PageIndex(0), carriesAnnotations: true), [])
    }

    func testAStrokeMadeWhenNoEditorCanBeMadeIsLetGo() {
        _ = session.perform(.pick(.ink))
        stroke(at: 120)
        XCTAssertEqual(session.frame.held.count, 1)
        _ = session.editorUnavailable()
        XCTAssertTrue(session.waitingForEditor.isEmpty)
        XCTAssertEqual(session.frame.held.count, 0)
    }
}
