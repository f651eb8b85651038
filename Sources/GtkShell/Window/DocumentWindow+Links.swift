// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentSession
import Geometry
import InteractionEngine
import Platform

/// What a link dialog links: the selected text, a box drawn with the Link tool, or a link
/// already on the page (changed).
enum LinkSubject {
    case selection
    case box(PageIndex, Rect)
    case existing(AnnotationID)
}

/// Making links, as Acrobat and Okular do: select text (then **Link…** in its menu, or the Link
/// tool's key) or draw a box with the **Link** tool, then say where it leads, a page of this
/// document or a web or mail address (http, https and mailto only). A link on the page is
/// changed or taken away from its context menu (**Edit Link…**, **Delete Link**): a click on a
/// link still follows it, with every tool. Each is one undoable step, saved as a standard /Link.
extension DocumentWindow {
    /// `win.link-selection` (the dialog for the selected text), `win.link-selection-to` (a page
    /// number or an address: the selected text linked there, no dialog), `win.edit-link` (a
    /// link's id: the dialog for it) and `win.delete-link` (a link's id).
    func installLinkActions() {
        addAction("link-selection") { [weak self] in self?.showLinkDialog(for: .selection) }
        addStringAction("link-selection-to") { [weak self] answer in
            guard let self else { return }
            guard let destination = self.linkDestination(answer) else { return self.refuseLink(answer) }
            self.applyLink(destination, to: .selection)
        }
        addStringAction("edit-link") { [weak self] id in self?.showLinkDialog(for: .existing(AnnotationID(id))) }
        addStringAction("delete-link") { [weak self] id in
            guard let self, self.content == .document else { return }
            self.withEditor { if !self.canvas.session.unlink(AnnotationID(id)) { gtk_widget_error_bell(self.window) } }
        }
    }

    /// The Link tool: the next box drawn (with the Rectangle tool's drag) asks where it leads.
    func armLinkTool() {
        canvas.onBoxDrawn = { [weak self] page, rect in
            guard let self, self.drawingLinks else { return }
            guard rect.width >= 4, rect.height >= 4 else {
                self.armLinkTool()
                return
            }
            self.showLinkDialog(for: .box(page, rect))
        }
    }

    /// A page number ("4": page 4 of this document) or an allowed address, as a destination.
    func linkDestination(_ answer: String) -> LinkDestination? {
        if let number = Int(answer.trimmingWhitespace()) {
            return number >= 1 && number <= canvas.pageCount ? .page(PageIndex(number - 1)) : nil
        }
        return LinkDestination.address(answer)
    }

    /// Says why a destination given to `win.link-selection-to` was not taken.
    private func refuseLink(_ answer: String) {
        showMessage(kind: "link-refused", title: tr("This Link Cannot Be Made"),
                    body: Int(answer.trimmingWhitespace()) != nil
                        ? tr("The document has no page {page}.", ["page": String(answer.trimmingWhitespace())])
                        : tr("Only web addresses (http, https) and mail addresses (mailto) can be linked."))
    }

    /// Runs `work` with the editor made (it is made first when the document has none yet).
    private func withEditor(_ work: @escaping @MainActor () -> Void) {
        if editing == nil { whenEditorReady(work) } else { work() }
    }

    /// Makes or changes the link: one undoable step; a bell when there is nothing to link.
    func applyLink(_ destination: LinkDestination, to subject: LinkSubject) {
        guard content == .document else { return }
        withEditor { [weak self] in
            guard let self else { return }
            let session = self.canvas.session
            let done: Bool
            switch subject {
            case .selection: done = session.linkSelectedText(to: destination)
            case .box(let page, let rect): done = session.addLink(box: rect, on: page, to: destination)
            case .existing(let id): done = session.relink(id, to: destination)
            }
            if !done { gtk_widget_error_bell(self.window) }
        }
    }

    /// Asks where the link leads: a page (a spin button) or an address (an entry, checked as it
    /// is typed: the button is off, and a line says why, until it is a web or mail address).
    func showLinkDialog(for subject: LinkSubject) {
        guard content == .document, pendingDialog == nil else { return }
        var current: LinkTarget?
        switch subject {
        case .selection:
            guard canvas.textSelection != nil, canvas.selectedText?.isEmpty == false else {
                gtk_widget_error_bell(window)
                return
            }
        case .box:
            break
        case .existing(let id):
            current = canvas.session.linkTarget(of: id)
            guard current != nil else { return gtk_widget_error_bell(window) }
        }
        let changing = current != nil
        let dialog = PageChoiceDialog(title: changing ? tr("Edit Link") : tr("Add Link"), accept: changing ? tr("_Save") : tr("_Link"), over: window)
        let kind = PageChoiceDialog.choiceRow([tr("A _Page"), tr("A _Web Address")], accessibleLabel: tr("Link to"))
        dialog.addRow(tr("Link to"), kind.row)
        let pages = max(1, canvas.pageCount)
        let spin = gtk_spin_button_new_with_range(1, Double(pages), 1)!
        gtk_widget_set_size_request(spin, -1, PageChoiceDialog.touchHeight)
        dialog.addRow(tr("Page _number"), spin)
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), "https://")
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_URL)
        gtk_widget_set_size_request(entry, 280, PageChoiceDialog.touchHeight)
        dialog.addRow(tr("_Address"), entry)
        let note = dialog.addNote("")
        var page = (canvas.currentPage?.rawValue ?? 0) + 1
        switch current {
        case .page(let p)?:
            page = p.rawValue + 1
        case .uri(let uri)?:
            gtk_editable_set_text(cast(entry), uri)
            gtk_toggle_button_set_active(cast(kind.buttons[1]), 1)
        case .media?, .unsupported?, nil:
            break
        }
        gtk_spin_button_set_value(cast(spin), Double(min(page, pages)))
        let pageChosen = { gtk_toggle_button_get_active(cast(kind.buttons[0])) != 0 }
        let answer: @MainActor () -> LinkDestination? = {
            if pageChosen() { return .page(PageIndex(Int(gtk_spin_button_get_value_as_int(cast(spin))) - 1)) }
            return LinkDestination.address(string(gtk_editable_get_text(cast(entry))) ?? "")
        }
        let update: @MainActor () -> Void = { [weak self] in
            let onPage = pageChosen()
            gtk_widget_set_sensitive(spin, onPage ? 1 : 0)
            gtk_widget_set_sensitive(entry, onPage ? 0 : 1)
            let text = string(gtk_editable_get_text(cast(entry))) ?? ""
            let message: String
            switch answer() {
            case .page(let p)?: message = tr("Goes to page {page} of this document.", ["page": String(p.rawValue + 1)])
            case .uri(let uri)?: message = tr("Opens {address}, after asking the reader.", ["address": uri])
            case nil where text.trimmingWhitespace().isEmpty: message = tr("Type a web address (https://…) or a mail address (mailto:…).")
            case nil: message = tr("Only web addresses (http, https) and mail addresses (mailto) can be linked.")
            }
            gtk_label_set_text(cast(note), message)
            gtk_widget_set_sensitive(dialog.acceptButton, answer() == nil ? 0 : 1)
            self?.linkDialogMessage = answer() == nil ? message : nil
        }
        for button in kind.buttons { Signals.connect(raw(button), "toggled") { update() } }
        Signals.connect(raw(spin), "value-changed") { update() }
        Signals.connect(raw(entry), "changed") { update() }
        update()
        // Return takes the answer from the spin button and the entry alike (GTK 4.8's spin button
        // does not activate the dialog's default button).
        let keys = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        for name in ["Return", "KP_Enter"] {
            let accept = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name(name), GdkModifierType(rawValue: 0)),
                                          WidgetCallbacks.callbackAction {
                gtk_spin_button_update(cast(spin))
                update()
                if answer() != nil { gtk_widget_activate(dialog.acceptButton) }
            })!
            gtk_shortcut_controller_add_shortcut(keys, accept)
        }
        gtk_widget_add_controller(dialog.window, keys)
        pendingDialog = "link"
        dialog.present(accept: { [weak self] in
            guard let self, let destination = answer() else { return }
            self.pendingDialog = nil
            self.linkDialogMessage = nil
            self.applyLink(destination, to: subject)
        }, closed: { [weak self] in
            guard let self else { return }
            self.pendingDialog = nil
            self.linkDialogMessage = nil
            if self.drawingLinks { self.armLinkTool() }
            self.application?.stateChanged()
        })
        gtk_widget_grab_focus(pageChosen() ? spin : entry)
    }

    /// The items a context menu over a link offers (its id in the actions).
    func linkMenuItems(_ id: AnnotationID) -> [(label: String, action: String)] {
        [(tr("_Edit Link…"), "win.edit-link::\(id.rawValue)"), (tr("Delete _Link"), "win.delete-link::\(id.rawValue)")]
    }
}
