// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import FoundationEssentials

/// Window actions (`win.*`), bound to the header bar buttons and to keyboard accelerators by
/// the application.
extension DocumentWindow {
    static let zoomStep = 1.25

    func installActions() {
        addAction("open") { [weak self] in self?.chooseFile() }
        installRepairActions()
        addAction("zoom-in") { [weak self] in self?.canvas.zoom(by: Self.zoomStep) }
        addAction("zoom-out") { [weak self] in self?.canvas.zoom(by: 1 / Self.zoomStep) }
        addAction("zoom-reset") { [weak self] in self?.canvas.setZoom(1) }
        addAction("fit-width") { [weak self] in self?.canvas.setZoomMode(.fitWidth) }
        addAction("fit-page") { [weak self] in self?.canvas.setZoomMode(.fitPage) }
        addAction("go-to-page") { [weak self] in
            guard let self, self.content == .document else { return }
            gtk_widget_grab_focus(self.pageEntry)
        }
        addAction("copy") { [weak self] in
            guard let self else { return }
            if self.canvas.textSelection != nil {
                let clipboard = gtk_widget_get_clipboard(self.window)
                self.canvas.copySelectedText { text in if !text.isEmpty { gdk_clipboard_set_text(clipboard, text) } }
            } else if self.selectedImage != nil {
                self.copyImage()
            } else if !self.canvas.session.selectedAnnotationValues.isEmpty {
                // Annotations travel between this app's windows (and documents).
                AnnotatorApplication.copiedAnnotations = self.canvas.session.selectedAnnotationValues
            }
        }
        // Copies the selected annotations and deletes them as one undoable step.
        addAction("cut") { [weak self] in
            guard let self, self.content == .document else { return }
            let values = self.canvas.session.selectedAnnotationValues
            guard !values.isEmpty else { return }
            AnnotatorApplication.copiedAnnotations = values
            let ids = self.canvas.selectedAnnotations
            self.canvas.deselectAnnotations()
            self.canvas.session.delete(ids)
        }
        addAction("paste") { [weak self] in
            let copied = AnnotatorApplication.copiedAnnotations
            guard let self, self.content == .document, !copied.isEmpty else { return }
            // Pasted once the editor is made (the first edit makes it).
            self.whenEditorReady { [weak self] in
                guard let self else { return }
                if !self.canvas.paste(copied) { gtk_widget_error_bell(self.window) }
            }
        }
        installContextMenuActions()
        installSearchActions()
        installPropertiesAction()
        installPrintAction()
        installSummaryAction()
        installSidebarAction()
        installAnnotationListActions()
        installBookmarkActions()
        installStampPictureAction()
        installImageActions()
        installAttachmentActions()
        installLinkActions()
        installMediaPlayback()
        installXFDFActions()
        installSharedReviewActions()
        installRecognitionActions()
        installToolAction()
        installPenAction()
        // `win.keep-as-ink`: the smart pen notice's button (KeepAsInkNotice).
        addAction("keep-as-ink") { [weak self] in self?.canvas.keepAsInk() }
        installRulerAction()
        installZoomStrip()
        installPreferencesAction()
        installViewActions()
        addAction("toggle-toolbar") { [weak self] in
            guard let self, let toggle = self.toolbarToggle, self.content == .document else { return }
            gtk_toggle_button_set_active(cast(toggle), gtk_toggle_button_get_active(cast(toggle)) == 0 ? 1 : 0)
        }
        addAction("show-shortcuts") { [weak self] in
            guard let self else { return }
            ShortcutsWindow.present(over: self.window)
        }
        addAction("select-all") { [weak self] in
            guard let self, self.content == .document else { return }
            // In a text field or a text box being typed, Ctrl+A selects its text.
            if let focus = gtk_root_get_focus(OpaquePointer(self.window)), focus != self.canvas.area {
                _ = gtk_widget_activate_action_variant(focus, "selection.select-all", nil)
                return
            }
            self.canvas.selectAllText()
        }
        addAction("go-back") { [weak self] in
            guard let self, self.content == .document else { return }
            self.canvas.goBack()
        }
        addAction("go-forward") { [weak self] in
            guard let self, self.content == .document else { return }
            self.canvas.goForward()
        }
        // Off until the editor opens (after the first frame) and says what can be undone, so
        // that the first frame shows the buttons as they stay.
        addAction("undo", enabled: false) { [weak self] in self?.undo() }
        addAction("redo", enabled: false) { [weak self] in self?.redo() }
        addAction("save", enabled: false) { [weak self] in self?.save() }
        installPageActions()
        addAction("save-as", enabled: false) { [weak self] in self?.saveAs() }
        // Closes the tab (the window with its last tab), asking about unsaved changes first.
        addAction("close") { [weak self] in
            guard let self else { return }
            self.host?.closeTab(self)
        }
    }

    func addAction(_ name: String, enabled: Bool = true, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)
        if !enabled { g_simple_action_set_enabled(action, 0) }
        let handler = waitingForEditor(name, handler)
        Signals.connect(raw(action), "activate", pointer: { _ in handler() })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// A window action taking a string (`win.name::value`, or "" from a menu without one).
    func addStringAction(_ name: String, enabled: Bool = true, _ handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        if !enabled { g_simple_action_set_enabled(action, 0) }
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            let argument = value.flatMap { string(g_variant_get_string(OpaquePointer($0), nil)) } ?? ""
            self?.waitingForEditor(name) { handler(argument) }()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// Shows the native file chooser, filtered to PDFs.
    func chooseFile() {
        guard fileChooser == nil else { return }
        guard let native = gtk_file_chooser_native_new("Open a Document", cast(window), GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel") else { return }
        fileChooser = GObjectHandle(adopting: native)
        let filter = ann_pdf_file_filter()
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.fileChooser else { return }
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.fileChooser = nil
            self.pendingDialog = nil
            if let path { self.application?.open(path: path, preferring: self) }
        })
        pendingDialog = "open"
        gtk_native_dialog_show(cast(native))
    }
}
