// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import CShim
import Document
import FoundationEssentials
import Geometry
import Platform

/// The signature pad: a dialog to sign on, above a baseline, with a pen (its pressure drawn),
/// a finger or the mouse; Clear, Undo Stroke, a name, and Keep, which stores the signature.
/// Its Type page writes a typed name in a script face instead (kept as a picture), and From a
/// Picture takes a scan.
@MainActor
final class SignaturePad {
    let window: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private let name: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let typed: UnsafeMutablePointer<GtkWidget>
    private let typedPreview: UnsafeMutablePointer<GtkWidget>
    private let drawOnly: [UnsafeMutablePointer<GtkWidget>]
    private(set) var strokes: [InkStroke] = []
    private var current: (points: [Point], pressures: [Double])?
    static let size = Size(width: 480, height: 180)
    static let baseline = 130.0
    /// Called with the signature kept (and, for one made from a picture, the picture).
    var onKeep: ((HandwrittenSignature, StampImage?) -> Void)?
    private var chooser: GObjectHandle<OpaquePointer>?
    var onClose: (() -> Void)?
    /// Called when a stroke is finished, added or taken away (the state dump follows).
    var onChange: (() -> Void)?

    init(parent: UnsafeMutablePointer<GtkWidget>) {
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("New Signature"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_resizable(cast(window), 0)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
        for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(box, 16) }
        area = gtk_drawing_area_new()
        gtk_widget_set_size_request(area, Int32(Self.size.width), Int32(Self.size.height))
        gtk_widget_add_css_class(area, "signature-pad")
        gtk_widget_set_name(area, "signature-pad")
        ann_accessible_set_label(area, tr("Signature pad: sign above the line"))
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(frame), area)
        // Draw or Type: two pages, switched by two linked toggle buttons.
        typedPreview = gtk_drawing_area_new()
        gtk_widget_set_size_request(typedPreview, Int32(Self.size.width), Int32(Self.size.height - 44))
        ann_accessible_set_label(typedPreview, tr("The typed name as it will look"))
        typed = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(typed), tr("Type your name"))
        ann_accessible_set_label(typed, tr("Your name, to be written in a script"))
        let typePage = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        let typeFrame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(typeFrame), typedPreview)
        gtk_box_append(cast(typePage), typeFrame)
        gtk_box_append(cast(typePage), typed)
        stack = gtk_stack_new()
        gtk_stack_add_named(cast(stack), frame, "draw")
        gtk_stack_add_named(cast(stack), typePage, "type")
        let modes = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(modes, "linked")
        gtk_widget_set_halign(modes, GTK_ALIGN_CENTER)
        let drawMode = gtk_toggle_button_new_with_mnemonic(tr("_Draw"))!
        let typeMode = gtk_toggle_button_new_with_mnemonic(tr("T_ype"))!
        gtk_toggle_button_set_group(cast(typeMode), cast(drawMode))
        gtk_toggle_button_set_active(cast(drawMode), 1)
        gtk_box_append(cast(modes), drawMode)
        gtk_box_append(cast(modes), typeMode)
        gtk_box_append(cast(box), modes)
        gtk_box_append(cast(box), stack)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let clear = gtk_button_new_with_mnemonic(tr("C_lear"))!
        let undo = gtk_button_new_with_mnemonic(tr("_Undo Stroke"))!
        let fromPicture = gtk_button_new_with_mnemonic(tr("From a _Picture…"))!
        gtk_widget_set_tooltip_text(fromPicture, tr("A scanned or photographed signature; its paper is taken away"))
        name = gtk_entry_new()
        gtk_entry_set_placeholder_text(cast(name), tr("Name of this signature"))
        ann_accessible_set_label(name, tr("Name of this signature"))
        gtk_widget_set_hexpand(name, 1)
        for w in [clear, undo, fromPicture, name] { gtk_box_append(cast(row), w) }
        drawOnly = [clear, undo]
        gtk_box_append(cast(box), row)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = gtk_button_new_with_mnemonic(tr("_Cancel"))!
        let keep = gtk_button_new_with_mnemonic(tr("_Keep"))!
        gtk_widget_add_css_class(keep, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), keep)
        gtk_box_append(cast(box), buttons)
        gtk_window_set_child(cast(window), box)

        WidgetCallbacks.setDrawFunction(of: area) { [weak self] cr, _, _ in self?.draw(cr) }
        WidgetCallbacks.setDrawFunction(of: typedPreview) { [weak self] cr, _, _ in self?.drawTyped(cr) }
        Signals.connect(raw(typed), "changed") { [weak self] in gtk_widget_queue_draw(self?.typedPreview) }
        Signals.connect(raw(typed), "activate") { [weak self] in self?.keep() }
        Signals.connect(raw(typeMode), "toggled") { [weak self] in
            guard let self else { return }
            let typing = gtk_toggle_button_get_active(cast(typeMode)) != 0
            gtk_stack_set_visible_child_name(cast(self.stack), typing ? "type" : "draw")
            for w in self.drawOnly { gtk_widget_set_sensitive(w, typing ? 0 : 1) }
            if typing { gtk_widget_grab_focus(self.typed) }
        }
        let drag = gtk_gesture_drag_new()!
        var start = Point.zero
        Signals.connect(raw(drag), "drag-begin", xy: { [weak self] x, y in
            guard let self else { return }
            start = Point(x: x, y: y)
            self.beginStroke(at: start, pressure: self.pressure(drag))
        })
        Signals.connect(raw(drag), "drag-update", xy: { [weak self] dx, dy in
            guard let self else { return }
            self.continueStroke(to: Point(x: start.x + dx, y: start.y + dy), pressure: self.pressure(drag))
        })
        Signals.connect(raw(drag), "drag-end", xy: { [weak self] _, _ in self?.finishStroke() })
        gtk_widget_add_controller(area, drag)
        Signals.connect(raw(clear), "clicked") { [weak self] in self?.strokes = []; gtk_widget_queue_draw(self?.area); self?.onChange?() }
        Signals.connect(raw(undo), "clicked") { [weak self] in _ = self?.strokes.popLast(); gtk_widget_queue_draw(self?.area); self?.onChange?() }
        Signals.connect(raw(cancel), "clicked") { [weak self] in self?.close() }
        Signals.connect(raw(keep), "clicked") { [weak self] in self?.keep() }
        Signals.connect(raw(fromPicture), "clicked") { [weak self] in self?.choosePicture() }
        // Escape closes the pad, as it closes any dialog.
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Escape"), GdkModifierType(rawValue: 0)),
                                      WidgetCallbacks.callbackAction { [weak self] in self?.close() })!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(window, shortcuts)
    }

    func present() { gtk_window_present(cast(window)) }

    /// The pen's pressure at the drag's last event (0…1); a mouse or a finger has none: full.
    private func pressure(_ gesture: OpaquePointer) -> Double {
        guard let sequence = gtk_gesture_single_get_current_sequence(gesture) as OpaquePointer?,
              let event = gtk_gesture_get_last_event(gesture, sequence) else {
            var value = 1.0
            if let event = gtk_gesture_get_last_event(gesture, nil), gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0 { return value }
            return 1
        }
        var value = 1.0
        return gdk_event_get_axis(event, GDK_AXIS_PRESSURE, &value) != 0 ? value : 1
    }

    /// A contact begins at `point` (pad coordinates) with `pressure` (0…1; 1 for a mouse or a
    /// finger). Live drags and a replayed recording both come through here.
    func beginStroke(at point: Point, pressure: Double) {
        current = ([point], [pressure])
        gtk_widget_queue_draw(area)
    }

    func continueStroke(to point: Point, pressure: Double) {
        guard current != nil else { return }
        current?.points.append(point)
        current?.pressures.append(pressure)
        gtk_widget_queue_draw(area)
    }

    func finishStroke() {
        guard let stroke = current else { return }
        current = nil
        strokes.append(InkStroke(points: stroke.points, pressures: stroke.pressures.contains { $0 < 0.999 } ? stroke.pressures : nil))
        gtk_widget_queue_draw(area)
        onChange?()
    }

    /// Set once a `--replay-pad-input` recording has been fed in completely.
    var replayFinished = false

    /// Whether the Type page is shown.
    var isTyping: Bool { string(gtk_stack_get_visible_child_name(cast(stack))) == "type" }

    private func keep() {
        if isTyping { keepTyped(); return }
        guard !strokes.isEmpty else { gtk_widget_error_bell(window); return }
        let typed = String((string(gtk_editable_get_text(cast(name))) ?? "").trimmingWhitespace())
        let signature = HandwrittenSignature(id: UUID().uuidString, name: typed.isEmpty ? tr("My signature") : typed,
                                             strokes: strokes, padSize: Self.size, baseline: Self.baseline)
        onKeep?(signature, nil)
        close()
    }

    /// A picture file (PNG, JPEG) as the signature, its paper taken away.
    private func choosePicture() {
        guard chooser == nil, let native = gtk_file_chooser_native_new(tr("Signature From a Picture"), cast(window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                                       tr("_Choose"), tr("_Cancel")) else { return }
        chooser = GObjectHandle(adopting: native)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Pictures (PNG, JPEG)"))
        for type in ["image/png", "image/jpeg"] { gtk_file_filter_add_mime_type(filter, type) }
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.chooser else { return }
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.chooser = nil
            if let path { self.keepPicture(at: path) }
        })
        gtk_native_dialog_show(cast(native))
    }

    /// Keeps the picture at `path` as a signature.
    func keepPicture(at path: String) {
        guard case .success(let loaded) = StampPicture.load(path: path) else { gtk_widget_error_bell(window); return }
        let typed = String((string(gtk_editable_get_text(cast(name))) ?? "").trimmingWhitespace())
        let signature = HandwrittenSignature(id: UUID().uuidString, name: typed.isEmpty ? tr("My signature") : typed,
                                             strokes: [], padSize: Self.size, baseline: Self.baseline)
        onKeep?(signature, loaded.withoutBackground())
        close()
    }

    /// Keeps the typed name, written in the script face, as a picture signature named after it
    /// (or after the name given).
    private func keepTyped() {
        let text = String((string(gtk_editable_get_text(cast(typed))) ?? "").trimmingWhitespace())
        guard !text.isEmpty, let picture = TypedSignature.picture(of: text) else { gtk_widget_error_bell(window); return }
        let given = String((string(gtk_editable_get_text(cast(name))) ?? "").trimmingWhitespace())
        let signature = HandwrittenSignature(id: UUID().uuidString, name: given.isEmpty ? text : given,
                                             strokes: [], padSize: Self.size, baseline: Self.baseline)
        onKeep?(signature, picture)
        close()
    }

    private func drawTyped(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        let baseline = Self.baseline - 44
        cairo_set_source_rgba(cr, 0.3, 0.3, 0.3, 0.6)
        cairo_set_line_width(cr, 1)
        var dash = [4.0, 4.0]
        cairo_set_dash(cr, &dash, 2, 0)
        cairo_move_to(cr, 24, baseline)
        cairo_line_to(cr, Self.size.width - 24, baseline)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        let text = string(gtk_editable_get_text(cast(typed))) ?? ""
        TypedSignature.draw(text, on: cr, centerX: Self.size.width / 2, baseline: baseline, size: 56)
    }

    private func close() {
        onClose?()
        gtk_window_destroy(cast(window))
    }

    private func draw(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        // The baseline to sign on.
        cairo_set_source_rgba(cr, 0.3, 0.3, 0.3, 0.6)
        cairo_set_line_width(cr, 1)
        var dash = [4.0, 4.0]
        cairo_set_dash(cr, &dash, 2, 0)
        cairo_move_to(cr, 24, Self.baseline)
        cairo_line_to(cr, Self.size.width - 24, Self.baseline)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_source_rgb(cr, 0.05, 0.1, 0.35)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let all = strokes.map { ($0.points, $0.pressures) } + (current.map { [($0.points, Optional($0.pressures))] } ?? [])
        for (points, pressures) in all {
            guard let first = points.first else { continue }
            if points.count == 1 {
                cairo_arc(cr, first.x, first.y, 1.5, 0, 2 * .pi)
                cairo_fill(cr)
                continue
            }
            for i in 1..<points.count {
                let p = pressures.map { $0.indices.contains(i) ? $0[i] : 1 } ?? 1
                cairo_set_line_width(cr, AppearanceBuilder.inkWidth(4, pressure: p))
                cairo_move_to(cr, points[i - 1].x, points[i - 1].y)
                cairo_line_to(cr, points[i].x, points[i].y)
                cairo_stroke(cr)
            }
        }
    }
}
