// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The keyboard shortcuts window (Ctrl+?): every shortcut the app has, grouped as GNOME apps
/// show them. Built from a GtkBuilder description so the list lives in one place.
@MainActor
enum ShortcutsWindow {
    /// Groups of (title, GTK accelerator) pairs.
    static let groups: [(String, [(String, String)])] = [
        (N_("Document"), [
            (N_("Open a document"), "<ctrl>o"), (N_("Save"), "<ctrl>s"), (N_("Save as"), "<ctrl><shift>s"),
            (N_("Print"), "<ctrl>p"), (N_("Document properties"), "<alt>Return"), (N_("Close the tab (the last one: the window)"), "<ctrl>w"),
            (N_("Next tab"), "<ctrl>Tab <ctrl>Page_Down"), (N_("Previous tab"), "<ctrl><shift>Tab <ctrl>Page_Up"), (N_("Quit"), "<ctrl>q"), (N_("Keyboard shortcuts"), "<ctrl>question <ctrl>F1"), (N_("Main menu"), "F10"),
            (N_("Next and previous part of the window"), "F6 <shift>F6"),
            (N_("Preferences: pen, touchscreen and touchpad"), "<ctrl>comma"),
        ]),
        (N_("Editing"), [
            (N_("Undo"), "<ctrl>z"), (N_("Redo"), "<ctrl><shift>z <ctrl>y"), (N_("Delete the selected annotations"), "Delete"),
            (N_("Add an annotation to the selection (Shift+click)"), "Shift_L"), (N_("Context menu (or a right click)"), "Menu <shift>F10"),
            (N_("Nudge the selected annotations"), "Left Right Up Down"), (N_("Nudge by ten points"), "<shift>Left"),
            (N_("Copy the selected text or annotations"), "<ctrl>c"), (N_("Select the page's text (again: the whole document)"), "<ctrl>a"), (N_("Paste annotations"), "<ctrl>v"),
            (N_("Cut the selected annotations"), "<ctrl>x"),
            (N_("Turn the page clockwise"), "<ctrl>bracketright"), (N_("Turn the page anticlockwise"), "<ctrl>bracketleft"),
            (N_("Move the page one place back or on"), "<alt>Up <alt>Down"),
        ]),
        (N_("Annotation tools"), [
            (N_("Show the toolbar"), "F7"), (N_("Select"), "v"), (N_("Lasso"), "q"), (N_("Pen"), "p"), (N_("Highlight"), "h"), (N_("Underline"), "u"),
            (N_("Strike out"), "s"), (N_("Squiggly"), "k"), (N_("Rectangle"), "r"), (N_("Ellipse"), "o"), (N_("Line"), "l"),
            (N_("Arrow"), "a"), (N_("Note"), "n"), (N_("Text box"), "t"), (N_("Stamp"), "m"), (N_("Attach File"), "f"), (N_("Link"), "i"), (N_("Eraser"), "e"),
            (N_("Show or hide the ruler"), "d"),
            (N_("Square, circle or 45° line while dragging"), "Shift_L"), (N_("Add to the selection with the lasso"), "Shift_L"),
            (N_("Place a note, text box or stamp (its tool picked)"), "Return"),
            (N_("Back to Select"), "Escape"), (N_("Keep a note's text"), "<ctrl>Return"),
        ]),
        (N_("Viewing"), [
            (N_("Zoom in"), "<ctrl>plus <ctrl>equal"), (N_("Zoom out"), "<ctrl>minus"), (N_("Actual size"), "<ctrl>0"),
            (N_("Fit width"), "<ctrl>1"), (N_("Fit page"), "<ctrl>2"), (N_("Go to a page"), "<ctrl>l"),
            (N_("Next and previous screen"), "Page_Down Page_Up"), (N_("Start and end"), "Home End"),
            (N_("Back to where a link was followed from"), "<alt>Left Back"), (N_("Forward again"), "<alt>Right Forward"),
            (N_("Sidebar: outline, pages, annotations and bookmarks"), "F9"), (N_("Bookmark the page"), "<ctrl>d"),
            (N_("Rename the bookmark (in the sidebar)"), "F2"), (N_("Search"), "<ctrl>f"), (N_("Next and previous match"), "F3 <ctrl>g <shift>F3 <ctrl><shift>g"),
            (N_("Fullscreen"), "F11"), (N_("Leave reading mode"), "Escape"),
            (N_("Show or hide the zoom writing strip"), "<ctrl><shift>m"),
            (N_("Zoom strip: on to the start of the next line"), "<ctrl><shift>Return"),
            (N_("Split the view side by side, or back to one view"), "F8"),
        ]),
        (N_("Forms"), [
            (N_("Next and previous field"), "Tab <shift>Tab"), (N_("Check a box or choose a radio button"), "space"), (N_("Next or previous radio button"), "Down Up"),
            (N_("Open a list's options"), "Return"), (N_("Keep what was typed"), "Return"), (N_("Put back what the field held"), "Escape"),
            (N_("Select the field's text"), "<ctrl>a"),
        ]),
    ]

    static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }

    static var builderXML: String {
        var xml = #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>"#
        xml += #"<child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property><property name="max-height">18</property>"#
        for (title, shortcuts) in groups {
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escaped(tr(title)))</property>"#
            for (name, accelerator) in shortcuts {
                xml += #"<child><object class="GtkShortcutsShortcut"><property name="title">\#(escaped(tr(name)))</property>"#
                xml += #"<property name="accelerator">\#(escaped(accelerator))</property></object></child>"#
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        return xml
    }

    /// Shows the window over `parent`.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>) {
        guard let builder = gtk_builder_new_from_string(builderXML, -1) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_present(cast(window))
    }
}
