// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import InteractionEngine

/// Form filling from the keyboard, and the values the user gives fields. The engine holds which
/// field has the focus (``DocumentInteraction/focusFormField(_:)``); Tab and Shift+Tab move it
/// in the document's order (``FormTabOrder``), and the focused field's keys tick, choose or open
/// it. The host shows the focus and opens the editors (``SessionEffect/openFormFieldEditor(_:)``).
extension DocumentSession {
    /// Keys for the form: Tab and Shift+Tab move between fields whenever the document has some;
    /// for the focused check box or radio button Space ticks it, for a combo or list box or a
    /// text field Space and Return open its editor, the arrows choose the next or previous
    /// button of a radio group, and Escape ends the focus. Returns whether the key was used.
    func handleFormKey(_ name: String, shift: Bool) -> Bool {
        // Any other key is not the form's.
        guard let key = FormKey(name: name, shift: shift) else { return false }
        switch key {
        case .tab(let forward):
            return moveFormFocus(forward: forward)
        case .arrow(let forward):
            // In a radio group the arrows choose the next or previous button, as in a dialog.
            guard let id = interaction.focusedFormField, let (field, widget) = editing?.formField(forWidget: id.rawValue),
                  field.kind == .radioButton, field.isFillable, field.widgets.count > 1,
                  let i = field.widgets.firstIndex(where: { $0.annotationID == widget.annotationID }) else { return false }
            let step = forward ? 1 : field.widgets.count - 1
            let next = field.widgets[(i + step) % field.widgets.count]
            if let on = next.onState { setFormValue(.state(on), of: field) }
            interaction.focusFormField(AnnotationID(next.annotationID))
            return true
        case .space, .confirm, .escape:
            guard let id = interaction.focusedFormField, let (field, widget) = editing?.formField(forWidget: id.rawValue) else {
                return false
            }
            if key == .escape {
                interaction.focusFormField(nil)
                return true
            }
            switch field.kind {
            case .checkBox, .radioButton:
                guard key == .space else { return false }
                if let value = field.toggledValue(clicking: widget) { setFormValue(value, of: field) }
            case .comboBox, .listBox, .text:
                emit(.openFormFieldEditor(id))
            case .pushButton, .signature:
                return false
            }
            return true
        }
    }

    /// Tab (forward) or Shift+Tab: focuses the next field in the document's order, wrapping; the
    /// first Tab goes to the first field. A field on a page not read yet is gone to, and takes
    /// the focus when its page's targets arrive (``DocumentContent/focusFieldWhenShown``).
    /// Returns whether the document has fields to go to.
    @discardableResult
    public func moveFormFocus(forward: Bool) -> Bool {
        guard let editing else { return false }
        let stops = editing.formTabStops()
        guard !stops.isEmpty else { return false }
        let current = interaction.focusedFormField.flatMap { id in stops.first { $0.annotationID == id.rawValue } }
        guard let next = FormTabOrder.next(after: current, in: stops, forward: forward),
              let (_, widget) = editing.formField(forWidget: next.annotationID) else { return false }
        let id = AnnotationID(next.annotationID)
        if interaction.scene.annotation(id) == nil {
            content.focusFieldWhenShown = id
            emit(changingView { $0.goTo(page: widget.page) })
        } else {
            interaction.focusFormField(id)
        }
        return true
    }

    /// Sets a field's value as one undoable edit ("Fill Field", "Check Box" …); nothing when it
    /// is unchanged or the field is read-only. Returns whether the document took a change.
    @discardableResult
    public func setFormValue(_ value: FormValue, of field: FormField) -> Bool {
        guard let editing, field.isFillable else { return false }
        let before = editing.formField(named: field.name)?.value
        let normalized: FormValue? = value == .text("") && before == nil ? nil : value
        guard before != normalized else { return false }
        let name: String
        switch field.kind {
        case .checkBox: name = value == .off ? "Uncheck Box" : "Check Box"
        case .radioButton: name = "Choose Option"
        case .comboBox, .listBox: name = "Choose from List"
        case .text, .pushButton, .signature: name = "Fill Field"
        }
        return editing.commit(EditRecord(name, .setFieldValue(field: field.name, before: before, after: normalized)))
    }
}

/// The keys the form uses, from a key's name: so that what each does is decided by an exhaustive
/// switch, and every other key is told apart in one place.
enum FormKey: Equatable {
    /// Tab (forward), Shift+Tab or ISO_Left_Tab (backward).
    case tab(forward: Bool)
    /// Down or Right (forward), Up or Left (backward).
    case arrow(forward: Bool)
    case space
    /// Return or the keypad's Enter.
    case confirm
    case escape

    /// The key named `name` (GDK's key name), with Shift held or not; `nil` for a key the form
    /// does not use.
    init?(name: String, shift: Bool) {
        guard let key = Self.byName[name] else { return nil }
        self = key(shift)
    }

    /// Each key name the form uses, and the key it is with Shift held or not.
    private static let byName: [String: @Sendable (Bool) -> FormKey] = [
        "Tab": { shift in .tab(forward: !shift) },
        "ISO_Left_Tab": { _ in .tab(forward: false) },
        "Down": { _ in .arrow(forward: true) }, "Right": { _ in .arrow(forward: true) },
        "Up": { _ in .arrow(forward: false) }, "Left": { _ in .arrow(forward: false) },
        "space": { _ in .space },
        "Return": { _ in .confirm }, "KP_Enter": { _ in .confirm },
        "Escape": { _ in .escape },
    ]
}
