// SPDX-License-Identifier: GPL-3.0-or-later
@testable import GtkShell
import XCTest

/// Which frames may reach the X server through shared memory, and how big cairo's one segment
/// may be: for frames of 16 MiB or less none but while an animation announces its frames, and
/// then, as for larger ones always, the frame rounded up to a power of two, so that cairo's pool
/// holds one frame.
final class FrameSharedMemoryTests: XCTestCase {
    func testFramesOfSixteenMiBOrLessGetNoSegment() {
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 1920 * 1080 * 4), 0, "a 1080p frame")
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 2560 * 1600 * 4), 0, "a 2560×1600 frame")
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 16 << 20), 0)
    }

    func testAFourKFrameGetsOneSegmentOfOneFrameRoundedUpToAPowerOfTwo() {
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 3840 * 2160 * 4), 32 << 20)
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 32 << 20), 32 << 20)
        XCTAssertEqual(FrameSharedMemory.segmentLimit(frameBytes: 5120 * 2880 * 4), 64 << 20, "a 5K frame")
    }

    func testAnAnimationsFramesAt1080pGetOneSegmentOfOneFrameAndLargerFramesNoneOfTheirOwn() {
        XCTAssertEqual(FrameSharedMemory.animationSegmentLimit(frameBytes: 1920 * 1080 * 4), 8 << 20, "a 1080p frame (8,294,400 bytes)")
        XCTAssertEqual(FrameSharedMemory.animationSegmentLimit(frameBytes: 1280 * 900 * 4), 8 << 20, "a 1280×900 frame")
        XCTAssertEqual(FrameSharedMemory.animationSegmentLimit(frameBytes: 16 << 20), 16 << 20)
        XCTAssertEqual(FrameSharedMemory.animationSegmentLimit(frameBytes: 3840 * 2160 * 4), 0, "4K frames take one in any run")
    }

    func testTheAppStartsWithNoSegment() {
        XCTAssertEqual(FrameSharedMemory.counts.bytes, 0)
    }
}
