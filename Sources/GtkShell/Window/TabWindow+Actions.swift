// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The window's own actions, whichever tab is in front: moving between tabs (Ctrl+Tab,
/// Ctrl+Page Down, Ctrl+Shift+Tab, Ctrl+Page Up), moving the current tab to a new window or to
/// another one, and
/// files dropped on the window, which open as tabs.
extension TabWindow {
    func installTabActions() {
        addWindowAction("next-tab") { [weak self] in self?.selectTab(by: 1) }
        addWindowAction("previous-tab") { [weak self] in self?.selectTab(by: -1) }
        addWindowAction("move-tab-to-new-window") { [weak self] in
            guard let self, let tab = self.current else { return }
            self.moveToNewWindow(tab)
        }
        // `win.move-tab-to-window(u)`: the current tab joins the window numbered so (the N of
        // its D-Bus path), as dropping it on that window's strip does.
        let type = g_variant_type_new("u")
        let action = g_simple_action_new("move-tab-to-window", type)!
        g_variant_type_free(type)
        Signals.connect(raw(action), "activate", pointer: { [weak self] value in
            guard let self, let value, let tab = self.current else { return }
            self.move(tab, toWindowNumbered: g_variant_get_uint32(OpaquePointer(value)))
        })
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(raw(action))
    }

    /// Moves `tab` to the window whose D-Bus number is `number` (this window's own: nothing).
    func move(_ tab: DocumentWindow, toWindowNumbered number: UInt32) {
        guard let target = application?.hosts.first(where: { gtk_application_window_get_id(cast($0.window)) == number }),
              target !== self else { return }
        gtk_notebook_detach_tab(cast(notebook), tab.page)
        target.add(tab, select: true)
        gtk_window_present(cast(target.window))
    }

    /// The tab `offset` places on from the current one, round the ends.
    func selectTab(by offset: Int32) {
        let count = gtk_notebook_get_n_pages(cast(notebook))
        guard count > 1 else { return }
        let next = ((gtk_notebook_get_current_page(cast(notebook)) + offset) % count + count) % count
        gtk_notebook_set_current_page(cast(notebook), next)
    }

    /// Moves `tab` into a window of its own (what dragging it out of the strip does); a window's
    /// only tab stays where it is.
    func moveToNewWindow(_ tab: DocumentWindow) {
        guard let application, tabs.count > 1 else { return }
        let host = application.makeHost()
        gtk_notebook_detach_tab(cast(notebook), tab.page)
        host.add(tab, select: true)
        gtk_window_present(cast(host.window))
    }

    private func addWindowAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)
        Signals.connect(raw(action), "activate", pointer: { _ in handler() })
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(raw(action))
    }

    /// Accepts PDF files dropped on the window: each opens as a tab (or in the empty tab).
    func installDropTarget() {
        let target = gtk_drop_target_new(ann_file_list_type(), GDK_ACTION_COPY)
        Signals.connect(raw(target), "drop", drop: { [weak self] value, _, _ in
            guard let self, let application = self.application else { return false }
            let paths = filePaths(inFileList: value)
            guard !paths.isEmpty else { return false }
            application.open(paths: paths, preferring: self.current)
            return true
        })
        gtk_widget_add_controller(window, target)
    }
}
