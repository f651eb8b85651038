// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import FoundationEssentials
import Geometry
import Platform
import Rendering

/// The tiles a document's first frame will show, foretold before the window exists, so that a
/// worker renders them while GTK starts and the first frame only paints them.
///
/// The view's size is the one the canvas had at the last start's first frame: the window opens
/// at its default size, or at what the window manager makes of it, the same each time. The
/// document's stored place gives the layout, zoom mode, zoom and position, which the window
/// applies the same way (``DocumentWindow/restorePlace(of:preferred:)``, then DocumentLayout's
/// `Viewport.opening` at the canvas's first size). A wrong guess costs only the worker's time: the canvas takes a foretold tile only
/// when its own plan asks for that very tile (page, scale, column and row) and renders the rest.
struct FirstFramePrediction: Equatable {
    /// The canvas's size at the last first frame, in view pixels.
    var viewSize: Size
    /// Device pixels per view pixel then.
    var deviceScale: Double
    /// Where the reader left the document, if it was read before.
    var place: ReadingPlaces.Place?
    /// The layout the document asks for (its /PageLayout), used when it was not read before.
    var documentPageLayout: String?

    /// The tiles under the view when the document opens, each page's in one request list;
    /// empty when the opening view cannot be foretold (pages one spread at a time settle on a
    /// spread as they open).
    func visibleRequests(pageSizes: [Size]) -> [TileRequest] {
        guard !pageSizes.isEmpty, viewSize.width > 0, viewSize.height > 0, deviceScale > 0,
              place?.oneSpreadAtATime != true else { return [] }
        // As the canvas is given the document, then the stored layout, then its first size.
        var layout = DocumentLayout(pageSizes: pageSizes,
                                    settings: place?.layout ?? LayoutSettings(pageLayout: documentPageLayout, rightToLeft: false))
        layout.spreadBasedZooming = true
        let mode = place.flatMap { ZoomMode(rawValue: $0.zoomMode) }
        let viewport = Viewport.opening(in: layout, size: viewSize, fit: (mode ?? .fitWidth).fit, zoom: place?.zoom ?? 1,
                                        at: mode == nil ? nil : place?.spreadIndex)
        let planner = TilePlanner(pageSizes: pageSizes, deviceScale: deviceScale)
        let plan = planner.plan(layout: layout, viewport: viewport, motion: TilePlanner.Motion(forward: true)) { _ in false }
        return Array(plan.requests.prefix(plan.missingVisible))
    }
}

/// The canvas's size at the last first frame, kept in the user's state folder
/// (`$XDG_STATE_HOME/pdf-annotator/first-view.json`).
struct FirstViewMemory {
    struct Stored: Codable, Equatable {
        var width: Double
        var height: Double
        var scale: Double
    }

    let file: UserFile<Stored>

    static var standard: FirstViewMemory { FirstViewMemory(file: .state("first-view.json")) }

    func load() -> Stored? { file.read() }

    /// Writes `view` unless it is what is stored already.
    func store(_ view: Stored) {
        guard load() != view else { return }
        file.write(view)
    }
}
