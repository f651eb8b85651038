// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

/// One test per behaviour described in the interaction seeds.
final class ScenarioTests: XCTestCase {
    private let square = Rect(x: 100, y: 100, width: 60, height: 60)
    private let linkRect = Rect(x: 300, y: 100, width: 80, height: 20)

    private func harness() -> EngineHarness {
        let h = EngineHarness()
        h.targets.zoomRect = Rect(x: 0, y: 0, width: 400, height: 500)
        return h
    }

    func testDisablingAllAnnotationInteractionsLeavesOnlyTheUserInterfaceToggle() {
        let h = harness()
        h.targets.addAnnotation("sq", .square, viewRect: square)
        h.targets.addLink("l", viewRect: linkRect, uri: "https://example.org")
        h.interactions.allAnnotationInteractions.isEnabled = false

        h.tap(square.center, t: 0)
        h.wait(until: 1)
        h.tap(linkRect.center, t: 2)
        h.wait(until: 3)

        // The group's switch reached each of its members, and no other component: the flags
        // read are the members' own, not the group's that was just set.
        XCTAssertEqual(h.interactions.allInteractions.members.filter { !$0.isEnabled }.map(\.name),
                       ["selectAnnotation", "deselectAnnotation", "transformAnnotation", "editAnnotation", "openLinkAnnotation"])
        XCTAssertEqual(h.interactions.allInteractions.members.filter(\.isEnabled).map(\.name),
                       ["fastScroll", "smartZoom", "toggleUserInterface", "selectText", "deselectText", "drawer"])
        XCTAssertEqual(h.decisions, [.toggleUserInterface, .toggleUserInterface], "neither the square nor the link answered its tap")
    }

    func testAConditionThatBlocksPageZeroKeepsAnnotationsThereUnselectable() {
        let h = harness()
        h.targets.addAnnotation("p0", .square, viewRect: square)
        let onPage1 = h.targets.addAnnotation("p1", .square, viewRect: square.offsetBy(Vector(dx: 0, dy: 1000)))
        h.interactions.selectAnnotation.addActivationCondition { context, _, _ in context.page != PageIndex(0) }

        h.tap(square.center, t: 0)
        h.wait(until: 1)
        h.tap(Point(x: square.midX, y: square.midY + 1000), t: 2)
        h.wait(until: 3)

        XCTAssertEqual(h.decisions, [.toggleUserInterface, .selectAnnotation(onPage1)])
    }

    /// The app's long press must wait for selectAnnotation to fail; text selection waits for the
    /// app's long press.
    private func longPressSetup(_ h: EngineHarness, shouldBegin: Bool) -> (LongPressRecognizer, [GestureState]) {
        let box = StateLog()
        let longPress = LongPressRecognizer(name: "app.longPress", allowedSources: .touchscreen)
        longPress.shouldBegin = { _ in shouldBegin }
        longPress.onStateChange = { box.states.append($0.state) }
        longPress.require(toFail: h.interactions.selectAnnotation)
        h.interactions.allTextInteractions.require(toFail: longPress)
        XCTAssertNoThrow(try h.engine.arena.add(longPress))
        longPressLog = box
        return (longPress, [])
    }
    private final class StateLog { var states: [GestureState] = [] }
    private var longPressLog = StateLog()

    func testALongPressThatWinsKeepsTextSelectionFromStarting() {
        let h = harness()
        h.targets.textEverywhere = true
        _ = longPressSetup(h, shouldBegin: true)
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.wait(until: 0.7)
        h.up(1, Point(x: 400, y: 400), t: 0.8)

        XCTAssertEqual(longPressLog.states, [.began, .ended])
        XCTAssertFalse(h.decisions.contains { if case .selectText = $0 { return true } else { return false } })
    }

    func testTextSelectionStartsWhenTheLongPressDeclinesToBegin() {
        let h = harness()
        h.targets.textEverywhere = true
        _ = longPressSetup(h, shouldBegin: false)
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.wait(until: 0.7)

        XCTAssertEqual(longPressLog.states, [])
        let hit = TextHit(page: PageIndex(0), characterIndex: 400)
        XCTAssertEqual(h.decisions, [.selectText(.began, at: Point(x: 400, y: 400), hit)])
    }

    func testALongPressOverAnAnnotationWaitsUntilSelectAnnotationFails() {
        let h = harness()
        h.targets.addAnnotation("sq", .square, viewRect: square)
        let (longPress, _) = longPressSetup(h, shouldBegin: true)
        longPress.minimumPressDuration = 0.2
        h.down(1, square.center, t: 0)
        h.wait(until: 0.3)
        XCTAssertEqual(longPress.state, .possible, "held back while the selection tap may still succeed")
        h.wait(until: 0.45)
        XCTAssertEqual(longPress.state, .began)
        XCTAssertEqual(longPressLog.states, [.began])
    }

    func testADoubleTapAllowedAlongsideSmartZoomIsRecognizedTogetherWithIt() {
        let h = harness()
        let log = StateLog()
        let doubleTap = TapRecognizer(name: "app.doubleTap", taps: 2)
        doubleTap.onStateChange = { log.states.append($0.state) }
        h.interactions.smartZoom.allowSimultaneousRecognition(with: doubleTap)
        XCTAssertNoThrow(try h.engine.arena.add(doubleTap))

        h.doubleTap(Point(x: 200, y: 200), t: 0)
        h.wait(until: 1)

        XCTAssertEqual(log.states, [.recognized])
        XCTAssertEqual(h.decisions, [.smartZoom(to: Rect(x: 0, y: 0, width: 400, height: 500), about: Point(x: 200, y: 200))])
    }

    func testWithoutTheAllowanceSmartZoomAndAnAppDoubleTapExcludeEachOther() {
        let h = harness()
        let log = StateLog()
        let doubleTap = TapRecognizer(name: "app.doubleTap", taps: 2)
        doubleTap.onStateChange = { log.states.append($0.state) }
        XCTAssertNoThrow(try h.engine.arena.add(doubleTap))

        h.doubleTap(Point(x: 200, y: 200), t: 0)
        h.wait(until: 1)

        XCTAssertEqual(log.states, [])
        XCTAssertEqual(h.decisions.count, 1)
    }

    func testSelectionReimplementedWithADoubleTapKeepsTheAppsConditions() {
        let h = harness()
        h.targets.zoomRect = nil
        let sq = h.targets.addAnnotation("sq", .square, viewRect: square)
        let inkRect = Rect(x: 500, y: 100, width: 60, height: 60)
        h.targets.addAnnotation("ink", .ink, viewRect: inkRect)
        let interactions = h.interactions
        interactions.selectAnnotation.addActivationCondition { context, _, _ in context.annotation.kind != .ink }
        interactions.selectAnnotation.isEnabled = false
        let doubleTap = TapRecognizer(name: "app.doubleTapSelect", taps: 2)
        interactions.allInteractions.require(toFail: doubleTap)
        doubleTap.shouldBegin = { r in interactions.selectAnnotation.canActivate(at: r.location, in: .view) }
        doubleTap.onStateChange = { r in
            if r.state == .recognized { interactions.tryToSelectAnnotation(at: r.location, in: .view) }
        }
        XCTAssertNoThrow(try h.engine.arena.add(doubleTap))

        h.tap(square.center, t: 0)
        h.wait(until: 1)
        XCTAssertEqual(h.decisions, [.toggleUserInterface], "a single tap no longer selects")

        h.doubleTap(inkRect.center, t: 2)
        h.wait(until: 3)
        XCTAssertFalse(h.decisions.contains { if case .selectAnnotation = $0 { return true } else { return false } })

        h.outputs.removeAll()
        h.doubleTap(square.center, t: 4)
        h.wait(until: 5)
        XCTAssertEqual(h.decisions, [.selectAnnotation(sq)])
    }

    func testAConditionExcludesInkFromSelection() {
        let h = harness()
        let sq = h.targets.addAnnotation("sq", .square, viewRect: square)
        let inkRect = Rect(x: 500, y: 100, width: 60, height: 60)
        h.targets.addAnnotation("ink", .ink, viewRect: inkRect)
        h.interactions.selectAnnotation.addActivationCondition { context, _, _ in context.annotation.kind != .ink }

        h.tap(inkRect.center, t: 0)
        h.wait(until: 1)
        h.tap(square.center, t: 2)
        h.wait(until: 3)

        XCTAssertEqual(h.decisions, [.toggleUserInterface, .selectAnnotation(sq)])
    }

    func testTransformsAreRefusedInsideAPDFSpaceRectangle() {
        let h = harness()
        // PDF (0, 0, 400, 200) is the bottom strip of page 0: view y 800…1000.
        let inside = h.targets.addAnnotation("low", .square, viewRect: Rect(x: 100, y: 850, width: 80, height: 80))
        let outside = h.targets.addAnnotation("high", .square, viewRect: Rect(x: 500, y: 100, width: 80, height: 80))
        h.targets.selectedAnnotations = [inside, outside]
        h.interactions.transformAnnotation.addActivationCondition { context, point, space in
            guard let pdf = context.mapping.convert(point, from: space, to: .pdf(context.page)) else { return false }
            return !Rect(x: 0, y: 0, width: 400, height: 200).contains(pdf)
        }

        h.down(1, Point(x: 140, y: 890), t: 0)
        h.move(1, Point(x: 140, y: 920), t: 0.05)
        h.move(1, Point(x: 140, y: 950), t: 0.08)
        h.up(1, Point(x: 140, y: 950), t: 0.1)
        XCTAssertFalse(h.decisions.contains { if case .transformAnnotation = $0 { return true } else { return false } })
        XCTAssertEqual(h.scrollTotal.dy, -30, accuracy: 1e-9, "the drag scrolled instead")

        h.outputs.removeAll()
        h.down(1, Point(x: 540, y: 140), t: 1)
        h.move(1, Point(x: 540, y: 170), t: 1.05)
        h.up(1, Point(x: 540, y: 170), t: 1.1)
        XCTAssertEqual(h.decisions, [
            .transformAnnotation(outside, .began, translation: Vector(dx: 0, dy: 30)),
            .transformAnnotation(outside, .ended, translation: Vector(dx: 0, dy: 30)),
        ])
    }

    func testLinksOpenOnlyOnPageZero() {
        let h = harness()
        let first = h.targets.addLink("l0", viewRect: linkRect, uri: "https://a.example")
        h.targets.addLink("l1", viewRect: linkRect.offsetBy(Vector(dx: 0, dy: 1000)), uri: "https://b.example")
        h.interactions.openLinkAnnotation.addActivationCondition { context, _, _ in context.page == PageIndex(0) }

        h.tap(linkRect.center, t: 0)
        h.wait(until: 1)
        h.tap(Point(x: linkRect.midX, y: linkRect.midY + 1000), t: 2)
        h.wait(until: 3)

        XCTAssertEqual(h.decisions, [.openLink(first), .toggleUserInterface])
    }

    /// A long press drags an object with finger 1 while finger 2 scrolls; the pan is disabled and
    /// re-enabled when the drag starts so that it lets go of finger 1.
    private func dragWhileScrolling(resetPan: Bool) -> (EngineHarness, StateLog) {
        let h = harness()
        let log = StateLog()
        let drag = LongPressRecognizer(name: "app.dragObject", allowedSources: .touchscreen)
        drag.cancelsTouchesInView = false
        drag.allowSimultaneousRecognition(with: h.engine.scrollPan)
        let pan = h.engine.scrollPan
        drag.onStateChange = { r in
            log.states.append(r.state)
            if r.state == .began, resetPan {
                pan.isEnabled = false
                pan.isEnabled = true
            }
        }
        XCTAssertNoThrow(try h.engine.arena.add(drag))
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.wait(until: 0.6)
        h.move(1, Point(x: 400, y: 420), t: 0.65)
        h.move(1, Point(x: 400, y: 500), t: 0.7)
        return (h, log)
    }

    func testAnObjectDragsWithOneFingerWhileAnotherFingerScrolls() {
        let (h, log) = dragWhileScrolling(resetPan: true)
        XCTAssertEqual(h.scrollTotal, .zero, "the dragging finger does not scroll")

        h.down(2, Point(x: 200, y: 200), t: 0.8)
        h.move(2, Point(x: 200, y: 220), t: 0.85)
        h.move(1, Point(x: 420, y: 520), t: 0.87)
        h.move(2, Point(x: 200, y: 300), t: 0.9)
        h.up(2, Point(x: 200, y: 300), t: 1.0)
        h.up(1, Point(x: 420, y: 520), t: 1.1)

        XCTAssertEqual(h.scrollTotal.dy, -80, accuracy: 1e-9)
        XCTAssertEqual(log.states.first, .began)
        XCTAssertEqual(log.states.last, .ended)
        XCTAssertTrue(log.states.contains(.changed))
    }

    func testWithoutResettingThePanTheDraggingFingerAlsoScrolls() {
        let (h, log) = dragWhileScrolling(resetPan: false)
        XCTAssertLessThan(h.scrollTotal.dy, 0)
        XCTAssertEqual(log.states.first, .began)
    }

    func testTheTouchDelayKeepsAQuickSwipeFromHighlightingWhatItCrosses() {
        let h = harness()
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.move(1, Point(x: 400, y: 415), t: 0.05)
        h.move(1, Point(x: 400, y: 450), t: 0.1)
        h.up(1, Point(x: 400, y: 450), t: 0.2)
        h.wait(until: 1)

        XCTAssertFalse(h.outputs.contains { if case .contact = $0 { return true } else { return false } },
                       "the view never saw the touch, so nothing was highlighted")
        XCTAssertLessThan(h.scrollTotal.dy, 0)
    }

    func testATouchThatRestsIsDeliveredAfterTheDelayAndCancelledWhenItScrolls() {
        let h = harness()
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.wait(until: 0.1)
        XCTAssertTrue(h.outputs.isEmpty, "held back during the delay")
        h.wait(until: 0.2)
        guard case .contact(let began)? = h.outputs.first else { return XCTFail("expected the touch") }
        XCTAssertEqual(began.contactPhase, .began)

        h.move(1, Point(x: 400, y: 450), t: 0.3)
        XCTAssertTrue(h.outputs.contains(.contactCancelled(InputSequenceID(1))))
    }

    func testWithoutTheTouchDelayASlowSwipeFlashesTheHighlight() {
        let h = harness()
        h.engine.touchDelay.isEnabled = false
        h.down(1, Point(x: 400, y: 400), t: 0)
        h.move(1, Point(x: 400, y: 415), t: 0.05)

        guard case .contact(let began)? = h.outputs.first else { return XCTFail("expected the touch") }
        XCTAssertEqual(began.contactPhase, .began)
        XCTAssertTrue(h.outputs.contains(.contactCancelled(InputSequenceID(1))))
    }
}
