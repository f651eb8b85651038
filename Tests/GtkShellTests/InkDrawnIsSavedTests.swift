// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import Document
import DocumentPoppler
import DocumentSession
import Foundation
import Geometry
import InteractionEngine
import TestSupport
import XCTest

@testable import GtkShell

/// What is drawn is what is saved: a stroke replayed into a document session is painted from
/// the session's last live frame as the page view paints it (``CreationPainter``), then
/// committed into a real document, saved, and drawn from its saved /AP by MuPDF at the same
/// scale. The two may differ by antialiasing only: pixels along the outline, never a wider or
/// narrower stroke.
final class InkDrawnIsSavedTests: XCTestCase {
    /// The session's editing port over a real editor.
    private final class EditorPort: EditingPort {
        let editor: DocumentEditor
        init(_ editor: DocumentEditor) { self.editor = editor }
        func annotations(on page: PageIndex) -> [Annotation] { editor.annotations(on: page) }
        func annotation(_ id: String) -> Annotation? { editor.annotation(id) }
        func popupID(of annotation: Annotation) -> String? { editor.popupID(of: annotation) }
        func removal(of ids: [String]) -> [PlacedAnnotation] { editor.removal(of: ids) }
        func formField(forWidget annotationID: String) -> (field: FormField, widget: FormWidget)? { nil }
        func formField(named name: String) -> FormField? { nil }
        func formTabStops() -> [FormStop] { [] }
        func commit(_ record: EditRecord) -> Bool { (try? editor.perform(record)) != nil }
    }

    private let pageSize = Size(width: 420, height: 595)

    private func mutool() -> String? {
        ["/usr/bin/mutool", "/usr/local/bin/mutool"].first(where: FileManager.default.isExecutableFile)
    }

    /// MuPDF's rendering of page 1 of `pdf` at `zoom` (72 dpi × zoom), grey.
    private func mupdf(_ pdf: String, zoom: Double, _ tool: String) throws -> PNMImage {
        let out = pdf + ".pgm"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["draw", "-q", "-r", "\(Int(72 * zoom))", "-c", "gray", "-F", "pgm", "-o", out, pdf, "1"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return try PNMImage(path: out)
    }

    /// A pen stroke as a tablet reports it at 120 Hz: a loop and a wave across the page, its
    /// pressure rising and falling, with the jitter of a hand (seeded, so the test is the same
    /// every time).
    private func penStroke(from start: Point) -> [(Point, Double)] {
        var jitter: UInt64 = 7
        func noise() -> Double {
            jitter = jitter &* 6364136223846793005 &+ 1442695040888963407
            return Double(jitter >> 40) / Double(1 << 24) - 0.5
        }
        return (0..<140).map { i in
            let t = Double(i) / 139
            let x = start.x + 260 * t + 40 * sin(t * 9), y = start.y + 70 * sin(t * 7) + 30 * cos(t * 13)
            return (Point(x: x + noise() * 0.6, y: y + noise() * 0.6), 0.15 + 0.85 * abs(sin(t * 5)))
        }
    }

    func testAReplayedStrokesLastLiveFrameIsWhatMuPDFDrawsOfItsSavedAppearance() throws {
        guard let tool = mutool() else { throw XCTSkip("mutool (MuPDF) is not installed: tools/install-deps.sh installs it") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ink-drawn-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("page.pdf").path
        try NumberedPagesPDF.data(pages: 1).write(to: URL(fileURLWithPath: pdf))
        let blank = try mupdf(pdf, zoom: 2, tool)

        let editor = try DocumentEditor.open(path: pdf, password: nil)
        let port = EditorPort(editor)
        let clock = ManualClock(now: InputTime(seconds: 10))
        let session = DocumentSession(clock: clock, stamp: { _ in CreationStamp(id: "ink-\(UUID().uuidString)", author: "Test", date: "D:20261202") })
        session.editing = port
        _ = session.changeView {
            $0.resize(to: Size(width: 1000, height: 1300))
            $0.setDocument(pageSizes: [pageSize])
            $0.setZoom(2)
        }
        for effect in session.syncScene() {
            if case .readPage(let page) = effect { _ = session.refreshTargets(on: page, linksListed: false) }
        }
        XCTAssertEqual(session.view.viewport.zoom, 2, accuracy: 1e-9)
        // The tip is predicted, drawn and never saved: the frame compared is the stroke's own.
        session.inputAdjuster.settings.predictsInkTip = false
        _ = session.perform(.pick(.ink))

        let zoom = session.view.viewport.zoom
        let frame = session.view.layout.pageFrame(PageIndex(0), zoom: zoom).offsetBy(Point.zero - session.view.viewport.offset)
        // The live frames, painted as the page view paints them, onto the page's pixels.
        let width = Int((pageSize.width * zoom).rounded()), height = Int((pageSize.height * zoom).rounded())
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        var outline = 0.0
        // A pen stroke with pressure (a filled outline), then a mouse stroke (a stroked curve).
        let strokes: [(InputSource, [(Point, Double)])] = [
            (.pen, penStroke(from: Point(x: frame.minX + 120, y: frame.minY + 300))),
            (.mouse, penStroke(from: Point(x: frame.minX + 160, y: frame.minY + 700)).map { ($0.0, 1) }),
        ]
        for (n, (source, samples)) in strokes.enumerated() {
            for (i, (p, pressure)) in samples.enumerated() {
                clock.advance(by: 1.0 / 120)
                let phase: InputPhase = i == 0 ? .began : .moved
                _ = session.handle(InputEvent(kind: .contact(phase), source: source, sequence: InputSequenceID(UInt64(40 + n)), position: p,
                                              time: clock.now, button: source == .mouse ? .primary : nil,
                                              axes: source == .pen ? StylusAxes(pressure: pressure) : StylusAxes()))
            }
            let live = try XCTUnwrap(session.frame.liveInk, "the stroke is drawn while it is made")
            XCTAssertEqual(live.strokes.count, 1)
            XCTAssertEqual(live.strokes[0].widths == nil, source == .mouse, "a pen's stroke has its widths, a mouse's one width")
            let cr = cairo_create(surface)!
            cairo_translate(cr, -frame.minX, -frame.minY)
            CreationPainter.paint(live, skipping: [], cr)
            cairo_destroy(cr)
            let points = live.strokes[0].points
            outline += 2 * zip(points, points.dropFirst()).map { $0.distance(to: $1) }.reduce(0, +) + 2 * Double.pi * live.strokes[0].lineWidth
            clock.advance(by: 1.0 / 120)
            _ = session.handle(InputEvent(kind: .contact(.ended), source: source, sequence: InputSequenceID(UInt64(40 + n)),
                                          position: samples.last!.0, time: clock.now, button: source == .mouse ? .primary : nil))
        }
        XCTAssertEqual(editor.annotations(on: PageIndex(0)).filter { $0.subtype == .ink }.count, 2, "each stroke is committed")
        try editor.save()
        let saved = try mupdf(pdf, zoom: 2, tool)
        XCTAssertEqual(saved.width, width)
        XCTAssertEqual(saved.height, height)

        // Ink: a pixel half covered or more. MuPDF's coverage: how far the pixel went from the
        // paper towards the ink's own grey (the darkest it drew on blank paper).
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)), data = cairo_image_surface_get_data(surface)!
        let w = min(width, saved.width), h = min(height, saved.height)
        var inkGrey = 255
        for y in 0..<h { for x in 0..<w where blank.rgb(x: x, y: y)!.r == 255 { inkGrey = min(inkGrey, saved.rgb(x: x, y: y)!.r) } }
        XCTAssertLessThan(inkGrey, 200, "MuPDF draws the ink")
        var liveInk = 0, savedInk = 0, differing = 0
        for y in 0..<h {
            for x in 0..<w where blank.rgb(x: x, y: y)!.r == 255 {
                let drawn = data[y * stride + x * 4 + 3] >= 128
                let mupdfInk = 2 * (255 - saved.rgb(x: x, y: y)!.r) >= 255 - inkGrey
                if drawn { liveInk += 1 }
                if mupdfInk { savedInk += 1 }
                if drawn != mupdfInk { differing += 1 }
            }
        }
        if let keep = ProcessInfo.processInfo.environment["INK_COMPARE_DIR"] {
            cairo_surface_write_to_png(surface, keep + "/live.png")
            try? FileManager.default.copyItem(atPath: pdf + ".pgm", toPath: keep + "/saved.pgm")
            try? FileManager.default.copyItem(atPath: pdf, toPath: keep + "/saved.pdf")
        }
        print(String(format: "ink drawn vs saved: %d live ink pixels, %d MuPDF ink pixels, %d differ; outline %.0f px", liveInk, savedInk, differing, outline))
        XCTAssertGreaterThan(liveInk, 2000, "the strokes are drawn")
        XCTAssertEqual(Double(savedInk), Double(liveInk), accuracy: Double(liveInk) * 0.05, "as much ink saved as drawn")
        XCTAssertLessThanOrEqual(Double(differing), outline / 4, "they differ along the outline only (antialiasing)")
    }
}
