// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentSession
import Geometry
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// "Export Summary…" (`win.export-summary`, a destination path or "" for a Save dialog): every
/// comment of the document with its replies and review state, as a PDF with pictures of the pages
/// and numbered markers, or as plain text or Markdown — the file name's extension (or the type
/// picked in the dialog) decides. The document itself is left as it is.
extension DocumentWindow {
    /// The summary's forms, by the extension of the file written.
    enum SummaryFormat: String, CaseIterable {
        case pdf, text = "txt", markdown = "md"

        init(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { self = .markdown }
            else if lower.hasSuffix(".txt") || lower.hasSuffix(".text") { self = .text }
            else { self = .pdf }
        }

        var filterName: String {
            switch self {
            case .pdf: return tr("PDF with Page Pictures")
            case .text: return tr("Plain Text")
            case .markdown: return tr("Markdown")
            }
        }
    }

    func installSummaryAction() {
        addStringAction("export-summary") { [weak self] path in
            guard let self, self.content == .document else { return }
            // The comments come from the editing document (replies and states included).
            self.whenEditorReady { [weak self] in
                guard let self else { return }
                if path.isEmpty { self.chooseSummaryDestination() } else { self.exportSummary(to: path) }
            }
        }
    }

    /// The Save dialog, with one filter per format; a name without a known extension gets the
    /// picked format's.
    private func chooseSummaryDestination() {
        guard saveChooser == nil,
              let native = gtk_file_chooser_native_new(tr("Export Summary"), cast(window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                       tr("_Export"), tr("_Cancel")) else { return }
        let handle = GObjectHandle(adopting: native)
        saveChooser = handle
        var filters: [(Int, SummaryFormat)] = []
        for format in SummaryFormat.allCases {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, format.filterName)
            gtk_file_filter_add_suffix(filter, format.rawValue)
            gtk_file_chooser_add_filter(native, filter)
            filters.append((Int(bitPattern: filter), format))
            g_object_unref(raw(filter))
        }
        gtk_native_dialog_set_modal(cast(native), 1)
        gtk_file_chooser_set_current_name(native, "\(documentStem) " + tr("comments") + ".pdf")
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self else { return }
            self.pendingDialog = nil
            self.saveChooser = nil
            guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(handle.pointer) else { return }
            var path = takeString(g_file_get_path(file)) ?? ""
            g_object_unref(raw(file))
            let known = SummaryFormat.allCases.contains { path.lowercased().hasSuffix("." + $0.rawValue) } || path.lowercased().hasSuffix(".markdown")
            // The filter picked (a reference of our own, given back at once: only its address counts).
            let filter = gtk_file_chooser_get_filter(handle.pointer)
            let picked = Int(bitPattern: filter)
            if let filter { g_object_unref(raw(filter)) }
            if !known, let format = filters.first(where: { $0.0 == picked })?.1 {
                path += "." + format.rawValue
            }
            if !path.isEmpty { self.exportSummary(to: path) }
        })
        pendingDialog = "export-summary"
        gtk_native_dialog_show(cast(native))
    }

    /// The words of a summary, in the reader's language.
    private var summaryWords: (CommentSummary) -> CommentSummary.Words {
        let file = Self.displayName(path ?? "document.pdf")
        return { summary in
            CommentSummary.Words(
                title: tr("Comments on “{file}”", ["file": file]),
                count: trn("{count} comment", "{count} comments", summary.count, ["count": String(summary.count)]),
                page: { tr("Page {number}", ["number": $0]) },
                kind: { tr(Self.listName($0)) },
                date: { LocaleFormat.dateTime(pdfDate: $0) },
                state: { state in ReviewState(rawValue: state).map { tr(Self.stateLabel($0)) } ?? state })
        }
    }

    /// Writes the summary to `target` in the form its extension names; a PDF is drawn on a
    /// worker. Each is written beside the target and renamed over it once complete.
    func exportSummary(to target: String) {
        guard let editor = editing?.editor, let document else { return }
        let annotations = (0..<document.pageCount).flatMap { editor.annotations(on: PageIndex($0)) }
        let summary = CommentSummary(annotations: annotations) { page in
            page.rawValue < document.pageCount ? document.pageInfo(page) : nil
        }
        let words = summaryWords(summary)
        let format = SummaryFormat(path: target)
        switch format {
        case .text, .markdown:
            let text = format == .text ? summary.plainText(words) : summary.markdown(words)
            var error: UnsafeMutablePointer<GError>?
            if g_file_set_contents(target, text, -1, &error) == 0 {
                summaryFailed(takeError(error))
            } else {
                summaryExported(to: target, count: summary.count, format: format)
            }
        case .pdf:
            let pages = CommentSummaryPDF.pages(of: summary, words: words, sizes: document.displaySizes)
            let title = words.title, subtitle = words.count, count = summary.count
            pendingDialog = "exporting-summary"
            WorkerThread.start(name: "summary") {
                let partial = target + ".part"
                var failure: String?
                do {
                    try CommentSummaryPDF.write(pages, title: title, subtitle: subtitle, to: partial) { page, scale, cr in
                        document.render(page: page, scale: scale, into: cr)
                    }
                    let fd = Glibc.open(partial, O_RDONLY)
                    if fd >= 0 { fsync(fd); close(fd) }
                    if rename(partial, target) != 0 { failure = String(cString: strerror(errno)) }
                } catch let error as CommentSummaryPDF.Failure {
                    failure = error.message
                } catch {
                    failure = "\(error)"
                }
                if failure != nil { unlink(partial) }
                MainLoop.post(priority: G_PRIORITY_DEFAULT) { [weak self] in
                    guard let self else { return }
                    self.pendingDialog = nil
                    if let failure { self.summaryFailed(failure) } else { self.summaryExported(to: target, count: count, format: .pdf) }
                }
            }
        }
    }

    private func takeError(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { string($0.pointee.message) } ?? tr("It could not be written (the disk may be full).")
    }

    private func summaryExported(to target: String, count: Int, format: SummaryFormat) {
        let body = trn("{count} comment is in “{file}”.", "{count} comments are in “{file}”.", count,
                       ["count": String(count), "file": Self.displayName(target)])
        var buttons = [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue)]
        if format == .pdf { buttons.append((tr("_Open"), GTK_RESPONSE_ACCEPT.rawValue)) }
        ask(kind: "summary-exported", type: GTK_MESSAGE_INFO, title: tr("Summary Exported"), body: body,
            buttons: buttons, defaultResponse: GTK_RESPONSE_CLOSE.rawValue) { [weak self] answer in
            if answer == GTK_RESPONSE_ACCEPT.rawValue { self?.application?.open(path: target, preferring: nil) }
        }
    }

    private func summaryFailed(_ message: String) {
        ask(kind: "summary-failed", type: GTK_MESSAGE_ERROR, title: tr("The Summary Could Not Be Exported"), body: message,
            buttons: [(tr("_Close"), GTK_RESPONSE_CLOSE.rawValue)], defaultResponse: GTK_RESPONSE_CLOSE.rawValue) { _ in }
    }
}
