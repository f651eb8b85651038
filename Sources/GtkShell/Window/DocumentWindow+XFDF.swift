// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import DocumentSession

/// Export Annotations… and Import Annotations… (`win.export-annotations`,
/// `win.import-annotations`): the document's annotations as XFDF (ISO 19444-1) and back,
/// merged by /NM as one undoable step. "" opens a file chooser; a path exports to (imports
/// from) that file. What an import skips, that the file's `<ids>` name another document, and
/// why a file is refused, is said in a message (dialog kinds `xfdf-export-failed`,
/// `xfdf-import-failed`, `xfdf-imported`). An export writes the document's /ID as `<ids>`.
extension DocumentWindow {
    static let xfdfActions = ["export-annotations", "import-annotations"]

    func installXFDFActions() {
        addStringAction("export-annotations", enabled: false) { [weak self] path in
            guard let self else { return }
            if path.isEmpty { self.chooseXFDFFile(exporting: true) } else { self.exportAnnotations(to: path) }
        }
        addStringAction("import-annotations", enabled: false) { [weak self] path in
            guard let self else { return }
            if path.isEmpty { self.chooseXFDFFile(exporting: false) } else { self.importAnnotations(from: path) }
        }
    }

    private func chooseXFDFFile(exporting: Bool) {
        guard xfdfChooser == nil, let editor = editing?.editor,
              let native = gtk_file_chooser_native_new(exporting ? tr("Export Annotations") : tr("Import Annotations"), cast(window),
                                                       exporting ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       exporting ? tr("_Export") : tr("_Import"), tr("_Cancel")) else { return }
        let handle = GObjectHandle(adopting: native)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Annotations (XFDF)"))
        for pattern in ["*.xfdf", "*.XFDF"] { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_filter_add_mime_type(filter, "application/vnd.adobe.xfdf")
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        if exporting {
            var name = Self.displayName(editor.path)
            if name.lowercased().hasSuffix(".pdf") { name.removeLast(4) }
            gtk_file_chooser_set_current_name(native, name + ".xfdf")
        }
        gtk_native_dialog_set_modal(cast(native), 1)
        pendingDialog = exporting ? "export-annotations" : "import-annotations"
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.xfdfChooser else { return }
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.xfdfChooser = nil
            self.pendingDialog = nil
            guard let path else { return }
            if exporting { self.exportAnnotations(to: path) } else { self.importAnnotations(from: path) }
        })
        xfdfChooser = handle
        gtk_native_dialog_show(cast(native))
    }

    /// Writes every annotation to `path` (atomically: a failed write leaves what was there).
    func exportAnnotations(to path: String) {
        guard let editor = editing?.editor else { return }
        let output = editor.xfdf(file: Self.displayName(editor.path))
        do {
            try AtomicSave.write(Array(output.xml.utf8), to: path, modeFrom: editor.path)
        } catch {
            showMessage(kind: "xfdf-export-failed", title: tr("Annotations Not Exported"),
                        body: tr("“{file}” could not be written: {reason}", ["file": Self.displayName(path), "reason": error.userMessage]))
            return
        }
        guard !output.leftOut.isEmpty else { return }
        let kinds = output.leftOut.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.value) × \(AnnotationDictionary.pdfName(of: $0.key) ?? $0.key.rawValue)" }.joined(separator: ", ")
        showMessage(kind: "xfdf-exported", title: tr("Annotations Exported"),
                    body: trn("{count} annotation was exported to “{file}”.", "{count} annotations were exported to “{file}”.",
                              output.written, ["file": Self.displayName(path)])
                        + "\n\n" + tr("Left out, as XFDF has no place for them: {kinds}.", ["kinds": kinds]))
    }

    /// Merges the annotations of the XFDF file at `path` into the document as one undoable step.
    func importAnnotations(from path: String) {
        guard let editor = editing?.editor else { return }
        let file = Self.displayName(path)
        var contents: XFDFContents
        do {
            contents = try editor.readXFDF(path: path)
        } catch {
            showMessage(kind: "xfdf-import-failed", title: tr("Annotations Not Imported"),
                        body: Self.refusal(error, file: file) + " " + tr("Nothing was imported; the document is unchanged."))
            return
        }
        // The file's <ids> name another document than this one (its permanent /ID).
        let foreign = contents.documentIDs.map { ids in editor.documentIDs.map { !ids.sameDocument(as: $0) } ?? false } ?? false
        let merge = canvas.composer.importing(contents, pageCount: editor.pageCount, in: editor)
        // The file's annotations are in the step now: they go before it is applied.
        contents = XFDFContents()
        if let record = merge.record, !canvas.commit(record) {
            showMessage(kind: "xfdf-import-failed", title: tr("Annotations Not Imported"),
                        body: tr("The annotations of “{file}” could not be put into the document.", ["file": file]) + " "
                            + tr("Nothing was imported; the document is unchanged."))
            return
        }
        editStateChanged()
        guard merge.record == nil || !merge.skipped.isEmpty || foreign else { return }
        var body = [
            trn("{count} annotation added", "{count} annotations added", merge.added),
            trn("{count} updated", "{count} updated", merge.updated),
            trn("{count} deleted", "{count} deleted", merge.deleted),
            trn("{count} kept, as the document's is as new or newer", "{count} kept, as the document's are as new or newer", merge.keptNewer),
        ].joined(separator: ", ") + "."
        if !merge.skipped.isEmpty {
            body += "\n\n" + trn("{count} item of “{file}” was skipped:", "{count} items of “{file}” were skipped:", merge.skipped.count,
                                 ["file": file])
            body += "\n" + Self.skippedLines(merge.skipped).joined(separator: "\n")
        }
        if foreign {
            body += "\n\n" + tr("“{file}” was exported from another document (its /ID differs); its annotations were imported all the same.",
                                ["file": file])
        }
        showMessage(kind: "xfdf-imported", title: tr("Annotations Imported"), body: body)
    }

    /// Why a file was refused, in words.
    static func refusal(_ error: XFDFFileError, file: String) -> String {
        switch error {
        case .unreadable(let reason):
            return tr("“{file}” could not be read: {reason}.", ["file": file, "reason": reason])
        case .markup(.entityDeclarations):
            return tr("“{file}” declares XML entities. They are refused: expanding them can take all memory (a “billion laughs” file).",
                      ["file": file])
        case .markup(.externalReference):
            return tr("“{file}” refers to an external document type or entity. It is refused: reading it would open other files or addresses.",
                      ["file": file])
        case .markup(.malformed(let reason)):
            return tr("“{file}” is not well-formed XML ({reason}).", ["file": file, "reason": reason])
        case .markup(.notUTF8):
            return tr("“{file}” is not UTF-8 text.", ["file": file])
        case .markup(.tooDeep(let depth)):
            return tr("“{file}” nests elements more than {depth} deep, far deeper than annotations go.", ["file": file, "depth": String(depth)])
        case .markup(.tooLarge(let limit)):
            return tr("“{file}” is larger than {size} MB, more than an annotation file holds.", ["file": file, "size": String(limit >> 20)])
        case .notXFDF(let root, _):
            return tr("“{file}” is XML but not XFDF: its root element is <{root}>.", ["file": file, "root": root])
        }
    }

    /// One line per kind of skipped item (the same ones counted), at most a dozen.
    static func skippedLines(_ issues: [XFDFIssue]) -> [String] {
        var lines: [String] = []
        var counts: [String: Int] = [:]
        for issue in issues {
            let name = issue.name ?? "—"
            let line: String
            switch issue.reason {
            case .unsupportedKind:
                line = tr("<{element}>: a kind of annotation this app does not import", ["element": issue.element])
            case .unknownElement:
                line = tr("<{element}>: not part of XFDF", ["element": issue.element])
            case .missing(let attribute):
                line = tr("<{element}> “{name}”: no {attribute}", ["element": issue.element, "name": name, "attribute": attribute])
            case .badValue(let attribute, let value):
                line = tr("<{element}> “{name}”: {attribute} “{value}” cannot be read",
                          ["element": issue.element, "name": name, "attribute": attribute, "value": String(value.prefix(40))])
            case .pageOutOfRange(let page):
                line = tr("<{element}> “{name}”: the document has no page {page}",
                          ["element": issue.element, "name": name, "page": String(page + 1)])
            case .unknownParent(let parent):
                line = tr("<{element}> “{name}”: answers “{parent}”, which is nowhere (imported on its own)",
                          ["element": issue.element, "name": name, "parent": parent])
            }
            if counts[line] == nil { lines.append(line) }
            counts[line, default: 0] += 1
        }
        var shown = lines.prefix(12).map { counts[$0]! > 1 ? "• \(counts[$0]!) × \($0)" : "• \($0)" }
        if lines.count > 12 { shown.append(tr("… and {count} more", ["count": String(lines.count - 12)])) }
        return shown
    }
}
