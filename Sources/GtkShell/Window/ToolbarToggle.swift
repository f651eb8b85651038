// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// One touch-sized toggle of the annotation toolbar: a symbolic icon above its name, bound to
/// an action, with the key in its tooltip. The tools, the Ruler and the Zoom Strip are made
/// here alike; the name is returned apart, because a narrow window hides the names and keeps
/// the icons.
@MainActor
struct ToolbarToggle {
    let button: UnsafeMutablePointer<GtkWidget>
    /// The name under the icon.
    let name: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - icon: the symbolic icon's name.
    ///   - label: the name under the icon and the accessible name (already translated).
    ///   - action: the detailed action name (`win.tool::pen`, `win.ruler`).
    ///   - tooltip: what the button does (already translated); the key follows it.
    ///   - key: the key shown in the tooltip.
    ///   - widgetName: the widget's name, which UI tests and the stylesheet find it by.
    init(icon: String, label: String, action: String, tooltip: String, key: String, widgetName: String) {
        button = gtk_toggle_button_new()!
        let face = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        name = gtk_label_new(label)!
        gtk_widget_add_css_class(name, "tool-name")
        gtk_box_append(cast(face), gtk_image_new_from_icon_name(icon)!)
        gtk_box_append(cast(face), name)
        gtk_widget_set_valign(face, GTK_ALIGN_CENTER)
        gtk_button_set_child(cast(button), face)
        ann_accessible_set_label(button, label)
        gtk_widget_add_css_class(button, "tool-button")
        gtk_actionable_set_detailed_action_name(cast(button), action)
        gtk_widget_set_tooltip_text(button, tr("{tool} ({key})", ["tool": tooltip, "key": key]))
        gtk_widget_set_name(button, widgetName)
    }
}
