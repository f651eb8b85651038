// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine

/// Form filling over the canvas. The engine decides which field has the focus (a click the
/// editAnnotation component allowed, or Tab through ``DocumentSession/moveFormFocus(forward:)``)
/// and reports it, and the session decides what the form's keys do (DocumentSession+Forms);
/// this shows it: a text field gets an editor over its box, a check box or radio button
/// toggles on a click, a combo or list box pops up its options. Every value goes to the
/// document as one undoable edit (``DocumentSession/setFormValue(_:of:)``).
@MainActor
final class FormFilling {
    private let session: DocumentSession
    /// The page area (the keys come back to it) and the overlay the text editor goes in.
    private let area: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    /// The document's editor, once it is open.
    weak var editing: EditingSession?
    /// The form text field being typed in place, if any.
    private(set) var textEditor: FormFieldEditor? {
        didSet { session.formFieldBeingTyped = textEditor != nil }
    }
    /// A combo or list box's options popped up under it, if any.
    private(set) var choicePopover: FormChoicePopover?
    /// Whether the focus being given comes from a click or tap (which also toggles a check box
    /// or opens a list) rather than from Tab.
    private var focusFromPointer = false
    /// Something about the fields changed (the window's state follows).
    var changed: () -> Void = {}
    /// Scrolls a rectangle (content coordinates) into view.
    var scrollIntoView: (Rect) -> Void = { _ in }
    /// Called when an empty signature field is clicked or tapped (the window offers to sign it).
    var onSignatureFieldTapped: ((FormField, FormWidget) -> Void)?

    init(session: DocumentSession, area: UnsafeMutablePointer<GtkWidget>, overlay: UnsafeMutablePointer<GtkWidget>) {
        self.session = session
        self.area = area
        self.overlay = overlay
    }

    private var interaction: DocumentInteraction { session.interaction }

    // MARK: Focus

    /// The engine focused a field: show it for filling.
    func showFocus(_ id: AnnotationID) {
        let byPointer = focusFromPointer
        focusFromPointer = false
        closeEditors(keep: true)
        guard let (field, widget) = editing?.editor.formField(forWidget: id.rawValue) else { return }
        reveal(widget)
        switch field.kind {
        case .text:
            // An empty text field named for a signature offers to sign it, or to type in it.
            if byPointer, field.value == nil || field.value == .text(""), field.isNamedLikeSignature, !field.isReadOnly,
               let offer = onSignatureFieldTapped {
                gtk_widget_grab_focus(area)
                offer(field, widget)
            } else {
                openTextEditor(field, widget)
            }
        case .checkBox, .radioButton:
            if byPointer { toggle(field, widget) }
            gtk_widget_grab_focus(area)
        case .comboBox, .listBox:
            gtk_widget_grab_focus(area)
            if byPointer { openChoices(field, widget) }
        case .signature:
            // An empty signature field offers the ways to sign it.
            if byPointer, field.value == nil { onSignatureFieldTapped?(field, widget) }
        case .pushButton:
            break
        }
        gtk_widget_queue_draw(area)
        changed()
    }

    /// The engine ended the focus (a click elsewhere, another tool): keep what was typed.
    func endFocus() {
        closeEditors(keep: true)
        gtk_widget_queue_draw(area)
        changed()
    }

    /// A click or tap on a field the editAnnotation component let through: focus it, or act on
    /// it again when it has the focus already (a second click toggles a check box again).
    func activate(_ id: AnnotationID) {
        if interaction.focusedFormField == id, textEditor == nil, choicePopover == nil {
            focusFromPointer = true
            showFocus(id)
            return
        }
        focusFromPointer = true
        if !interaction.focusFormField(id) { focusFromPointer = false }
    }

    /// Tab (forward) or Shift+Tab from the text editor: the next field in the document's order
    /// (``DocumentSession/moveFormFocus(forward:)``).
    func moveFocus(forward: Bool) {
        closeEditors(keep: true)
        session.moveFormFocus(forward: forward)
    }

    /// Called when a page's targets arrive: a field Tab went to on that page takes the focus.
    func focusPending(among targets: [AnnotationTarget]) {
        guard let id = session.content.focusFieldWhenShown, targets.contains(where: { $0.id == id }) else { return }
        session.content.focusFieldWhenShown = nil
        interaction.focusFormField(id)
    }

    /// Space or Return on the focused field (the session's decision): a text field's editor
    /// over it, or a combo or list box's options. Returns whether the field is there to open.
    func openEditor(_ id: AnnotationID) -> Bool {
        guard let (field, widget) = editing?.editor.formField(forWidget: id.rawValue) else { return false }
        switch field.kind {
        case .comboBox, .listBox: openChoices(field, widget)
        case .text: openTextEditor(field, widget)
        case .checkBox, .radioButton, .pushButton, .signature: break
        }
        return true
    }

    // MARK: Editors

    /// Opens the text editor on `name`'s first widget (the signature offer's Type in It).
    func typeInField(named name: String) {
        guard let field = editing?.editor.formField(named: name), field.kind == .text, let widget = field.widgets.first else { return }
        reveal(widget)
        openTextEditor(field, widget)
    }

    private func openTextEditor(_ field: FormField, _ widget: FormWidget) {
        let editor = FormFieldEditor(field: field, widget: widget)
        editor.onFinish = { [weak self, weak editor] text, move in
            guard let self, let editor else { return }
            gtk_overlay_remove_overlay(cast(self.overlay), editor.view)
            if self.textEditor === editor { self.textEditor = nil }
            if let text { self.setValue(.text(text), of: editor.field) }
            switch move {
            case .next: self.moveFocus(forward: true)
            case .previous: self.moveFocus(forward: false)
            case .stay:
                // Leaving for another widget keeps the text; the canvas gets the keys back only
                // when the editor had them.
                if gtk_widget_has_focus(editor.view) != 0 || gtk_widget_get_focus_child(editor.view) != nil || text == nil {
                    gtk_widget_grab_focus(self.area)
                }
            }
            gtk_widget_queue_draw(self.area)
            self.changed()
        }
        textEditor = editor
        gtk_overlay_add_overlay(cast(overlay), editor.view)
        placeEditor()
        editor.focus()
    }

    private func openChoices(_ field: FormField, _ widget: FormWidget) {
        guard choicePopover == nil, let rect = viewRect(of: widget) else { return }
        let popover = FormChoicePopover(field: field, parent: area, pointingTo: rect)
        popover.onFinish = { [weak self, weak popover] value in
            guard let self, let popover else { return }
            if self.choicePopover === popover { self.choicePopover = nil }
            if let value { self.setValue(value, of: popover.field) }
            gtk_widget_grab_focus(self.area)
            self.changed()
        }
        choicePopover = popover
        popover.popup()
        changed()
    }

    /// Keeps (or drops) what the open editor holds and closes it.
    func closeEditors(keep: Bool) {
        textEditor?.finish(keep: keep, move: .stay)
        textEditor = nil
    }

    /// Ctrl+S, Undo and closing the window first keep what is being typed, as leaving the
    /// field would; the field stays open for more typing.
    func commitTyping() {
        guard let editor = textEditor else { return }
        setValue(.text(editor.text), of: editor.field)
    }

    /// Keeps the text field editor over its box as the view scrolls and zooms.
    func placeEditor() {
        guard let editor = textEditor, let r = viewRect(of: editor.widget) else { return }
        editor.place(at: r, zoom: session.view.viewport.zoom)
    }

    // MARK: Values

    private func toggle(_ field: FormField, _ widget: FormWidget) {
        guard let value = field.toggledValue(clicking: widget) else { return }
        setValue(value, of: field)
    }

    /// Sets a field's value as one undoable edit (``DocumentSession/setFormValue(_:of:)``).
    func setValue(_ value: FormValue, of field: FormField) { session.setFormValue(value, of: field) }

    // MARK: Geometry and drawing

    /// The widget's box in view pixels (its page laid out with its exact rotation once known).
    func viewRect(of widget: FormWidget) -> Rect? {
        if let r = interaction.scene.coordinates.viewRect(fromPDF: widget.rect, on: widget.page) { return r }
        let view = session.view, viewport = view.viewport
        guard widget.page.rawValue < view.pageSizes.count else { return nil }
        let info = session.content.exactPageInfo[widget.page]
            ?? PageInfo(index: widget.page, mediaSize: view.pageSizes[widget.page.rawValue], rotation: .none)
        let geometry = PageGeometry(index: widget.page, frame: view.layout.pageFrame(widget.page, zoom: viewport.zoom),
                                    mediaSize: info.mediaSize, rotation: info.rotation)
        let canvas = geometry.canvasRect(fromPDF: widget.rect)
        return Rect(x: canvas.minX - viewport.offset.x, y: canvas.minY - viewport.offset.y, width: canvas.width, height: canvas.height)
    }

    /// Scrolls a field into view when it is not wholly visible (a third down the view).
    private func reveal(_ widget: FormWidget) {
        guard let r = viewRect(of: widget) else { return }
        scrollIntoView(r.offsetBy(session.view.viewport.offset - Point.zero))
    }
}
