// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import InteractionEngine
import StateSnapshot

/// The sidebar as a drawer on a touchscreen: a finger swiping in from the page view's left edge
/// (its right edge under a right-to-left interface: GTK's text direction; while that is the
/// window's edge too and the sidebar is not shown beside the page) pulls the sidebar over the
/// page as it moves; Escape closes an open drawer and gives the keyboard back to the page. The
/// engine's drawer component decides everything (where the strip is, how far the drawer is out,
/// whether it stays open or closes); the window adds the component's condition that a drawer
/// can be pulled here, moves the sidebar's panel into the drawer while it shows and back into
/// its place beside the page after, and shows the drawer where the engine puts it
/// (``SidebarDrawer``).
extension DocumentWindow {
    /// Makes the drawer over the page view and hands it the engine's decisions.
    func installDrawer() {
        let drawer = SidebarDrawer(overlay: primaryCanvas.overlay, forwardingTouchesTo: primaryCanvas)
        self.drawer = drawer
        let component = primaryCanvas.interactions.drawer
        component.addActivationCondition { [weak self] _, _, _ in self?.drawerAvailable ?? false }
        // Just before a swipe pulls it: the drawer as wide as it will show, the sidebar in it.
        component.addActivationCallback { [weak self] _, _, _ in self?.prepareDrawer() }
        primaryCanvas.onDrawer = { [weak self] state in
            guard let self, let drawer = self.drawer else { return }
            if state.isShown { self.prepareDrawer() }
            drawer.show(state)
        }
        drawer.onChange = { [weak self] in self?.application?.stateChanged() }
        drawer.onHidden = { [weak self] in self?.returnSidebarPanel() }
        // The side it comes from follows the interface's direction.
        followTextDirection()
        Signals.connect(raw(primaryCanvas.overlay), "direction-changed", int: { [weak self] _ in self?.followTextDirection() })
        // Escape, wherever the keyboard is in the tab (the page, the sidebar in the drawer),
        // closes an open drawer before anything else hears it; otherwise it goes on as usual.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(gdk_keyval_from_name("Escape"), GdkModifierType(rawValue: 0)),
                                      WidgetCallbacks.answeringCallbackAction { [weak self] in self?.closeDrawerForEscape() ?? false })!
        gtk_shortcut_controller_add_shortcut(shortcuts, escape)
        gtk_widget_add_controller(page, shortcuts)
    }

    /// The engine's drawer comes from the page view's right edge under a right-to-left interface.
    private func followTextDirection() {
        let rightToLeft = gtk_widget_get_direction(primaryCanvas.overlay) == GTK_TEXT_DIR_RTL
        primaryCanvas.interactions.settings.drawerSide = rightToLeft ? .right : .left
    }

    /// Escape with the drawer out: it closes (sliding back) and the page has the keyboard.
    /// Returns whether the drawer was out.
    private func closeDrawerForEscape() -> Bool {
        guard drawer != nil, primaryCanvas.interactions.drawerState.isShown else { return false }
        // First the keyboard, so that it does not vanish with the sidebar's widgets; then the
        // engine settles the drawer closed, and the drawer slides back (``installDrawer()``).
        if content == .document { gtk_widget_grab_focus(canvas.area) }
        primaryCanvas.interactions.closeDrawer()
        return true
    }

    /// Whether a drawer can be pulled out now: a document shows, the sidebar is not beside the
    /// page, and the page view begins at the window's left edge (not the right half of a split;
    /// under a right-to-left interface it ends at the window's right edge).
    var drawerAvailable: Bool {
        guard content == .document, let frame = sidebarFrame else { return false }
        let inDrawer = drawer.map { gtk_widget_get_parent(frame.panel) == $0.panel } ?? false
        if !inDrawer, gtk_widget_get_visible(frame.panel) != 0 { return false }
        var x = 0.0, y = 0.0
        guard gtk_widget_translate_coordinates(primaryCanvas.overlay, page, 0, 0, &x, &y) != 0 else { return false }
        if primaryCanvas.interactions.settings.drawerSide == .right {
            return x + Double(gtk_widget_get_width(primaryCanvas.overlay)) > Double(gtk_widget_get_width(page)) - 1
        }
        return x < 1
    }

    /// Sizes the drawer for the page view (most of it, at most 320 pixels) and puts the
    /// sidebar's panel in it, its pages made first if they are not yet.
    func prepareDrawer() {
        guard let drawer, let frame = sidebarFrame else { return }
        let viewWidth = Double(gtk_widget_get_width(primaryCanvas.overlay))
        let width = max(160, min(320, viewWidth * 0.85))
        if drawer.width != width { drawer.setWidth(width) }
        primaryCanvas.interactions.settings.drawerWidth = width
        guard gtk_widget_get_parent(frame.panel) != drawer.panel else { return }
        buildSidebarPages()
        g_object_ref(raw(frame.panel))
        gtk_paned_set_start_child(cast(frame.paned), nil)
        gtk_widget_set_vexpand(frame.panel, 1)
        gtk_box_append(cast(drawer.panel), frame.panel)
        gtk_widget_set_visible(frame.panel, 1)
        g_object_unref(raw(frame.panel))
        // What the sidebar shows when F9 shows it: the outline read, the annotations listed.
        loadOutline()
        refreshAnnotationList()
        // Going to an outline entry from the drawer closes it, the page then in view.
        if !drawer.closesOnOutlineEntry, let list = sidebar?.list {
            drawer.closesOnOutlineEntry = true
            Signals.connect(raw(list), "row-activated", pointer: { [weak self] _ in
                guard let self, self.drawer?.isShown == true else { return }
                self.primaryCanvas.interactions.closeDrawer()
            })
        }
    }

    /// Puts the sidebar's panel back beside the page, hidden as it was, once the drawer is gone.
    func returnSidebarPanel() {
        guard let drawer, let frame = sidebarFrame, gtk_widget_get_parent(frame.panel) == drawer.panel else { return }
        g_object_ref(raw(frame.panel))
        gtk_box_remove(cast(drawer.panel), frame.panel)
        gtk_widget_set_visible(frame.panel, 0)
        gtk_paned_set_start_child(cast(frame.paned), frame.panel)
        g_object_unref(raw(frame.panel))
        application?.stateChanged()
    }

    /// Closes the drawer at once (the sidebar is asked for beside the page).
    func closeDrawerNow() {
        guard let drawer, drawer.isShown || primaryCanvas.interactions.drawerState.isShown else { return }
        primaryCanvas.interactions.closeDrawer()
        drawer.hideNow()
        returnSidebarPanel()
    }

    /// `drawer` of the state dump (documents only).
    var drawerSnapshot: DrawerSnapshot? {
        guard content == .document, let drawer else { return nil }
        return DrawerSnapshot(progress: drawer.shown, open: primaryCanvas.interactions.drawerState.isOpen,
                              available: drawerAvailable, width: primaryCanvas.interactions.settings.drawerWidth,
                              timesOpened: drawer.timesOpened)
    }
}
