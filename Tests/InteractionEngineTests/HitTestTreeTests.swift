// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import SeededRandom
import XCTest

@testable import InteractionEngine

typealias SpatialRNG = SeededGenerator

func fxPage(_ index: Int = 0, at origin: Point = .zero, zoom: Double = 1, rotation: PageRotation = .none) -> PageGeometry {
    PageGeometry(index: PageIndex(index), origin: origin, mediaSize: Size(width: 612, height: 792), rotation: rotation, zoom: zoom)
}

func fxAnnotation(_ id: String, _ kind: AnnotationKind, page: Int = 0, _ bounds: Rect, locked: Bool = false) -> AnnotationTarget {
    AnnotationTarget(id: AnnotationID(id), kind: kind, page: PageIndex(page), bounds: bounds, isLocked: locked)
}

func fxAnnotation(_ id: String, _ bounds: Rect) -> AnnotationTarget { fxAnnotation(id, .square, bounds) }

final class HitTestTreeTests: XCTestCase {
    func testTheDeepestLastAddedNodeContainingThePointWins() {
        let root = HitTestNode(role: .canvas, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let below = HitTestNode(role: .overlay("below"), frame: Rect(x: 0, y: 0, width: 60, height: 60))
        let above = HitTestNode(role: .overlay("above"), frame: Rect(x: 20, y: 20, width: 60, height: 60))
        let leaf = HitTestNode(role: .control("leaf"), frame: Rect(x: 25, y: 25, width: 10, height: 10), enlargesSmallTarget: false)
        root.addChild(below)
        root.addChild(above)
        above.addChild(leaf)

        XCTAssertEqual(root.hitTest(Point(x: 30, y: 30), sizing: .exact)?.role, .control("leaf"))
        XCTAssertEqual(root.hitTest(Point(x: 50, y: 50), sizing: .exact)?.role, .overlay("above"))
        XCTAssertEqual(root.hitTest(Point(x: 10, y: 10), sizing: .exact)?.role, .overlay("below"))
        XCTAssertEqual(root.hitTest(Point(x: 90, y: 10), sizing: .exact)?.role, .canvas)
        XCTAssertNil(root.hitTest(Point(x: 150, y: 10), sizing: .exact))
    }

    func testHiddenAndNonInteractiveNodesAreSkippedWithTheirSubtrees() {
        let root = HitTestNode(role: .canvas, frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = HitTestNode(role: .overlay("a"), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = HitTestNode(role: .overlay("b"), frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addChild(a)
        root.addChild(b)
        b.isHidden = true
        XCTAssertEqual(root.hitTest(Point(x: 5, y: 5), sizing: .exact)?.role, .overlay("a"))
        a.isInteractionEnabled = false
        XCTAssertEqual(root.hitTest(Point(x: 5, y: 5), sizing: .exact)?.role, .canvas)
    }

    func testATransparentOverlayPassesTouchesThroughWhenItHitsNothingOfItsOwn() {
        let scene = DocumentScene(coordinates: DocumentCoordinates(pages: [fxPage()]))
        scene.setAnnotations([fxAnnotation("a", Rect(x: 100, y: 600, width: 100, height: 100))], on: PageIndex(0))
        // A drawer covering the whole page, with one button of its own.
        let drawer = HitTestNode(role: .overlay("drawer"), frame: Rect(x: 0, y: 0, width: 612, height: 792))
        drawer.passesThroughWhenEmpty = true
        drawer.addChild(HitTestNode(role: .control("button"), frame: Rect(x: 500, y: 20, width: 80, height: 40)))
        scene.addOverlay(drawer)

        // The button is the overlay's own content.
        XCTAssertEqual(scene.hitTest(atView: Point(x: 520, y: 30), source: .touchscreen)?.role, .control("button"))
        // Elsewhere the touch reaches the annotation and the page below (PDF y 600…700 is view y 92…192).
        XCTAssertEqual(scene.hitTest(atView: Point(x: 150, y: 150), source: .touchscreen)?.annotation?.id, AnnotationID("a"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 300, y: 500), source: .touchscreen)?.role, .page(PageIndex(0)))

        // An opaque overlay would have swallowed the same touch.
        drawer.passesThroughWhenEmpty = false
        XCTAssertEqual(scene.hitTest(atView: Point(x: 150, y: 150), source: .touchscreen)?.role, .overlay("drawer"))
    }

    func testATinyTargetIsEnlargedToFortyFourPixelsForTouchButOnlyEightForAPointer() {
        let scene = DocumentScene(coordinates: DocumentCoordinates(pages: [fxPage()]))
        // A 4×4 pt note icon centred at view (300, 300).
        scene.setAnnotations([fxAnnotation("note", .text, Rect(x: 298, y: 490, width: 4, height: 4))], on: PageIndex(0))
        let nearby = Point(x: 318, y: 300)  // 18 px right of the centre
        let close = Point(x: 303, y: 300)   // 3 px right of the centre

        XCTAssertEqual(scene.hitTest(atView: nearby, source: .touchscreen)?.annotation?.id, AnnotationID("note"))
        XCTAssertEqual(scene.hitTest(atView: nearby, source: .mouse)?.role, .page(PageIndex(0)))
        XCTAssertEqual(scene.hitTest(atView: close, source: .mouse)?.annotation?.id, AnnotationID("note"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 323, y: 300), source: .touchscreen)?.role, .page(PageIndex(0)))
    }

    func testEnlargementIsMeasuredInViewPixelsWhateverTheZoom() {
        let scene = DocumentScene(coordinates: DocumentCoordinates(pages: [fxPage(zoom: 4)]))
        scene.setAnnotations([fxAnnotation("dot", .text, Rect(x: 100, y: 100, width: 2, height: 2))], on: PageIndex(0))
        // Centre in view: x = 101·4 = 404, y = (792 − 101)·4 = 2764. 21 px away still hits with touch.
        XCTAssertEqual(scene.hitTest(atView: Point(x: 425, y: 2764), source: .touchscreen)?.annotation?.id, AnnotationID("dot"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 427, y: 2764), source: .touchscreen)?.role, .page(PageIndex(0)))
    }

    func testThePointerToleranceIsConfigurable() {
        let scene = DocumentScene(
            coordinates: DocumentCoordinates(pages: [fxPage()]),
            targetPolicy: HitTargetPolicy(indirect: HitTargetSizing(minimumSize: .zero, tolerance: 10)))
        scene.setAnnotations([fxAnnotation("line", .line, Rect(x: 100, y: 400, width: 200, height: 1))], on: PageIndex(0))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 150, y: 401), source: .mouse)?.annotation?.id, AnnotationID("line"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 150, y: 383), source: .mouse)?.annotation?.id, AnnotationID("line"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 150, y: 380), source: .mouse)?.role, .page(PageIndex(0)))
    }

    func testTheHitPointIsReportedInThePagesPDFSpace() {
        let scene = DocumentScene(coordinates: DocumentCoordinates(view: ViewTransform(zoom: 2, scrollOffset: Vector(dx: 10, dy: 20)), pages: [fxPage(zoom: 2)]))
        let hit = scene.hitTest(atView: Point(x: 190, y: 180), source: .mouse)
        XCTAssertEqual(hit?.page, PageIndex(0))
        XCTAssertEqual(hit?.localPoint, Point(x: 100, y: 692))
    }

    func testPagesGroupedInSpreadsAreFoundInsideTheirSpread() {
        let pages = [fxPage(0), fxPage(1, at: Point(x: 620, y: 0))]
        let scene = DocumentScene()
        scene.setLayout(DocumentCoordinates(pages: pages), spreads: [[PageIndex(0), PageIndex(1)]])
        let hit = scene.hitTest(atView: Point(x: 700, y: 100), source: .mouse)
        XCTAssertEqual(hit?.role, .page(PageIndex(1)))
        XCTAssertEqual(hit?.node.parent?.role, .spread(0))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 615, y: 100), source: .mouse)?.role, .spread(0))
    }

    func testAnUpdatedAnnotationIsFoundAtItsNewPlaceAmongManyIndexedOnes() {
        let scene = DocumentScene(coordinates: DocumentCoordinates(pages: [fxPage()]))
        let many = (0..<100).map { fxAnnotation("a\($0)", Rect(x: Double($0 % 10) * 60, y: Double($0 / 10) * 70, width: 20, height: 20)) }
        scene.setAnnotations(many, on: PageIndex(0))
        scene.upsert(fxAnnotation("a0", Rect(x: 590, y: 760, width: 10, height: 10)))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 595, y: 27), source: .mouse)?.annotation?.id, AnnotationID("a0"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 10, y: 782), source: .mouse)?.role, .page(PageIndex(0)))
        scene.remove(AnnotationID("a0"))
        XCTAssertEqual(scene.hitTest(atView: Point(x: 595, y: 27), source: .mouse)?.role, .page(PageIndex(0)))
    }
}
