// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// The selected image of a page's content (the engine selects it: a press on an image where
/// there is no text, or a finger's long press): **Copy Image** puts it on the clipboard (GTK
/// offers it as PNG), **Save Image As…** writes it as PNG or JPEG at its own resolution. Both
/// decode it on the render worker; a damaged or enormous image gets a message, not a crash.
extension DocumentWindow {
    func installImageActions() {
        addAction("copy-image") { [weak self] in self?.copyImage() }
        addAction("save-image-as") { [weak self] in self?.saveImageAs() }
        // `win.save-image-to` with a path: Save Image As… with no chooser (.jpg or .jpeg: JPEG,
        // anything else PNG), for a desktop shell, a script or a test.
        let type = g_variant_type_new("s")
        let action = g_simple_action_new("save-image-to", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            guard let self, let value, let path = string(g_variant_get_string(OpaquePointer(value), nil)) else { return }
            self.saveImage(to: path)
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// The image selected on the page, if any.
    var selectedImage: PageImage? { content == .document ? canvas.interaction.selectedImage : nil }

    /// The menu items for the selected image.
    var imageMenuItems: [(label: String, action: String)] {
        selectedImage == nil ? [] : [(tr("Copy _Image"), "win.copy-image"), (tr("Save Image _As…"), "win.save-image-as")]
    }

    /// Puts the selected image on the clipboard as a texture (GTK serves it as image/png).
    func copyImage() {
        withSelectedImagePixels { [weak self] pixels in
            guard let self, let texture = ImageEncoding.texture(pixels) else { return }
            gdk_clipboard_set_texture(gtk_widget_get_clipboard(self.window), texture)
            g_object_unref(raw(texture))
        }
    }

    /// Asks where to write the selected image (PNG or JPEG, by the name's extension or the type
    /// picked), then writes it.
    func saveImageAs() {
        guard let image = selectedImage, saveChooser == nil,
              let native = gtk_file_chooser_native_new(tr("Save Image"), cast(window), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))
        else { return }
        let handle = GObjectHandle(adopting: native)
        saveChooser = handle
        for (name, types, patterns) in [(tr("PNG Image"), ["image/png"], ["*.png", "*.PNG"]),
                                        (tr("JPEG Image"), ["image/jpeg"], ["*.jpg", "*.jpeg", "*.JPG", "*.JPEG"])] {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, name)
            for type in types { gtk_file_filter_add_mime_type(filter, type) }
            for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
            gtk_file_chooser_add_filter(native, filter)
            g_object_unref(raw(filter))
        }
        gtk_file_chooser_set_current_name(native, "\(documentStem)-page\(image.page.displayNumber)-image\(image.id + 1).png")
        gtk_native_dialog_set_modal(cast(native), 1)
        Signals.connect(raw(native), "response", int: { [weak self] response in
            guard let self else { return }
            self.pendingDialog = nil
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(handle.pointer) {
                path = takeString(g_file_get_path(file))
                g_object_unref(raw(file))
            }
            // A name without an extension takes the type picked.
            if var chosen = path, !chosen.split(separator: "/").last!.contains(".") {
                let picked = gtk_file_chooser_get_filter(handle.pointer).flatMap { string(gtk_file_filter_get_name($0)) }
                chosen += picked == tr("JPEG Image") ? ".jpg" : ".png"
                path = chosen
            }
            self.saveChooser = nil
            if let path { self.saveImage(to: path) }
        })
        pendingDialog = "save-image"
        gtk_native_dialog_show(cast(native))
    }

    /// Writes the selected image to `path` (atomically), as JPEG for .jpg/.jpeg, else PNG.
    func saveImage(to path: String) {
        let type = ImageEncoding.FileType(path: path)
        withSelectedImagePixels { [weak self] pixels in
            guard let self else { return }
            guard let bytes = ImageEncoding.encode(pixels, as: type) else {
                self.showMessage(kind: "image-save-failed", title: tr("Image Not Saved"), body: tr("The image could not be encoded."))
                return
            }
            do throws(SaveError) {
                try AtomicSave.write(bytes, to: path, modeFrom: path)
            } catch {
                self.showMessage(kind: "image-save-failed", title: tr("Image Not Saved"),
                                 body: tr("“{file}”: {reason}", ["file": DocumentWindow.displayName(path), "reason": error.userMessage]))
            }
        }
    }

    /// Decodes the selected image on the render worker and hands its pixels to `use` on the
    /// main loop; a damaged or enormous image gets a message instead.
    private func withSelectedImagePixels(_ use: @escaping @Sendable @MainActor (RenderedImage) -> Void) {
        guard let image = selectedImage, let document, let queue = canvas.tiles.queue else {
            gtk_widget_error_bell(window)
            return
        }
        queue.perform {
            let result = Result { () throws(ImageExtractionError) in try document.imagePixels(of: image) }
            MainLoop.post { [weak self] in
                guard let self else { return }
                switch result {
                case .success(let pixels):
                    use(pixels)
                case .failure(.tooLarge(let width, let height)):
                    self.showMessage(kind: "image-too-large", title: tr("Image Too Large"),
                                     body: tr("This image is {width} × {height} pixels, more than can be copied or saved.",
                                              ["width": String(width), "height": String(height)]))
                case .failure(.unreadable), .failure(.noSuchImage):
                    self.showMessage(kind: "image-unreadable", title: tr("Image Cannot Be Read"),
                                     body: tr("The image’s data is damaged or in a form that cannot be decoded."))
                }
            }
        }
    }
}
