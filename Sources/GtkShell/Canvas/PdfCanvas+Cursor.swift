// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import InteractionEngine

/// The pointer over the page shows the pen: a dot of the pen's colour and width at the current
/// zoom, so the user sees what a stroke will look like before drawing it.
extension PdfCanvas {
    /// Sets the canvas cursor for `shape`, or the pen's dot while the pen is picked.
    func applyCursor(_ shape: PointerShape) {
        if interaction.pickedTool == .ink, let texture = penDotTexture() {
            cursorName = "pen-dot"
            penCursorZoom = viewport.zoom
            let size = Int32(gdk_texture_get_width(texture))
            let cursor = gdk_cursor_new_from_texture(texture, size / 2, size / 2, nil)
            gtk_widget_set_cursor(area, cursor)
            if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
            g_object_unref(UnsafeMutableRawPointer(texture))
            return
        }
        cursorName = shape.cursorName
        gtk_widget_set_cursor_from_name(area, cursorName)
    }

    /// The pointer moved (or the setting changed): show it again, and hide it once it rests for
    /// two seconds while ``hidesIdlePointer`` is on.
    func pointerMoved() {
        if pointerHidden {
            pointerHidden = false
            // The cursor it had (the pen's dot is drawn again for the picked pen).
            if cursorName == "pen-dot" { applyCursor(.crosshair) } else { gtk_widget_set_cursor_from_name(area, cursorName) }
        }
        if let timer = idlePointerTimer {
            g_source_remove(timer)
            idlePointerTimer = nil
        }
        guard hidesIdlePointer else { return }
        idlePointerTimer = MainLoop.after(milliseconds: 2000) { [weak self] in
            guard let self else { return }
            self.idlePointerTimer = nil
            self.pointerHidden = true
            gtk_widget_set_cursor_from_name(self.area, "none")
            self.onViewChanged?()
        }
    }

    /// A filled circle of the pen's colour, as wide as a stroke at the current zoom (at least
    /// 4 px, with a light outline so it shows on dark pages), as a GDK texture.
    private func penDotTexture() -> OpaquePointer? {
        let style = style(for: .ink)
        let diameter = max(4, min(64, style.width * viewport.zoom))
        let size = Int32(diameter.rounded(.up)) + 4
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, size, size) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        let centre = Double(size) / 2
        cairo_arc(cr, centre, centre, diameter / 2 + 1, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_fill(cr)
        cairo_arc(cr, centre, centre, diameter / 2, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, max(0.35, style.opacity))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let bytes = g_bytes_new(data, gsize(stride * Int(size)))
        defer { g_bytes_unref(bytes) }
        // Cairo's ARGB32 is premultiplied and native-endian: GDK's default memory format.
        return gdk_memory_texture_new(size, size, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
    }
}
