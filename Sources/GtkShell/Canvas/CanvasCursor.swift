// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import InteractionEngine
import Platform

/// The pointer over the page area: the shape the session asks for, the pen's dot while the pen
/// is picked (a dot of the pen's colour and width at the current zoom, so the user sees what a
/// stroke will look like before drawing it), and, in fullscreen or reading mode, the pointer
/// hidden after two seconds at rest.
///
/// - Warning: main thread only.
@MainActor
final class CanvasCursor {
    private let area: UnsafeMutablePointer<GtkWidget>
    /// The shape GTK shows, as a CSS cursor name ("pen-dot" for the pen's dot).
    private(set) var name = "default"
    /// The zoom the pen's dot was drawn for.
    private var penDotZoom = 0.0
    /// Whether the pointer is hidden (at rest in fullscreen), and the timer that will hide it.
    private(set) var hidden = false
    private var idleTimer: UInt32?
    /// Whether the pointer hides after two seconds without moving over the page.
    var hidesWhenIdle = false {
        didSet { moved() }
    }
    /// The pointer was hidden (the window's state follows).
    var onHidden: () -> Void = {}

    init(area: UnsafeMutablePointer<GtkWidget>) { self.area = area }

    /// Shows `shape`, or the pen's dot in `penStyle` at `zoom` while the pen is picked.
    func show(_ shape: PointerShape, penStyle: AnnotationStyle?, zoom: Double) {
        if let penStyle, let texture = Self.penDot(penStyle, zoom: zoom) {
            name = "pen-dot"
            penDotZoom = zoom
            let size = Int32(gdk_texture_get_width(texture))
            let cursor = gdk_cursor_new_from_texture(texture, size / 2, size / 2, nil)
            gtk_widget_set_cursor(area, cursor)
            if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
            g_object_unref(UnsafeMutableRawPointer(texture))
            return
        }
        name = shape.cursorName
        gtk_widget_set_cursor_from_name(area, name)
    }

    /// Whether the pen's dot was drawn for another zoom than `zoom`.
    func penDotIsStale(at zoom: Double) -> Bool { name == "pen-dot" && abs(zoom - penDotZoom) > 0.01 }

    /// The pointer moved (or the setting changed): show it again (`redrawPenDot` draws the pen's
    /// dot again), and hide it once it rests for two seconds while ``hidesWhenIdle`` is on.
    func moved(redrawPenDot: (() -> Void)? = nil) {
        if hidden {
            hidden = false
            if name == "pen-dot", let redrawPenDot { redrawPenDot() } else { gtk_widget_set_cursor_from_name(area, name) }
        }
        if let timer = idleTimer {
            g_source_remove(timer)
            idleTimer = nil
        }
        guard hidesWhenIdle else { return }
        idleTimer = MainLoop.after(milliseconds: 2000) { [weak self] in
            guard let self else { return }
            self.idleTimer = nil
            self.hidden = true
            gtk_widget_set_cursor_from_name(self.area, "none")
            self.onHidden()
        }
    }

    /// A filled circle of the pen's colour, as wide as a stroke at `zoom` (at least 4 px, with a
    /// light outline so it shows on dark pages), as a GDK texture.
    private static func penDot(_ style: AnnotationStyle, zoom: Double) -> OpaquePointer? {
        let diameter = max(4, min(64, style.width * zoom))
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
