// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import FoundationEssentials
import Platform

/// The words on screen: every mapped label's text, button label, entry placeholder and tooltip
/// of the app's windows (dialogs and open popovers included), for the state dump's
/// `visibleTexts` when `PDF_ANNOTATOR_DUMP_TEXTS=1`: a test running the UI in another language
/// finds what was left untranslated. Walking every widget costs too much for every dump, so it
/// is asked for.
@MainActor
enum VisibleTexts {
    static let enabled = ProcessInfo.processInfo.environment["PDF_ANNOTATOR_DUMP_TEXTS"] == "1"

    static func collect() -> [String] {
        var texts: [String] = []
        var seen: Set<String> = []
        func add(_ text: UnsafePointer<CChar>?) {
            guard let text else { return }
            let value = String(String(cString: text).trimmingWhitespace())
            guard !value.isEmpty, seen.insert(value).inserted else { return }
            texts.append(value)
        }
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(widget) != 0 else { return }
            let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
            if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 { add(gtk_label_get_text(OpaquePointer(widget))) }
            if g_type_check_instance_is_a(instance, gtk_button_get_type()) != 0 { add(gtk_button_get_label(cast(widget))) }
            if g_type_check_instance_is_a(instance, gtk_entry_get_type()) != 0 { add(gtk_entry_get_placeholder_text(cast(widget))) }
            if let tip = gtk_widget_get_tooltip_text(widget) { add(tip) }
            var child = gtk_widget_get_first_child(widget)
            while let c = child {
                walk(c)
                child = gtk_widget_get_next_sibling(c)
            }
        }
        let list = gtk_window_list_toplevels()
        var node = list
        while let n = node {
            if let data = n.pointee.data { walk(data.assumingMemoryBound(to: GtkWidget.self)) }
            node = n.pointee.next
        }
        g_list_free(list)
        return texts
    }
}
