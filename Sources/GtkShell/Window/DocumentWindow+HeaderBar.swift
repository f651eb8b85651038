// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform
import CShim

/// The header bar: Open, page number entry, zoom out / zoom menu / zoom in.
extension DocumentWindow {
    func buildHeaderBar() {
        let header = gtk_header_bar_new()!

        let titleBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_valign(titleBox, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(titleLabel, "title")
        gtk_label_set_ellipsize(cast(titleLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_widget_add_css_class(subtitleLabel, "subtitle")
        gtk_label_set_ellipsize(cast(subtitleLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_box_append(cast(titleBox), titleLabel)
        gtk_box_append(cast(titleBox), subtitleLabel)
        gtk_header_bar_set_title_widget(cast(header), titleBox)

        let open = gtk_button_new_from_icon_name("document-open-symbolic")!
        gtk_actionable_set_action_name(cast(open), "win.open")
        gtk_widget_set_tooltip_text(open, tr("Open a Document (Ctrl+O)"))
        ann_accessible_set_label(open, tr("Open a document"))
        gtk_header_bar_pack_start(cast(header), open)
        let sidebarButton = gtk_button_new_from_icon_name("sidebar-show-symbolic")!
        gtk_actionable_set_action_name(cast(sidebarButton), "win.toggle-sidebar")
        gtk_widget_set_tooltip_text(sidebarButton, tr("Outline (F9)"))
        ann_accessible_set_label(sidebarButton, tr("Show the outline"))
        gtk_header_bar_pack_start(cast(header), sidebarButton)

        let pageBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_editable_set_width_chars(cast(pageEntry), 3)
        gtk_editable_set_max_width_chars(cast(pageEntry), 6)
        gtk_entry_set_input_purpose(cast(pageEntry), GTK_INPUT_PURPOSE_DIGITS)
        gtk_editable_set_alignment(cast(pageEntry), 1)
        gtk_widget_set_tooltip_text(pageEntry, tr("Go to Page (Ctrl+L)"))
        ann_accessible_set_label(pageEntry, tr("Page number"))
        gtk_widget_set_name(pageEntry, "page-entry")
        gtk_widget_add_css_class(pageCountLabel, "dim-label")
        gtk_widget_add_css_class(pageCountLabel, "numeric")
        gtk_box_append(cast(pageBox), pageEntry)
        gtk_box_append(cast(pageBox), pageCountLabel)
        gtk_header_bar_pack_start(cast(header), pageBox)
        Signals.connect(raw(pageEntry), "activate") { [weak self] in self?.pageEntered() }

        let zoomIn = gtk_button_new_from_icon_name("zoom-in-symbolic")!
        gtk_actionable_set_action_name(cast(zoomIn), "win.zoom-in")
        gtk_widget_set_tooltip_text(zoomIn, tr("Zoom In (Ctrl++)"))
        ann_accessible_set_label(zoomIn, tr("Zoom in"))
        let zoomOut = gtk_button_new_from_icon_name("zoom-out-symbolic")!
        gtk_actionable_set_action_name(cast(zoomOut), "win.zoom-out")
        gtk_widget_set_tooltip_text(zoomOut, tr("Zoom Out (Ctrl+−)"))
        ann_accessible_set_label(zoomOut, tr("Zoom out"))

        // The View menu's popover is made the first time it opens: the first frame shows only
        // its button.
        WidgetCallbacks.setCreatePopupFunction(of: zoomButton) { button in
            guard gtk_menu_button_get_popover(cast(button)) == nil else { return }
            let menu = DocumentWindow.makeViewMenu()
            gtk_menu_button_set_menu_model(cast(button), cast(menu))
            g_object_unref(raw(menu))
        }
        gtk_widget_set_tooltip_text(zoomButton, tr("View Options"))
        ann_accessible_set_label(zoomButton, tr("Zoom level"))
        gtk_widget_add_css_class(zoomButton, "numeric")
        // Wide enough for "1600%": a new zoom changes the text, never the header bar's layout.
        let zoomChild = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_label_set_width_chars(cast(zoomText), 5)
        gtk_box_append(cast(zoomChild), zoomText)
        gtk_box_append(cast(zoomChild), gtk_image_new_from_icon_name("pan-down-symbolic"))
        gtk_menu_button_set_child(cast(zoomButton), zoomChild)

        let zoomBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(zoomBox, "linked")
        gtk_box_append(cast(zoomBox), zoomOut)
        gtk_box_append(cast(zoomBox), zoomButton)
        gtk_box_append(cast(zoomBox), zoomIn)
        gtk_header_bar_pack_end(cast(header), zoomBox)

        let undo = gtk_button_new_from_icon_name("edit-undo-symbolic")!
        gtk_actionable_set_action_name(cast(undo), "win.undo")
        gtk_widget_set_tooltip_text(undo, tr("Undo (Ctrl+Z)"))
        ann_accessible_set_label(undo, tr("Undo"))
        let redo = gtk_button_new_from_icon_name("edit-redo-symbolic")!
        gtk_actionable_set_action_name(cast(redo), "win.redo")
        gtk_widget_set_tooltip_text(redo, tr("Redo (Ctrl+Shift+Z)"))
        ann_accessible_set_label(redo, tr("Redo"))
        let undoBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(undoBox, "linked")
        gtk_box_append(cast(undoBox), undo)
        gtk_box_append(cast(undoBox), redo)
        gtk_header_bar_pack_start(cast(header), undoBox)

        // The main menu: what Undo and Redo would do, and saving.
        let editSection = g_menu_new()!
        g_menu_append(editSection, tr("_Undo"), "win.undo")
        g_menu_append(editSection, tr("_Redo"), "win.redo")
        let fileSection = g_menu_new()!
        g_menu_append(fileSection, tr("_Save"), "win.save")
        g_menu_append(fileSection, tr("Save _As…"), "win.save-as")
        g_menu_append(fileSection, tr("_Print…"), "win.print")
        g_menu_append(fileSection, tr("Move Tab to New _Window"), "win.move-tab-to-new-window")
        // Review with others: the comments out and in, and the shared folder.
        let reviewSection = g_menu_new()!
        g_menu_append(reviewSection, tr("Export _Summary…"), "win.export-summary::")
        g_menu_append(reviewSection, tr("E_xport Annotations…"), "win.export-annotations::")
        g_menu_append(reviewSection, tr("_Import Annotations…"), "win.import-annotations::")
        g_menu_append(reviewSection, tr("Share for _Review…"), "win.share-for-review::")
        let signSection = g_menu_new()!
        g_menu_append(signSection, tr("New _Handwritten Signature…"), "win.new-signature")
        g_menu_append(signSection, tr("Sign _Digitally…"), "win.sign-digitally::")
        // Text recognition: in the document's language, or in another installed one (listed once known).
        let recognizeMenu = g_menu_new()!
        g_menu_append(recognizeMenu, tr("Recognize _Text"), "win.recognize-text::")
        let languagesMenu = g_menu_new()!
        g_menu_append_submenu(recognizeMenu, tr("Recognize Text _In"), cast(languagesMenu))
        recognition.languagesMenu = GObjectHandle(adopting: languagesMenu)
        g_menu_append(recognizeMenu, tr("Make _Searchable"), "win.make-searchable")
        // Pages: for the selection in the Pages grid, else the page in view.
        let pagesMenu = g_menu_new()!
        let pageItems = Self.pageOperationItems(many: false)
        for item in pageItems.arrange.prefix(2) + pageItems.files + [pageItems.delete] { g_menu_append(pagesMenu, item.label, item.action) }
        g_menu_append_submenu(fileSection, tr("Pa_ges"), cast(pagesMenu))
        g_object_unref(raw(pagesMenu))
        let penSection = g_menu_new()!
        g_menu_append(penSection, tr("_Pen Draws at Once"), "win.pen-draws")
        g_menu_append(penSection, tr("Pr_eferences"), "win.preferences")
        g_menu_append(penSection, tr("Document _Properties"), "win.properties")
        g_menu_append(penSection, tr("_Keyboard Shortcuts"), "win.show-shortcuts")
        let mainMenu = g_menu_new()!
        g_menu_append_section(mainMenu, nil, cast(editSection))
        g_menu_append_section(mainMenu, nil, cast(fileSection))
        for section in [reviewSection, signSection, recognizeMenu] {
            g_menu_append_section(mainMenu, nil, cast(section))
            g_object_unref(raw(section))
        }
        g_menu_append_section(mainMenu, nil, cast(penSection))
        g_object_unref(raw(penSection))
        editMenu = GObjectHandle(adopting: editSection)
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(menuButton), "open-menu-symbolic")
        // The popover (a page of menu widgets: about 5 % of the window's making) is made the
        // first time the menu opens.
        let menuModel = GObjectHandle(retaining: mainMenu)
        WidgetCallbacks.setCreatePopupFunction(of: menuButton) { [weak self] button in
            guard gtk_menu_button_get_popover(cast(button)) == nil else { return }
            gtk_menu_button_set_menu_model(cast(button), cast(menuModel.pointer))
            // Its opening and closing reach the state dump.
            if let popover = gtk_menu_button_get_popover(cast(button)) {
                Signals.connect(raw(popover), "notify::visible", pointer: { [weak self] _ in self?.application?.stateChanged() })
            }
        }
        mainMenuButton = menuButton
        // F10 opens it, as in every GNOME application.
        gtk_menu_button_set_primary(cast(menuButton), 1)
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu (F10)"))
        ann_accessible_set_label(menuButton, tr("Main menu"))
        g_object_unref(raw(mainMenu))
        g_object_unref(raw(fileSection))
        gtk_header_bar_pack_end(cast(header), menuButton)
        let annotate = toolbarRevealer.map { buildToolbarToggle(revealer: $0) }
        if let annotate { gtk_header_bar_pack_end(cast(header), annotate) }

        navigationWidgets = [pageBox, zoomBox, undoBox, menuButton] + (annotate.map { [$0] } ?? [])
        // The window shows it while this is its current tab (TabWindow); kept while the tab lives.
        g_object_ref_sink(raw(header))
        headerBar = header
    }

    /// The View menu: zoom, then how pages are laid out and coloured.
    static func makeViewMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let zoomSection = g_menu_new()!
        g_menu_append(zoomSection, tr("Fit _Width"), "win.fit-width")
        g_menu_append(zoomSection, tr("Fit _Page"), "win.fit-page")
        g_menu_append(zoomSection, tr("_Actual Size"), "win.zoom-reset")
        let layoutSection = g_menu_new()!
        g_menu_append(layoutSection, tr("_Single Pages"), "win.spread-mode::single")
        g_menu_append(layoutSection, tr("_Two Pages"), "win.spread-mode::double")
        g_menu_append(layoutSection, tr("Two Pages, _Cover Alone"), "win.spread-mode::book")
        g_menu_append(layoutSection, tr("_One Spread at a Time"), "win.one-spread")
        g_menu_append(layoutSection, tr("Turn Pages with a _Curl"), "win.page-curl")
        g_menu_append(layoutSection, tr("_Zoom Each Spread on Its Own"), "win.zoom-each-spread")
        g_menu_append(layoutSection, tr("Scroll _Sideways"), "win.scroll-sideways")
        g_menu_append(layoutSection, tr("_Right to Left"), "win.right-to-left")
        let colourSection = g_menu_new()!
        g_menu_append(colourSection, tr("_Normal Pages"), "win.page-colours::normal")
        g_menu_append(colourSection, tr("_Night Pages"), "win.page-colours::night")
        g_menu_append(colourSection, tr("Se_pia Pages"), "win.page-colours::sepia")
        let edgeMenu = g_menu_new()!
        g_menu_append(edgeMenu, tr("_Off"), "win.edge-taps::off")
        g_menu_append(edgeMenu, tr("_Narrow"), "win.edge-taps::narrow")
        g_menu_append(edgeMenu, tr("_Wide"), "win.edge-taps::wide")
        g_menu_append_submenu(colourSection, tr("_Edge Taps Turn Pages"), cast(edgeMenu))
        g_object_unref(raw(edgeMenu))
        let modeSection = g_menu_new()!
        g_menu_append(modeSection, tr("_Reading Mode"), "win.reading-mode")
        g_menu_append(modeSection, tr("_Fullscreen"), "win.fullscreen")
        let splitMenu = g_menu_new()!
        g_menu_append(splitMenu, tr("_One View"), "win.split-view::none")
        g_menu_append(splitMenu, tr("_Side by Side"), "win.split-view::horizontal")
        g_menu_append(splitMenu, tr("One _Above the Other"), "win.split-view::vertical")
        g_menu_append_submenu(modeSection, tr("Sp_lit"), cast(splitMenu))
        g_object_unref(raw(splitMenu))
        for section in [zoomSection, layoutSection, colourSection, modeSection] {
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(raw(section))
        }
        return menu
    }

    func pageEntered() {
        let text = String((string(gtk_editable_get_text(cast(pageEntry))) ?? "").trimmingWhitespace())
        if let number = Int(text), number >= 1, number <= canvas.pageCount {
            canvas.goTo(page: .init(number - 1))
            gtk_widget_grab_focus(canvas.area)
        } else {
            gtk_widget_error_bell(pageEntry)
            viewChanged()
            if let page = canvas.currentPage { gtk_editable_set_text(cast(pageEntry), "\(page.displayNumber)") }
        }
    }
}
