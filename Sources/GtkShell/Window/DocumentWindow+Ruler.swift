// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentSession
import FoundationEssentials
import InteractionEngine
import StateSnapshot

/// The ruler's switch: the `win.ruler` action (a toggle button at the end of the toolbar's
/// tools, and the D key on the page) shows or hides the ruler the session lays on the page.
extension DocumentWindow {
    /// The key that shows and hides the ruler while the page has the keyboard.
    static let rulerKey = "d"

    /// The unit the ruler counts in: inches where the user's locale measures in them (the
    /// United States, Liberia, Myanmar), centimetres elsewhere, read from `LC_ALL`,
    /// `LC_MEASUREMENT` or `LANG` as the C library would.
    static var rulerUnit: RulerUnit {
        for name in ["LC_ALL", "LC_MEASUREMENT", "LANG"] {
            if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return RulerUnit.forLocale(value) }
        }
        return .centimetre
    }

    /// `win.ruler`, a stateful switch, and its key on the page.
    func installRulerAction() {
        let action = g_simple_action_new_stateful("ruler", nil, g_variant_new_boolean(0))!
        Signals.connect(raw(action), "activate", pointer: { [weak self] _ in
            guard let self, self.content == .document else { return }
            let on = self.canvas.session.interaction.ruler == nil
            self.canvas.apply(self.canvas.session.perform(.showRuler(on, unit: Self.rulerUnit)))
            g_simple_action_set_state(action, g_variant_new_boolean(self.canvas.session.interaction.ruler != nil ? 1 : 0))
            self.application?.stateChanged()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(Self.rulerKey), GdkModifierType(rawValue: 0))
        gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(trigger, gtk_named_action_new("win.ruler")))
        gtk_widget_add_controller(canvas.area, shortcuts)
    }

    /// The toolbar's Ruler toggle (touch-sized, like the tools), bound to `win.ruler`, and its
    /// name under the icon (hidden with the tools' names in a narrow window).
    func makeRulerButton() -> ToolbarToggle {
        ToolbarToggle(icon: "annotator-ruler-symbolic", label: tr("Ruler"), action: "win.ruler",
                      tooltip: tr("Show or Hide the Ruler"), key: Self.rulerKey.uppercased(), widgetName: "tool-ruler")
    }

    /// The ruler's part of the state dump.
    var rulerSnapshot: RulerSnapshot? {
        guard content == .document else { return nil }
        guard let ruler = canvas.session.frame.ruler else { return RulerSnapshot(shown: false) }
        let p = ruler.placement
        return RulerSnapshot(shown: true, x: p.center.x, y: p.center.y, angle: p.angle, shownAngle: ruler.shownAngle,
                             page: ruler.page.displayNumber, pageX: ruler.pageCenter.x, pageY: ruler.pageCenter.y,
                             unit: p.unit.rawValue, length: p.length, width: p.width,
                             turnHandle: [p.position(of: .turn).x, p.position(of: .turn).y])
    }
}
