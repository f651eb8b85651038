// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// A sidebar page's list: a navigation-sidebar list box with an accessible name and a dimmed,
/// wrapped placeholder saying why it is empty, in a scroller that grows downwards. Every
/// sidebar list (outline, annotations, bookmarks, signatures, attachments) is made here, so
/// that they look, scroll and read alike.
@MainActor
struct SidebarList {
    /// The list box, for rows and row signals.
    let list: UnsafeMutablePointer<GtkWidget>
    /// What goes into the sidebar: the list inside its scroller.
    let scroller: UnsafeMutablePointer<GtkWidget>
    /// The placeholder, which GTK keeps among the list's children.
    let placeholder: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - name: the list's accessible name (already translated).
    ///   - whenEmpty: the placeholder shown while the list has no rows (already translated).
    ///   - selection: how rows are selected; lists whose rows are buttons select none.
    init(name: String, whenEmpty: String, selection: GtkSelectionMode = GTK_SELECTION_SINGLE) {
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), selection)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        ann_accessible_set_label(list, name)
        placeholder = gtk_label_new(whenEmpty)!
        gtk_label_set_wrap(cast(placeholder), 1)
        gtk_widget_add_css_class(placeholder, "dim-label")
        gtk_list_box_set_placeholder(cast(list), placeholder)
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
    }
}

extension SidebarList {
    /// The list and its scroller, for a `let (list, scroller) = …` at the call.
    var parts: (list: UnsafeMutablePointer<GtkWidget>, scroller: UnsafeMutablePointer<GtkWidget>) { (list, scroller) }
}
