// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Glibc

/// Every frame the canvas drew, one line each, appended to the file named by
/// `PDF_ANNOTATOR_FRAME_LOG` (off otherwise): `frame-bench` reads the lines written during one of
/// its runs, so its figures count exactly the frames of that run (the dump's frame percentiles
/// cover everything since start-up), tile arrivals and drags included, not only frames that
/// moved the view.
///
/// A line is `<start µs> <took µs> <kind> <missing tiles> <canvas>`: the frame clock's start of
/// the frame (monotonic), the time from there to the end of its paint, `view` (the view moved),
/// `turn` (a page turn) or `still` (the view did not move: tiles arrived, an overlay or a drag
/// changed), the visible tiles still missing when it was painted, and which canvas drew it (its
/// number, ``FramePaintWatch/canvasNumber``: a split view's two halves each log their own
/// frames, and one frame of the window can have a line of each), then, for a frame, the µs from
/// the frame clock's start of the frame to the canvas starting to draw it (what came before the
/// canvas's own work: GTK's layout, or a start the frame clock put earlier than the frame began)
/// and the µs the canvas took to build it (its model and render nodes; the rest of `took` after
/// those two is GTK rendering and presenting it).
/// Lines of kind `loop` are long
/// turns of the main loop, not frames (``MainLoopTurns``), and have no canvas; lines of kind
/// `select` are changes of the selection (a lasso's decision), from the start of the main loop's
/// turn that handled the input to the change (``FramePaintWatch/selectionChanged()``). Lines of
/// kind `ahead` are idle turns that drew a band of the layers a carry of the selection at rest
/// would make (``CanvasFrames/makeLayersAhead()``), and lines of kind `layers` the part of a
/// carry's frame that made its layers itself (or drew the bands left of those made ahead); both
/// have canvas 0 and are not frames either.
///
/// - Warning: main thread only.
@MainActor
final class FrameLog {
    private let file: UnsafeMutablePointer<FILE>

    init?(path: String) {
        guard let file = fopen(path, "a") else { return nil }
        setvbuf(file, nil, _IOLBF, 0)
        self.file = file
    }

    /// The log's lines that are not a canvas's frames (`ahead`, `layers`).
    static let notes = fromEnvironment()

    static func fromEnvironment() -> FrameLog? {
        ProcessInfo.processInfo.environment["PDF_ANNOTATOR_FRAME_LOG"].flatMap(FrameLog.init(path:))
    }

    /// Appends a line; a frame's has `waited` and `built` after its canvas (see the type's description).
    func record(start: Int, took: Int, kind: String, missingTiles: Int, canvas: Int, waited: Int? = nil, built: Int? = nil) {
        let times = [waited, built].compactMap { $0 }.map { " \($0)" }.joined()
        fputs("\(start) \(took) \(kind) \(missingTiles) \(canvas)\(times)\n", file)
    }
}
