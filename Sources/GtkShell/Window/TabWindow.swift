// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Platform

/// A top-level window holding documents (``DocumentWindow``s) as the tabs of a GtkNotebook.
///
/// The window follows its current tab: it shows that tab's header bar as its titlebar and its
/// title, and offers that tab's `win.` actions (each tab keeps its actions in an action group
/// of its own; on a switch the window's action map takes the new tab's in place of the old
/// one's), so that accelerators, menus and the D-Bus export at `…/window/N` act on the tab
/// in front. The tab strip shows only while there are two tabs or more; tabs can be reordered,
/// dragged to another window of the app, or dragged out to make a window of their own (on X11
/// by a gesture of the app's own, TabWindow+DragOut).
/// Window-wide actions: `win.next-tab`, `win.previous-tab`, `win.move-tab-to-new-window`,
/// `win.move-tab-to-window`.
@MainActor
public final class TabWindow {
    public let window: UnsafeMutablePointer<GtkWidget>
    let notebook: UnsafeMutablePointer<GtkWidget>
    weak var application: AnnotatorApplication?
    /// The tab whose header bar, title and actions the window has now.
    public private(set) weak var current: DocumentWindow?
    /// Set while the window itself is closing (its close button, Ctrl+Q): a tab that asked
    /// about its changes goes on to close the window once answered.
    var closingAll = false
    /// The names of the current tab's actions the window took (removed again on a switch).
    private var borrowedActions: [String] = []
    /// The tab whose label a press in the strip began on, and where it leaves the strip (X11's
    /// drag out, TabWindow+DragOut).
    var pressedTab: (tab: DocumentWindow, rule: TabDragOut)?
    /// The notebooks' group: tabs move between the windows of the app only.
    static let tabGroup = "pdf-annotator-documents"
    /// Whether tabs can be dragged out of their window: not on X11, where GTK 4.8 leaves a tab
    /// dropped outside every window hanging (its drop on the root window is never finished);
    /// there the main menu's Move Tab to New Window does it.
    static let tabsDetach: Bool = {
        guard let display = gdk_display_get_default(),
              let name = g_type_name_from_instance(cast(display)) else { return true }
        return !String(cString: name).contains("X11")
    }()

    init(application: AnnotatorApplication) {
        self.application = application
        window = gtk_application_window_new(application.gtkApplication)
        StartupTrace.mark("  tab window: GtkApplicationWindow")
        gtk_window_set_default_size(cast(window), 1000, 760)
        gtk_window_set_title(cast(window), tr("PDF Annotator"))
        notebook = gtk_notebook_new()
        gtk_notebook_set_show_border(cast(notebook), 0)
        gtk_notebook_set_show_tabs(cast(notebook), 0)
        gtk_notebook_set_scrollable(cast(notebook), 1)
        gtk_notebook_set_group_name(cast(notebook), Self.tabGroup)
        gtk_widget_set_name(notebook, "document-tabs")
        gtk_window_set_child(cast(window), notebook)
        Signals.connect(raw(notebook), "switch-page", notebookPage: { [weak self] child, _ in
            guard let self, let tab = self.tab(showing: child) else { return }
            self.follow(tab)
        })
        Signals.connect(raw(notebook), "page-added", notebookPage: { [weak self] child, _ in
            guard let self, let tab = self.tab(showing: child), tab.host !== self else { return }
            self.adopt(tab)
        })
        Signals.connect(raw(notebook), "page-removed", notebookPage: { [weak self] _, _ in self?.tabsChanged() })
        Signals.connect(raw(notebook), "page-reordered", notebookPage: { [weak self] _, _ in self?.application?.stateChanged() })
        // A tab dropped outside every window makes a window of its own.
        Signals.connect(raw(notebook), "create-window", createWindow: { [weak self] _ in
            guard let self, let application = self.application else { return 0 }
            let host = application.makeHost()
            gtk_window_present(cast(host.window))
            return UInt(bitPattern: host.notebook)
        })
        Signals.connect(raw(window), "destroy") { [weak self] in
            guard let self else { return }
            self.application?.hostClosed(self)
        }
        Signals.connectReturningBool(raw(window), "close-request") { [weak self] in
            guard let self else { return false }
            if self.application?.hosts.count == 1 { self.application?.lastWindowClosing() }
            // True keeps the window: a tab asks about its unsaved changes first.
            return !self.closeEveryTab()
        }
        installTabActions()
        installDropTarget()
        installDragOut()
        StartupTrace.mark("  tab window: notebook, actions, drop target")
    }

    // MARK: Tabs

    /// The tabs, in the order the strip shows them.
    public var tabs: [DocumentWindow] {
        let count = gtk_notebook_get_n_pages(cast(notebook))
        return (0..<max(0, count)).compactMap { tab(showing: gtk_notebook_get_nth_page(cast(notebook), $0)) }
    }

    /// The document whose tab shows `child`.
    func tab(showing child: UnsafeMutablePointer<GtkWidget>?) -> DocumentWindow? {
        guard let child else { return nil }
        return application?.windows.first { $0.page == child }
    }

    /// Adds `tab` at the end of the strip (documents opened together keep their order), in
    /// front if `select`.
    func add(_ tab: DocumentWindow, select: Bool) {
        let number = gtk_notebook_append_page(cast(notebook), tab.page, tab.tabLabel.widget)
        gtk_notebook_set_tab_reorderable(cast(notebook), tab.page, 1)
        gtk_notebook_set_tab_detachable(cast(notebook), tab.page, Self.tabsDetach ? 1 : 0)
        // The first tab is shown by the notebook without a switch-page for it to follow.
        if current == nil { follow(tab) }
        if select { gtk_notebook_set_current_page(cast(notebook), number) }
        tabsChanged()
        StartupTrace.mark("  tab window: tab added (actions, header bar taken)")
    }

    /// Brings `tab` to the front.
    func select(_ tab: DocumentWindow) {
        let number = gtk_notebook_page_num(cast(notebook), tab.page)
        guard number >= 0 else { return }
        gtk_notebook_set_current_page(cast(notebook), number)
    }

    /// The window takes on `tab`'s header bar, title and actions.
    private func follow(_ tab: DocumentWindow) {
        guard tab !== current else { return }
        if tab.host !== self { adopt(tab) }
        current = tab
        let names = actionNames(of: tab)
        for name in borrowedActions where !names.contains(name) {
            g_action_map_remove_action(OpaquePointer(window), name)
        }
        for name in names {
            if let action = g_action_map_lookup_action(tab.actionMap, name) {
                g_action_map_add_action(OpaquePointer(window), action)
            }
        }
        borrowedActions = names
        if let header = tab.headerBar { gtk_window_set_titlebar(cast(window), header) }
        gtk_window_set_title(cast(window), tab.shownTitle)
        tab.tabShown()
        application?.stateChanged()
    }

    /// The current tab made another action: the window offers it too.
    func take(action name: String, of tab: DocumentWindow) {
        guard tab === current, let action = g_action_map_lookup_action(tab.actionMap, name) else { return }
        g_action_map_add_action(OpaquePointer(window), action)
        if !borrowedActions.contains(name) { borrowedActions.append(name) }
    }

    private func actionNames(of tab: DocumentWindow) -> [String] {
        guard let list = g_action_group_list_actions(tab.actionMap) else { return [] }
        defer { g_strfreev(list) }
        var names: [String] = []
        var i = 0
        while let name = list[i] {
            names.append(String(cString: name))
            i += 1
        }
        return names
    }

    /// The strip shows with two tabs or more; the window closes with its last tab.
    private func tabsChanged() {
        let count = gtk_notebook_get_n_pages(cast(notebook))
        gtk_notebook_set_show_tabs(cast(notebook), count > 1 ? 1 : 0)
        refreshTabLabels()
        if let move = g_action_map_lookup_action(OpaquePointer(window), "move-tab-to-new-window") {
            g_simple_action_set_enabled(move, count > 1 ? 1 : 0)
        }
        if let current, gtk_notebook_page_num(cast(notebook), current.page) < 0 {
            self.current = nil
            if let next = tab(showing: gtk_notebook_get_nth_page(cast(notebook), gtk_notebook_get_current_page(cast(notebook)))) {
                follow(next)
            }
        }
        if count == 0 {
            // A tab dragged away was the last: the window goes once the drag is over.
            MainLoop.post { [weak self] in
                guard let self, gtk_notebook_get_n_pages(cast(self.notebook)) == 0 else { return }
                gtk_window_destroy(cast(self.window))
            }
        }
        application?.stateChanged()
    }

    /// A tab dragged here from another window: it belongs to this one now. When this window
    /// already shows the same document, the copy without unsaved changes closes, so that the
    /// document shows once (both stay when both have changes: nothing is lost).
    private func adopt(_ tab: DocumentWindow) {
        let previous = tab.host
        tab.host = self
        tab.window = window
        tab.watchesFramesForStateDump = false
        previous?.forget(tab)
        guard let path = tab.path, let twin = tabs.first(where: { $0 !== tab && $0.path == path }) else { return }
        MainLoop.post { [weak self, weak tab, weak twin] in
            guard let self, let tab, let twin else { return }
            if !tab.hasUnsavedChanges {
                self.select(twin)
                self.closeTab(tab)
            } else if !twin.hasUnsavedChanges {
                self.closeTab(twin)
            }
        }
    }

    /// `tab` left for another window.
    private func forget(_ tab: DocumentWindow) {
        if current === tab { current = nil }
        // Its header bar is still this window's when it was the last tab: the window lets go.
        if let header = tab.headerBar, gtk_widget_get_root(header) == OpaquePointer(window) {
            gtk_window_set_titlebar(cast(window), gtk_header_bar_new())
        }
        tabsChanged()
    }

    // MARK: Closing

    /// Closes `tab`, asking about its unsaved changes first; the last tab closes the window.
    func closeTab(_ tab: DocumentWindow) {
        closingAll = false
        guard tab.host === self else { return }
        if tabs.count <= 1 {
            gtk_window_close(cast(window))
            return
        }
        // It asks; its answer goes on closing (DocumentWindow.continueClosing).
        guard tab.mayClose() else {
            select(tab)
            return
        }
        remove(tab)
        tab.closed()
    }

    /// Takes `tab` out of the strip.
    private func remove(_ tab: DocumentWindow) {
        let number = gtk_notebook_page_num(cast(notebook), tab.page)
        if number >= 0 { gtk_notebook_remove_page(cast(notebook), number) }
    }

    /// The window is asked to close: each tab closes, one with unsaved changes asking first
    /// (the window stays until it is answered). Returns whether every tab closed.
    private func closeEveryTab() -> Bool {
        for tab in tabs {
            guard tab.mayClose() else {
                closingAll = true
                select(tab)
                return false
            }
            if tabs.count > 1 { remove(tab) }
            tab.closed()
        }
        return true
    }
}
