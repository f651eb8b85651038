// SPDX-License-Identifier: GPL-3.0-or-later

/// The zoom writing strip as the state dump reports it (`zoomStrip` of a window showing a
/// document): whether it shows and, when it does, its box on the page, its magnification and
/// size, where the box and its handles are over the page view, whether its picture shows the
/// box as it is, and how many strokes were written in it.
public struct ZoomStripSnapshot: Codable, Sendable, Equatable {
    public var shown: Bool
    /// The 1-based page the box lies on.
    public var page: Int?
    /// The box on that page: x, y, width, height in the page's space as shown (points from its
    /// top-left, y down).
    public var box: [Double]?
    /// Strip pixels per page point (the strip's width over the box's).
    public var magnification: Double?
    /// The page-space x the return control brings the box back to.
    public var lineStart: Double?
    /// The strip's writing area, logical pixels.
    public var stripWidth: Double?
    public var stripHeight: Double?
    /// The box over the page view (x, y, width, height, view coordinates), and the middles of
    /// its move grip and its size handle; absent while its page is not laid out.
    public var boxInView: [Double]?
    public var moveHandle: [Double]?
    public var resizeHandle: [Double]?
    /// Whether the strip's picture shows the box as it is now (rendered, none under way).
    public var rendered: Bool?
    /// How many strokes were written in the strip.
    public var strokes: Int?
    /// Whether a `--replay-input` recording aimed at the strip was fed in completely.
    public var replayFinished: Bool?
    /// The place in the split's `views` of the view the box is drawn over and written through
    /// (the active one; 0 with one view).
    public var view: Int?
    /// The place in the split's `views` of the view the strip is docked under (the active one).
    public var dockedView: Int?
    /// The strip's widget, [x, y, width, height] in the window's `canvasX` coordinates.
    public var frame: [Double]?

    public init(shown: Bool, page: Int? = nil, box: [Double]? = nil, magnification: Double? = nil, lineStart: Double? = nil,
                stripWidth: Double? = nil, stripHeight: Double? = nil, boxInView: [Double]? = nil, moveHandle: [Double]? = nil,
                resizeHandle: [Double]? = nil, rendered: Bool? = nil, strokes: Int? = nil, replayFinished: Bool? = nil,
                view: Int? = nil, dockedView: Int? = nil, frame: [Double]? = nil) {
        self.shown = shown; self.page = page; self.box = box; self.magnification = magnification; self.lineStart = lineStart
        self.stripWidth = stripWidth; self.stripHeight = stripHeight; self.boxInView = boxInView; self.moveHandle = moveHandle
        self.resizeHandle = resizeHandle; self.rendered = rendered; self.strokes = strokes; self.replayFinished = replayFinished
        self.view = view; self.dockedView = dockedView; self.frame = frame
    }
}
