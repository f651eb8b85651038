// SPDX-License-Identifier: GPL-3.0-or-later

/// The views of a document tab as the state dump reports them (`split` of a window showing a
/// document): one view, or two views of the one document side by side or one above the other,
/// each with its own place, zoom and the annotations it shows, and which of them the toolbar,
/// the menus and the keys act on.
public struct SplitSnapshot: Codable, Sendable, Equatable {
    /// One view of the document.
    public struct View: Codable, Sendable, Equatable {
        /// The 1-based page the view's page label names.
        public var currentPage: Int
        public var zoom: Double
        public var offsetX: Double
        public var offsetY: Double
        /// The view's page area in the window (as `canvasX`, `canvasY` of the window), logical pixels.
        public var canvasX: Double
        public var canvasY: Double
        public var viewWidth: Double
        public var viewHeight: Double
        /// The ids of the annotations laid out on the pages the view shows.
        public var annotations: [String]
        /// The visible tiles the view does not show sharp yet (0: what it shows is current).
        public var missingTiles: Int
        /// The text of the view's page label ("Page 2 of 5"); `nil` with one view (no label).
        public var pageLabel: String?
        /// What the view searches for (`nil`: no search runs in it); the search bar's search runs in
        /// the active view only.
        public var searchQuery: String?
        /// How many matches the view's search found, and the 1-based number of its current one.
        public var searchMatchCount: Int?
        public var searchCurrentMatch: Int?
        /// The view's canvas's number, as its lines in the frame log (`PDF_ANNOTATOR_FRAME_LOG`)
        /// name it.
        public var canvas: Int?
        /// How many frames the view's canvas has drawn since it was made (a half that shows the
        /// same as before draws none).
        public var framesDrawn: Int?

        public init(currentPage: Int, zoom: Double, offsetX: Double, offsetY: Double, canvasX: Double, canvasY: Double,
                    viewWidth: Double, viewHeight: Double, annotations: [String], missingTiles: Int, pageLabel: String?,
                    searchQuery: String? = nil, searchMatchCount: Int? = nil, searchCurrentMatch: Int? = nil,
                    canvas: Int? = nil, framesDrawn: Int? = nil) {
            self.currentPage = currentPage; self.zoom = zoom; self.offsetX = offsetX; self.offsetY = offsetY
            self.canvasX = canvasX; self.canvasY = canvasY; self.viewWidth = viewWidth; self.viewHeight = viewHeight
            self.annotations = annotations; self.missingTiles = missingTiles; self.pageLabel = pageLabel
            self.searchQuery = searchQuery; self.searchMatchCount = searchMatchCount; self.searchCurrentMatch = searchCurrentMatch
            self.canvas = canvas; self.framesDrawn = framesDrawn
        }
    }

    /// `none` (one view), `horizontal` (side by side) or `vertical` (one above the other): the
    /// state of `win.split-view`.
    public var orientation: String
    /// The views, the first (left or top) first.
    public var views: [View]
    /// The place in `views` of the view the toolbar, the menus and the keys act on (the last
    /// one clicked or touched).
    public var activeView: Int
    /// Where the divider is: the first view's width (side by side) or height, logical pixels;
    /// `nil` with one view.
    public var dividerPosition: Int?
    /// How many render workers draw the views' tiles: 1, the document's one worker serving
    /// both halves of a split in turn.
    public var renderWorkers: Int?

    public init(orientation: String, views: [View], activeView: Int, dividerPosition: Int?, renderWorkers: Int? = nil) {
        self.orientation = orientation; self.views = views; self.activeView = activeView; self.dividerPosition = dividerPosition
        self.renderWorkers = renderWorkers
    }
}
