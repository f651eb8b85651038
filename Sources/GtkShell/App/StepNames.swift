// SPDX-License-Identifier: GPL-3.0-or-later

/// The names of undoable steps ("Rectangle", "Move Pages"…) as the Edit menu shows them in the
/// user's language ("Undo Rectangle"). The steps keep their English names everywhere else (the
/// journal, the state dump's `undoName`): they are identifiers there, so they are translated
/// only when shown, and listed here for the catalog's template.
enum StepNames {
    static let all = [
        N_("Move"), N_("Resize"), N_("Move Line End"), N_("Rotate"), N_("Move Vertex"), N_("Add Vertex"), N_("Delete Vertex"),
        N_("Change Alignment"), N_("Change Colour"), N_("Change Fill"),
        N_("Change Font Size"), N_("Change Opacity"), N_("Change Width"), N_("Delete"), N_("Delete Page"), N_("Delete Pages"),
        N_("Duplicate Page"), N_("Duplicate Pages"), N_("Edit Text"), N_("Insert Page"), N_("Insert Pages"), N_("Insert Blank Page"),
        N_("Move Page"), N_("Move Pages"), N_("Rotate Page"), N_("Rotate Pages"), N_("Paste"), N_("Note"), N_("Add Note"), N_("Ink"),
        N_("Flatten"), N_("Signature"), N_("Stamp"), N_("Text Box"), N_("Rectangle"), N_("Line"), N_("Arrow"), N_("Ellipse"),
        N_("Underline"), N_("Strike Out"), N_("Squiggly"), N_("Highlight"), N_("Fill Field"), N_("Choose from List"),
        N_("Choose Option"), N_("Changes Made While Saving"), N_("Erase"), N_("Snap to Shape"), N_("Keep as Ink"), N_("Highlighter Stroke"), N_("Import Annotations"),
        N_("Reply"), N_("Edit Reply"), N_("Delete Reply"), N_("Set Status"), N_("Mark"), N_("Unmark"), N_("Shared Review Changes"),
        N_("Add Link"), N_("Edit Link"), N_("Delete Link"),
    ]

    /// `name` as the user reads it ("Undo Rectangle" restored from a journal reads "Undo" and the
    /// step's own name, each translated).
    static func shown(_ name: String) -> String {
        if name.hasPrefix("Undo ") { return tr("Undo {step}", ["step": shown(String(name.dropFirst(5)))]) }
        return tr(name)
    }
}
