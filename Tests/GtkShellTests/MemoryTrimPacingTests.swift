// SPDX-License-Identifier: GPL-3.0-or-later
@testable import GtkShell
import XCTest

/// The trim of freed memory due after the last tile arrived waits while the canvas draws frames
/// (its heap locks held a carry's frame up), and runs at once at rest; pages found textless are
/// read once the canvas has rested two seconds.
final class MemoryTrimPacingTests: XCTestCase {
    func testATrimDueWhileFramesAreDrawnWaitsUntilNoneWasDrawnForHalfASecond() {
        XCTAssertEqual(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 10_000_000), 500, "a frame just started: half a second")
        XCTAssertEqual(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 9_800_000), 300, "the rest of the half second")
        XCTAssertEqual(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 9_500_001), 1, "never zero: it waits at least a millisecond")
    }

    func testPagesFoundTextlessWaitUntilNoFrameWasDrawnForTwoSeconds() {
        let quiet = DocumentWindow.restBeforeReading
        XCTAssertEqual(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 9_900_000, quiet: quiet), 1_900, "a carry's frame a tenth ago")
        XCTAssertNil(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 8_000_000, quiet: quiet), "two seconds without a frame: read now")
    }

    func testATrimDueAtRestRunsAtOnce() {
        XCTAssertNil(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 9_000_000), "the last frame a second before: a reader at rest")
        XCTAssertNil(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 9_500_000), "half a second exactly")
        XCTAssertNil(MemoryTrimPacing.wait(now: 10_000_000, lastFrame: 0), "no frame drawn yet")
    }
}
