// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim

/// The document as a tab of its ``TabWindow``: its title, and closing it.
extension DocumentWindow {
    /// Whether this is the tab its window shows (whose actions and header bar it has).
    var isCurrentTab: Bool { host?.current === self }

    /// Shows `title` on the tab, and as the window's title while this is its current tab.
    func showTitle(_ title: String) {
        shownTitle = title
        if let host { host.refreshTabLabels() } else { tabLabel.set(title: title) }
        if isCurrentTab { gtk_window_set_title(cast(window), title) }
    }

    /// Goes on closing after the close question was answered (or a save or the editor it
    /// waited for arrived): the tab, or the whole window when the window was being closed.
    func continueClosing() {
        guard let host else { return }
        if host.closingAll {
            gtk_window_close(cast(window))
        } else {
            host.closeTab(self)
        }
    }

    /// Actions added after the tab was made (with a part of the window made later) reach the
    /// window too while this is its current tab.
    func offerActionsAddedLater() {
        Signals.connect(raw(actionMap), "action-added", pointer: { [weak self] name in
            guard let self, let name, self.isCurrentTab else { return }
            self.host?.take(action: String(cString: name.assumingMemoryBound(to: CChar.self)), of: self)
        })
    }

    /// Lets go of the tab's widgets (the notebook or the window may still hold them a moment).
    func releaseTabWidgets() {
        guard !tabWidgetsReleased else { return }
        tabWidgetsReleased = true
        g_object_unref(raw(page))
        if let headerBar { g_object_unref(raw(headerBar)) }
        tabLabel.release()
    }
}

extension DocumentWindow {
    /// Whether the document has changes not saved yet.
    var hasUnsavedChanges: Bool { editing?.hasUnsavedChanges ?? false }

    /// The tab came to the front: the page takes the keyboard (unless something in the tab
    /// already has it), once the tab shows.
    func tabShown() {
        MainLoop.post { [weak self] in
            guard let self, self.isCurrentTab, self.content == .document else { return }
            if let root = gtk_widget_get_root(self.page), let focus = gtk_root_get_focus(root),
               [self.page, self.headerBar].contains(where: { $0.map { focus == $0 || gtk_widget_is_ancestor(focus, $0) != 0 } ?? false }) { return }
            gtk_widget_grab_focus(self.canvas.area)
        }
    }
}
