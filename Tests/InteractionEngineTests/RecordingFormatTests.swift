// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry
import XCTest

@testable import InteractionEngine

final class RecordingFormatTests: XCTestCase {
    private let sample: [InputEvent] = [
        InputEvent(kind: .contact(.began), source: .touchscreen, sequence: InputSequenceID(3), position: Point(x: 10.25, y: 20.5), time: InputTime(seconds: 100.0)),
        InputEvent(kind: .contact(.moved), source: .pen, position: Point(x: 11, y: 0.1), time: InputTime(seconds: 100.016),
                   axes: StylusAxes(pressure: 0.37, tiltX: -0.2, tiltY: 0.9)),
        InputEvent(kind: .scroll(delta: Vector(dx: 0, dy: -3.5), kind: .smooth, phase: .moved), source: .touchpad, time: InputTime(seconds: 100.5)),
        InputEvent(kind: .touchpadPinch(.began, scale: 1.25, angleDelta: 0.01, fingers: 2), source: .touchpad, time: InputTime(seconds: 101)),
        InputEvent(kind: .key(name: "Delete", pressed: true), source: .keyboard, time: InputTime(seconds: 102), modifiers: [.shift, .control]),
        InputEvent(kind: .contact(.ended), source: .mouse, position: Point(x: 1, y: 2), time: InputTime(seconds: 103), button: .secondary, clickCount: 2),
    ]

    func testARecordingRoundTripsThroughJSONLinesUnchanged() throws {
        let recording = InputRecording(header: InputRecordingHeader(metadata: ["viewSize": "800x600"]), events: sample)
        let text = recording.jsonLines()
        XCTAssertEqual(text.split(separator: "\n").count, sample.count + 1)
        XCTAssertTrue(text.hasPrefix(#"{"format":"pdf-annotator-input","metadata":{"viewSize":"800x600"},"version":1}"#))
        XCTAssertEqual(try InputRecording(jsonLines: text), recording)
    }

    func testTheWriterProducesTheSameLinesIncrementally() throws {
        let writer = InputRecordingWriter()
        let text = writer.headerLine + sample.map(writer.line(for:)).joined()
        XCTAssertEqual(try InputRecording(jsonLines: text).events, sample)
    }

    func testAnUnknownVersionIsRejectedWithAClearError() {
        let text = #"{"format":"pdf-annotator-input","version":2}"# + "\n"
        XCTAssertThrowsError(try InputRecording(jsonLines: text)) { error in
            XCTAssertEqual(error as? InputRecordingError, .unsupportedVersion(found: 2, supported: [1]))
            XCTAssertEqual(String(describing: error), "input recording version 2 is not supported (this build reads version 1)")
        }
    }

    func testTextThatIsNotARecordingIsRejected() {
        XCTAssertThrowsError(try InputRecording(jsonLines: #"{"hello":1}"#)) { error in
            guard case .notAnInputRecording = error as? InputRecordingError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try InputRecording(jsonLines: "\n\n")) { XCTAssertEqual($0 as? InputRecordingError, .empty) }
    }

    func testAMalformedEventLineIsReportedByItsLineNumber() {
        let writer = InputRecordingWriter()
        let text = writer.headerLine + writer.line(for: sample[0]) + "{\"kind\":42}\n"
        XCTAssertThrowsError(try InputRecording(jsonLines: text)) { error in
            guard case .malformedLine(line: 3, _) = error as? InputRecordingError else { return XCTFail("\(error)") }
        }
    }

    func testTheReplaySchedulerYieldsEventsAtTheirOriginalRelativeTimesOnTheHostClock() {
        let clock = ManualClock(now: InputTime(seconds: 5))
        let scheduler = InputReplayScheduler(events: Array(sample.prefix(3)), clock: clock)
        XCTAssertTrue(scheduler.dueEvents().isEmpty, "nothing before start")
        scheduler.start()
        XCTAssertEqual(scheduler.dueEvents().map(\.time), [InputTime(seconds: 5)])
        XCTAssertEqual(scheduler.delayUntilNextEvent!, 0.016, accuracy: 1e-9)
        clock.advance(by: 0.01)
        XCTAssertTrue(scheduler.dueEvents().isEmpty)
        clock.advance(by: 0.5)
        let due = scheduler.dueEvents()
        XCTAssertEqual(due.map(\.kind), [sample[1].kind, sample[2].kind])
        XCTAssertEqual(due[1].time.seconds, 5.5, accuracy: 1e-9)
        XCTAssertTrue(scheduler.isFinished)
        XCTAssertNil(scheduler.nextDueTime)
    }
}
