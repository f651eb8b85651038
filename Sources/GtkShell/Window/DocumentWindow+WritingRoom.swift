// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentPoppler
import Geometry

/// The amount and place last chosen, offered first the next time (this run of the app).
@MainActor private var lastWritingRoom = (side: WritingRoom.Side.right, value: 50.0, percent: true)

/// Room to write beside the pages to organise, one undoable step: `win.add-writing-room`
/// takes "side:amount" (side `right`, as the page shows, or `every-side`; amount a number of
/// `mm` or a `%` of the page's width, as in "right:50%" or "every-side:15mm"), or "" for a
/// dialog (kind `add-writing-room` in the state dump) that asks both. The page's boxes grow
/// (its crop box, and its media box as far as needed), its content and annotations stay where
/// they are.
extension DocumentWindow {
    func installWritingRoomAction() {
        addStringAction("add-writing-room", enabled: false) { [weak self] choice in
            guard let self else { return }
            if choice.isEmpty { self.showWritingRoomDialog(); return }
            guard let picked = Self.writingRoomChoice(choice) else {
                gtk_widget_error_bell(self.window)
                return
            }
            self.addWritingRoom(side: picked.0, amount: picked.1)
        }
    }

    /// "right:50%" or "every-side:15mm" as a side and an amount; `nil` when either is not known.
    static func writingRoomChoice(_ text: String) -> (WritingRoom.Side, WritingRoom.Amount)? {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 2 else { return nil }
        let side: WritingRoom.Side
        switch parts[0] {
        case "right": side = .right
        case "every-side", "everySide", "all": side = .everySide
        default: return nil
        }
        let amount = parts[1].filter { $0 != " " }
        if amount.hasSuffix("%"), let value = Double(amount.dropLast()), value > 0 { return (side, .percentOfWidth(value)) }
        if amount.hasSuffix("mm"), let value = Double(amount.dropLast(2)), value > 0 { return (side, .millimetres(value)) }
        return nil
    }

    /// Widens the pages to organise.
    func addWritingRoom(side: WritingRoom.Side, amount: WritingRoom.Amount) {
        let pages = pagesToOrganise
        guard content == .document, let editor = editing?.editor else { return }
        guard let edit = editor.addingWritingRoom(to: pages, side: side, amount: amount) else {
            gtk_widget_error_bell(window)
            return
        }
        let first = pages.min()
        organisePages { [weak self] in
            guard let self else { return }
            if self.canvas.commit(EditRecord("Add Writing Room", edit)), let first { self.pageToShowAfterReshape = first }
        }
    }

    /// The dialog: where (beside the right edge or round every side) and how much (millimetres
    /// or a percentage of the page's width), then Add.
    func showWritingRoomDialog() {
        guard content == .document, editing != nil, pendingDialog == nil else { return }
        let count = pagesToOrganise.count
        let dialog = PageChoiceDialog(title: tr("Add Writing Room"), accept: tr("_Add"), over: window)
        let sides: [(WritingRoom.Side, String)] = [(.right, tr("On the _Right")), (.everySide, tr("On _Every Side"))]
        let sideRow = PageChoiceDialog.choiceRow(sides.map(\.1), accessibleLabel: tr("Where"))
        if lastWritingRoom.side == .everySide { gtk_toggle_button_set_active(cast(sideRow.buttons[1]), 1) }
        dialog.addRow(tr("Where"), sideRow.row)
        let amountRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        let spin = gtk_spin_button_new_with_range(1, 500, 1)!
        gtk_spin_button_set_digits(cast(spin), 0)
        gtk_spin_button_set_value(cast(spin), lastWritingRoom.value)
        gtk_widget_set_size_request(spin, -1, PageChoiceDialog.touchHeight)
        gtk_widget_set_hexpand(spin, 1)
        let units = PageChoiceDialog.dropDown([tr("% of the page’s width"), tr("mm")])
        ann_accessible_set_label(units, tr("Unit"))
        gtk_drop_down_set_selected(cast(units), lastWritingRoom.percent ? 0 : 1)
        gtk_box_append(cast(amountRow), spin)
        gtk_box_append(cast(amountRow), units)
        dialog.addRow(tr("_Amount"), amountRow, mnemonicTarget: spin)
        ann_accessible_set_label(spin, tr("Amount"))
        let what = count == 1 ? tr("The page grows; what it shows stays where it is, and other viewers show the room too.")
            : trn("{count} page grows; what it shows stays where it is, and other viewers show the room too.",
                  "{count} pages grow; what they show stays where it is, and other viewers show the room too.", count)
        _ = dialog.addNote(what)
        pendingDialog = "add-writing-room"
        application?.stateChanged()
        dialog.present(accept: { [weak self] in
            guard let self else { return }
            gtk_spin_button_update(cast(spin))
            let side = sideRow.buttons.indices.first { gtk_toggle_button_get_active(cast(sideRow.buttons[$0])) != 0 }.map { sides[$0].0 } ?? .right
            let value = gtk_spin_button_get_value(cast(spin))
            let percent = gtk_drop_down_get_selected(cast(units)) == 0
            lastWritingRoom = (side, value, percent)
            self.pendingDialog = nil
            self.addWritingRoom(side: side, amount: percent ? .percentOfWidth(value) : .millimetres(value))
        }, closed: { [weak self] in
            self?.pendingDialog = nil
            self?.application?.stateChanged()
        })
    }
}
