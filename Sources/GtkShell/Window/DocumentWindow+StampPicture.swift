// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document

/// The Stamp tool's picture: a PNG or JPEG file the user picks, placed by the next clicks
/// instead of a named stamp until a name is picked again.
extension DocumentWindow {
    func installStampPictureAction() {
        addAction("stamp-picture") { [weak self] in
            guard let self, self.content == .document else { return }
            self.buildToolbarContents()
            guard let button = self.stampPictureButton else { return }
            if self.canvas.pickedTool != .stamp { self.selectTool("stamp") }
            self.chooseStampPicture(button: button)
        }
        // `win.use-stamp-picture` with a file's path: the Stamp tool with that picture, no
        // chooser (for a desktop shell, a script or a test).
        let type = g_variant_type_new("s")
        let action = g_simple_action_new("use-stamp-picture", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            guard let self, self.content == .document else { return }
            self.buildToolbarContents()
            guard let button = self.stampPictureButton, let value,
                  let path = string(g_variant_get_string(OpaquePointer(value), nil)) else { return }
            if self.canvas.pickedTool != .stamp { self.selectTool("stamp") }
            self.useStampPicture(at: path, button: button)
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    func chooseStampPicture(button: UnsafeMutablePointer<GtkWidget>) {
        guard fileChooser == nil,
              let native = gtk_file_chooser_native_new("Stamp a Picture", cast(window), GTK_FILE_CHOOSER_ACTION_OPEN, "_Choose", "_Cancel")
        else { return }
        fileChooser = GObjectHandle(adopting: native)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "Pictures (PNG, JPEG)")
        for type in ["image/png", "image/jpeg"] { gtk_file_filter_add_mime_type(filter, type) }
        for pattern in ["*.png", "*.PNG", "*.jpg", "*.jpeg", "*.JPG", "*.JPEG"] { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(native, filter)
        g_object_unref(raw(filter))
        gtk_native_dialog_set_modal(cast(native), 1)
        pendingDialog = "stamp-picture"
        application?.stateChanged()
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self, let chooser = self.fileChooser else { return }
            self.pendingDialog = nil
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            self.fileChooser = nil
            if let path { self.useStampPicture(at: path, button: button) }
            self.application?.stateChanged()
        })
        gtk_native_dialog_show(cast(native))
    }

    /// Loads the picture; the button then names it. A file that is no picture gets a message and
    /// changes nothing.
    func useStampPicture(at path: String, button: UnsafeMutablePointer<GtkWidget>) {
        switch StampPicture.load(path: path) {
        case .success(let picture):
            canvas.composer.stampPicture = picture
            let name = path.split(separator: "/").last.map(String.init) ?? path
            gtk_button_set_label(cast(button), name.replacing("_", with: "__"))
            gtk_widget_set_tooltip_text(button, tr("Stamping {picture}; click to choose another picture", ["picture": name]))
        case .failure(let error):
            showMessage(kind: "stamp-picture-failed", title: tr("This file cannot be stamped"), body: tr("“{file}”: {reason}", ["file": DocumentWindow.displayName(path), "reason": error.message]))
        }
        application?.stateChanged()
    }
}
