// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A centred icon, title, description and optional button: the GNOME "status page" used for
/// the empty window, for documents that cannot be opened, and around the password prompt.
@MainActor
final class StatusPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let icon: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let body: UnsafeMutablePointer<GtkWidget>
    /// Extra widgets (entries, buttons) go here, under the description.
    let extras: UnsafeMutablePointer<GtkWidget>
    /// The button that gets the focus when the page is shown.
    var primaryButton: UnsafeMutablePointer<GtkWidget>?

    init(iconName: String, cssClass: String) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_add_css_class(widget, "status-page")
        gtk_widget_add_css_class(widget, cssClass)
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(widget, 24)
        gtk_widget_set_margin_end(widget, 24)
        // The icon is looked up when the page first shows: at 96 px on a 2× screen GTK draws it
        // from its SVG, and loading the SVG renderer (librsvg, libxml2: 10 MB resident) for
        // pages a reader who opens a document never sees is start-up time and memory lost.
        icon = gtk_image_new()
        gtk_image_set_pixel_size(cast(icon), 96)
        Signals.connect(raw(widget), "map") { [icon] in
            if gtk_image_get_storage_type(cast(icon)) == GTK_IMAGE_EMPTY { gtk_image_set_from_icon_name(cast(icon), iconName) }
        }
        gtk_widget_add_css_class(icon, "dim-label")
        title = gtk_label_new(nil)
        gtk_widget_add_css_class(title, "title")
        gtk_label_set_wrap(cast(title), 1)
        gtk_label_set_justify(cast(title), GTK_JUSTIFY_CENTER)
        body = gtk_label_new(nil)
        gtk_widget_add_css_class(body, "description")
        gtk_label_set_wrap(cast(body), 1)
        gtk_label_set_justify(cast(body), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(cast(body), 60)
        gtk_label_set_selectable(cast(body), 1)
        extras = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_widget_set_halign(extras, GTK_ALIGN_CENTER)
        for child in [icon, title, body, extras] { gtk_box_append(cast(widget), child) }
    }

    func set(title text: String, body description: String) {
        gtk_label_set_text(cast(title), text)
        gtk_label_set_text(cast(body), description)
        gtk_widget_set_visible(body, description.isEmpty ? 0 : 1)
    }

    var titleText: String { string(gtk_label_get_text(cast(title))) ?? "" }
    var bodyText: String { string(gtk_label_get_text(cast(body))) ?? "" }
}
