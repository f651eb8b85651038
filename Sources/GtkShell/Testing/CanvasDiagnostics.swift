// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout

/// What the canvas counts and times only so that the state dump, the tests and the benchmarks
/// can see it: kept apart from the state the canvas works with.
public struct CanvasDiagnostics: Sendable {
    /// Engine events handled so far (live or replayed).
    public internal(set) var handledInputEvents = 0
    /// Set when a `--replay-input` recording has been fed in completely.
    public internal(set) var replayFinished = false
    /// Undoable steps made so far (every new edit counts one; undo and redo do not).
    public internal(set) var annotationEdits = 0
    /// How many times a viewport change made the layout redo its frames.
    public internal(set) var layoutInvalidations = 0
    /// How many page turns ended (finished or laid back).
    public internal(set) var pageTurnsCompleted = 0
    /// Frames the canvas drew (each time GTK asked it for its picture): a view that shows the
    /// same as before draws none.
    public internal(set) var framesDrawn = 0
    /// Of those, the frames painted while tiles of the pages on screen were still missing (a
    /// tab brought to the front from its cache draws none).
    public internal(set) var framesDrawnMissingTiles = 0
    /// The frames that drew a page turn, and the frames painted after the view moved.
    var turnFrames = FrameTimes()
    var viewFrames = FrameTimes()
    /// What the frame being made draws, set while drawing and read once it is painted.
    var framePainting: PaintedFrame?
    /// The viewport of the last frame drawn (a frame after a change is a view frame).
    var lastDrawnViewport: Viewport?
    /// Whether the first frame of a document has been painted (`false` between its draw and
    /// its paint, when the start-up trace notes it).
    var firstPaintTraced: Bool?
    /// The last first frame's visible tiles: how many were rendered ahead by the start-up
    /// worker and taken, and how many the first draw rendered itself.
    public internal(set) var firstFrameTilesTaken = 0
    public internal(set) var firstFrameTilesRendered = 0
    /// Whether the canvas listens for its frame clock's end of paint.
    var watchesFramePaint = false

    enum PaintedFrame: Sendable { case turn, view }
}
