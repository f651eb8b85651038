// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif
import CGtk
import CShim
import Document
import DocumentPoppler
import Platform

/// The sidebar's Attachments page: the document's embedded files and its /FileAttachment
/// annotations (name, size, description, page), each with **Open** (asks first, copies the file
/// to a private folder and opens it with the desktop's application for its type; programs,
/// scripts and launchers are refused, Save offered instead) and **Save…** (where the user
/// picks, written atomically, under a safe name). **Attach File…** picks a file for the File
/// Attachment tool, whose click places it on the page as a standard /FileAttachment.
extension DocumentWindow {
    /// `win.open-attachment`, `win.save-attachment` (an attachment's id), `win.save-attachment-to`
    /// (an id and a folder: the file goes there under its safe name, no chooser),
    /// `win.attach-file` (the chooser) and `win.use-attachment-file` (a path: that file, no
    /// chooser); the last two pick the File Attachment tool.
    func installAttachmentActions() {
        addStringAction("open-attachment") { [weak self] id in self?.openAttachment(id) }
        addStringAction("save-attachment") { [weak self] id in self?.chooseAttachmentDestination(id) }
        let type = g_variant_type_new("(ss)")
        let saveTo = g_simple_action_new("save-attachment-to", type)!
        g_variant_type_free(type)
        Signals.connect(raw(saveTo), "activate", pointer: { [weak self] value in
            guard let self, let value else { return }
            let pair = OpaquePointer(value)
            guard g_variant_n_children(pair) == 2, let first = g_variant_get_child_value(pair, 0),
                  let second = g_variant_get_child_value(pair, 1) else { return }
            defer { g_variant_unref(first); g_variant_unref(second) }
            guard let id = string(g_variant_get_string(first, nil)), let folder = string(g_variant_get_string(second, nil)) else { return }
            self.saveAttachment(id, toFolder: folder)
        })
        g_action_map_add_action(actionMap, saveTo)
        g_object_unref(raw(saveTo))
        addAction("attach-file") { [weak self] in self?.chooseFileToAttach() }
        addStringAction("use-attachment-file") { [weak self] path in self?.useFileToAttach(at: path) }
    }

    // MARK: The list

    /// The sidebar's Attachments page: the list, and Attach File… under it.
    func buildAttachmentList() -> UnsafeMutablePointer<GtkWidget> {
        let (list, scroller) = SidebarList(name: tr("Attachments"), whenEmpty: tr("This document has no attachments."),
                                           selection: GTK_SELECTION_NONE).parts
        let attach = gtk_button_new_with_mnemonic(tr("_Attach File…"))!
        gtk_actionable_set_action_name(cast(attach), "win.attach-file")
        gtk_widget_set_tooltip_text(attach, tr("Pick a file, then click on the page where it goes"))
        gtk_widget_set_margin_start(attach, 6)
        gtk_widget_set_margin_end(attach, 6)
        gtk_widget_set_margin_top(attach, 6)
        gtk_widget_set_margin_bottom(attach, 6)
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(page), scroller)
        gtk_box_append(cast(page), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(cast(page), attach)
        attachments.list = list
        return page
    }

    /// Whether the Attachments page is what the sidebar shows.
    var attachmentListShown: Bool {
        guard let sidebar, gtk_widget_get_visible(sidebar.panel) != 0, let pages = sidebarPages else { return false }
        return string(gtk_stack_get_visible_child_name(cast(pages))) == "attachments"
    }

    /// The document shown changed (opened, edited, saved): the list is read again when shown.
    func attachmentsChanged() {
        attachments.listed = nil
        attachments.generation += 1
        if attachmentListShown { refreshAttachmentList() }
        application?.stateChanged()
    }

    /// Reads the attachments on the render worker (from the version of the document it draws,
    /// unsaved edits included) and lists them.
    func refreshAttachmentList() {
        guard attachments.listed == nil, content == .document, let queue = canvas.tiles.queue,
              let document = editing?.renderSource.document ?? editorMaking?.renderSource.document ?? document else { return }
        attachments.generation += 1
        let generation = attachments.generation
        queue.perform { [weak self] in
            let found = document.attachments()
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) {
                guard let self, self.attachments.generation == generation else { return }
                self.showAttachments(found)
            }
        }
    }

    private func showAttachments(_ found: [AttachmentInfo]) {
        attachments.listed = found
        defer { application?.stateChanged() }
        guard let list = attachments.list else { return }
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) {
            gtk_list_box_remove(cast(list), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
        }
        for item in found {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
            gtk_widget_set_margin_start(box, 8)
            gtk_widget_set_margin_end(box, 8)
            gtk_widget_set_margin_top(box, 6)
            gtk_widget_set_margin_bottom(box, 6)
            let shownName = item.name.isEmpty ? tr("Unnamed file") : item.name
            let name = gtk_label_new(shownName)!
            gtk_label_set_xalign(cast(name), 0)
            gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_set_tooltip_text(name, shownName)
            gtk_widget_add_css_class(name, "heading")
            gtk_box_append(cast(box), name)
            var facts: [String] = []
            if let size = item.size { facts.append(LocaleFormat.fileSize(Int64(size))) }
            if let page = item.page { facts.append(tr("on page {page}", ["page": String(page.displayNumber)])) }
            if !facts.isEmpty {
                let line = gtk_label_new(facts.joined(separator: " · "))!
                gtk_label_set_xalign(cast(line), 0)
                gtk_widget_add_css_class(line, "dim-label")
                gtk_box_append(cast(box), line)
            }
            if let text = item.description, text != item.name {
                let line = gtk_label_new(text)!
                gtk_label_set_xalign(cast(line), 0)
                gtk_label_set_wrap(cast(line), 1)
                gtk_label_set_lines(cast(line), 3)
                gtk_label_set_ellipsize(cast(line), PANGO_ELLIPSIZE_END)
                gtk_box_append(cast(box), line)
            }
            let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            gtk_widget_set_margin_top(buttons, 2)
            for (label, action, hint) in [(tr("_Open"), "win.open-attachment", tr("Open {file}", ["file": shownName])),
                                          (tr("_Save…"), "win.save-attachment", tr("Save {file}", ["file": shownName]))] {
                let button = gtk_button_new_with_mnemonic(label)!
                gtk_actionable_set_action_name(cast(button), action)
                gtk_actionable_set_action_target_value(cast(button), g_variant_new_string(item.id))
                ann_accessible_set_label(button, hint)
                gtk_box_append(cast(buttons), button)
            }
            gtk_box_append(cast(box), buttons)
            let row = gtk_list_box_row_new()!
            gtk_list_box_row_set_activatable(cast(row), 0)
            gtk_list_box_row_set_child(cast(row), box)
            ann_accessible_set_label(row, ([shownName] + facts).joined(separator: ", "))
            gtk_list_box_append(cast(list), row)
        }
    }

    /// The attachment `id` names in the list (read if need be), then `body` on the main thread
    /// with it and its bytes; a message when it cannot be read.
    private func readAttachment(_ id: String, _ body: @escaping @MainActor (AttachmentInfo, [UInt8]) -> Void) {
        guard content == .document, let queue = canvas.tiles.queue,
              let document = editing?.renderSource.document ?? editorMaking?.renderSource.document ?? document else { return }
        queue.perform { [weak self] in
            let info = document.attachments().first { $0.id == id }
            let bytes = info == nil ? nil : document.attachmentData(id)
            MainLoop.post { [weak self] in
                guard let self else { return }
                guard let info, let bytes else {
                    self.showMessage(kind: "attachment-unreadable", title: tr("This attachment cannot be read"),
                                     body: tr("The document names a file that it does not hold, or holds damaged."))
                    return
                }
                body(info, bytes)
            }
        }
    }

    // MARK: Open

    /// Asks first; then copies the file to a private folder and opens it with the desktop's
    /// application for its type. Programs, scripts and launchers are refused (Save offered).
    func openAttachment(_ id: String) {
        readAttachment(id) { [weak self] info, bytes in
            guard let self else { return }
            let name = AttachmentName.safe(info.name)
            if let reason = AttachmentFiles.refusal(name: name, bytes: bytes) {
                StandardError.write("pdf-annotator: attachment \(name) not opened: \(reason)")
                self.ask(kind: "attachment-refused", type: GTK_MESSAGE_WARNING, title: tr("“{file}” Is Not Opened", ["file": name]),
                         body: tr("It is a program, a script or a launcher, which could harm your computer. You can save it and look at it yourself."),
                         buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Save…"), GTK_RESPONSE_ACCEPT.rawValue)],
                         defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { [weak self] answer in
                    if answer == GTK_RESPONSE_ACCEPT.rawValue { self?.chooseAttachmentDestination(id) }
                }
                return
            }
            self.ask(kind: "open-attachment", type: GTK_MESSAGE_QUESTION, title: tr("Open “{file}”?", ["file": name]),
                     body: tr("Files in a document can come from anyone. It is copied to a private folder and opened with the application for its type."),
                     buttons: [(tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Open"), GTK_RESPONSE_ACCEPT.rawValue)],
                     defaultResponse: GTK_RESPONSE_ACCEPT.rawValue) { [weak self] answer in
                guard let self, answer == GTK_RESPONSE_ACCEPT.rawValue else { return }
                switch AttachmentFiles.extractPrivately(bytes, name: name) {
                case .failure(let error):
                    self.showMessage(kind: "attachment-not-opened", title: tr("“{file}” cannot be opened", ["file": name]), body: error.message)
                case .success(let path):
                    self.attachments.opened = path
                    self.application?.stateChanged()
                    let type = AttachmentFiles.contentTypes(name: name, bytes: bytes).first ?? "application/octet-stream"
                    if !AttachmentFiles.launchDefault(path: path, type: type) {
                        self.ask(kind: "attachment-no-application", type: GTK_MESSAGE_INFO,
                                 title: tr("No Application Opens “{file}”", ["file": name]),
                                 body: tr("No application on this computer is set to open files of this type. You can save it instead."),
                                 buttons: [(tr("_Close"), GTK_RESPONSE_CANCEL.rawValue), (tr("_Save…"), GTK_RESPONSE_ACCEPT.rawValue)],
                                 defaultResponse: GTK_RESPONSE_CANCEL.rawValue) { [weak self] answer in
                            if answer == GTK_RESPONSE_ACCEPT.rawValue { self?.chooseAttachmentDestination(id) }
                        }
                    }
                }
            }
        }
    }

    // MARK: Save

    /// Asks where to save (its safe name suggested), then writes it there atomically.
    func chooseAttachmentDestination(_ id: String) {
        guard attachments.chooser == nil else { return }
        readAttachment(id) { [weak self] info, bytes in
            guard let self, self.attachments.chooser == nil,
                  let native = gtk_file_chooser_native_new(tr("Save Attachment"), cast(self.window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                                           tr("_Save"), tr("_Cancel")) else { return }
            self.attachments.chooser = GObjectHandle(adopting: native)
            gtk_file_chooser_set_current_name(native, AttachmentName.safe(info.name))
            gtk_native_dialog_set_modal(cast(native), 1)
            self.pendingDialog = "save-attachment"
            Signals.connect(raw(native), "response", int: { [weak self] response in
                guard let self, let chooser = self.attachments.chooser else { return }
                self.pendingDialog = nil
                var path: String?
                if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                    path = takeString(g_file_get_path(file))
                    g_object_unref(raw(file))
                }
                self.attachments.chooser = nil
                if let path { self.writeAttachment(bytes, name: info.name, to: path) }
            })
            gtk_native_dialog_show(cast(native))
        }
    }

    /// Saves the attachment into `folder` under its safe name (`win.save-attachment-to`).
    func saveAttachment(_ id: String, toFolder folder: String) {
        var st = stat()
        guard stat(folder, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            showMessage(kind: "attachment-not-saved", title: tr("The attachment was not saved"),
                        body: tr("“{folder}” is not a folder.", ["folder": folder]))
            return
        }
        readAttachment(id) { [weak self] info, bytes in
            self?.writeAttachment(bytes, name: info.name, to: AttachmentName.path(for: info.name, in: folder))
        }
    }

    private func writeAttachment(_ bytes: [UInt8], name: String, to path: String) {
        switch AttachmentFiles.save(bytes, to: path) {
        case .success:
            attachments.saved = path
        case .failure(let error):
            showMessage(kind: "attachment-not-saved", title: tr("“{file}” was not saved", ["file": AttachmentName.safe(name)]), body: error.message)
        }
        application?.stateChanged()
    }

    // MARK: Attach

    /// The chooser for the file the File Attachment tool attaches.
    func chooseFileToAttach() {
        guard content == .document, attachments.chooser == nil,
              let native = gtk_file_chooser_native_new(tr("Attach a File"), cast(window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                                       tr("_Attach"), tr("_Cancel")) else { return }
        attachments.chooser = GObjectHandle(adopting: native)
        gtk_native_dialog_set_modal(cast(native), 1)
        pendingDialog = "attach-file"
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.attachments.chooser else { return }
            self.pendingDialog = nil
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.attachments.chooser = nil
            if let path { self.useFileToAttach(at: path) }
        })
        gtk_native_dialog_show(cast(native))
    }

    /// Reads the file and picks the File Attachment tool with it: the next click on a page
    /// attaches it there. A file that cannot be read, or is too large, gets a message.
    func useFileToAttach(at path: String) {
        guard content == .document else { return }
        let name = DocumentWindow.displayName(path)
        var contents: UnsafeMutablePointer<CChar>?
        var length: gsize = 0
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            showMessage(kind: "attach-file-failed", title: tr("This file cannot be attached"), body: tr("“{file}” is not a file.", ["file": name]))
            return
        }
        guard Int(st.st_size) <= WindowAttachments.largestAttachable else {
            showMessage(kind: "attach-file-failed", title: tr("This file cannot be attached"),
                        body: tr("“{file}” is larger than {size}.", ["file": name, "size": LocaleFormat.fileSize(Int64(WindowAttachments.largestAttachable))]))
            return
        }
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else {
            showMessage(kind: "attach-file-failed", title: tr("This file cannot be attached"), body: tr("“{file}” cannot be read.", ["file": name]))
            return
        }
        let bytes = contents.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        g_free(contents)
        let baseName = path.split(separator: "/").last.map(String.init) ?? path
        let type = takeString(g_content_type_guess(baseName, nil, 0, nil)).flatMap { takeString(g_content_type_get_mime_type($0)) }
        canvas.composer.stampAttachment = EmbeddedFile(name: baseName, mimeType: type, bytes: bytes)
        canvas.composer.stampSignature = nil
        canvas.composer.stampPicture = nil
        selectTool("attach")
        application?.stateChanged()
    }
}
