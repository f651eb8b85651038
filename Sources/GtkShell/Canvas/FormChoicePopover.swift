// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import Geometry

/// A combo or list box's options, popped up under the field: a click or Return chooses one
/// (an editable combo also takes typed text with Return); a list box that allows several keeps
/// what is selected (Ctrl+click, Shift+click) when the popover closes. Escape or a click outside
/// closes it and changes nothing (but a multiple list's selection).
@MainActor
final class FormChoicePopover {
    let field: FormField
    let popover: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private var entry: UnsafeMutablePointer<GtkWidget>?
    private var chosen: FormValue??
    /// Called once when it closes: the value chosen, or `nil` when nothing was.
    var onFinish: ((FormValue?) -> Void)?
    private var finished = false

    init(field: FormField, parent: UnsafeMutablePointer<GtkWidget>, pointingTo viewRect: Rect) {
        self.field = field
        popover = gtk_popover_new()
        list = gtk_list_box_new()
        gtk_widget_set_name(popover, "form-choice-popover")
        gtk_widget_set_parent(popover, parent)
        var rect = GdkRectangle(x: Int32(viewRect.minX.rounded()), y: Int32(viewRect.minY.rounded()),
                                width: Int32(max(1, viewRect.width).rounded()), height: Int32(max(1, viewRect.height).rounded()))
        gtk_popover_set_pointing_to(cast(popover), &rect)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        gtk_popover_set_has_arrow(cast(popover), 0)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let multiple = field.kind == .listBox && field.flags.contains(.multiSelect)
        let current: [String]
        switch field.value {
        case .choices(let l)?: current = l
        case .text(let s)?: current = [s]
        default: current = []
        }
        if field.kind == .comboBox, field.flags.contains(.edit) {
            let e = gtk_entry_new()!
            entry = e
            ann_accessible_set_label(e, tr("{field}: your own value", ["field": field.label ?? field.name]))
            gtk_editable_set_text(OpaquePointer(e), current.first.map(field.displayText(forExportValue:)) ?? "")
            Signals.connect(raw(e), "activate") { [weak self] in
                guard let self, let e = self.entry else { return }
                self.choose(.text(String(cString: gtk_editable_get_text(OpaquePointer(e)))))
            }
            gtk_box_append(cast(box), e)
        }
        gtk_widget_set_name(list, "form-choice-list")
        ann_accessible_set_label(list, field.label ?? field.name)
        gtk_list_box_set_selection_mode(cast(list), multiple ? GTK_SELECTION_MULTIPLE : GTK_SELECTION_SINGLE)
        for option in field.options {
            let label = gtk_label_new(option.displayText)!
            gtk_label_set_xalign(cast(label), 0)
            gtk_widget_set_margin_start(label, 8)
            gtk_widget_set_margin_end(label, 8)
            gtk_widget_set_margin_top(label, 4)
            gtk_widget_set_margin_bottom(label, 4)
            gtk_list_box_append(cast(list), label)
        }
        for (i, option) in field.options.enumerated() where current.contains(option.exportValue) {
            if let row = gtk_list_box_get_row_at_index(cast(list), Int32(i)) { gtk_list_box_select_row(cast(list), row) }
        }
        if !multiple {
            Signals.connect(raw(list), "row-activated", pointer: { [weak self] row in
                guard let self, let row else { return }
                let i = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
                guard self.field.options.indices.contains(i) else { return }
                let export = self.field.options[i].exportValue
                self.choose(self.field.kind == .listBox ? .choices([export]) : .text(export))
            })
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 320)
        gtk_widget_set_size_request(scroller, Int32(max(160, viewRect.width).rounded()), -1)
        gtk_box_append(cast(box), scroller)
        gtk_popover_set_child(cast(popover), box)
        Signals.connect(raw(popover), "closed") { [weak self] in
            guard let self else { return }
            // The popover finishes closing before it goes (a row's activation runs first).
            MainLoop.post { [weak self] in self?.closed() }
        }
    }

    func popup() {
        gtk_popover_popup(cast(popover))
        if let entry { gtk_widget_grab_focus(entry) } else {
            let selected = gtk_list_box_get_selected_row(cast(list))
            let row = selected ?? gtk_list_box_get_row_at_index(cast(list), 0)
            if let row { gtk_widget_grab_focus(cast(row)) }
        }
    }

    /// The rows selected now, as a list box's value.
    private var selectedChoices: FormValue {
        var out: [String] = []
        for (i, option) in field.options.enumerated() {
            if let row = gtk_list_box_get_row_at_index(cast(list), Int32(i)), gtk_list_box_row_is_selected(row) != 0 { out.append(option.exportValue) }
        }
        return .choices(out)
    }

    private func choose(_ value: FormValue) {
        chosen = .some(value)
        gtk_popover_popdown(cast(popover))
    }

    private func closed() {
        guard !finished else { return }
        finished = true
        var value: FormValue?
        if let chosen { value = chosen }
        if field.kind == .listBox, field.flags.contains(.multiSelect) { value = selectedChoices }
        gtk_widget_unparent(popover)
        onFinish?(value)
    }
}
