// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentSession
import Geometry

/// A text box typed in place, over the page: a new one (the Text tool's box) or one being
/// edited again. Keeping the text is one undoable edit, dropping it changes nothing; the editor
/// follows its box as the view scrolls and zooms.
///
/// - Warning: main thread only.
@MainActor
final class TextBoxTyping {
    private let session: DocumentSession
    /// The page area (the keys come back to it) and the overlay the editor goes in.
    private let area: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    /// The document's editor, once it is open.
    weak var editing: EditingSession?
    /// The text box being typed, if any.
    private(set) var editor: TextBoxEditor?
    /// The editor opened or closed, or the document changed (the window's state follows).
    var changed: () -> Void = {}

    init(session: DocumentSession, area: UnsafeMutablePointer<GtkWidget>, overlay: UnsafeMutablePointer<GtkWidget>) {
        self.session = session
        self.area = area
        self.overlay = overlay
    }

    /// Types a text box in place (a new one when `id` is `nil`), keeping what another one held.
    func start(id: String?, page: PageIndex, rect: Rect, style: FreeTextStyle, text: String) {
        editor?.finish(keep: true)
        let editor = TextBoxEditor(annotationID: id, page: page, rect: rect, style: style, text: text)
        editor.onFinish = { [weak self, weak editor] kept in
            guard let self, let editor else { return }
            gtk_overlay_remove_overlay(cast(self.overlay), editor.view)
            self.editor = nil
            gtk_widget_grab_focus(self.area)
            guard let kept, let editing = self.editing else { return }
            let composer = self.session.composer
            let record = if let id = editor.annotationID {
                composer.settingText(kept, of: id, in: editing.editor)
            } else {
                composer.freeText(kept, on: page, in: rect, style: style, in: editing.editor)
            }
            if let record { _ = editing.commit(record) }
            gtk_widget_queue_draw(self.area)
            self.changed()
        }
        self.editor = editor
        gtk_overlay_add_overlay(cast(overlay), editor.view)
        place()
        editor.focus()
        changed()
    }

    /// Keeps the editor over its box as the view scrolls and zooms.
    func place() {
        guard let editor, let r = session.interaction.scene.coordinates.viewRect(fromPDF: editor.rect, on: editor.page) else { return }
        editor.place(at: r, zoom: session.view.viewport.zoom)
    }
}
