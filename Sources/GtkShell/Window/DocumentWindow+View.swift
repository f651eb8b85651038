// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentLayout
import DocumentSession
import FoundationEssentials
import Rendering
import Platform

/// The page colours the render worker applies to each tile, set from the main thread.
final class PageColourChoice: @unchecked Sendable {
    private let lock = Lock()
    private var current = PageColours.normal
    var value: PageColours {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}

/// The View menu's choices: spreads (`win.spread-mode`: single, double, book), one spread at a
/// time (`win.one-spread`), turning with a page curl (`win.page-curl`, which pages one spread at
/// a time), with each spread zoomed on its own or one zoom for all
/// (`win.zoom-each-spread`), scrolling sideways (`win.scroll-sideways`), right-to-left binding (`win.right-to-left`), page colours
/// (`win.page-colours`: normal, night, sepia), the width of the edge bands a tap turns pages
/// in (`win.edge-taps`: off, narrow = a tenth of the view, wide = a fifth), reading mode (`win.reading-mode`: the header bar
/// and toolbar hidden; a finger's tap on the page or Escape brings them back) and fullscreen
/// (`win.fullscreen`, F11); in both the pointer hides when it rests over the page. Layout
/// choices are remembered per document with its reading place.
extension DocumentWindow {
    func installViewActions() {
        addChoiceAction("spread-mode", initially: "single") { [weak self] value in
            guard let self, let mode = SpreadMode(rawValue: value) else { return }
            self.changeLayout { $0.spreadMode = mode }
        }
        addToggleAction("one-spread") { [weak self] on in
            guard let self else { return }
            self.canvas.setPagesOneSpreadAtATime(on)
            if !on { self.canvas.turnsPagesWithCurl = false }
            self.rememberPlace()
        }
        addToggleAction("page-curl") { [weak self] on in
            guard let self else { return }
            self.canvas.turnsPagesWithCurl = on
            // Curls turn one spread at a time.
            if on { self.canvas.setPagesOneSpreadAtATime(true) }
            self.syncViewActions()
            self.rememberPlace()
        }
        addToggleAction("zoom-each-spread", initially: true) { [weak self] on in self?.canvas.zoomsEachSpread = on }
        addToggleAction("scroll-sideways") { [weak self] on in self?.changeLayout { $0.direction = on ? .horizontal : .vertical } }
        addToggleAction("right-to-left") { [weak self] on in self?.changeLayout { $0.rightToLeft = on } }
        addChoiceAction("page-colours", initially: "normal") { [weak self] value in
            guard let self, let colours = PageColours(rawValue: value), colours != self.pageColours.value else { return }
            self.pageColours.value = colours
            self.canvas.redrawAllPages()
        }
        addChoiceAction("edge-taps", initially: "narrow") { [weak self] value in
            guard let self else { return }
            let interactions = self.canvas.interactions
            interactions.fastScroll.isEnabled = value != "off"
            interactions.settings.fastScrollEdgeFraction = value == "wide" ? 0.2 : 0.1
            self.edgeTaps = value
        }
        addToggleAction("reading-mode") { [weak self] on in self?.setReadingMode(on) }
        addToggleAction("fullscreen") { [weak self] on in
            guard let self else { return }
            if on { gtk_window_fullscreen(cast(self.window)) } else { gtk_window_unfullscreen(cast(self.window)) }
        }
        canvas.onToggleUserInterface = { [weak self] in
            guard let self else { return }
            self.setReadingMode(!self.readingMode)
        }
        canvas.onEscape = { [weak self] in
            guard let self, self.readingMode else { return false }
            self.setReadingMode(false)
            return true
        }
        // The window manager may end fullscreen too (a gesture, a key of its own).
        Signals.connect(raw(window), "notify::fullscreened", pointer: { [weak self] _ in
            guard let self else { return }
            self.updateIdlePointer()
            self.syncViewActions()
        })
    }

    /// Changes the layout (the reader stays on the same page) and remembers it for the document.
    func changeLayout(_ change: (inout LayoutSettings) -> Void) {
        var settings = canvas.layoutSettings
        change(&settings)
        canvas.setLayoutSettings(settings)
        syncViewActions()
        rememberPlace()
    }

    /// Reading mode hides the header bar and the toolbar, leaving the pages alone.
    func setReadingMode(_ on: Bool) {
        guard on != readingMode else { return }
        readingMode = on
        if let headerBar { gtk_widget_set_visible(headerBar, on ? 0 : 1) }
        if let toolbarRevealer { gtk_widget_set_visible(toolbarRevealer, on ? 0 : 1) }
        updateIdlePointer()
        syncViewActions()
    }

    /// In fullscreen and in reading mode the pointer hides when it rests over the page.
    func updateIdlePointer() {
        canvas.hidesIdlePointer = readingMode || gtk_window_is_fullscreen(cast(window)) != 0
    }

    /// Puts each View action's state in step with what the window shows.
    func syncViewActions() {
        let settings = canvas.layoutSettings
        setActionState("spread-mode", g_variant_new_string(settings.spreadMode.rawValue))
        setActionState("scroll-sideways", g_variant_new_boolean(settings.direction == .horizontal ? 1 : 0))
        setActionState("right-to-left", g_variant_new_boolean(settings.rightToLeft ? 1 : 0))
        setActionState("one-spread", g_variant_new_boolean(canvas.pagesOneSpreadAtATime ? 1 : 0))
        setActionState("page-curl", g_variant_new_boolean(canvas.turnsPagesWithCurl ? 1 : 0))
        setActionState("zoom-each-spread", g_variant_new_boolean(canvas.zoomsEachSpread ? 1 : 0))
        setActionState("page-colours", g_variant_new_string(pageColours.value.rawValue))
        setActionState("edge-taps", g_variant_new_string(edgeTaps))
        // The View actions' states are in the dump whether or not anything on screen changes.
        application?.stateChanged()
        setActionState("reading-mode", g_variant_new_boolean(readingMode ? 1 : 0))
        setActionState("fullscreen", g_variant_new_boolean(gtk_window_is_fullscreen(cast(window))))
    }

    private func setActionState(_ name: String, _ state: OpaquePointer?) {
        guard let action = g_action_map_lookup_action(actionMap, name) else { return }
        g_simple_action_set_state(action, state)
    }

    /// A stateful string action (radio items in menus): `choose` gets the value picked.
    private func addChoiceAction(_ name: String, initially value: String, choose: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful(name, type, g_variant_new_string(value))!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] parameter in
            guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            choose(String(cString: text))
            self?.syncViewActions()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    /// A stateful boolean action (check items): `toggle` gets the new state.
    private func addToggleAction(_ name: String, initially on: Bool = false, toggle: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(on ? 1 : 0))!
        Signals.connect(raw(action), "activate", pointer: { [weak self] _ in
            guard let self, let state = g_action_get_state(action) else { return }
            let on = g_variant_get_boolean(state) == 0
            g_variant_unref(state)
            toggle(on)
            g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
            // A setting's state is in the dump whether or not anything on screen changes.
            self.application?.stateChanged()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }
}
