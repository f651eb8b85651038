// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class ComponentTests: XCTestCase {
    private let square = Rect(x: 100, y: 100, width: 60, height: 60)

    func testCanActivateIgnoresIsEnabledButEvaluatesConditions() {
        let h = EngineHarness()
        h.targets.addAnnotation("sq", .square, viewRect: square)
        let select = h.interactions.selectAnnotation
        select.isEnabled = false
        XCTAssertTrue(select.canActivate(at: square.center, in: .view))
        select.addActivationCondition { _, _, _ in false }
        XCTAssertFalse(select.canActivate(at: square.center, in: .view))
        XCTAssertFalse(select.canActivate(at: Point(x: 700, y: 700), in: .view), "nothing to select there")
    }

    func testConditionsAreEvaluatedInOrderUntilOneSaysNo() {
        let h = EngineHarness()
        h.targets.addAnnotation("sq", .square, viewRect: square)
        var asked: [Int] = []
        let select = h.interactions.selectAnnotation
        select.addActivationCondition { _, _, _ in asked.append(1); return true }
        select.addActivationCondition { _, _, _ in asked.append(2); return false }
        select.addActivationCondition { _, _, _ in asked.append(3); return true }
        XCTAssertFalse(select.canActivate(at: square.center, in: .view))
        XCTAssertEqual(asked, [1, 2])
    }

    func testActivationCallbacksRunJustBeforeTheActionAndCannotStopIt() {
        let h = EngineHarness()
        let sq = h.targets.addAnnotation("sq", .square, viewRect: square)
        var outputsSeenByCallback: Int?
        h.interactions.selectAnnotation.addActivationCallback { context, point, space in
            XCTAssertEqual(context.annotation, sq)
            XCTAssertEqual(space, .view)
            outputsSeenByCallback = h.decisions.count
        }
        h.tap(square.center, t: 0)
        h.wait(until: 1)
        XCTAssertEqual(outputsSeenByCallback, 0)
        XCTAssertEqual(h.decisions, [.selectAnnotation(sq)])
    }

    func testComponentsKnowTheirRecognizersAndGroupsKnowTheirMembers() {
        let h = EngineHarness()
        let i = h.interactions
        let foreign = TapRecognizer(name: "foreign")
        XCTAssertTrue(i.selectAnnotation.contains(i.selectAnnotation.gestureRecognizers[0]))
        XCTAssertFalse(i.selectAnnotation.contains(foreign))
        XCTAssertTrue(i.allAnnotationInteractions.contains(i.transformAnnotation.gestureRecognizers[0]))
        XCTAssertFalse(i.allTextInteractions.contains(i.transformAnnotation.gestureRecognizers[0]))
        XCTAssertTrue(i.allInteractions.contains(i.selectText.gestureRecognizers[0]))
        XCTAssertEqual(i.allInteractions.members.count, 11)
    }

    func testAGroupSwitchesEveryMember() {
        let h = EngineHarness()
        h.interactions.allTextInteractions.isEnabled = false
        XCTAssertFalse(h.interactions.selectText.isEnabled)
        XCTAssertFalse(h.interactions.deselectText.isEnabled)
        XCTAssertTrue(h.interactions.selectAnnotation.isEnabled)
        h.interactions.allInteractions.isEnabled = true
        XCTAssertTrue(h.interactions.allTextInteractions.isEnabled)
    }

    func testRequireToFailOnAComponentAppliesToEachOfItsRecognizers() {
        let h = EngineHarness()
        let mine = TapRecognizer(name: "mine")
        let text = h.interactions.allTextInteractions.gestureRecognizers
        // The loop below proves nothing over an empty group: these are the recognizers it covers.
        XCTAssertEqual(text.map(\.name).sorted(), ["deselectText.tap", "selectText.drag", "selectText.longPress"])
        XCTAssertFalse(text.contains { $0.requiresFailure(of: mine) }, "none waits for it before it is required")
        h.interactions.allTextInteractions.require(toFail: mine)
        for r in text {
            XCTAssertTrue(r.requiresFailure(of: mine), "\(r.name) waits for it to fail")
        }
        XCTAssertFalse(h.interactions.selectAnnotation.gestureRecognizers.contains { $0.requiresFailure(of: mine) },
                       "recognizers outside the group do not")
    }

    func testTryToSelectAnnotationAcceptsPointsInPDFSpace() {
        let h = EngineHarness()
        let sq = h.targets.addAnnotation("sq", .square, viewRect: Rect(x: 100, y: 1100, width: 60, height: 60))
        // View (130, 1130) is page 1's PDF point (130, 870).
        XCTAssertTrue(h.interactions.tryToSelectAnnotation(at: Point(x: 130, y: 870), in: .pdf(PageIndex(1))))
        XCTAssertFalse(h.interactions.tryToSelectAnnotation(at: Point(x: 700, y: 500), in: .pdf(PageIndex(1))))
        XCTAssertEqual(h.decisions, [.selectAnnotation(sq)])
    }

    func testATapOnNothingDeselectsTheSelectedAnnotations() {
        let h = EngineHarness()
        let sq = h.targets.addAnnotation("sq", .square, viewRect: square)
        h.targets.selectedAnnotations = [sq]
        h.tap(Point(x: 400, y: 600), t: 0)
        XCTAssertEqual(h.decisions, [.deselectAnnotations([sq])])
    }

    func testATapOnAFormFieldEditsIt() {
        let h = EngineHarness()
        let field = h.targets.addAnnotation("field", .widget, viewRect: square)
        h.tap(square.center, t: 0)
        XCTAssertEqual(h.decisions, [.editAnnotation(field)])
    }

    func testTappingNearAnEdgeTurnsThePage() {
        let h = EngineHarness()
        h.tap(Point(x: 10, y: 500), t: 0)
        h.tap(Point(x: 790, y: 500), t: 1)
        XCTAssertEqual(h.decisions, [.fastScroll(.previousPage), .fastScroll(.nextPage)])
    }

    func testSmallAnnotationsAreEasierToHitWithAFingerThanWithAMouse() {
        let h = EngineHarness()
        let tiny = h.targets.addAnnotation("tiny", .text, viewRect: Rect(x: 300, y: 300, width: 10, height: 10))
        h.tap(Point(x: 320, y: 305), t: 0)
        h.tap(Point(x: 320, y: 305), t: 1, seq: 0, source: .mouse)
        // The finger's tap hits the tiny note; the mouse's click misses it (and a click on the
        // page is not reading mode's toggle, which is a finger's).
        XCTAssertEqual(h.decisions, [.selectAnnotation(tiny)])
    }

    func testSmartZoomOffersItsTargetRectToConditions() {
        let h = EngineHarness()
        let rect = Rect(x: 50, y: 60, width: 300, height: 400)
        h.targets.zoomRect = rect
        var seen: Rect?
        h.interactions.smartZoom.addActivationCondition { context, _, _ in seen = context.targetRect; return true }
        h.doubleTap(Point(x: 100, y: 100), t: 0)
        XCTAssertEqual(seen, rect)
        XCTAssertEqual(h.decisions, [.smartZoom(to: rect, about: Point(x: 100, y: 100))])
    }

    func testAMouseDragOverTextSelectsText() {
        let h = EngineHarness()
        h.targets.textEverywhere = true
        h.down(0, Point(x: 100, y: 100), t: 0, source: .mouse)
        h.move(0, Point(x: 150, y: 100), t: 0.1, source: .mouse)
        h.up(0, Point(x: 150, y: 100), t: 0.2, source: .mouse)
        let hit = TextHit(page: PageIndex(0), characterIndex: 100)
        XCTAssertEqual(h.decisions, [
            .selectText(.began, at: Point(x: 150, y: 100), hit),
            .selectText(.ended, at: Point(x: 150, y: 100), hit),
        ])
    }
}
