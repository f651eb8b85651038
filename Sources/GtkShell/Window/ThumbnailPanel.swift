// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Document
import Geometry
import InteractionEngine
import Rendering

/// The sidebar's page thumbnails: every page in a grid that only makes widgets for the rows in
/// view (GtkGridView), each thumbnail rendered on the render worker when its row is first shown
/// (newest wish first, one at a time between the canvas's tiles) and kept in a byte-budgeted
/// cache. The page in view is highlighted; a click or Return goes to a page.
@MainActor
final class ThumbnailPanel {
    /// Logical width of a thumbnail, in pixels.
    static let width = 112.0
    /// Thumbnails kept as textures (about 500 pages of A4 at this size on a 2× screen).
    static let byteBudget = 48 << 20

    let widget: UnsafeMutablePointer<GtkWidget>
    let grid: UnsafeMutablePointer<GtkWidget>
    /// The page list (a GtkStringList), also held by the grid's selection model.
    private let model: GObjectHandle<OpaquePointer>
    private var pageSizes: [Size] = []
    private var drawPage: RenderQueue.DrawPage?
    private weak var queue: RenderQueue?
    private var cache = ThumbnailCache<Texture>(byteBudget: ThumbnailPanel.byteBudget)
    /// The picture widget showing each page now (rows in view and a few around).
    private(set) var bound: [PageIndex: UnsafeMutablePointer<GtkWidget>] = [:]
    /// Pages to render, the newest wish last.
    private var wanted: [PageIndex] = []
    private var rendering = false
    /// Bumped with each document and each edit, so a thumbnail of an older version is dropped.
    private var generation = 0
    private(set) var currentPage: PageIndex?
    /// When the grid was last shown (monotonic µs), until every thumbnail in view is drawn.
    private var shownAt: Int?
    /// How long the last showing of the grid took to draw every thumbnail in view, in ms (the
    /// thumbnail benchmark reads it from the state dump).
    private(set) var lastShowDuration: Double?
    /// How many thumbnails were drawn since the panel was made (the state dump's `thumbnailsMade`).
    private(set) var madeCount = 0
    var onActivate: ((PageIndex) -> Void)?
    /// Called when thumbnails were drawn or the highlight moved (the state dump follows).
    var onChange: (() -> Void)?

    /// A GdkTexture reference, released when the cache lets go of it.
    typealias Texture = GObjectHandle<OpaquePointer>

    init() {
        model = GObjectHandle(adopting: gtk_string_list_new(nil))
        // The selection model takes over a reference of its own; the panel keeps the first.
        // Pages are selected as files are: a click, Ctrl+click, Shift+click, Ctrl+A, a band.
        let selection = gtk_multi_selection_new(OpaquePointer(g_object_ref(model.pointer.gobject)))!
        self.selection = selection
        let factory = gtk_signal_list_item_factory_new()!
        grid = gtk_grid_view_new(selection, factory)
        gtk_grid_view_set_enable_rubberband(cast(grid), 1)
        gtk_grid_view_set_max_columns(cast(grid), 4)
        gtk_widget_set_name(grid, "thumbnail-grid")
        gtk_widget_add_css_class(grid, "thumbnails")
        ann_accessible_set_label(grid, tr("Page thumbnails"))
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(cast(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(widget), grid)
        gtk_widget_set_vexpand(widget, 1)

        Signals.connect(raw(factory), "setup", pointer: { [weak self] item in self?.setUp(item) })
        Signals.connect(raw(factory), "bind", pointer: { [weak self] item in self?.bind(item) })
        Signals.connect(raw(factory), "unbind", pointer: { [weak self] item in self?.unbind(item) })
        // Rows made while the grid is hidden (another sidebar page) are drawn once it shows;
        // rows made ahead of the scrolling are drawn when they come near.
        Signals.connect(raw(grid), "map") { [weak self] in
            self?.fillRows()
            self?.shownAt = g_get_monotonic_time()
            self?.pump()
        }
        Signals.connect(raw(gtk_scrolled_window_get_vadjustment(cast(widget))), "value-changed", whileAlive: raw(widget)!) { [weak self] in
            self?.pump()
        }
        Signals.connect(raw(grid), "activate", int: { [weak self] position in self?.onActivate?(PageIndex(Int(position))) })
        // A click that leaves one page selected goes to that page, as the grid always did.
        Signals.connect(raw(selection), "selection-changed", size: { [weak self] _, _ in
            guard let self, !self.settingSelection else { return }
            let pages = self.selectedPages
            if pages.count == 1, let page = pages.first, page != self.currentPage { self.onActivate?(page) }
            self.onChange?()
        })
        // A secondary click asks for the pages' menu, about the page under it (selected first
        // when it was not); the Menu key and Shift+F10 about the selection.
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 3)
        Signals.connect(raw(click), "pressed", press: { [weak self] _, x, y in self?.secondaryClick(at: Point(x: x, y: y)) })
        gtk_widget_add_controller(grid, click)
        // Delete takes the selected pages out.
        let shortcuts = gtk_shortcut_controller_new()!
        for key in ["Menu", "F10"] {
            let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(key), key == "F10" ? GDK_SHIFT_MASK : GdkModifierType(rawValue: 0))
            let shortcut = gtk_shortcut_new(trigger, WidgetCallbacks.callbackAction { [weak self] in self?.menuKey() })!
            gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        }
        let delete = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Delete"), GdkModifierType(rawValue: 0)),
                                      gtk_named_action_new("win.delete-page"))!
        gtk_shortcut_controller_add_shortcut(shortcuts, delete)
        gtk_widget_add_controller(grid, shortcuts)
        installDropTarget()
        installTouchInput()
    }

    /// Asked to move pages so that they sit before the page now at `before` (dragged in the grid).
    var onMovePages: ((_ pages: [PageIndex], _ before: Int) -> Void)?
    /// Asked to insert the pages of dropped PDF files before the page now at `before`.
    var onDropFiles: ((_ paths: [String], _ before: Int) -> Void)?
    /// The thumbnail showing the gap a drag would land in, and the class that shows it.
    var dropMark: (box: UnsafeMutablePointer<GtkWidget>, cssClass: String)?
    /// The gap a drag over the grid would land in (how many pages come before it), if any.
    var dropGap: Int?
    /// The edge scrolling under way while a drag is near the grid's top or bottom.
    var dragScroll: (tick: UInt32, speed: Double, last: Int64?)?
    /// A finger on the grid: what it means (see ``PageGridTouch``).
    var touch = PageGridTouch()
    /// Reads live touches as the page view reads its input (sequences, times).
    var touchTranslator = EventTranslator()
    /// The recognizer's clock between events, on the events' time line.
    let touchClock = EventTimelineClock()
    /// The long press's timer (a GLib source), 0 when none waits.
    var touchTimer: UInt32 = 0
    /// The gesture a live finger is claimed through (it decides nothing itself), and the finger
    /// to claim once it has it.
    var claimGesture: OpaquePointer?
    var pendingClaim: InputSequenceID?
    /// Set when a `--replay-grid-input` recording has been fed in completely.
    var replayFinished = false

    /// Asked to show the pages' menu at a point of ``widget``.
    var onContextMenu: ((Point) -> Void)?

    /// A secondary click: the page under it (selected alone unless it is selected already),
    /// then the menu.
    private func secondaryClick(at point: Point) {
        guard let picked = gtk_widget_pick(grid, point.x, point.y, GTK_PICK_DEFAULT) else { return }
        var node: UnsafeMutablePointer<GtkWidget>? = picked
        var page: PageIndex?
        while let widget = node, page == nil {
            page = bound.first { $0.value == widget || gtk_widget_get_parent($0.value) == widget }?.key
            node = gtk_widget_get_parent(widget)
        }
        guard let page else { return }
        if !selectedPages.contains(page) {
            settingSelection = true
            gtk_selection_model_select_item(selection, UInt32(page.rawValue), 1)
            settingSelection = false
            onChange?()
        }
        var x = 0.0, y = 0.0
        _ = gtk_widget_translate_coordinates(grid, widget, point.x, point.y, &x, &y)
        onContextMenu?(Point(x: x, y: y))
    }

    /// The Menu key: the menu about the selection, at its first page's thumbnail.
    private func menuKey() {
        var point = Point(x: 24, y: 24)
        if let first = selectedPages.first, let picture = bound[first] {
            var r = graphene_rect_t()
            if gtk_widget_compute_bounds(picture, widget, &r) != 0 { point = Point(x: Double(r.origin.x) + 24, y: Double(r.origin.y) + 24) }
        }
        onContextMenu?(point)
    }

    /// The grid's selection model (a GtkMultiSelection over the page list).
    let selection: OpaquePointer
    /// Set while the panel itself changes the selection (no page is gone to).
    var settingSelection = false

    /// The pages selected in the grid, in page order.
    var selectedPages: [PageIndex] {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        let count = gtk_bitset_get_size(bitset)
        return (0..<count).map { PageIndex(Int(gtk_bitset_get_nth(bitset, UInt32($0)))) }
    }

    /// Selects no page (a new document, pages reorganised).
    func clearSelection() {
        settingSelection = true
        gtk_selection_model_unselect_all(selection)
        settingSelection = false
    }

    // MARK: Document

    /// Shows a new document's pages (their displayed sizes), drawn with `drawPage` on `queue`.
    func setDocument(pageSizes: [Size], queue: RenderQueue?, drawPage: @escaping RenderQueue.DrawPage) {
        clearSelection()
        generation += 1
        cache.removeAll()
        wanted.removeAll()
        currentPage = nil
        self.pageSizes = pageSizes
        self.queue = queue
        self.drawPage = drawPage
        rowsFilled = false
        // The rows are made when the grid first shows (a 500-page document's took 3-6 ms of
        // start-up, for a sidebar that is usually closed).
        if gtk_widget_get_mapped(grid) != 0 {
            fillRows()
            pumpOnceLaidOut()
        } else {
            removeRows()
        }
    }

    /// Asks for the thumbnails in view once the grid has laid out its new rows (their pictures
    /// have no place until then, and nothing else would ask: the grid did not scroll or show).
    private func pumpOnceLaidOut() {
        _ = MainLoop.after(milliseconds: 30) { [weak self] in self?.pump() }
    }

    /// Whether the grid has one row per page of the document shown.
    private var rowsFilled = false

    private func fillRows() {
        guard !rowsFilled else { return }
        rowsFilled = true
        let old = UInt32(g_list_model_get_n_items(model.pointer))
        // One empty string per page: the grid needs only the count (a row's position is its page).
        var strings = [UnsafePointer<CChar>?](repeating: nil, count: pageSizes.count + 1)
        let empty = strdup("")
        for i in 0..<pageSizes.count { strings[i] = UnsafePointer(empty) }
        strings.withUnsafeMutableBufferPointer { gtk_string_list_splice(model.pointer, 0, old, $0.baseAddress) }
        free(empty)
    }

    private func removeRows() {
        let old = UInt32(g_list_model_get_n_items(model.pointer))
        if old > 0 { gtk_string_list_splice(model.pointer, 0, old, nil) }
    }

    /// Pages whose drawing changed (an edit): their thumbnails are drawn again.
    func invalidate(_ pages: Set<PageIndex>) {
        generation += 1
        for page in pages {
            cache.remove(page)
            if bound[page] != nil { want(page) }
        }
        pumpOnceLaidOut()
    }

    /// Highlights the page in view and, unless the user is moving through the thumbnails,
    /// scrolls it into the grid's view.
    func setCurrentPage(_ page: PageIndex?) {
        guard page != currentPage else { return }
        if let old = currentPage, let picture = bound[old] { gtk_widget_remove_css_class(gtk_widget_get_parent(picture), "current-page") }
        currentPage = page
        guard let page else { return }
        if let picture = bound[page] { gtk_widget_add_css_class(gtk_widget_get_parent(picture), "current-page") }
        if gtk_widget_get_mapped(grid) != 0, gtk_widget_has_focus(grid) == 0, gtk_widget_get_focus_child(grid) == nil {
            _ = gtk_widget_activate_action_variant(grid, "list.scroll-to-item", g_variant_new_uint32(UInt32(page.rawValue)))
        }
    }

    /// Scrolls the grid to the highlighted page (the thumbnails page was just shown).
    func revealCurrentPage() {
        guard let page = currentPage else { return }
        fillRows()
        _ = gtk_widget_activate_action_variant(grid, "list.scroll-to-item", g_variant_new_uint32(UInt32(page.rawValue)))
    }

    /// Gives the keyboard to the grid, on the current page's thumbnail.
    func focus() { gtk_widget_grab_focus(grid) }

    /// Shown pages whose thumbnail is drawn.
    var paintedPages: [PageIndex] { bound.keys.filter { cache.contains($0) }.sorted() }
    /// Each visible thumbnail's page and box in `relative`'s coordinates (the window's, for
    /// the state dump).
    func visibleFrames(in relative: UnsafeMutablePointer<GtkWidget>) -> [(page: PageIndex, frame: Rect)] {
        visiblePages.compactMap { page in
            guard let picture = bound[page] else { return nil }
            var r = graphene_rect_t()
            guard gtk_widget_compute_bounds(picture, relative, &r) != 0 else { return nil }
            return (page, Rect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height)))
        }
    }

    /// Pages whose thumbnail is in the grid's visible area now.
    var visiblePages: [PageIndex] { bound.keys.filter { distanceFromView($0) == 0 }.sorted() }

    // MARK: Rows

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(box, "thumbnail")
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_widget_add_css_class(picture, "thumbnail-page")
        gtk_widget_set_halign(picture, GTK_ALIGN_CENTER)
        let label = gtk_label_new("")!
        gtk_widget_add_css_class(label, "caption")
        gtk_box_append(cast(box), picture)
        gtk_box_append(cast(box), label)
        gtk_list_item_set_child(OpaquePointer(item), box)
        installDragSource(on: box)
    }

    private func parts(_ item: UnsafeMutableRawPointer) -> (page: PageIndex, box: UnsafeMutablePointer<GtkWidget>,
                                                            picture: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>)? {
        let listItem = OpaquePointer(item)
        guard let box = gtk_list_item_get_child(listItem), let picture = gtk_widget_get_first_child(box),
              let label = gtk_widget_get_next_sibling(picture) else { return nil }
        return (PageIndex(Int(gtk_list_item_get_position(listItem))), box, picture, label)
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let (page, box, picture, label) = parts(item), page.rawValue < pageSizes.count else { return }
        let size = pageSizes[page.rawValue]
        let height = size.width > 0 ? Self.width * size.height / size.width : Self.width
        gtk_widget_set_size_request(picture, Int32(Self.width), Int32(min(height, Self.width * 3).rounded()))
        gtk_label_set_text(cast(label), String(page.displayNumber))
        ann_accessible_set_label(box, tr("Page {page}", ["page": String(page.displayNumber)]))
        if page == currentPage { gtk_widget_add_css_class(box, "current-page") } else { gtk_widget_remove_css_class(box, "current-page") }
        bound[page] = picture
        if let texture = cache.value(for: page) {
            gtk_picture_set_paintable(cast(picture), texture.pointer)
        } else {
            gtk_picture_set_paintable(cast(picture), nil)
            want(page)
        }
    }

    private func unbind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let (page, _, picture, _) = parts(item) else { return }
        // A row rebound for the same page (the list was refilled) binds before the old one
        // unbinds: the page's wish stays with its new row.
        guard bound[page] == picture else { return }
        bound[page] = nil
        wanted.removeAll { $0 == page }
    }

    // MARK: Rendering

    private func want(_ page: PageIndex) {
        wanted.removeAll { $0 == page }
        wanted.append(page)
        pump()
    }

    /// How far a page's thumbnail is from the grid's visible area, in pixels (0 when it shows),
    /// or `nil` when it has no widget or no place yet.
    private func distanceFromView(_ page: PageIndex) -> Double? {
        // Rows the grid keeps beyond its visible area are not mapped (their place is stale).
        guard let picture = bound[page], gtk_widget_get_mapped(picture) != 0 else { return nil }
        var r = graphene_rect_t()
        guard gtk_widget_compute_bounds(picture, widget, &r) != 0 else { return nil }
        let height = Double(gtk_widget_get_height(widget))
        let top = Double(r.origin.y), bottom = top + Double(r.size.height)
        if bottom < 0 { return -bottom }
        if top > height { return top - height }
        return 0
    }

    /// Renders the wished-for thumbnail nearest the grid's visible area (the grid makes rows
    /// well beyond it; only those within a screenful are drawn ahead), one at a time: the next
    /// is asked for from the main loop, so the canvas's tiles get the worker in between.
    private func pump() {
        guard !rendering, let queue, let drawPage, gtk_widget_get_mapped(grid) != 0 else { return }
        wanted.removeAll { bound[$0] == nil || cache.contains($0) || $0.rawValue >= pageSizes.count }
        let reach = Double(gtk_widget_get_height(widget))
        let nearest = wanted.compactMap { page in distanceFromView(page).map { (page, $0) } }
            .filter { $0.1 <= reach }.min { $0.1 < $1.1 }
        guard let (page, _) = nearest else { return }
        wanted.removeAll { $0 == page }
        rendering = true
        let size = pageSizes[page.rawValue]
        let scale = Self.width * Double(max(1, gtk_widget_get_scale_factor(grid))) / max(1, size.width)
        let generation = self.generation
        queue.perform { [weak self] in
            let image = Self.render(page: page, size: size, scale: scale, drawPage: drawPage)
            MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
                guard let self else { return }
                self.rendering = false
                if let image, generation == self.generation { self.show(image, page: page) } else if self.bound[page] != nil {
                    self.wanted.append(page)
                }
                self.pump()
            }
        }
    }

    private func show(_ image: ThumbnailImage, page: PageIndex) {
        // cairo ARGB32 is native-endian premultiplied: B, G, R, A in memory on little-endian.
        let bytes = g_bytes_new(image.pixels, gsize(image.pixels.count))
        let texture = gdk_memory_texture_new(Int32(image.width), Int32(image.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(image.stride))
        g_bytes_unref(bytes)
        guard let texture else { return }
        madeCount += 1
        cache.insert(Texture(adopting: texture), bytes: image.pixels.count, for: page)
        if let picture = bound[page] { gtk_picture_set_paintable(cast(picture), texture) }
        if let start = shownAt, !visiblePages.isEmpty, visiblePages.allSatisfy({ cache.contains($0) }) {
            lastShowDuration = Double(g_get_monotonic_time() - start) / 1000
            shownAt = nil
        }
        onChange?()
    }

    /// A page drawn small on white, as bytes the main thread turns into a texture.
    struct ThumbnailImage: Sendable {
        var width: Int, height: Int, stride: Int
        var pixels: [UInt8]
    }

    nonisolated static func render(page: PageIndex, size: Size, scale: Double, drawPage: RenderQueue.DrawPage) -> ThumbnailImage? {
        let w = Int32(max(1, (size.width * scale).rounded())), h = Int32(max(1, min(size.height * scale, 4 * size.width * scale).rounded()))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        drawPage(page, scale, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return ThumbnailImage(width: Int(w), height: Int(h), stride: stride,
                              pixels: Array(UnsafeBufferPointer(start: data, count: stride * Int(h))))
    }
}
