// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Geometry

/// Points between a widget's own coordinates, its toplevel surface's (where GDK reports event
/// positions) and its window's.
enum WidgetCoordinates {
    /// A point GDK reported in the toplevel surface's coordinates, in `widget`'s.
    static func fromSurface(_ widget: UnsafeMutablePointer<GtkWidget>, _ sx: Double, _ sy: Double) -> Point {
        guard let native = gtk_widget_get_native(widget) else { return Point(x: sx, y: sy) }
        var tx = 0.0, ty = 0.0
        gtk_native_get_surface_transform(native, &tx, &ty)
        var wx = 0.0, wy = 0.0
        let nativeWidget: UnsafeMutablePointer<GtkWidget>? = cast(native)
        if gtk_widget_translate_coordinates(nativeWidget, widget, sx - tx, sy - ty, &wx, &wy) == 0 {
            return Point(x: sx, y: sy)
        }
        return Point(x: wx, y: wy)
    }

    /// `widget`'s top-left corner in its window's coordinates (`nil` before it is in one).
    static func originInWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> Point? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        var x = 0.0, y = 0.0
        let rootWidget: UnsafeMutablePointer<GtkWidget>? = cast(root)
        guard gtk_widget_translate_coordinates(widget, rootWidget, 0, 0, &x, &y) != 0 else { return nil }
        return Point(x: x, y: y)
    }
}
