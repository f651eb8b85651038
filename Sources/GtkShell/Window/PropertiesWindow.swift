// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry
import FoundationEssentials
import Platform

/// The Document Properties window: one row per property (labels dimmed, values selectable so
/// they can be copied), closed with Escape or its close button. Returns a function that changes
/// a row's value while the window is open (the fonts, once read).
enum PropertiesWindow {
    @MainActor @discardableResult
    static func present(_ properties: DocumentProperties, over parent: UnsafeMutablePointer<GtkWidget>,
                        closed: @escaping @MainActor () -> Void) -> @MainActor (String, String) -> Void {
        var values: [String: UnsafeMutablePointer<GtkWidget>] = [:]
        let window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Document Properties"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_default_size(cast(window), 460, -1)
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 8)
        gtk_grid_set_column_spacing(cast(grid), 18)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(grid, 18)
        }
        for (i, row) in properties.rows.enumerated() {
            let label = gtk_label_new(tr(row.label))!
            gtk_widget_add_css_class(label, "dim-label")
            gtk_label_set_xalign(cast(label), 1)
            gtk_widget_set_valign(label, GTK_ALIGN_START)
            let value = gtk_label_new(shown(row))!
            gtk_label_set_xalign(cast(value), 0)
            gtk_label_set_selectable(cast(value), 1)
            gtk_label_set_wrap(cast(value), 1)
            gtk_label_set_max_width_chars(cast(value), 48)
            gtk_widget_set_hexpand(value, 1)
            gtk_grid_attach(cast(grid), label, 0, Int32(i), 1, 1)
            gtk_grid_attach(cast(grid), value, 1, Int32(i), 1, 1)
            values[row.label] = value
        }
        // A long font list scrolls inside the window instead of making it taller than the screen.
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 560)
        // Tall enough from the start for the font list that arrives after the window opened.
        gtk_scrolled_window_set_min_content_height(cast(scroller), 380)
        gtk_scrolled_window_set_child(cast(scroller), grid)
        gtk_window_set_child(cast(window), scroller)
        // Escape closes it, as every GNOME dialog.
        let controller = gtk_shortcut_controller_new()!
        if let trigger = gtk_shortcut_trigger_parse_string("Escape"), let action = gtk_named_action_new("window.close"),
           let shortcut = gtk_shortcut_new(trigger, action) {
            gtk_shortcut_controller_add_shortcut(controller, shortcut)
        }
        gtk_widget_add_controller(window, controller)
        var open = true
        Signals.connectReturningBool(raw(window), "close-request") {
            open = false
            closed()
            return false
        }
        gtk_window_present(cast(window))
        return { label, text in
            guard open, let value = values[label] else { return }
            gtk_label_set_text(cast(value), text)
        }
    }
}

extension PropertiesWindow {
    /// The rows' labels and the values said in words, for the message catalog.
    static let words = [N_("File"), N_("Title"), N_("Author"), N_("Subject"), N_("Keywords"), N_("Creator"), N_("Producer"),
                        N_("Created"), N_("Modified"), N_("PDF Version"), N_("Pages"), N_("Page Size"), N_("Encryption"),
                        N_("File Size"), N_("Fonts"), N_("Encrypted"), N_("None"), N_("Reading…")]

    /// A row's value as the window shows it: dates and sizes in the user's locale, words in
    /// the user's language.
    static func shown(_ row: DocumentProperties.Row) -> String {
        switch row.label {
        case "Created", "Modified": return row.raw.flatMap { LocaleFormat.dateTime(iso8601: $0) } ?? row.value
        case "File Size": return row.raw.flatMap(Int64.init).map(LocaleFormat.fileSize) ?? row.value
        case "Encryption": return tr(row.value)
        case "Fonts" where row.value == "Reading…": return tr(row.value)
        default: return row.value
        }
    }
}

extension DocumentWindow {
    func installPropertiesAction() {
        addAction("properties") { [weak self] in
            guard let self, self.content == .document, let document = self.document, let path = self.path else { return }
            let size = fileSize(atPath: path)
            // As shown (after /Rotate); read at open, so no page is touched here.
            let first = document.displaySizes.first
            let properties = DocumentProperties(
                metadata: self.editing?.editor.metadata(over: document.metadata) ?? self.fileMetadata(document.metadata, path: path),
                fileName: DocumentWindow.displayName(path), pageCount: self.canvas.pageCount,
                firstPageSize: first, isEncrypted: self.editing?.editor.isEncrypted ?? PDFFileScan(path: path).namesEncryption, fileSize: size)
            self.shownProperties = properties
            self.pendingDialog = "properties"
            self.application?.stateChanged()
            let setRow = PropertiesWindow.present(properties, over: self.window) { [weak self] in
                self?.pendingDialog = nil
                self?.shownProperties = nil
                self?.application?.stateChanged()
            }
            // The fonts are read on the render worker (a scan of every page) and filled in.
            let generation = self.openGeneration
            self.canvas.tiles.queue?.perform { [weak self] in
                let fonts = document.fonts()
                MainLoop.post(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
                    guard let self, self.openGeneration == generation, let shown = self.shownProperties else { return }
                    let filled = shown.withFonts(fonts)
                    self.shownProperties = filled
                    setRow("Fonts", filled["Fonts"] ?? "")
                    self.application?.stateChanged()
                }
            }
        }
    }

    /// The document's information as the file's bytes say it, before its editor is made: what
    /// poppler-glib read, unless it misread a PDF 2.0 UTF-8 string (then the file is read again).
    func fileMetadata(_ metadata: DocumentMetadata, path: String) -> DocumentMetadata {
        guard DocumentEditor.misreads(metadata) else { return metadata }
        return DocumentEditor.facts(path: path, password: editorMaking?.password, over: metadata)?.metadata ?? metadata
    }
}
