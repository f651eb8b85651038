// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentLayout
import Geometry
import InteractionEngine

/// The zoom strip's box drawn over the page view: a thin rectangle with a grip on its top edge
/// (drag it to move the box) and a corner handle (drag it to size the box, which sets the
/// strip's magnification). It draws in a layer over the page that takes no input; a contact
/// that begins on a handle is the box's, taken before the page's interaction sees it
/// (``PdfCanvas/firstRefusal``), whatever device makes it.
@MainActor
final class ZoomStripBoxOverlay {
    private let layer: UnsafeMutablePointer<GtkWidget>
    private unowned let strip: ZoomStripView
    /// The contact dragging a handle, which handle, and where the drag started.
    private var drag: (sequence: InputSequenceID, resizing: Bool, start: Point, box: Rect)?

    init(strip: ZoomStripView) {
        self.strip = strip
        layer = gtk_drawing_area_new()!
        gtk_widget_set_can_target(layer, 0)
        gtk_widget_set_hexpand(layer, 1)
        gtk_widget_set_vexpand(layer, 1)
        gtk_widget_set_name(layer, "zoom-strip-box")
        gtk_overlay_add_overlay(cast(strip.canvas.overlay), layer)
        WidgetCallbacks.setDrawFunction(of: layer) { [weak self] cr, _, _ in self?.draw(cr) }
        strip.canvas.firstRefusal = { [weak self] event in self?.take(event) ?? false }
    }

    func refresh() { gtk_widget_queue_draw(layer) }

    /// The box is drawn over `view` and its handles are taken there (the split's active view).
    func move(from before: PdfCanvas, to view: PdfCanvas) {
        drag = nil
        g_object_ref(raw(layer))
        gtk_overlay_remove_overlay(cast(before.overlay), layer)
        gtk_overlay_add_overlay(cast(view.overlay), layer)
        g_object_unref(raw(layer))
        before.firstRefusal = nil
        view.firstRefusal = { [weak self] event in self?.take(event) ?? false }
        refresh()
    }

    /// A handle's side on screen: finger-sized after a touch.
    private var handleSize: Double { strip.canvas.lastContactWasTouch ? 28 : 14 }

    /// The box in the page view's coordinates, while the strip shows and its page is laid out.
    var boxInView: Rect? {
        guard let s = strip.strip, let geometry = strip.pageGeometry(s.page) else { return nil }
        let view = ViewTransform(zoom: strip.canvas.viewport.zoom, scrollOffset: strip.canvas.viewport.offset - Point.zero)
        let a = view.viewPoint(fromCanvas: geometry.canvasPoint(fromPage: s.box.origin))
        let b = view.viewPoint(fromCanvas: geometry.canvasPoint(fromPage: Point(x: s.box.maxX, y: s.box.maxY)))
        return Rect(corner: a, corner: b)
    }

    /// The handles of the box in view coordinates.
    var handles: (move: Rect, resize: Rect)? {
        boxInView.map { ZoomStrip.handles(ofBoxAt: $0, size: handleSize) }
    }

    private func draw(_ cr: OpaquePointer) {
        guard let rect = boxInView, let handles else { return }
        cairo_set_source_rgba(cr, 0.16, 0.42, 0.9, 0.9)
        cairo_set_line_width(cr, 1.5)
        cairo_rectangle(cr, rect.minX + 0.75, rect.minY + 0.75, rect.width - 1.5, rect.height - 1.5)
        cairo_stroke(cr)
        for handle in [handles.move, handles.resize] {
            cairo_rectangle(cr, handle.minX, handle.minY, handle.width, handle.height)
            cairo_fill(cr)
        }
        // The grip's lines.
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, 1)
        for i in 1...3 {
            let x = handles.move.minX + handles.move.width * Double(i) / 4
            cairo_move_to(cr, x.rounded() + 0.5, handles.move.minY + 3)
            cairo_line_to(cr, x.rounded() + 0.5, handles.move.maxY - 3)
        }
        cairo_stroke(cr)
    }

    /// Takes a contact that begins on a handle, and the rest of it; whether it took `event`.
    private func take(_ event: InputEvent) -> Bool {
        guard case .contact(let phase) = event.kind else { return false }
        switch phase {
        case .began:
            guard drag == nil, let handles, let box = strip.strip?.box else { return false }
            let slop = event.isDirect ? 10.0 : 4.0
            if handles.move.insetBy(dx: -slop, dy: -slop).contains(event.position) {
                drag = (event.sequence, false, event.position, box)
            } else if handles.resize.insetBy(dx: -slop, dy: -slop).contains(event.position) {
                drag = (event.sequence, true, event.position, box)
            } else {
                return false
            }
            return true
        case .moved, .ended, .cancelled:
            guard let drag, drag.sequence == event.sequence else { return false }
            if phase != .cancelled { follow(drag, to: event.position) }
            if phase != .moved { self.drag = nil }
            return true
        }
    }

    private func follow(_ drag: (sequence: InputSequenceID, resizing: Bool, start: Point, box: Rect), to point: Point) {
        guard var s = strip.strip else { return }
        let zoom = strip.pageGeometry(s.page).map { $0.scaleX } ?? strip.canvas.viewport.zoom
        guard zoom > 0 else { return }
        let dx = (point.x - drag.start.x) / zoom, dy = (point.y - drag.start.y) / zoom
        if drag.resizing {
            s.resizeBox(toWidth: drag.box.width + dx)
        } else {
            s.place(at: Point(x: drag.box.minX + dx, y: drag.box.minY + dy))
        }
        strip.strip = s
    }
}
