// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Moving between the window's regions with the keyboard, as GNOME apps do: F6 goes to the next
/// of the header bar, the annotation toolbar, the sidebar and the page (each view of a split in
/// turn, the one reached becoming the active one; those on screen), and
/// Shift+F6 to the previous one (`win.next-region`, `win.previous-region`); Tab then moves
/// within the region. The focus is shown once the keyboard moved it.
extension DocumentWindow {
    /// A region of the window that takes the keyboard, in F6's order.
    enum Region: String, CaseIterable {
        case header, toolbar, sidebar, page
    }

    func installRegionActions() {
        addAction("next-region") { [weak self] in self?.moveToRegion(by: 1) }
        addAction("previous-region") { [weak self] in self?.moveToRegion(by: -1) }
    }

    /// The widget of each region on screen now.
    private var regionWidgets: [(region: Region, widget: UnsafeMutablePointer<GtkWidget>)] {
        var out: [(Region, UnsafeMutablePointer<GtkWidget>)] = []
        if let headerBar { out.append((.header, headerBar)) }
        if let toolbar = toolbarRevealer, gtk_revealer_get_reveal_child(cast(toolbar)) != 0, gtk_revealer_get_child(cast(toolbar)) != nil {
            out.append((.toolbar, toolbar))
        }
        if let sidebar, gtk_widget_get_visible(sidebar.panel) != 0 { out.append((.sidebar, sidebar.panel)) }
        // A split's views are a page each, the first (left or top) first: F6 goes from one to the
        // other, which makes it the active one.
        if content == .document { out += splitView.views.map { (.page, $0.area) } }
        return out
    }

    /// The place in `regions` of the one that holds the keyboard, if any.
    private func focusedIndex(in regions: [(region: Region, widget: UnsafeMutablePointer<GtkWidget>)]) -> Int? {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return nil }
        return regions.firstIndex { focus == $0.widget || gtk_widget_is_ancestor(focus, $0.widget) != 0 }
    }

    /// The region that holds the keyboard, if any.
    var focusedRegion: Region? {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return nil }
        return regionWidgets.first { focus == $0.widget || gtk_widget_is_ancestor(focus, $0.widget) != 0 }?.region
    }

    /// Whether the search bar's entry holds the keyboard (the state dump's `focusRegion` then
    /// says `search`, what a test waits for before typing a search).
    var searchEntryHasFocus: Bool {
        var widget = gtk_root_get_focus(OpaquePointer(window))
        while let w = widget {
            if let name = gtk_widget_get_name(w), String(cString: name) == "search-entry" { return true }
            widget = gtk_widget_get_parent(w)
        }
        return false
    }

    private func moveToRegion(by step: Int) {
        let regions = regionWidgets
        guard !regions.isEmpty else { return }
        let current = focusedIndex(in: regions)
        // From nowhere (or a dialog's leftovers), F6 starts at the page, Shift+F6 at the header.
        let start = current ?? (step > 0 ? regions.count - 1 : 0)
        for offset in 1...regions.count {
            let index = ((start + step * offset) % regions.count + regions.count) % regions.count
            let (region, widget) = regions[index]
            let took = region == .page ? gtk_widget_grab_focus(widget) != 0 : gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0
            if took {
                gtk_window_set_focus_visible(cast(window), 1)
                application?.stateChanged()
                return
            }
        }
    }
}
