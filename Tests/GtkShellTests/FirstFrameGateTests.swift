// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import Geometry
@testable import GtkShell
import Rendering
import Synchronization
import XCTest

/// The text the canvas asks for, counted (read on the render worker).
private final class CountedText: TextSource, @unchecked Sendable {
    private let reads = Mutex(0)
    var count: Int { reads.withLock { $0 } }
    func text(on page: PageIndex) -> PageText {
        reads.withLock { $0 += 1 }
        return .empty
    }
    func text(on page: PageIndex, boxesIf wantsBoxes: ([Character]) -> Bool) -> PageText { text(on: page) }
}

/// Nothing before the first frame that the first frame does not show: a canvas on screen reads
/// the pages it shows (their text, links and images, on the render worker) once its first frame
/// is painted, not while GTK paints it; a canvas off screen reads at once.
final class FirstFrameGateTests: XCTestCase {
    func testWorkWaitsWhileTheGateIsClosedAndOnScreenAndRunsInOrderWhenItOpens() {
        MainActor.assumeIsolated {
            let gate = FirstFrameGate()
            var ran: [Int] = []
            gate.run(onScreen: true) { ran.append(0) }
            XCTAssertEqual(ran, [0], "an open gate runs work at once")
            gate.close()
            gate.run(onScreen: true) { ran.append(1) }
            gate.run(onScreen: false) { ran.append(2) }
            gate.run(onScreen: true) { ran.append(3) }
            XCTAssertEqual(ran, [0, 2], "off screen nothing waits; on screen work waits for the first frame")
            XCTAssertEqual(gate.held, 2)
            gate.open()
            XCTAssertEqual(ran, [0, 2, 1, 3], "what waited ran in the order it came")
            XCTAssertEqual(gate.held, 0)
            XCTAssertFalse(gate.isClosed)
        }
    }

    func testAnotherDocumentDropsWhatTheLastOneLeftWaiting() {
        MainActor.assumeIsolated {
            let gate = FirstFrameGate()
            var ran = 0
            gate.close()
            gate.run(onScreen: true) { ran += 1 }
            gate.close()
            gate.open()
            XCTAssertEqual(ran, 0, "the last document's work went with it")
        }
    }

    func testAFirstFrameThatDoesNotComeLetsTheWorkGoAfterTheFallback() {
        MainActor.assumeIsolated {
            let gate = FirstFrameGate()
            var ran = false
            gate.close()
            gate.run(onScreen: true) { ran = true }
            // Waits for the state (the fallback's timer on the main loop), with a generous bound.
            let deadline = g_get_monotonic_time() + 30_000_000
            while !ran, g_get_monotonic_time() < deadline { g_main_context_iteration(nil, 1) }
            XCTAssertTrue(ran, "the work ran without a first frame")
            XCTAssertFalse(gate.isClosed)
        }
    }

    func testACanvasOnScreenReadsItsPagesOnlyOnceItsFirstFrameIsPainted() throws {
        try GtkTestDisplay.require()
        try MainActor.assumeIsolated {
            let canvas = PdfCanvas()
            let text = CountedText()
            let window = gtk_window_new()!
            defer { gtk_window_destroy(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window))) }
            gtk_window_set_default_size(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)), 600, 500)
            gtk_window_set_child(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)), canvas.widget)
            canvas.setDocument(FakePageSource(count: 3), text: text, drawPage: { _, _, cr in
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
            })
            var readsAtFirstPaint: Int?
            var heldAtFirstPaint = 0
            canvas.paintWatch.onFirstFramePainted = {
                readsAtFirstPaint = text.count
                heldAtFirstPaint = canvas.paintWatch.firstFrameGate.held
            }
            gtk_window_present(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)))
            let deadline = g_get_monotonic_time() + 60_000_000
            while canvas.content.textByPage[PageIndex(0)] == nil, g_get_monotonic_time() < deadline {
                g_main_context_iteration(nil, 1)
            }
            let firstPaint = try XCTUnwrap(readsAtFirstPaint, "the first frame was painted")
            XCTAssertEqual(firstPaint, 0, "no page was read before the first frame was painted")
            XCTAssertGreaterThan(heldAtFirstPaint, 0, "the reads of the pages shown waited for it")
            XCTAssertNotNil(canvas.content.textByPage[PageIndex(0)], "page 1's text was read after it")
            XCTAssertGreaterThan(text.count, 0)
            canvas.clearDocument()
        }
    }

    func testACanvasOffScreenReadsItsPagesAtOnce() throws {
        try GtkTestDisplay.require()
        MainActor.assumeIsolated {
            let canvas = PdfCanvas()
            let text = CountedText()
            canvas.setDocument(FakePageSource(count: 3), text: text, drawPage: { _, _, _ in })
            canvas.resized(width: 600, height: 500)
            XCTAssertEqual(canvas.paintWatch.firstFrameGate.held, 0, "nothing waits for a frame that is not coming")
            let deadline = g_get_monotonic_time() + 60_000_000
            while canvas.content.textByPage[PageIndex(0)] == nil, g_get_monotonic_time() < deadline {
                g_main_context_iteration(nil, 1)
            }
            XCTAssertNotNil(canvas.content.textByPage[PageIndex(0)], "page 1's text was read without a frame")
            canvas.clearDocument()
        }
    }
}
