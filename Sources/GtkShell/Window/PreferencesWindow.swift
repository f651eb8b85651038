// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Geometry
import InteractionEngine

/// The Preferences window (Ctrl+comma, the main menu): each pen seen set up on its own (its
/// pressure curve, dragged by its handle beside an area to try it, the thinnest and thickest
/// line, what its eraser end and barrel buttons do), the touchscreen (what fingers do, the pen
/// drawing at once, palm rejection and its delay), the touchpad's gestures, and a page that
/// shows live what each device reports. Every change applies at once to every window and is
/// kept in the config folder (InputSettingsStore).
@MainActor
final class PreferencesWindow {
    /// The window open now, if any (a second Ctrl+comma brings it forward).
    private static var shown: PreferencesWindow?

    let window: UnsafeMutablePointer<GtkWidget>
    private let store = InputSettingsStore.shared
    /// The pens listed: `nil` is every pen without settings of its own.
    private var penKeys: [String?] = [nil]
    private var penKey: String?
    /// While the controls are filled from the settings, their signals change nothing.
    private var filling = false

    private var penList: UnsafeMutablePointer<GtkWidget>!
    private var curveArea: UnsafeMutablePointer<GtkWidget>!
    private var tryArea: UnsafeMutablePointer<GtkWidget>!
    private var thinnest: UnsafeMutablePointer<GtkWidget>!
    private var thickest: UnsafeMutablePointer<GtkWidget>!
    private var eraserEnd: UnsafeMutablePointer<GtkWidget>!
    private var lowerButton: UnsafeMutablePointer<GtkWidget>!
    private var upperButton: UnsafeMutablePointer<GtkWidget>!
    private var smartPen: UnsafeMutablePointer<GtkWidget>!
    private var fingers: UnsafeMutablePointer<GtkWidget>!
    private var penAtOnce: UnsafeMutablePointer<GtkWidget>!
    private var palm: UnsafeMutablePointer<GtkWidget>!
    private var palmDelay: UnsafeMutablePointer<GtkWidget>!
    private var snapShapes: UnsafeMutablePointer<GtkWidget>!
    private var pinch: UnsafeMutablePointer<GtkWidget>!
    private var swipe: UnsafeMutablePointer<GtkWidget>!
    private var predictTip: UnsafeMutablePointer<GtkWidget>!
    private var lassoShare: UnsafeMutablePointer<GtkWidget>!
    private let deviceTest = DeviceTestPage()
    /// Strokes drawn in the area that tries the pen: points with the device's pressure.
    private var tries: [[(point: Point, pressure: Double)]] = []

    static let stylusActions: [StylusAction] = [.erase, .eraseParts, .rightClick, .tip, .select, .highlight, .lasso, .nothing]
    static let fingerActions: [FingerAction] = [.scroll, .draw, .nothing]

    /// The pages, by name (`win.preferences-page`).
    static let pageNames = ["pen", "touchscreen", "touchpad", "devices", "review", "windows"]
    private var stack: UnsafeMutablePointer<GtkWidget>!
    /// Tells the app the window opened, closed or changed page (the state dump follows).
    private var changed: @MainActor () -> Void = {}

    /// Shows the window (bringing it forward if open), at page `page` when given.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, page: String? = nil, changed: @escaping @MainActor () -> Void) {
        let preferences = shown ?? PreferencesWindow(parent: parent)
        preferences.changed = changed
        shown = preferences
        if let page, pageNames.contains(page) { gtk_stack_set_visible_child_name(cast(preferences.stack), page) }
        gtk_window_present(cast(preferences.window))
    }

    /// The page shown, while the window is open (the state dump).
    static var shownPage: String? {
        guard let shown, let name = gtk_stack_get_visible_child_name(cast(shown.stack)) else { return nil }
        return String(cString: name)
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_default_size(cast(window), 640, 560)
        gtk_widget_set_name(window, "preferences")
        let stack = gtk_stack_new()!
        self.stack = stack
        gtk_stack_add_titled(cast(stack), buildPenPage(), "pen", tr("Pen"))
        gtk_stack_add_titled(cast(stack), buildTouchPage(), "touchscreen", tr("Touchscreen"))
        gtk_stack_add_titled(cast(stack), buildTouchpadPage(), "touchpad", tr("Touchpad"))
        gtk_stack_add_titled(cast(stack), deviceTest.build(), "devices", tr("Test Devices"))
        gtk_stack_add_titled(cast(stack), buildReviewPage(), "review", tr("Review"))
        gtk_stack_add_titled(cast(stack), buildWindowsPage(), "windows", tr("Windows"))
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(cast(switcher), cast(stack))
        let header = gtk_header_bar_new()!
        gtk_header_bar_set_title_widget(cast(header), switcher)
        gtk_window_set_titlebar(cast(window), header)
        gtk_window_set_child(cast(window), stack)
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Escape"), GdkModifierType(rawValue: 0)),
                                      gtk_named_action_new("window.close"))!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(window, shortcuts)
        Signals.connect(raw(stack), "notify::visible-child", pointer: { [weak self] _ in self?.changed() })
        Signals.connectReturningBool(raw(window), "close-request") { [weak self] in
            guard let self else { return false }
            self.store.stopObserving(self)
            let changed = self.changed
            Self.shown = nil
            changed()
            return false
        }
        ann_accessible_name_buttons(window)
        store.observe(self) { [weak self] settings in self?.fill(from: settings) }
    }

    // MARK: Pages

    private func page() -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 12)
        gtk_grid_set_column_spacing(cast(grid), 18)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(grid, 24)
        }
        return grid
    }

    /// A row: a label for `control` (its mnemonic moves the keyboard there) and the control.
    private func row(_ grid: UnsafeMutablePointer<GtkWidget>, _ index: Int, _ text: String, _ control: UnsafeMutablePointer<GtkWidget>,
                     target: UnsafeMutablePointer<GtkWidget>? = nil) {
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_xalign(cast(label), 1)
        gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
        gtk_label_set_mnemonic_widget(cast(label), target ?? control)
        ann_accessible_set_label(target ?? control, text.replacing("_", with: ""))
        gtk_widget_set_hexpand(control, 1)
        gtk_widget_set_halign(control, GTK_ALIGN_START)
        gtk_grid_attach(cast(grid), label, 0, Int32(index), 1, 1)
        gtk_grid_attach(cast(grid), control, 1, Int32(index), 1, 1)
    }

    private func dropDown(_ labels: [String], name: String, changed: @escaping @MainActor (Int) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let strings = labels.map { strdup($0) } + [nil]
        let drop = strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0) }
        }!
        strings.forEach { free($0) }
        gtk_widget_set_name(drop, name)
        Signals.connect(raw(drop), "notify::selected", pointer: { [weak self] _ in
            guard let self, !self.filling else { return }
            changed(Int(gtk_drop_down_get_selected(OpaquePointer(drop))))
        })
        return drop
    }

    private func toggle(name: String, changed: @escaping @MainActor (Bool) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let control = gtk_switch_new()!
        gtk_widget_set_name(control, name)
        Signals.connect(raw(control), "notify::active", pointer: { [weak self] _ in
            guard let self, !self.filling else { return }
            changed(gtk_switch_get_active(cast(control)) != 0)
        })
        return control
    }

    private func scale(from: Double, to: Double, step: Double, name: String, changed: @escaping @MainActor (Double) -> Void)
        -> UnsafeMutablePointer<GtkWidget> {
        let control = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, from, to, step)!
        gtk_widget_set_size_request(control, 240, -1)
        gtk_scale_set_draw_value(cast(control), 1)
        gtk_scale_set_value_pos(cast(control), GTK_POS_RIGHT)
        gtk_widget_set_name(control, name)
        Signals.connect(raw(control), "value-changed") { [weak self] in
            guard let self, !self.filling else { return }
            changed(gtk_range_get_value(cast(control)))
        }
        return control
    }

    private func stylusLabels() -> [String] {
        [tr("Erase Whole Strokes"), tr("Erase Parts of Strokes"), tr("Right Click"), tr("Same as the Tip"), tr("Select"), tr("Highlight"),
         tr("Lasso"), tr("Nothing")]
    }

    private func buildPenPage() -> UnsafeMutablePointer<GtkWidget> {
        let grid = page()
        penList = dropDown([tr("Every Pen")], name: "preferences-pen") { [weak self] index in
            guard let self, self.penKeys.indices.contains(index) else { return }
            self.penKey = self.penKeys[index]
            self.fill(from: self.store.settings)
        }
        row(grid, 0, tr("_Pen"), penList)

        // The curve and, beside it, an area to try it in.
        let curves = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        curveArea = gtk_drawing_area_new()!
        gtk_widget_set_size_request(curveArea, 180, 180)
        gtk_widget_set_name(curveArea, "preferences-pressure-curve")
        gtk_widget_set_focusable(curveArea, 1)
        gtk_widget_set_tooltip_text(curveArea, tr("Drag the handle: up makes a light touch draw heavier"))
        ann_accessible_set_label(curveArea, tr("Pressure curve"))
        WidgetCallbacks.setDrawFunction(of: curveArea) { [weak self] cr, w, h in self?.drawCurve(cr, Double(w), Double(h)) }
        let drag = gtk_gesture_drag_new()!
        var start = Point.zero
        Signals.connect(raw(drag), "drag-begin", xy: { [weak self] x, y in
            start = Point(x: x, y: y)
            self?.moveHandle(to: start)
        })
        Signals.connect(raw(drag), "drag-update", xy: { [weak self] dx, dy in self?.moveHandle(to: Point(x: start.x + dx, y: start.y + dy)) })
        gtk_widget_add_controller(curveArea, drag)
        // Arrow keys move the handle too (the curve for the keyboard alone).
        let keys = gtk_shortcut_controller_new()!
        for (key, dx, dy) in [("Left", -0.05, 0.0), ("Right", 0.05, 0), ("Up", 0, 0.05), ("Down", 0, -0.05)] {
            let shortcut = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name(key), GdkModifierType(rawValue: 0)),
                                            WidgetCallbacks.callbackAction { [weak self] in self?.nudgeHandle(dx: dx, dy: dy) })!
            gtk_shortcut_controller_add_shortcut(keys, shortcut)
        }
        gtk_widget_add_controller(curveArea, keys)
        tryArea = gtk_drawing_area_new()!
        gtk_widget_set_size_request(tryArea, 260, 180)
        gtk_widget_set_hexpand(tryArea, 1)
        gtk_widget_set_name(tryArea, "preferences-try-pen")
        gtk_widget_set_tooltip_text(tryArea, tr("Write here to try the pen as it is set"))
        ann_accessible_set_label(tryArea, tr("Area to try the pen"))
        WidgetCallbacks.setDrawFunction(of: tryArea) { [weak self] cr, _, _ in self?.drawTries(cr) }
        let write = gtk_event_controller_legacy_new()!
        Signals.connect(raw(write), "event", pointerReturningBool: { [weak self] event in
            guard let self, let event else { return false }
            return self.tryPen(event)
        })
        gtk_widget_add_controller(tryArea, write)
        gtk_box_append(cast(curves), curveArea)
        gtk_box_append(cast(curves), tryArea)
        row(grid, 1, tr("Pressure _curve"), curves, target: curveArea)

        thinnest = scale(from: 25, to: 100, step: 5, name: "preferences-thinnest") { [weak self] v in
            self?.changePen { $0.thinnest = v / 100; $0.thickest = max($0.thickest, $0.thinnest) }
        }
        row(grid, 2, tr("_Thinnest line (%)"), thinnest)
        thickest = scale(from: 25, to: 100, step: 5, name: "preferences-thickest") { [weak self] v in
            self?.changePen { $0.thickest = v / 100; $0.thinnest = min($0.thinnest, $0.thickest) }
        }
        row(grid, 3, tr("T_hickest line (%)"), thickest)
        eraserEnd = dropDown(stylusLabels(), name: "preferences-eraser-end") { [weak self] i in self?.changePen { $0.eraserEnd = Self.stylusActions[i] } }
        row(grid, 4, tr("_Eraser end"), eraserEnd)
        lowerButton = dropDown(stylusLabels(), name: "preferences-lower-button") { [weak self] i in self?.changePen { $0.lowerButton = Self.stylusActions[i] } }
        row(grid, 5, tr("_Lower button"), lowerButton)
        upperButton = dropDown(stylusLabels(), name: "preferences-upper-button") { [weak self] i in self?.changePen { $0.upperButton = Self.stylusActions[i] } }
        row(grid, 6, tr("_Upper button"), upperButton)
        let reset = gtk_button_new_with_mnemonic(tr("_Reset This Pen"))!
        gtk_widget_set_halign(reset, GTK_ALIGN_START)
        Signals.connect(raw(reset), "clicked") { [weak self] in self?.changePen { $0 = PenSettings() } }
        gtk_grid_attach(cast(grid), reset, 1, 7, 1, 1)
        // For every pen, mouse and finger: ink drawn a few milliseconds ahead (InkTipPredictor).
        predictTip = toggle(name: "preferences-predict-tip") { [weak self] on in self?.store.update { $0.predictsInkTip = on } }
        gtk_widget_set_tooltip_text(predictTip, tr("Draws where the pen is going a few milliseconds ahead, so the ink keeps up with it"))
        row(grid, 8, tr("_Keep up with the pen"), predictTip)
        // Every pen's, not this pen's: a Pen stroke along text becomes an underline or strike-out,
        // a Highlighter stroke a highlight.
        smartPen = toggle(name: "preferences-smart-pen") { [weak self] on in self?.store.update { $0.smartPen = on } }
        gtk_widget_set_tooltip_text(smartPen, tr("A Pen stroke drawn under or through words becomes an underline or a strike-out of them; a Highlighter stroke along words becomes their highlight"))
        row(grid, 9, tr("_Smart pen marks text (Pen and Highlighter)"), smartPen)
        // Every pen's lasso (and the mouse's and a finger's): how much of a stroke's points, or
        // of a shape's outline, a loop must enclose to select it.
        lassoShare = scale(from: 20, to: 100, step: 5, name: "preferences-lasso-share") { [weak self] v in
            self?.store.update { $0.lassoShare = (v / 5).rounded() * 5 / 100 }
        }
        gtk_widget_set_tooltip_text(lassoShare, tr("How much of a stroke a lasso's loop must go round to select it"))
        row(grid, 10, tr("Lasso selects what lies this much _inside (%)"), lassoShare)
        return grid
    }

    private func buildTouchPage() -> UnsafeMutablePointer<GtkWidget> {
        let grid = page()
        fingers = dropDown([tr("Scroll and Zoom"), tr("Draw"), tr("Nothing")], name: "preferences-fingers") { [weak self] i in
            self?.store.update { $0.touch.fingers = Self.fingerActions[i] }
        }
        row(grid, 0, tr("_Fingers"), fingers)
        penAtOnce = toggle(name: "preferences-pen-draws") { [weak self] on in self?.store.update { $0.touch.penDrawsAtOnce = on } }
        row(grid, 1, tr("Pen _draws at once"), penAtOnce)
        palm = toggle(name: "preferences-palm-rejection") { [weak self] on in self?.store.update { $0.touch.palmRejection = on } }
        row(grid, 2, tr("_Ignore the palm while writing"), palm)
        palmDelay = scale(from: 0.1, to: 2, step: 0.1, name: "preferences-palm-delay") { [weak self] v in
            self?.store.update { $0.touch.palmDelay = (v * 10).rounded() / 10 }
        }
        gtk_scale_set_digits(cast(palmDelay), 1)
        row(grid, 3, tr("Palm dela_y after the pen leaves (s)"), palmDelay)
        snapShapes = toggle(name: "preferences-snap-shapes") { [weak self] on in self?.store.update { $0.snapsShapes = on } }
        row(grid, 4, tr("_Snap shapes when the pen or finger lifts"), snapShapes)
        return grid
    }

    private func buildTouchpadPage() -> UnsafeMutablePointer<GtkWidget> {
        let grid = page()
        pinch = toggle(name: "preferences-pinch") { [weak self] on in self?.store.update { $0.touchpad.pinchZooms = on } }
        row(grid, 0, tr("_Pinch to zoom"), pinch)
        swipe = toggle(name: "preferences-swipe") { [weak self] on in self?.store.update { $0.touchpad.swipeGoesThroughHistory = on } }
        row(grid, 1, tr("_Swipe with three fingers to go back and forward"), swipe)
        return grid
    }

    /// The name the user's annotations, replies and review states carry (``AuthorName``):
    /// empty means the system's name, shown as the placeholder. Kept as it is typed.
    private func buildReviewPage() -> UnsafeMutablePointer<GtkWidget> {
        let grid = page()
        let entry = gtk_entry_new()!
        gtk_widget_set_name(entry, "preferences-author")
        gtk_editable_set_width_chars(cast(entry), 28)
        gtk_editable_set_text(cast(entry), AuthorName.preference ?? "")
        gtk_entry_set_placeholder_text(cast(entry), AuthorName.fromSystem ?? "")
        Signals.connect(raw(entry), "changed") { AuthorName.set(string(gtk_editable_get_text(cast(entry))) ?? "") }
        row(grid, 0, tr("_Author name"), entry)
        let hint = gtk_label_new(tr("Written as the author of your annotations, replies and review states. Empty: your name on this computer."))!
        gtk_label_set_wrap(cast(hint), 1)
        gtk_label_set_xalign(cast(hint), 0)
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_grid_attach(cast(grid), hint, 1, 1, 1, 1)
        return grid
    }

    /// Whether documents open as tabs of one window (``TabsPreference``; applies to the
    /// documents opened from then on) and whether a launch without files reopens the last
    /// session's documents (``LastSession``).
    private func buildWindowsPage() -> UnsafeMutablePointer<GtkWidget> {
        let grid = page()
        let tabs = gtk_switch_new()!
        gtk_widget_set_name(tabs, "preferences-tabs")
        gtk_switch_set_active(cast(tabs), TabsPreference.isOn ? 1 : 0)
        gtk_widget_set_halign(tabs, GTK_ALIGN_START)
        Signals.connect(raw(tabs), "notify::active", pointer: { _ in TabsPreference.set(gtk_switch_get_active(cast(tabs)) != 0) })
        row(grid, 0, tr("Open documents as _tabs of one window"), tabs)
        let hint = gtk_label_new(tr("Off: each document opens in a window of its own."))!
        gtk_label_set_wrap(cast(hint), 1)
        gtk_label_set_xalign(cast(hint), 0)
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_grid_attach(cast(grid), hint, 1, 1, 1, 1)
        let reopen = gtk_switch_new()!
        gtk_widget_set_name(reopen, "preferences-reopen-session")
        gtk_switch_set_active(cast(reopen), LastSession.reopens ? 1 : 0)
        gtk_widget_set_halign(reopen, GTK_ALIGN_START)
        Signals.connect(raw(reopen), "notify::active", pointer: { _ in LastSession.setReopens(gtk_switch_get_active(cast(reopen)) != 0) })
        row(grid, 2, tr("_Reopen the last session's documents"), reopen)
        let reopenHint = gtk_label_new(tr("Starting without a document opens the documents open when the app last ended, in their tabs."))!
        gtk_label_set_wrap(cast(reopenHint), 1)
        gtk_label_set_xalign(cast(reopenHint), 0)
        gtk_widget_add_css_class(reopenHint, "dim-label")
        gtk_grid_attach(cast(grid), reopenHint, 1, 3, 1, 1)
        return grid
    }

    // MARK: Settings to controls and back

    private var pen: PenSettings { store.settings.pen(penKey) }

    private func changePen(_ change: (inout PenSettings) -> Void) {
        var pen = self.pen
        change(&pen)
        let key = penKey
        store.update { settings in
            if let key { settings.pens[key] = pen } else { settings.defaultPen = pen }
        }
    }

    private func fill(from settings: InputSettings) {
        filling = true
        defer { filling = false }
        // The pens seen, by name; the pen last used is picked the first time.
        let keys: [String?] = [nil] + settings.penNames.keys.sorted()
        if keys != penKeys {
            penKeys = keys
            let model = gtk_string_list_new(nil)!
            gtk_string_list_append(model, tr("Every Pen"))
            for key in keys.dropFirst() { gtk_string_list_append(model, settings.penNames[key!] ?? key!) }
            gtk_drop_down_set_model(OpaquePointer(penList), model)
            g_object_unref(UnsafeMutableRawPointer(model))
            if penKey == nil, let last = settings.lastPen, keys.contains(last) { penKey = last }
        }
        gtk_drop_down_set_selected(OpaquePointer(penList), UInt32(penKeys.firstIndex(of: penKey) ?? 0))
        let pen = settings.pen(penKey)
        gtk_range_set_value(cast(thinnest), pen.thinnest * 100)
        gtk_range_set_value(cast(thickest), pen.thickest * 100)
        gtk_drop_down_set_selected(OpaquePointer(eraserEnd), UInt32(Self.stylusActions.firstIndex(of: pen.eraserEnd) ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(lowerButton), UInt32(Self.stylusActions.firstIndex(of: pen.lowerButton) ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(upperButton), UInt32(Self.stylusActions.firstIndex(of: pen.upperButton) ?? 0))
        gtk_drop_down_set_selected(OpaquePointer(fingers), UInt32(Self.fingerActions.firstIndex(of: settings.touch.fingers) ?? 0))
        gtk_switch_set_active(cast(penAtOnce), settings.touch.penDrawsAtOnce ? 1 : 0)
        gtk_switch_set_active(cast(smartPen), settings.smartPen ? 1 : 0)
        gtk_switch_set_active(cast(palm), settings.touch.palmRejection ? 1 : 0)
        gtk_range_set_value(cast(palmDelay), settings.touch.palmDelay)
        gtk_widget_set_sensitive(palmDelay, settings.touch.palmRejection ? 1 : 0)
        gtk_switch_set_active(cast(snapShapes), settings.snapsShapes ? 1 : 0)
        gtk_switch_set_active(cast(pinch), settings.touchpad.pinchZooms ? 1 : 0)
        gtk_switch_set_active(cast(swipe), settings.touchpad.swipeGoesThroughHistory ? 1 : 0)
        gtk_switch_set_active(cast(predictTip), settings.predictsInkTip ? 1 : 0)
        gtk_range_set_value(cast(lassoShare), settings.lassoShare * 100)
        gtk_widget_queue_draw(curveArea)
        gtk_widget_queue_draw(tryArea)
    }

    // MARK: The curve

    /// The square the curve is drawn in, with room for the handle.
    private func curveBox() -> Rect {
        let w = Double(gtk_widget_get_width(curveArea)), h = Double(gtk_widget_get_height(curveArea))
        let side = max(1, min(w, h) - 24)
        return Rect(x: (w - side) / 2, y: (h - side) / 2, width: side, height: side)
    }

    private func moveHandle(to point: Point) {
        let box = curveBox()
        let handle = Point(x: (point.x - box.minX) / box.width, y: (box.maxY - point.y) / box.height)
        changePen { $0.curve = PressureCurve(handle: handle) }
    }

    private func nudgeHandle(dx: Double, dy: Double) {
        let h = pen.curve.handle
        changePen { $0.curve = PressureCurve(handle: Point(x: h.x + dx, y: h.y + dy)) }
    }

    private func drawCurve(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        let box = curveBox()
        var fg = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(curveArea), &fg)
        cairo_set_source_rgba(cr, Double(fg.red), Double(fg.green), Double(fg.blue), 0.25)
        cairo_set_line_width(cr, 1)
        cairo_rectangle(cr, box.minX + 0.5, box.minY + 0.5, box.width - 1, box.height - 1)
        cairo_move_to(cr, box.minX, box.maxY)
        cairo_line_to(cr, box.maxX, box.minY)
        cairo_stroke(cr)
        let curve = pen.curve
        cairo_set_source_rgba(cr, Double(fg.red), Double(fg.green), Double(fg.blue), 1)
        cairo_set_line_width(cr, 2)
        for i in 0...64 {
            let x = Double(i) / 64
            let p = Point(x: box.minX + x * box.width, y: box.maxY - curve.apply(x) * box.height)
            if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
        }
        cairo_stroke(cr)
        let handle = Point(x: box.minX + curve.handle.x * box.width, y: box.maxY - curve.handle.y * box.height)
        cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
        cairo_arc(cr, handle.x, handle.y, 8, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    // MARK: Trying the pen

    private func tryPen(_ event: OpaquePointer) -> Bool {
        let type = gdk_event_get_event_type(event)
        var x = 0.0, y = 0.0
        guard gdk_event_get_position(event, &x, &y) != 0 else { return false }
        let local = WidgetCoordinates.fromSurface(tryArea, x, y)
        var pressure = 1.0
        if type == GDK_BUTTON_PRESS || type == GDK_MOTION_NOTIFY || type == GDK_BUTTON_RELEASE,
           gdk_event_get_device_tool(event) != nil, gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &pressure) == 0 {
            pressure = 1
        }
        switch type {
        case GDK_BUTTON_PRESS:
            tries.append([(local, pressure)])
            if tries.count > 12 { tries.removeFirst() }
        case GDK_MOTION_NOTIFY where gdk_event_get_modifier_state(event).rawValue & GDK_BUTTON1_MASK.rawValue != 0:
            guard !tries.isEmpty else { return false }
            tries[tries.count - 1].append((local, pressure))
        default:
            return false
        }
        gtk_widget_queue_draw(tryArea)
        return true
    }

    private func drawTries(_ cr: OpaquePointer) {
        let w = Double(gtk_widget_get_width(tryArea)), h = Double(gtk_widget_get_height(tryArea))
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, w, h)
        cairo_fill(cr)
        if tries.isEmpty {
            // What the area is for, until it is written in.
            let layout = gtk_widget_create_pango_layout(tryArea, tr("Write here with the pen"))!
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            cairo_set_source_rgb(cr, 0.55, 0.55, 0.55)
            cairo_move_to(cr, (w - Double(width)) / 2, (h - Double(height)) / 2)
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        cairo_set_source_rgb(cr, 0.1, 0.2, 0.55)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        let pen = self.pen
        // As a 6 pt pen draws it, widths through this pen's settings.
        for stroke in tries {
            for (i, sample) in stroke.enumerated() {
                let previous = i == 0 ? sample.point : stroke[i - 1].point
                let kept = pen.strokePressure(fromDevice: sample.pressure)
                cairo_set_line_width(cr, max(1, 6 * (0.25 + 0.75 * kept)))
                cairo_move_to(cr, previous.x, previous.y)
                cairo_line_to(cr, sample.point.x, sample.point.y)
                cairo_stroke(cr)
            }
        }
    }
}

extension DocumentWindow {
    /// `win.preferences` (Ctrl+comma): the Preferences window; `win.preferences-page` with
    /// "pen", "touchscreen", "touchpad" or "devices" opens it at that page.
    func installPreferencesAction() {
        addAction("preferences") { [weak self] in
            guard let self else { return }
            PreferencesWindow.present(over: self.window) { [weak self] in self?.application?.stateChanged() }
            self.application?.stateChanged()
        }
        addStringAction("preferences-page") { [weak self] page in
            guard let self else { return }
            PreferencesWindow.present(over: self.window, page: page) { [weak self] in self?.application?.stateChanged() }
            self.application?.stateChanged()
        }
    }
}
