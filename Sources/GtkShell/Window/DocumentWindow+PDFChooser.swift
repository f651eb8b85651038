// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The native file chooser for a PDF, to open one (pages to insert) or to name a new one (an
/// extract, a signed copy): filtered to PDFs, modal, its dialog kind in the state dump while it
/// shows, and `chosen` called with the path picked (not when cancelled).
extension DocumentWindow {
    func choosePDFFile(title: String, accept: String, saving: Bool, suggestedName: String? = nil, kind: String,
                       _ chosen: @escaping @MainActor (String) -> Void) {
        choosePDFFile(title: title, accept: accept, saving: saving, suggestedName: suggestedName, kind: kind, choice: nil) { path, _ in chosen(path) }
    }

    /// A choice the file dialog offers beside the file (GtkFileChooser's choices): its label,
    /// its options (id, label) and the one chosen at first.
    struct FileChoice {
        var label: String
        var options: [(id: String, label: String)]
        var initial: String
    }

    /// As above, with a `choice` offered beside the file; `chosen` gets the option picked.
    func choosePDFFile(title: String, accept: String, saving: Bool, suggestedName: String? = nil, kind: String,
                       choice: FileChoice?, _ chosen: @escaping @MainActor (String, String?) -> Void) {
        guard (saving ? saveChooser : fileChooser) == nil,
              let native = gtk_file_chooser_native_new(title, cast(window), saving ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       accept, tr("_Cancel"))
        else { return }
        let handle = GObjectHandle(adopting: native)
        if saving { saveChooser = handle } else { fileChooser = handle }
        let filter = ann_pdf_file_filter()
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        if let suggestedName { gtk_file_chooser_set_current_name(native, suggestedName) }
        if let choice {
            let ids = choice.options.map { strdup($0.id) }, labels = choice.options.map { strdup($0.label) }
            defer { (ids + labels).forEach { free($0) } }
            var idList = ids.map { UnsafePointer<CChar>($0) } + [nil], labelList = labels.map { UnsafePointer<CChar>($0) } + [nil]
            idList.withUnsafeMutableBufferPointer { idp in
                labelList.withUnsafeMutableBufferPointer { lp in
                    gtk_file_chooser_add_choice(native, "choice", choice.label, idp.baseAddress, lp.baseAddress)
                }
            }
            gtk_file_chooser_set_choice(native, "choice", choice.initial)
        }
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self else { return }
            self.pendingDialog = nil
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(handle.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            let option = choice == nil ? nil : gtk_file_chooser_get_choice(handle.pointer, "choice").map { String(cString: $0) }
            if saving { self.saveChooser = nil } else { self.fileChooser = nil }
            if let path { chosen(path, option) }
        })
        pendingDialog = kind
        application?.stateChanged()
        gtk_native_dialog_show(cast(native))
    }

    /// The document's file name without ".pdf", for names suggested from it.
    var documentStem: String {
        let base = Self.displayName(path ?? "document.pdf")
        return base.lowercased().hasSuffix(".pdf") ? String(base.dropLast(4)) : base
    }
}
