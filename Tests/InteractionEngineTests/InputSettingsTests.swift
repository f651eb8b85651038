// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import XCTest

@testable import InteractionEngine

/// The Preferences' input settings as values: a pen's pressure curve and width range, what its
/// ends and buttons do, fingers and touchpad gestures, and files from older versions.
final class InputSettingsTests: XCTestCase {
    private func event(_ kind: InputEvent.Kind, _ source: InputSource, button: PointerButton? = nil, pressure: Double? = nil,
                       sequence: InputSequenceID = .pointer) -> InputEvent {
        InputEvent(kind: kind, source: source, sequence: sequence, position: Point(x: 10, y: 10), time: InputTime(seconds: 1),
                   button: button, axes: StylusAxes(pressure: pressure))
    }

    func testTheCurveOnTheDiagonalIsTheDevicesOwnResponse() {
        let curve = PressureCurve()
        for x in stride(from: 0.0, through: 1.0, by: 0.1) { XCTAssertEqual(curve.apply(x), x, accuracy: 1e-9) }
    }

    func testAHandleAboveTheDiagonalMakesALightTouchHeavierAndStaysMonotonic() {
        let soft = PressureCurve(handle: Point(x: 0.2, y: 0.9)), firm = PressureCurve(handle: Point(x: 0.9, y: 0.1))
        XCTAssertGreaterThan(soft.apply(0.2), 0.45)
        XCTAssertLessThan(firm.apply(0.5), 0.3)
        for curve in [soft, firm] {
            XCTAssertEqual(curve.apply(0), 0, accuracy: 1e-9)
            XCTAssertEqual(curve.apply(1), 1, accuracy: 1e-9)
            var last = -1.0
            for x in stride(from: 0.0, through: 1.0, by: 0.01) {
                XCTAssertGreaterThanOrEqual(curve.apply(x), last - 1e-12, "rises everywhere (\(curve.handle), x \(x))")
                last = curve.apply(x)
            }
        }
    }

    func testStrokePressureDrawsTheWidthsBetweenThinnestAndThickest() {
        let pen = PenSettings(thinnest: 0.5, thickest: 0.8)
        // A saved stroke draws pressure q at 0.25 + 0.75 q of the tool's width.
        func width(_ q: Double) -> Double { 0.25 + 0.75 * q }
        XCTAssertEqual(width(pen.strokePressure(fromDevice: 0)), 0.5, accuracy: 1e-9)
        XCTAssertEqual(width(pen.strokePressure(fromDevice: 1)), 0.8, accuracy: 1e-9)
        XCTAssertEqual(width(pen.strokePressure(fromDevice: 0.5)), 0.65, accuracy: 1e-9)
        XCTAssertEqual(PenSettings().strokePressure(fromDevice: 0.37), 0.37, accuracy: 1e-9, "the defaults keep the device's pressure")
    }

    func testAPensPressureIsAdjustedAndOtherDevicesPassUnchanged() {
        var settings = InputSettings()
        settings.pens["wacom:1"] = PenSettings(curve: PressureCurve(handle: Point(x: 0.1, y: 0.9)))
        let adjuster = InputAdjuster(settings: settings, pen: "wacom:1")
        let moved = try! XCTUnwrap(adjuster.adjust(event(.contact(.moved), .pen, pressure: 0.2)))
        XCTAssertGreaterThan(moved.axes.pressure ?? 0, 0.5, "the pen's own curve")
        adjuster.pen = "other"
        XCTAssertEqual(adjuster.adjust(event(.contact(.moved), .pen, pressure: 0.2))?.axes.pressure ?? 0, 0.2, accuracy: 1e-9,
                       "a pen without settings of its own uses the default pen's")
        let mouse = event(.contact(.began), .mouse, button: .primary)
        XCTAssertEqual(adjuster.adjust(mouse), mouse)
    }

    func testAnEraserEndSetToTheTipDrawsForTheWholeContactAndNeverPicksTheEraser() {
        var settings = InputSettings()
        settings.defaultPen.eraserEnd = .tip
        let adjuster = InputAdjuster(settings: settings)
        XCTAssertEqual(adjuster.adjust(event(.hover, .eraser))?.source, .pen, "hovering does not pick the eraser")
        let began = adjuster.adjust(event(.contact(.began), .eraser, button: .primary, pressure: 0.5))
        XCTAssertEqual(began?.source, .pen)
        XCTAssertEqual(adjuster.adjust(event(.contact(.moved), .eraser, pressure: 0.5))?.source, .pen)
        XCTAssertEqual(adjuster.adjust(event(.contact(.ended), .eraser, button: .primary))?.source, .pen)
    }

    func testABarrelButtonSetToEraseErasesAndOneSetToNothingIsIgnoredUntilLifted() {
        var settings = InputSettings()
        settings.defaultPen.lowerButton = .erase
        settings.defaultPen.upperButton = .nothing
        let adjuster = InputAdjuster(settings: settings)
        let erase = adjuster.adjust(event(.contact(.began), .pen, button: .middle))
        XCTAssertEqual(erase?.source, .eraser)
        XCTAssertEqual(erase?.button, .primary)
        XCTAssertEqual(adjuster.adjust(event(.contact(.moved), .pen))?.source, .eraser, "the whole contact erases")
        XCTAssertEqual(adjuster.adjust(event(.contact(.ended), .pen, button: .middle))?.source, .eraser)
        XCTAssertEqual(adjuster.adjust(event(.contact(.began), .pen, button: .primary))?.source, .pen, "the next contact is the tip again")
        _ = adjuster.adjust(event(.contact(.ended), .pen, button: .primary))
        XCTAssertNil(adjuster.adjust(event(.contact(.began), .pen, button: .secondary)))
        XCTAssertNil(adjuster.adjust(event(.contact(.moved), .pen)))
        XCTAssertNil(adjuster.adjust(event(.contact(.ended), .pen, button: .secondary)))
        XCTAssertNotNil(adjuster.adjust(event(.contact(.began), .pen, button: .primary)))
    }

    func testAnEraserEndSetToErasePartsErasesAndSaysSoForTheContact() {
        var settings = InputSettings()
        settings.defaultPen.eraserEnd = .eraseParts
        let adjuster = InputAdjuster(settings: settings)
        XCTAssertEqual(adjuster.adjust(event(.hover, .eraser))?.source, .eraser, "hovering shows the eraser")
        XCTAssertEqual(adjuster.adjust(event(.contact(.began), .eraser, button: .primary))?.source, .eraser)
        XCTAssertEqual(adjuster.eraserMode, .partial)
        _ = adjuster.adjust(event(.contact(.ended), .eraser, button: .primary))
        adjuster.settings.defaultPen.eraserEnd = .erase
        _ = adjuster.adjust(event(.contact(.began), .eraser, button: .primary))
        XCTAssertEqual(adjuster.eraserMode, .whole)
        // Remembered with the settings, and a file without it reads as whole.
        settings.eraserMode = .partial
        let read = try? JSONDecoder().decode(InputSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertEqual(read?.eraserMode, .partial)
        XCTAssertEqual(try? JSONDecoder().decode(InputSettings.self, from: Data("{}".utf8)).eraserMode, .whole)
    }

    func testButtonsSetToSelectOrHighlightNameTheirStandInForTheWholeContact() {
        var settings = InputSettings()
        settings.defaultPen.lowerButton = .select
        settings.defaultPen.upperButton = .highlight
        let adjuster = InputAdjuster(settings: settings)
        let select = adjuster.adjustWithTool(event(.contact(.began), .pen, button: .middle, pressure: 0.5))
        XCTAssertEqual(select?.contactTool, .select)
        XCTAssertEqual(select?.event.source, .mouse, "it selects as the mouse does (a pen would ink)")
        XCTAssertEqual(select?.event.button, .primary)
        XCTAssertEqual(adjuster.adjustWithTool(event(.contact(.moved), .pen))?.contactTool, .select)
        XCTAssertEqual(adjuster.adjustWithTool(event(.contact(.ended), .pen, button: .middle))?.contactTool, .select)
        let highlight = adjuster.adjustWithTool(event(.contact(.began), .pen, button: .secondary))
        XCTAssertEqual(highlight?.contactTool, .highlight)
        XCTAssertEqual(highlight?.event.source, .pen)
        _ = adjuster.adjustWithTool(event(.contact(.ended), .pen, button: .secondary))
        XCTAssertNil(adjuster.adjustWithTool(event(.contact(.began), .pen, button: .primary))?.contactTool, "the tip is the tip")
    }

    func testTheTipPressedUnderAHeldButtonGoesOnAsTheButtonsContact() {
        var settings = InputSettings()
        settings.defaultPen.lowerButton = .highlight
        let adjuster = InputAdjuster(settings: settings)
        XCTAssertEqual(adjuster.adjustWithTool(event(.contact(.began), .pen, button: .middle))?.contactTool, .highlight)
        XCTAssertEqual(adjuster.adjustWithTool(event(.contact(.began), .pen, button: .primary))?.contactTool, .highlight,
                       "the tip's press inside the button's contact")
    }

    func testAnEraserEndActingAsTheTipDrawsWithThePensCurve() {
        var settings = InputSettings()
        settings.defaultPen.eraserEnd = .tip
        settings.defaultPen.thinnest = 1
        let adjuster = InputAdjuster(settings: settings)
        let drawn = adjuster.adjust(event(.contact(.began), .eraser, button: .primary, pressure: 0.1))
        XCTAssertEqual(drawn?.source, .pen)
        XCTAssertEqual(drawn?.axes.pressure ?? 0, 1, accuracy: 1e-9, "the pen's width range applies")
    }

    func testFingersSetToNothingAndTouchpadGesturesTurnedOffNeverArrive() {
        var settings = InputSettings()
        settings.touch.fingers = .nothing
        settings.touchpad.pinchZooms = false
        settings.touchpad.swipeGoesThroughHistory = false
        let adjuster = InputAdjuster(settings: settings)
        XCTAssertNil(adjuster.adjust(event(.contact(.began), .touchscreen, sequence: InputSequenceID(7))))
        XCTAssertNil(adjuster.adjust(event(.touchpadPinch(.began, scale: 1.2, angleDelta: 0, fingers: 2), .touchpad)))
        XCTAssertNil(adjuster.adjust(event(.touchpadSwipe(.began, delta: Vector(dx: 30, dy: 0), fingers: 3), .touchpad)))
        XCTAssertNotNil(adjuster.adjust(event(.scroll(delta: Vector(dx: 0, dy: 10), kind: .smooth, phase: .moved), .touchpad)),
                        "two-finger scrolling stays")
    }

    func testSettingsRoundTripAndAFileFromAnOlderVersionTakesTheDefaults() throws {
        var settings = InputSettings(lastPen: "wacom:1")
        settings.pens["wacom:1"] = PenSettings(curve: PressureCurve(handle: Point(x: 0.3, y: 0.7)), thinnest: 0.4, eraserEnd: .nothing)
        settings.penNames["wacom:1"] = "Wacom Pen"
        settings.touch.palmDelay = 0.8
        let data = try JSONEncoder().encode(settings)
        XCTAssertEqual(try JSONDecoder().decode(InputSettings.self, from: data), settings)
        let old = Data(#"{"touch": {"fingers": "draw"}, "pens": {"x": {"thickest": 0.6, "eraserEnd": "someday"}}}"#.utf8)
        let read = try JSONDecoder().decode(InputSettings.self, from: old)
        XCTAssertEqual(read.touch.fingers, .draw)
        XCTAssertTrue(read.touch.palmRejection)
        XCTAssertEqual(read.pens["x"]?.thickest, 0.6)
        XCTAssertEqual(read.pens["x"]?.eraserEnd, .erase, "an action this version does not know is the default")
        XCTAssertEqual(read.touchpad, TouchpadSettings())
    }
}
