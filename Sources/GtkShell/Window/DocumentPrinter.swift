// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// Prints a document through GTK's print dialog (page ranges, copies, printer or PDF file), or
/// exports it to a PDF file the same way: each page drawn with poppler's printing renderer
/// (annotations that print, form values), scaled to fit the paper and centred, the paper
/// turned for landscape pages. It prints its own copy of the document (the current edits
/// included), so the render worker goes on meanwhile.
@MainActor
final class DocumentPrinter {
    private let document: PopplerDocument
    private let title: String
    /// The page in view, for the dialog's "Current Page".
    private let currentPage: PageIndex?

    init(document: PopplerDocument, title: String, currentPage: PageIndex? = nil) {
        self.document = document
        self.title = title
        self.currentPage = currentPage
    }

    /// Shows the print dialog over `parent` and prints what the user chooses.
    /// - Returns: a message when printing failed.
    func runDialog(over parent: UnsafeMutablePointer<GtkWidget>) -> String? {
        run(GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent: parent, exportTo: nil)
    }

    /// Writes every page to a PDF file, as printing to a file would.
    func export(to path: String) -> String? {
        run(GTK_PRINT_OPERATION_ACTION_EXPORT, parent: nil, exportTo: path)
    }

    private func run(_ action: GtkPrintOperationAction, parent: UnsafeMutablePointer<GtkWidget>?, exportTo path: String?) -> String? {
        guard let operation = gtk_print_operation_new() else { return "Printing is not available." }
        defer { g_object_unref(raw(operation)) }
        gtk_print_operation_set_job_name(operation, title)
        gtk_print_operation_set_n_pages(operation, Int32(document.pageCount))
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_use_full_page(operation, 0)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        if let currentPage { gtk_print_operation_set_current_page(operation, Int32(currentPage.rawValue)) }
        if let path { gtk_print_operation_set_export_filename(operation, path) }
        let sizes = document.displaySizes
        Signals.connect(raw(operation), "request-page-setup", pageSetup: { pageNumber, setup in
            // Landscape paper for a page wider than tall.
            guard let setup, sizes.indices.contains(pageNumber) else { return }
            let size = sizes[pageNumber]
            gtk_page_setup_set_orientation(setup, size.width > size.height ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        })
        let document = self.document
        Signals.connect(raw(operation), "draw-page", drawPage: { context, pageNumber in
            guard let context, sizes.indices.contains(pageNumber), let cr = gtk_print_context_get_cairo_context(context) else { return }
            let size = sizes[pageNumber]
            let width = gtk_print_context_get_width(context), height = gtk_print_context_get_height(context)
            guard size.width > 0, size.height > 0 else { return }
            let scale = min(width / size.width, height / size.height)
            cairo_save(cr)
            cairo_translate(cr, (width - size.width * scale) / 2, (height - size.height * scale) / 2)
            cairo_scale(cr, scale, scale)
            document.renderForPrinting(page: PageIndex(pageNumber), into: cr)
            cairo_restore(cr)
        })
        var error: UnsafeMutablePointer<GError>?
        let window: UnsafeMutablePointer<GtkWindow>? = parent.flatMap { cast($0) }
        let result = gtk_print_operation_run(operation, action, window, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR {
            let message = error.flatMap { string($0.pointee.message) } ?? "The document could not be printed."
            if let error { g_error_free(error) }
            return message
        }
        return nil
    }
}

extension DocumentWindow {
    func installPrintAction() {
        addAction("print") { [weak self] in
            guard let self, self.content == .document, let document = self.document else { return }
            // What the user sees: the file with the unsaved edits, in a copy of its own.
            let copy = (try? self.editing?.editor.rendered()).flatMap { try? document.reloaded(from: $0) } ?? document
            let title = string(gtk_window_get_title(cast(self.window))) ?? "Document"
            self.pendingDialog = "print"
            self.application?.stateChanged()
            let failure = DocumentPrinter(document: copy, title: title, currentPage: self.canvas.currentPage).runDialog(over: self.window)
            self.pendingDialog = nil
            self.application?.stateChanged()
            if let failure { self.showMessage(kind: "print-failed", title: tr("The document could not be printed"), body: failure) }
        }
    }
}
