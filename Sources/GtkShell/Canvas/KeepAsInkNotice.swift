// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import InteractionEngine

/// The short notice over the page after the smart pen turned a stroke into markup: what it
/// made ("Underlined") and a "Keep as Ink" button that turns the markup back into the stroke
/// as drawn. It floats at the bottom of the page view (the page does not move) and goes away
/// by itself after a few seconds, or when its button is used.
@MainActor
final class KeepAsInkNotice {
    private let box: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    /// What the notice says while it shows (the state dump's `keepAsInkOffer`).
    private(set) var shownText: String?
    /// Counts the notices shown, so that an older one's timer leaves a newer one be.
    private var generation = 0
    private static let shownFor: UInt32 = 8000

    /// - Parameter overlay: The page view's overlay, over which the notice floats. Its button
    ///   activates `win.keep-as-ink` (the window's action, so D-Bus and tests reach it too).
    init(overlay: UnsafeMutablePointer<GtkWidget>) {
        box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_add_css_class(box, "toolbar")
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_END)
        gtk_widget_set_margin_bottom(box, 24)
        label = gtk_label_new(nil)
        let button = gtk_button_new_with_mnemonic(tr("Keep as _Ink"))!
        gtk_widget_set_tooltip_text(button, tr("Turn the markup back into the stroke as drawn"))
        gtk_widget_set_name(button, "keep-as-ink")
        gtk_actionable_set_action_name(cast(button), "win.keep-as-ink")
        for w in [label, button] { gtk_box_append(cast(box), w) }
        gtk_widget_set_visible(box, 0)
        gtk_overlay_add_overlay(cast(overlay), box)
        ann_accessible_set_label(box, tr("Smart pen"))
    }

    /// Shows what the smart pen made, for a few seconds.
    func show(_ kind: AnnotationKind) {
        let text = switch kind {
        case .underline: tr("Underlined")
        case .strikeOut: tr("Struck out")
        default: tr("Highlighted")
        }
        shownText = text
        gtk_label_set_text(cast(label), text)
        gtk_widget_set_visible(box, 1)
        generation += 1
        let shown = generation
        MainLoop.after(milliseconds: Self.shownFor) { [weak self] in
            if self?.generation == shown { self?.hide() }
        }
    }

    func hide() {
        shownText = nil
        gtk_widget_set_visible(box, 0)
    }
}
