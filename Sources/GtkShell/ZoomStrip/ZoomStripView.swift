// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine

/// The zoom writing strip (GoodNotes' zoom window): docked under the page view, it shows the
/// box on the page (``ZoomStrip``) magnified, and writing in it inks the page inside the box.
///
/// Every contact, live (GDK events, translated once by ``EventTranslator``) or replayed, comes
/// through ``handle(_:)``; the user's input settings apply as on the page. A pen, the mouse and,
/// when fingers draw, a finger write. Each point is mapped from the strip into the box's page
/// space and then to the page's PDF space; the stroke grows as the page's ink preview and ends
/// as the session's ink (``DocumentSession/writeStripInk(_:on:)``), one undoable "Ink" step
/// like a Pen stroke. A stroke that ends near the strip's right end moves the box on; Return
/// in the strip, the button at its right end or `win.zoom-strip-return` start the next line.
///
/// The strip shows the box's area of the page rendered by the canvas's render worker, with the
/// canvas's own page drawing, at the strip's scale (ZoomStripView+Render), never on the main
/// thread; the box is drawn over the page view (``ZoomStripBoxOverlay``).
///
/// - Warning: main thread only.
@MainActor
final class ZoomStripView {
    /// The strip with its return button, attached under the page view.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Where the magnified box is drawn and written in.
    let area: UnsafeMutablePointer<GtkWidget>
    let returnButton: UnsafeMutablePointer<GtkWidget>
    /// The page view the box is drawn over and the strip writes through: the tab's active view
    /// (``follow(_:)``).
    private(set) unowned var canvas: PdfCanvas
    /// The page view whose render worker draws the strip's picture: the tab's first view, which
    /// shows the document as long as the tab does (and hears of its content changes first).
    unowned let renderer: PdfCanvas
    /// The box over the page view.
    private(set) var overlay: ZoomStripBoxOverlay!
    /// The box and the strip's magnification, while the strip shows.
    var strip: ZoomStrip? {
        didSet { if strip != oldValue { stripChanged() } }
    }
    var isShown: Bool { strip != nil }
    /// The strip's height, logical pixels.
    static let height = 168

    private var translator = EventTranslator()
    /// The stroke being written: its contact, its points in the strip and on the page (PDF).
    private var sequence: InputSequenceID?
    private var stripStroke: [(point: Point, pressure: Double?)] = []
    private var pageStroke: [InkPoint] = []
    /// Strokes written here that the last picture does not show yet (page space, pressures),
    /// drawn over it until a picture rendered after their edit arrives.
    var held: [(points: [Point], pressures: [Double?])] = []
    /// How many strokes the strip has written (for the state dump).
    private(set) var strokesWritten = 0
    /// Set once a `--replay-input` recording aimed at the strip has been fed in completely.
    var replayFinished = false
    /// Called when the box, the strip or what it wrote changed (the state dump follows).
    var onChange: (() -> Void)?

    // Rendering (ZoomStripView+Render).
    var picture: StripPicture?
    var renderSerial = 0
    var renderInFlight = false
    var renderWanted = false
    /// Renders asked for after this serial show the edits made so far: held strokes go then.
    var heldUntilSerial = Int.max
    var rendersDone = 0

    init(canvas: PdfCanvas) {
        self.canvas = canvas
        renderer = canvas
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(widget, "zoom-strip")
        gtk_widget_set_name(widget, "zoom-strip")
        area = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_size_request(area, 120, Int32(Self.height))
        gtk_widget_set_focusable(area, 1)
        gtk_widget_set_name(area, "zoom-strip-area")
        ann_accessible_set_label(area, tr("Zoom strip: write here to write inside the box on the page"))
        gtk_widget_set_tooltip_text(area, tr("Write here: it lands inside the box on the page"))
        // The return control: the wrap arrow over its name.
        returnButton = gtk_button_new()!
        let face = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let name = gtk_label_new(tr("Next Line"))!
        gtk_label_set_wrap(cast(name), 1)
        gtk_label_set_justify(cast(name), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(cast(name), 8)
        gtk_box_append(cast(face), gtk_image_new_from_icon_name("view-wrapped-symbolic"))
        gtk_box_append(cast(face), name)
        gtk_widget_set_valign(face, GTK_ALIGN_CENTER)
        gtk_button_set_child(cast(returnButton), face)
        gtk_widget_set_name(returnButton, "zoom-strip-return")
        gtk_widget_set_valign(returnButton, GTK_ALIGN_FILL)
        gtk_widget_set_size_request(returnButton, 72, -1)
        ann_accessible_set_label(returnButton, tr("Next Line"))
        gtk_widget_set_tooltip_text(returnButton, tr("{tool} ({key})", ["tool": tr("Next Line"), "key": "Ctrl+Shift+Return"]))
        gtk_actionable_set_action_name(cast(returnButton), "win.zoom-strip-return")
        let frame = gtk_frame_new(nil)!
        gtk_widget_set_hexpand(frame, 1)
        gtk_frame_set_child(cast(frame), area)
        gtk_box_append(cast(widget), frame)
        gtk_box_append(cast(widget), returnButton)
        gtk_widget_set_visible(widget, 0)

        WidgetCallbacks.setDrawFunction(of: area) { [weak self] cr, _, _ in self?.draw(cr) }
        Signals.connect(raw(area), "resize", size: { [weak self] w, h in self?.resized(width: Double(w), height: Double(h)) })
        let legacy = gtk_event_controller_legacy_new()
        Signals.connect(raw(legacy), "event", pointerReturningBool: { [weak self] event in
            guard let self, let event else { return false }
            return self.handleGdkEvent(event)
        })
        gtk_widget_add_controller(area, legacy)
        overlay = ZoomStripBoxOverlay(strip: self)
    }

    // MARK: Showing

    /// Shows the strip with a box on the page in view (its left margin, the middle of the
    /// view), magnifying ``ZoomStrip/defaultZoomFactor`` times the page view's zoom; or hides it.
    func setShown(_ shown: Bool) {
        guard shown != isShown else { return }
        if shown {
            gtk_widget_set_visible(widget, 1)
            strip = defaultStrip()
            requestRender()
        } else {
            cancelStroke()
            strip = nil
            held = []
            picture = nil
            gtk_widget_set_visible(widget, 0)
        }
        overlay.refresh()
        onChange?()
    }

    /// Places the box with its top-left at `origin` (page space) on `page`, and, when given,
    /// at `magnification`; shows the strip first when it is hidden.
    func place(on page: PageIndex, at origin: Point, magnification: Double?) {
        guard page.rawValue >= 0, page.rawValue < canvas.pageCount else { return }
        if !isShown { setShown(true) }
        guard var s = strip else { return }
        s.place(at: origin, on: page, pageSize: canvas.pageSizes[page.rawValue])
        if let magnification { s.setMagnification(magnification) }
        strip = s
    }

    /// The return control: the box goes to the start of the next line.
    func returnToNextLine() {
        guard var s = strip else { return }
        if !s.returnToNextLine() { gtk_widget_error_bell(area) }
        strip = s
    }

    private func defaultStrip() -> ZoomStrip? {
        guard canvas.pageCount > 0 else { return nil }
        let size = stripSize
        let magnification = ZoomStrip.defaultMagnification(forPageZoom: canvas.viewport.zoom)
        let centre = Point(x: canvas.viewport.size.width / 2, y: canvas.viewport.size.height / 2)
        let coordinates = canvas.interaction.scene.coordinates
        let page = coordinates.page(atView: centre)?.index ?? canvas.currentPage ?? PageIndex(0)
        let pageSize = canvas.pageSizes[page.rawValue]
        let y = coordinates.convert(centre, from: .view, to: .page(page))?.y ?? pageSize.height / 3
        let boxHeight = size.height / magnification
        return ZoomStrip(page: page, pageSize: pageSize, stripSize: size, magnification: magnification,
                         origin: Point(x: pageSize.width * 0.08, y: y - boxHeight / 2))
    }

    /// The strip's drawing area's size, or its planned size before it is laid out.
    var stripSize: Size {
        let w = gtk_widget_get_width(area), h = gtk_widget_get_height(area)
        if w > 0, h > 0 { return Size(width: Double(w), height: Double(h)) }
        return Size(width: max(240, canvas.viewport.size.width - 56), height: Double(Self.height))
    }

    private func resized(width: Double, height: Double) {
        guard var s = strip else { return }
        s.resizeStrip(to: Size(width: width, height: height))
        strip = s
    }

    private func stripChanged() {
        requestRender()
        overlay.refresh()
        gtk_widget_queue_draw(area)
        onChange?()
    }

    /// The page view moved or zoomed: the box over it follows.
    func viewChanged() {
        guard isShown else { return }
        if let s = strip, s.page.rawValue < canvas.pageCount, canvas.pageSizes[s.page.rawValue] != s.pageSize {
            var changed = s
            changed.resizePage(to: canvas.pageSizes[s.page.rawValue])
            strip = changed
        }
        overlay.refresh()
    }

    /// The box and the writing go to `view` (the split's active view): a stroke under way is
    /// dropped, the box keeps its page and place and is drawn over `view`.
    func follow(_ view: PdfCanvas) {
        guard view !== canvas else { return }
        cancelStroke()
        let before = canvas
        canvas = view
        dock(under: view)
        overlay.move(from: before, to: view)
        viewChanged()
        onChange?()
    }

    /// Docks the strip under `view`'s page area, the whole width of that half (its grid's row
    /// under the horizontal scrollbar): the strip sits under the half it writes in.
    func dock(under view: PdfCanvas) {
        let grid = view.widget
        let parent = gtk_widget_get_parent(widget)
        guard parent != grid else { return }
        // Held while it moves: the grid it leaves lets go of it.
        let held = GObjectHandle(retaining: widget)
        if let parent { gtk_grid_remove(cast(parent), widget) }
        gtk_grid_attach(cast(grid), held.pointer, 0, 2, 2, 1)
    }

    /// The strip's widget, [x, y, width, height] in the window's surface coordinates (as the
    /// state dump's `canvasX`), once it is laid out.
    var frameInWindow: [Double]? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        var surfaceX = 0.0, surfaceY = 0.0, x = 0.0, y = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        guard gtk_widget_translate_coordinates(widget, cast(native), 0, 0, &x, &y) != 0 else { return nil }
        return [x + surfaceX, y + surfaceY, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget))]
    }

    /// The place in `views` of the view the strip is docked under (for the state dump).
    func dockedView(among views: [PdfCanvas]) -> Int? {
        let parent = gtk_widget_get_parent(widget)
        return views.firstIndex { $0.widget == parent }
    }

    // MARK: Input

    private func handleGdkEvent(_ event: OpaquePointer) -> Bool {
        let raw = GdkEventReader.read(event) { [area] sx, sy in WidgetCoordinates.fromSurface(area, sx, sy) }
        if raw.kind == .keyPress || raw.kind == .keyRelease, !raw.modifiers.isDisjoint(with: [.control, .alt]) { return false }
        for past in GdkEventReader.history(of: event, like: raw, toWidget: { [area] sx, sy in WidgetCoordinates.fromSurface(area, sx, sy) }) {
            if let input = translator.translate(past) { handle(input) }
        }
        guard let input = translator.translate(raw) else { return raw.pointerEmulated }
        let used = handle(input)
        switch input.kind {
        case .key: return used
        case .enter, .leave, .proximity, .hover: return false
        case .contact, .scroll, .touchpadPinch, .touchpadSwipe, .touchpadHold: return true
        }
    }

    /// The entry point of every strip event, live or replayed (positions in the strip's
    /// logical pixels); returns whether it was used.
    @discardableResult
    func handle(_ deviceEvent: InputEvent) -> Bool {
        guard let s = strip, let (event, _) = canvas.inputAdjuster.adjustWithTool(deviceEvent) else { return false }
        switch event.kind {
        case .key(let name, true) where name == "Return" || name == "KP_Enter":
            returnToNextLine()
            return true
        case .contact(.began):
            guard sequence == nil, writes(with: event.source) else { return false }
            if !event.isDirect { gtk_widget_grab_focus(area) }
            sequence = event.sequence
            stripStroke = []
            pageStroke = []
            add(event, s)
            return true
        case .contact(.moved):
            guard event.sequence == sequence else { return false }
            add(event, s)
            return true
        case .contact(.ended):
            guard event.sequence == sequence else { return false }
            finishStroke(s)
            return true
        case .contact(.cancelled):
            guard event.sequence == sequence else { return false }
            cancelStroke()
            return true
        case .key, .hover, .enter, .leave, .scroll, .touchpadPinch, .touchpadSwipe, .touchpadHold, .proximity:
            return false
        }
    }

    /// A pen and the mouse write; a finger writes when fingers draw (Preferences), and the
    /// pen's eraser end does not write.
    private func writes(with source: InputSource) -> Bool {
        switch source {
        case .pen, .mouse, .trackpoint, .touchpad: return true
        case .touchscreen: return canvas.inputAdjuster.settings.touch.fingers == .draw
        case .eraser, .keyboard: return false
        }
    }

    private func add(_ event: InputEvent, _ s: ZoomStrip) {
        guard let geometry = pageGeometry(s.page) else { return }
        let pdf = geometry.pdfPoint(fromPage: s.pagePoint(fromStrip: event.position))
        if pageStroke.last?.location == pdf { return }
        stripStroke.append((event.position, event.axes.pressure))
        pageStroke.append(InkPoint(location: pdf, pressure: event.axes.pressure))
        canvas.apply(canvas.session.previewStripInk(pageStroke, on: s.page))
        gtk_widget_queue_draw(area)
    }

    private func finishStroke(_ s: ZoomStrip) {
        sequence = nil
        let stroke = pageStroke, shown = stripStroke
        pageStroke = []
        stripStroke = []
        guard !stroke.isEmpty else { return }
        held.append((shown.map { s.pagePoint(fromStrip: $0.point) }, shown.map(\.pressure)))
        heldUntilSerial = Int.max
        strokesWritten += 1
        canvas.apply(canvas.session.writeStripInk(stroke, on: s.page))
        // Near the strip's right end the box moves on along the line.
        var moved = s
        if moved.strokeEnded(rightmostStripX: shown.map(\.point.x).max() ?? 0) { strip = moved }
        gtk_widget_queue_draw(area)
        onChange?()
    }

    private func cancelStroke() {
        guard sequence != nil, let s = strip else { sequence = nil; return }
        sequence = nil
        pageStroke = []
        stripStroke = []
        canvas.apply(canvas.session.previewStripInk([], on: s.page))
        gtk_widget_queue_draw(area)
    }

    /// The page's geometry at the page view's zoom (its PDF space, rotation and crop).
    func pageGeometry(_ page: PageIndex) -> PageGeometry? {
        guard page.rawValue < canvas.pageCount else { return nil }
        return canvas.view.pageGeometries(of: [page], exactInfo: canvas.content.exactPageInfo).first
    }

    // MARK: Drawing

    private func draw(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
        cairo_paint(cr)
        guard let s = strip else { return }
        drawPicture(cr, s)
        // The strokes written here that the picture does not show yet, and the one in progress.
        let style = canvas.toolStyles[.ink] ?? AnnotationStyle(color: RGBColor(red: 0.11, green: 0.36, blue: 0.85), width: 2)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.opacity)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let live = (points: stripStroke.map { s.pagePoint(fromStrip: $0.point) }, pressures: stripStroke.map(\.pressure))
        for stroke in held + [live] {
            let points = stroke.points.map { s.stripPoint(fromPage: $0) }
            guard let first = points.first else { continue }
            if points.count == 1 {
                cairo_arc(cr, first.x, first.y, style.width * s.magnification / 2, 0, 2 * .pi)
                cairo_fill(cr)
                continue
            }
            for i in 1..<points.count {
                let pressure = stroke.pressures[i] ?? 1
                cairo_set_line_width(cr, AppearanceBuilder.inkWidth(style.width, pressure: pressure) * s.magnification)
                cairo_move_to(cr, points[i - 1].x, points[i - 1].y)
                cairo_line_to(cr, points[i].x, points[i].y)
                cairo_stroke(cr)
            }
        }
        // The line to write on: where the strip's right end moves the box on.
        cairo_set_source_rgba(cr, 0.2, 0.4, 0.9, 0.35)
        cairo_set_line_width(cr, 1)
        let zone = s.stripSize.width * (1 - ZoomStrip.advanceZone)
        cairo_move_to(cr, zone + 0.5, 0)
        cairo_line_to(cr, zone + 0.5, s.stripSize.height)
        cairo_stroke(cr)
    }
}
