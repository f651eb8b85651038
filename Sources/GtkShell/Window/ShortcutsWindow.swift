// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The keyboard shortcuts window (Ctrl+?): every shortcut the app has, grouped as GNOME apps
/// show them. Built from a GtkBuilder description so the list lives in one place.
@MainActor
enum ShortcutsWindow {
    /// Groups of (title, GTK accelerator) pairs.
    static let groups: [(String, [(String, String)])] = [
        ("Document", [
            ("Open a document", "<ctrl>o"), ("Save", "<ctrl>s"), ("Save as", "<ctrl><shift>s"),
            ("Print", "<ctrl>p"), ("Document properties", "<alt>Return"), ("Close the window", "<ctrl>w"), ("Quit", "<ctrl>q"), ("Keyboard shortcuts", "<ctrl>question"),
        ]),
        ("Editing", [
            ("Undo", "<ctrl>z"), ("Redo", "<ctrl><shift>z <ctrl>y"), ("Delete the selected annotations", "Delete"),
            ("Add an annotation to the selection (Shift+click)", "Shift_L"), ("Context menu (or a right click)", "Menu <shift>F10"),
            ("Nudge the selected annotations", "Left Right Up Down"), ("Nudge by ten points", "<shift>Left"),
            ("Copy the selected text or annotations", "<ctrl>c"), ("Select the page's text (again: the whole document)", "<ctrl>a"), ("Paste annotations", "<ctrl>v"),
            ("Turn the page clockwise", "<ctrl>bracketright"), ("Turn the page anticlockwise", "<ctrl>bracketleft"),
            ("Move the page one place back or on", "<alt>Up <alt>Down"),
        ]),
        ("Annotation tools", [
            ("Show the toolbar", "F7"), ("Select", "v"), ("Pen", "p"), ("Highlight", "h"), ("Underline", "u"),
            ("Strike out", "s"), ("Squiggly", "k"), ("Rectangle", "r"), ("Ellipse", "o"), ("Line", "l"),
            ("Arrow", "a"), ("Note", "n"), ("Text box", "t"), ("Stamp", "m"), ("Eraser", "e"),
            ("Square, circle or 45° line while dragging", "Shift_L"),
            ("Back to Select", "Escape"), ("Keep a note's text", "<ctrl>Return"),
        ]),
        ("Viewing", [
            ("Zoom in", "<ctrl>plus"), ("Zoom out", "<ctrl>minus"), ("Actual size", "<ctrl>0"),
            ("Fit width", "<ctrl>1"), ("Fit page", "<ctrl>2"), ("Go to a page", "<ctrl>l"),
            ("Next and previous screen", "Page_Down Page_Up"), ("Start and end", "Home End"),
            ("Back to where a link was followed from", "<alt>Left"), ("Forward again", "<alt>Right"),
            ("Sidebar: outline, pages, annotations and bookmarks", "F9"), ("Bookmark the page", "<ctrl>d"),
            ("Rename the bookmark (in the sidebar)", "F2"), ("Search", "<ctrl>f"), ("Next and previous match", "F3 <shift>F3"),
            ("Fullscreen", "F11"), ("Leave reading mode", "Escape"),
        ]),
        ("Forms", [
            ("Next and previous field", "Tab <shift>Tab"), ("Check a box or choose a radio button", "space"), ("Next or previous radio button", "Down Up"),
            ("Open a list's options", "Return"), ("Keep what was typed", "Return"), ("Put back what the field held", "Escape"),
            ("Select the field's text", "<ctrl>a"),
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
            xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escaped(title))</property>"#
            for (name, accelerator) in shortcuts {
                xml += #"<child><object class="GtkShortcutsShortcut"><property name="title">\#(escaped(name))</property>"#
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
