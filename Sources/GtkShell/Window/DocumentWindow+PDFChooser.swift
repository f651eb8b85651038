// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The native file chooser for a PDF, to open one (pages to insert) or to name a new one (an
/// extract, a signed copy): filtered to PDFs, modal, its dialog kind in the state dump while it
/// shows, and `chosen` called with the path picked (not when cancelled).
extension DocumentWindow {
    func choosePDFFile(title: String, accept: String, saving: Bool, suggestedName: String? = nil, kind: String,
                       _ chosen: @escaping @MainActor (String) -> Void) {
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
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self else { return }
            self.pendingDialog = nil
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(handle.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            if saving { self.saveChooser = nil } else { self.fileChooser = nil }
            if let path { chosen(path) }
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
