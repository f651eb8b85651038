// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The annotation toolbar's buttons stay in reach at any window width: they sit in a flow box
/// that wraps them onto another row when the window is too narrow for one (with their names
/// hidden first, DocumentWindow+Tools), rather than running past the window's right edge. The
/// state dump's `toolbarButtonFrames` says where each one is, so that a test can check that every
/// one lies inside the window, and press it.
extension DocumentWindow {
    /// Adds a toolbar button to the tools' flow box. The box's own child around it takes no
    /// focus (the button does) and no room of its own.
    func addToolbarButton(_ button: UnsafeMutablePointer<GtkWidget>, to bar: UnsafeMutablePointer<GtkWidget>) {
        gtk_flow_box_append(cast(bar), button)
        if let child = gtk_widget_get_parent(button) { gtk_widget_set_focusable(child, 0) }
        toolbarButtons.append(button)
    }

    /// Each toolbar button's detailed action (`win.tool::pen`, `win.ruler` …) with its place in
    /// the window ([x, y, width, height], in `canvasX`'s coordinates), or `[]` when it does not
    /// show; `nil` before the toolbar is made.
    var toolbarButtonFrames: [String: [Double]]? {
        guard !toolbarButtons.isEmpty, let native = gtk_widget_get_native(window) else { return nil }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        var frames: [String: [Double]] = [:]
        for button in toolbarButtons {
            let name = string(gtk_actionable_get_action_name(cast(button))) ?? ""
            let target = gtk_actionable_get_action_target_value(cast(button))
            let action = target.flatMap { string(g_variant_get_string($0, nil)) }.map { "\(name)::\($0)" } ?? name
            var x = 0.0, y = 0.0
            guard gtk_widget_get_mapped(button) != 0,
                  gtk_widget_translate_coordinates(button, cast(native), 0, 0, &x, &y) != 0 else {
                frames[action] = []
                continue
            }
            frames[action] = [x + surfaceX, y + surfaceY, Double(gtk_widget_get_width(button)), Double(gtk_widget_get_height(button))]
        }
        return frames
    }

    /// The window's own area ([x, y, width, height], logical pixels, in `canvasX`'s coordinates:
    /// beside `toolbarButtonFrames`).
    var windowFrame: [Double]? {
        guard let native = gtk_widget_get_native(window) else { return nil }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        return [surfaceX, surfaceY, Double(gtk_widget_get_width(window)), Double(gtk_widget_get_height(window))]
    }
}
