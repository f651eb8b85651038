// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import Geometry
import InteractionEngine

/// The context menu the engine asks for (a secondary click): Delete, Copy and Properties for
/// the selected annotations, Paste and Copy for the page. Each item is a window action, so the
/// menu, the keyboard and the toolbar share one path.
extension DocumentWindow {
    func installContextMenuActions() {
        addAction("delete-selection") { [weak self] in
            guard let self, self.content == .document else { return }
            let ids = self.canvas.selectedAnnotations
            guard !ids.isEmpty else { return }
            self.canvas.deselectAnnotations()
            self.canvas.session.delete(ids)
        }
        // Draws the selected annotations into the page (a signature that must not be moved or
        // copied out): one undoable step.
        addAction("flatten-selection") { [weak self] in
            guard let self, self.content == .document else { return }
            let ids = self.canvas.selectedAnnotations
            guard !ids.isEmpty else { return }
            self.canvas.deselectAnnotations()
            if !self.canvas.session.flatten(ids) { gtk_widget_error_bell(self.window) }
        }
        addAction("annotation-properties") { [weak self] in
            guard let self, self.content == .document else { return }
            if let toggle = self.toolbarToggle, gtk_toggle_button_get_active(cast(toggle)) == 0 {
                gtk_toggle_button_set_active(cast(toggle), 1)
            }
            self.showProperties(of: self.canvas.session.selectedAnnotationValue)
            if let color = self.styleControls?.color { gtk_widget_grab_focus(color) }
        }
        addAction("context-menu") { [weak self] in
            // From the keyboard: about the selection, at its middle, or about the page.
            guard let self, self.content == .document else { return }
            let rects = self.canvas.selectedAnnotationRects
            if let first = rects.first {
                let box = rects.dropFirst().reduce(first) { $0.union($1) }
                self.showContextMenu(at: box.center, about: self.canvas.selectedAnnotation)
            } else {
                let size = self.canvas.viewport.size
                self.showContextMenu(at: Point(x: size.width / 2, y: size.height / 2), about: nil)
            }
        }
        for (name, kind) in [("mark-highlight", AnnotationKind.highlight), ("mark-underline", .underline), ("mark-strike-out", .strikeOut)] {
            addAction(name) { [weak self] in
                guard let self, self.content == .document else { return }
                if !self.canvas.markSelectedText(kind) { gtk_widget_error_bell(self.window) }
            }
        }
        canvas.onTextMenu = { [weak self] point in self?.showTextMenu(at: point) }
        canvas.onContextMenu = { [weak self] point, annotation in self?.showContextMenu(at: point, about: annotation) }
    }

    /// After a finger selected text: mark it or copy it, in a menu under the selection's end.
    func showTextMenu(at point: Point) {
        guard canvas.selectedText?.isEmpty == false else { return }
        popUpMenu([(label: tr("_Highlight"), action: "win.mark-highlight"), (label: tr("_Underline"), action: "win.mark-underline"),
                   (label: tr("_Strike Out"), action: "win.mark-strike-out"), (label: tr("_Link…"), action: "win.link-selection"),
                   (label: tr("_Copy"), action: "win.copy"),
                   (label: tr("Select _All"), action: "win.select-all")], at: point)
    }

    /// Pops the menu up under the pointer; it is dismissed like any popover (Escape, a click
    /// elsewhere) and then leaves the widget tree.
    func showContextMenu(at point: Point, about annotation: AnnotationID?) {
        var items: [(label: String, action: String)] = []
        if annotation != nil {
            items = [(tr("_Delete"), "win.delete-selection"), (tr("Cu_t"), "win.cut"), (tr("_Copy"), "win.copy"), (tr("_Flatten Into the Page"), "win.flatten-selection"),
                     (tr("_Properties"), "win.annotation-properties")]
        } else {
            // Over a link: change it or take it away (a click follows it).
            if let link = canvas.session.link(atView: point) { items += linkMenuItems(link) }
            if canvas.textSelection != nil { items += [(tr("_Copy"), "win.copy"), (tr("_Link…"), "win.link-selection")] }
            items += imageMenuItems
            items.append((tr("Select _All"), "win.select-all"))
            items.append((tr("_Paste"), "win.paste"))
        }
        popUpMenu(items, at: point)
    }

    /// Shows a menu of window actions at a view point of the canvas (with a touch-friendly
    /// layout: no arrow, starting at the point).
    func popUpMenu(_ items: [(label: String, action: String)], at point: Point, on parent: UnsafeMutablePointer<GtkWidget>? = nil) {
        let menu = g_menu_new()!
        defer { g_object_unref(raw(menu)) }
        for item in items { g_menu_append(menu, item.label, item.action) }
        contextMenu.map { gtk_widget_unparent($0) }
        contextMenuItems = items.map { $0.label.replacing("_", with: "") }
        guard let popover = gtk_popover_menu_new_from_model(cast(menu)) else { return }
        contextMenu = popover
        gtk_widget_set_parent(popover, parent ?? canvas.area)
        var rect = GdkRectangle(x: Int32(point.x.rounded()), y: Int32(point.y.rounded()), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &rect)
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        Signals.connect(raw(popover), "closed") { [weak self] in
            // Unparent once the popover has finished closing (its item's action runs first).
            MainLoop.post {
                guard let self, self.contextMenu == popover else { return }
                self.contextMenu = nil
                self.contextMenuItems = nil
                gtk_widget_unparent(popover)
                self.application?.stateChanged()
            }
        }
        gtk_popover_popup(cast(popover))
        application?.stateChanged()
    }
}
