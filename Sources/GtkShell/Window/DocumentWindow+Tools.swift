// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document
import DocumentSession
import InteractionEngine

/// The annotation toolbar: a toggle in the header bar reveals a row of labelled tools under it
/// (touch-sized); each tool is a state of the `win.tool` action, so the buttons, the one-letter
/// keys on the page and Escape agree on which tool is in use.
extension DocumentWindow {
    /// The tools offered, by the name of their `win.tool` state.
    static let toolChoices: [(name: String, tool: ToolID?, label: String, key: String)] = [
        ("select", nil, N_("Select"), "v"),
        ("lasso", .lasso, N_("Lasso"), "q"),
        ("pen", .ink, N_("Pen"), "p"),
        ("highlight", .highlighter, N_("Highlight"), "h"),
        ("underline", .underline, N_("Underline"), "u"),
        ("strike-out", .strikeOut, N_("Strike Out"), "s"),
        ("squiggly", .squiggly, N_("Squiggly"), "k"),
        ("rectangle", .square, N_("Rectangle"), "r"),
        ("ellipse", .circle, N_("Ellipse"), "o"),
        ("line", .line, N_("Line"), "l"),
        ("arrow", .arrow, N_("Arrow"), "a"),
        ("note", .note, N_("Note"), "n"),
        ("text", .freeText, N_("Text"), "t"),
        ("stamp", .stamp, N_("Stamp"), "m"),
        ("sign", .stamp, N_("Sign"), "g"),
        ("attach", .stamp, N_("Attach File"), "f"),
        ("link", .square, N_("Link"), "i"),
        ("eraser", .eraser, N_("Eraser"), "e"),
    ]

    static let stampNames = ["Approved", "Draft", "Confidential", "Final", "Experimental", "Expired", "NotApproved",
                             "NotForPublicRelease", "AsIs", "Sold", "Departmental", "ForComment", "TopSecret", "ForPublicRelease"]
    /// The text alignment choices, in `FreeTextStyle.Alignment` raw-value order (PDF's /Q).
    static let alignmentNames = [N_("Align Left"), N_("Centre"), N_("Align Right")]

    /// The icon of a tool's button: the app's own, or the theme's for attaching and linking.
    static func toolIcon(_ name: String) -> String {
        switch name {
        case "attach": return "mail-attachment-symbolic"
        case "link": return "insert-link-symbolic"
        default: return "annotator-tool-\(name)-symbolic"
        }
    }

    /// The name of the tool in use ("select", "pen" …), for the state dump.
    var toolName: String {
        if canvas.pickedTool == .stamp, canvas.composer.stampSignature != nil { return "sign" }
        if canvas.pickedTool == .stamp, canvas.composer.stampAttachment != nil { return "attach" }
        if canvas.pickedTool == .square, drawingLinks { return "link" }
        return Self.toolChoices.first { $0.tool == canvas.pickedTool }?.name ?? "select"
    }

    /// The stateful `win.tool` action: changing its state picks the tool on the canvas.
    func installToolAction() {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful("tool", type, g_variant_new_string("select"))!
        g_variant_type_free(type)
        Signals.connect(raw(action), "change-state", pointer: { [weak self] value in
            guard let self, let value else { return }
            let variant = OpaquePointer(value)
            let name = string(g_variant_get_string(variant, nil)) ?? "select"
            guard let choice = Self.toolChoices.first(where: { $0.name == name }) else { return }
            // The Link tool's key with text selected links that text (as a markup key marks it).
            if name == "link", self.canvas.textSelection != nil, self.canvas.selectedText?.isEmpty == false {
                self.showLinkDialog(for: .selection)
                return
            }
            // The Sign tool places a kept signature with the Stamp tool's click; with none kept,
            // the pad asks for one first.
            // The File Attachment tool attaches the file picked last; with none, the chooser first.
            if name == "attach" {
                guard self.canvas.composer.stampAttachment != nil else {
                    self.chooseFileToAttach()
                    return
                }
                self.canvas.composer.stampSignature = nil
                self.canvas.composer.stampPicture = nil
            } else if choice.tool == .stamp {
                self.canvas.composer.stampAttachment = nil
            }
            if name == "sign" {
                guard let signature = self.chosenSignature ?? SignatureStore.standard.all().first else {
                    self.showSignaturePad()
                    return
                }
                self.chosenSignature = signature
                self.canvas.composer.stampSignature = signature
                self.canvas.composer.stampPicture = signature.picture == nil ? nil : SignatureStore.standard.picture(of: signature)
            } else if choice.tool == .stamp, self.canvas.composer.stampSignature != nil {
                self.canvas.composer.stampSignature = nil
                self.canvas.composer.stampPicture = nil
            }
            g_simple_action_set_state(action, variant)
            // Another tool (Escape picks Select) gives up drawing a signature's box.
            if name != "rectangle", name != "link", self.canvas.onBoxDrawn != nil { self.canvas.onBoxDrawn = nil }
            // The Link tool draws boxes that ask where they lead; another tool stops that.
            if name == "link" {
                self.drawingLinks = true
                self.armLinkTool()
            } else if self.drawingLinks {
                self.drawingLinks = false
                self.canvas.onBoxDrawn = nil
            }
            // A tool picked with its key shows the toolbar, so the user sees what is in use.
            if choice.tool != nil, let toggle = self.toolbarToggle, gtk_toggle_button_get_active(cast(toggle)) == 0 {
                gtk_toggle_button_set_active(cast(toggle), 1)
            }
            self.canvas.pick(choice.tool)
            self.showStyle(of: choice.tool)
            // A tool acts on the page: the keyboard goes back there after a click on the toolbar.
            gtk_widget_grab_focus(self.canvas.area)
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
        canvas.onToolDropped = { [weak self] in self?.selectTool("select") }
    }

    /// `win.pen-draws`: whether a pen draws at once whatever tool is picked (a check item in
    /// the main menu); `win.finger-draws`: whether a finger draws with the Pen even after a pen
    /// was used (palm rejection off; the toolbar's "Draw with Finger" toggle shows it). Both are
    /// the user's input settings (InputSettingsStore): every window and the Preferences follow.
    func installPenAction() {
        let store = InputSettingsStore.shared
        addSwitchAction("pen-draws", initially: store.settings.touch.penDrawsAtOnce) {
            store.update { $0.touch.penDrawsAtOnce.toggle() }
            return store.settings.touch.penDrawsAtOnce
        }
        addSwitchAction("finger-draws", initially: store.settings.touch.fingers == .draw) {
            store.update { $0.touch.fingers = $0.touch.fingers == .draw ? .scroll : .draw }
            return store.settings.touch.fingers == .draw
        }
        // `win.eraser-mode` ("whole" or "partial"): how the Eraser tool erases (the toolbar's
        // switch beside the eraser's style), remembered with the input settings.
        let type = g_variant_type_new("s")
        let eraser = g_simple_action_new_stateful("eraser-mode", type, g_variant_new_string(store.settings.eraserMode.rawValue))!
        g_variant_type_free(type)
        Signals.connect(raw(eraser), "change-state", pointer: { [weak self] value in
            guard let value, let mode = string(g_variant_get_string(OpaquePointer(value), nil)).flatMap(EraserMode.init(rawValue:)) else { return }
            g_simple_action_set_state(eraser, OpaquePointer(value))
            if store.settings.eraserMode != mode { store.update { $0.eraserMode = mode } }
            self?.application?.stateChanged()
        })
        g_action_map_add_action(actionMap, eraser)
        g_object_unref(raw(eraser))
        // The Preferences or another window changed them: the check items follow.
        store.observe(self) { [weak self] settings in
            guard let self else { return }
            for (name, on) in [("pen-draws", settings.touch.penDrawsAtOnce), ("finger-draws", settings.touch.fingers == .draw)] {
                if let action = g_action_map_lookup_action(self.actionMap, name) {
                    g_simple_action_set_state(action, g_variant_new_boolean(on ? 1 : 0))
                }
            }
            if let action = g_action_map_lookup_action(self.actionMap, "eraser-mode") {
                g_simple_action_set_state(action, g_variant_new_string(settings.eraserMode.rawValue))
            }
            self.application?.stateChanged()
        }
    }

    /// The Eraser's two modes side by side, one of them pressed (`win.eraser-mode`).
    func buildEraserModeSwitch() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        ann_accessible_set_label(box, tr("Eraser mode"))
        let modes: [(EraserMode, String, String, String)] = [
            (.whole, tr("Whole Strokes"), tr("Erase whole strokes"), tr("Erase whole strokes and annotations")),
            (.partial, tr("Parts of Strokes"), tr("Erase parts of strokes"), tr("Erase only the parts of ink strokes the eraser crosses")),
        ]
        for (mode, label, accessible, tip) in modes {
            let button = gtk_toggle_button_new_with_label(label)!
            ann_accessible_set_label(button, accessible)
            gtk_widget_set_tooltip_text(button, tip)
            gtk_widget_set_name(button, "tool-eraser-\(mode.rawValue)")
            gtk_actionable_set_detailed_action_name(cast(button), "win.eraser-mode::\(mode.rawValue)")
            gtk_box_append(cast(box), button)
        }
        return box
    }

    /// A stateful boolean window action: activating it runs `toggle`, whose answer becomes the
    /// action's state (check items and toggle buttons follow it).
    private func addSwitchAction(_ name: String, initially on: Bool, toggle: @escaping @MainActor () -> Bool) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(on ? 1 : 0))!
        Signals.connect(raw(action), "activate", pointer: { [weak self] _ in
            let now = toggle()
            g_simple_action_set_state(action, g_variant_new_boolean(now ? 1 : 0))
            // A setting's state is in the dump whether or not anything on screen changes.
            self?.application?.stateChanged()
        })
        g_action_map_add_action(actionMap, action)
        g_object_unref(raw(action))
    }

    func selectTool(_ name: String) {
        g_action_group_change_action_state(actionMap, "tool", g_variant_new_string(name))
    }

    /// The toolbar's revealer, empty until it is first shown, and the one-letter keys on the
    /// canvas. The tool buttons and the style row (a colour button, spin buttons, drop-downs:
    /// 6–11 ms of start-up) are made when the toolbar first shows or an action needs them
    /// (``buildToolbarContents()``).
    func buildToolbar() -> UnsafeMutablePointer<GtkWidget> {
        let revealer = gtk_revealer_new()!
        gtk_revealer_set_transition_type(cast(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        Signals.connect(raw(revealer), "notify::reveal-child", pointer: { [weak self] _ in
            guard let self, gtk_revealer_get_reveal_child(cast(revealer)) != 0 else { return }
            self.buildToolbarContents()
        })

        // One-letter keys while the page has the keyboard (not while typing a page number).
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        for choice in Self.toolChoices {
            let trigger = gtk_keyval_trigger_new(gdk_keyval_from_name(choice.key), GdkModifierType(rawValue: 0))
            let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new("win.tool"))!
            gtk_shortcut_set_arguments(shortcut, g_variant_new_string(choice.name))
            gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        }
        gtk_widget_add_controller(canvas.area, shortcuts)
        return revealer
    }

    /// Makes the toolbar's tool buttons and style row, once, showing the tool in use (or the
    /// selected annotation's properties).
    func buildToolbarContents() {
        guard let revealer = toolbarRevealer, gtk_revealer_get_child(cast(revealer)) == nil else { return }
        // The tools wrap onto another row in a window too narrow for all of them, so that every
        // one stays in reach (ToolbarReach).
        let bar = gtk_flow_box_new()!
        gtk_flow_box_set_selection_mode(cast(bar), GTK_SELECTION_NONE)
        gtk_flow_box_set_max_children_per_line(cast(bar), 64)
        // At least 11 a row: GTK sizes the window's least height at its least width, where a
        // flow box free to stack one tool a row would stand 21 rows tall and stretch the window.
        gtk_flow_box_set_min_children_per_line(cast(bar), 11)
        gtk_flow_box_set_homogeneous(cast(bar), 1)
        gtk_widget_add_css_class(bar, "annotator-toolbar")
        gtk_widget_add_css_class(bar, "toolbar")
        gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
        ann_accessible_set_label(bar, tr("Annotation tools"))
        var names: [UnsafeMutablePointer<GtkWidget>] = []
        for choice in Self.toolChoices {
            // Each tool's symbolic icon (recoloured with the theme) above its name.
            let tool = ToolbarToggle(icon: Self.toolIcon(choice.name), label: tr(choice.label), action: "win.tool::\(choice.name)",
                                     tooltip: tr(choice.label), key: choice.key.uppercased(), widgetName: "tool-\(choice.name)")
            names.append(tool.name)
            addToolbarButton(tool.button, to: bar)
        }
        let ruler = makeRulerButton()
        names.append(ruler.name)
        addToolbarButton(ruler.button, to: bar)
        let zoomStrip = makeZoomStripButton()
        names.append(zoomStrip.name)
        addToolbarButton(zoomStrip.button, to: bar)
        // Names under the icons where the window has room for them; icons alone (their names
        // in the tooltips) where it has not.
        var labelled: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(bar, GTK_ORIENTATION_HORIZONTAL, -1, &labelled, &natural, nil, nil)
        let fit: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            let room = gtk_widget_get_width(self.window)
            let compact = room > 0 && room < natural + 24
            if compact { gtk_widget_add_css_class(bar, "compact") } else { gtk_widget_remove_css_class(bar, "compact") }
            for name in names { gtk_widget_set_visible(name, compact ? 0 : 1) }
        }
        // A notify handler takes the property's GParamSpec before its data (the handler without
        // an argument crashed the app on the first resize after the toolbar showed).
        Signals.connect(raw(window), "notify::default-width", whileAlive: raw(bar)!, pointer: { _ in fit() })
        MainLoop.post { fit() }
        // The style (or the selected annotation's properties) sits on a row of its own below
        // the tools.
        let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(rows), bar)
        // The row keeps its height whether it shows controls or a hint, so the page never jumps.
        let style = buildStyleControls()
        let hint = gtk_label_new(tr("Pick a tool, or select an annotation to change its look."))!
        gtk_widget_add_css_class(hint, "dim-label")
        let stack = gtk_stack_new()!
        gtk_stack_add_named(cast(stack), style, "controls")
        gtk_stack_add_named(cast(stack), hint, "hint")
        let signHint = gtk_label_new(tr("Click where your signature goes. New Handwritten Signature… in the main menu makes another."))!
        gtk_widget_add_css_class(signHint, "dim-label")
        gtk_stack_add_named(cast(stack), signHint, "sign")
        let boxHint = gtk_label_new(tr("Drag a box where the digital signature goes. Escape gives up."))!
        gtk_widget_add_css_class(boxHint, "dim-label")
        gtk_stack_add_named(cast(stack), boxHint, "signature-box")
        gtk_stack_add_named(cast(stack), buildEraserModeSwitch(), "eraser")
        gtk_stack_set_visible_child_name(cast(stack), "hint")
        // As wide as what it shows (not its widest page), its hints wrapping in a narrow window,
        // so that the row never holds the window wider than the tools need (ToolbarReach).
        gtk_stack_set_hhomogeneous(cast(stack), 0)
        for label in [hint, signHint, boxHint] {
            gtk_label_set_wrap(cast(label), 1)
            // One line wherever it fits (a wrapping label otherwise asks for a narrow block).
            gtk_label_set_max_width_chars(cast(label), 120)
            gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        }
        gtk_widget_set_halign(stack, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(stack, "annotator-toolbar")
        gtk_box_append(cast(rows), stack)
        styleStack = stack
        gtk_revealer_set_child(cast(revealer), rows)
        ann_accessible_name_buttons(rows)
        showStyle(of: canvas.pickedTool)
    }

    /// Colour, line width and opacity of the tool in use (hidden for Select; the eraser shows its
    /// mode instead).
    func buildStyleControls() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let color = gtk_color_button_new()!
        gtk_widget_set_tooltip_text(color, tr("Colour"))
        ann_accessible_set_label(color, tr("Tool colour"))
        gtk_widget_set_name(color, "tool-color")
        let width = gtk_spin_button_new_with_range(0.5, 24, 0.5)!
        gtk_widget_set_tooltip_text(width, tr("Line Width (points)"))
        ann_accessible_set_label(width, tr("Line width in points"))
        gtk_widget_set_name(width, "tool-width")
        let opacity = gtk_spin_button_new_with_range(10, 100, 10)!
        gtk_widget_set_tooltip_text(opacity, tr("Opacity (%)"))
        ann_accessible_set_label(opacity, tr("Opacity in percent"))
        gtk_widget_set_name(opacity, "tool-opacity")
        // The standard stamp names (PDF 32000-1 table 181), for the Stamp tool.
        let names = Self.stampNames.map { strdup(AppearanceBuilder.stampLabel($0).capitalized) } + [nil]
        let stamps = names.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0) }
        }!
        names.forEach { free($0) }
        gtk_widget_set_tooltip_text(stamps, tr("Stamp"))
        ann_accessible_set_label(stamps, tr("Stamp name"))
        gtk_widget_set_name(stamps, "tool-stamp-name")
        // A picture from a PNG or JPEG file instead of a name.
        let picture = gtk_button_new_with_mnemonic(tr("_Picture…"))!
        gtk_widget_set_tooltip_text(picture, tr("Stamp a Picture (PNG or JPEG)"))
        gtk_widget_set_name(picture, "tool-stamp-picture")
        gtk_actionable_set_action_name(cast(picture), "win.stamp-picture")
        stampPictureButton = picture
        Signals.connect(raw(stamps), "notify::selected", pointer: { [weak self] _ in
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(stamps)))
            guard let self, Self.stampNames.indices.contains(index) else { return }
            self.canvas.composer.stampName = Self.stampNames[index]
            self.canvas.composer.stampPicture = nil
            gtk_button_set_label(cast(picture), "_Picture…")
        })
        let stampRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(stampRow), stamps)
        gtk_box_append(cast(stampRow), picture)
        // Palm rejection: once a pen is used, fingers scroll; this lets them draw again.
        let finger = gtk_toggle_button_new_with_label(tr("Draw with Finger"))!
        gtk_widget_set_tooltip_text(finger, tr("Draw with a finger even after using a pen"))
        gtk_widget_set_name(finger, "tool-finger-draws")
        gtk_actionable_set_action_name(cast(finger), "win.finger-draws")
        let fontSize = gtk_spin_button_new_with_range(6, 72, 1)!
        gtk_widget_set_tooltip_text(fontSize, tr("Font Size (points)"))
        ann_accessible_set_label(fontSize, tr("Font size in points"))
        gtk_widget_set_name(fontSize, "tool-font-size")
        Signals.connect(raw(fontSize), "value-changed") { [weak self] in
            guard let self, !self.updatingStyleControls else { return }
            let value = gtk_spin_button_get_value(cast(fontSize))
            self.textStyleChanged(name: "Change Font Size", newBoxes: { $0.textFontSize = value }, selected: { $0.fontSize = value })
        }
        // How a text box's lines sit in it (its /Q).
        let alignmentNames = Self.alignmentNames.map { strdup(tr($0)) } + [nil]
        let alignment = alignmentNames.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { gtk_drop_down_new_from_strings($0) }
        }!
        alignmentNames.forEach { free($0) }
        gtk_widget_set_tooltip_text(alignment, tr("Text Alignment"))
        ann_accessible_set_label(alignment, tr("Text alignment"))
        gtk_widget_set_name(alignment, "tool-text-alignment")
        Signals.connect(raw(alignment), "notify::selected", pointer: { [weak self] _ in
            guard let self, !self.updatingStyleControls,
                  let value = FreeTextStyle.Alignment(rawValue: Int(gtk_drop_down_get_selected(OpaquePointer(alignment)))) else { return }
            self.textStyleChanged(name: "Change Alignment", newBoxes: { $0.textAlignment = value }, selected: { $0.alignment = value })
        })
        // A rectangle's or an ellipse's fill: on or off, and its colour.
        let fillCheck = gtk_check_button_new_with_mnemonic(tr("_Fill"))!
        gtk_widget_set_tooltip_text(fillCheck, tr("Fill the Shape"))
        gtk_widget_set_name(fillCheck, "tool-fill")
        let fillColor = gtk_color_button_new()!
        gtk_widget_set_tooltip_text(fillColor, tr("Fill Colour"))
        ann_accessible_set_label(fillColor, tr("Fill colour"))
        gtk_widget_set_name(fillColor, "tool-fill-color")
        var paleYellow = GdkRGBA(red: 1, green: 0.95, blue: 0.6, alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(fillColor), &paleYellow)
        let fill = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_box_append(cast(fill), fillCheck)
        gtk_box_append(cast(fill), fillColor)
        let fillChanged: @MainActor () -> Void = { [weak self] in
            guard let self, !self.updatingStyleControls else { return }
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(OpaquePointer(fillColor), &rgba)
            let picked = gtk_check_button_get_active(cast(fillCheck)) != 0
                ? RGBColor(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue)) : nil
            self.styleChanged(name: "Change Fill", tool: { $0.fill = picked }, annotation: { a in
                if a.subtype == .square || a.subtype == .circle { a.interiorColor = picked }
            })
        }
        Signals.connect(raw(fillCheck), "toggled") { fillChanged() }
        Signals.connect(raw(fillColor), "color-set") {
            // Picking a colour means filling with it.
            if gtk_check_button_get_active(cast(fillCheck)) == 0 { gtk_check_button_set_active(cast(fillCheck), 1) } else { fillChanged() }
        }
        for w in [color, width, opacity, fill, fontSize, alignment, stampRow, finger] { gtk_box_append(cast(box), w) }
        // Shown only for the tools they belong to (`showStyle`); hidden meanwhile so that they
        // do not add up to a window too wide to shrink.
        for w in [fill, fontSize, alignment, stampRow, finger] { gtk_widget_set_visible(w, 0) }
        Signals.connect(raw(color), "color-set") { [weak self] in
            guard let self else { return }
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(OpaquePointer(color), &rgba)
            let picked = RGBColor(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue))
            self.styleChanged(name: "Change Colour", tool: { $0.color = picked }, annotation: { a in
                a.color = picked
                // A text box's colour is its text's.
                if var text = a.freeText {
                    text.textColor = picked
                    a.freeText = text
                }
            })
        }
        Signals.connect(raw(width), "value-changed") { [weak self] in
            guard let self else { return }
            let value = gtk_spin_button_get_value(cast(width))
            self.styleChanged(name: "Change Width", tool: { $0.width = value }, annotation: { $0.borderWidth = value })
        }
        Signals.connect(raw(opacity), "value-changed") { [weak self] in
            guard let self else { return }
            let value = gtk_spin_button_get_value(cast(opacity)) / 100
            self.styleChanged(name: "Change Opacity", tool: { $0.opacity = value }, annotation: { $0.opacity = value })
        }
        styleControls = StyleControls(box: box, color: color, width: width, opacity: opacity, stamps: stampRow, finger: finger,
                                      fontSize: fontSize, alignment: alignment, fill: fill, fillCheck: fillCheck, fillColor: fillColor)
        return box
    }

    /// Whether the style row shows and changes the selected annotations (with Select or the
    /// Lasso) rather than a creation tool's style.
    var styleRowEditsSelection: Bool { canvas.pickedTool == nil || canvas.pickedTool == .lasso }

    /// A control changed: the picked tool's style changes, or, with Select or the Lasso, the
    /// selected annotations' property (one undoable edit each time, however many are selected).
    func styleChanged(name: String, tool change: (inout AnnotationStyle) -> Void, annotation: (inout Annotation) -> Void) {
        guard !updatingStyleControls else { return }
        if let tool = canvas.pickedTool, !styleRowEditsSelection {
            canvas.toolStyles[tool] = style(of: tool, change)
        } else {
            canvas.session.changeSelectedAnnotations(named: name, annotation)
        }
    }

    /// A text control changed: with the Text tool it sets how new boxes look, with Select it
    /// changes the selected box's text style (one undoable edit).
    func textStyleChanged(name: String, newBoxes: (inout EditComposer) -> Void, selected change: (inout FreeTextStyle) -> Void) {
        if canvas.pickedTool == .freeText {
            newBoxes(&canvas.composer)
        } else {
            canvas.session.changeSelectedAnnotations(named: name) { a in
                var style = a.freeText ?? FreeTextStyle()
                change(&style)
                a.freeText = style
            }
        }
    }

    /// With Select, the controls show (and change) the selected annotation's colour, width and
    /// opacity: its properties.
    func showProperties(of annotation: Annotation?) {
        guard styleRowEditsSelection, let controls = styleControls else { return }
        guard let a = annotation, a.info.isLocked == false, AppearanceBuilder.canDraw(a) else {
            showStyleRow(false)
            return
        }
        updatingStyleControls = true
        defer { updatingStyleControls = false }
        let c = a.color ?? .black
        var rgba = GdkRGBA(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(controls.color), &rgba)
        gtk_spin_button_set_value(cast(controls.width), a.borderWidth ?? 1)
        gtk_spin_button_set_value(cast(controls.opacity), (a.opacity * 100).rounded())
        let lined: Set<AnnotationSubtype> = [.ink, .square, .circle, .line, .polygon, .polyLine]
        gtk_widget_set_visible(controls.width, lined.contains(a.subtype) ? 1 : 0)
        gtk_widget_set_visible(controls.stamps, 0)
        gtk_widget_set_visible(controls.finger, 0)
        gtk_widget_set_visible(controls.fontSize, a.subtype == .freeText ? 1 : 0)
        if let size = a.freeText?.fontSize { gtk_spin_button_set_value(cast(controls.fontSize), size) }
        gtk_widget_set_visible(controls.alignment, a.subtype == .freeText ? 1 : 0)
        gtk_drop_down_set_selected(OpaquePointer(controls.alignment), UInt32((a.freeText?.alignment ?? .left).rawValue))
        let fillable = a.subtype == .square || a.subtype == .circle
        gtk_widget_set_visible(controls.fill, fillable ? 1 : 0)
        if fillable { showFill(a.interiorColor, in: controls) }
        showStyleRow(true)
    }

    /// Shows the style controls, or the hint in their place.
    func showStyleRow(_ controls: Bool) {
        guard let styleStack else { return }
        gtk_stack_set_visible_child_name(cast(styleStack), controls ? "controls" : "hint")
    }

    func style(of tool: ToolID, _ change: (inout AnnotationStyle) -> Void) -> AnnotationStyle {
        var style = canvas.style(for: tool)
        change(&style)
        return style
    }

    /// Shows the picked tool's style in the controls (or hides them when it has none).
    func showStyle(of tool: ToolID?) {
        guard let controls = styleControls else { return }
        updatingStyleControls = true
        defer { updatingStyleControls = false }
        if tool == .eraser {
            if let styleStack { gtk_stack_set_visible_child_name(cast(styleStack), "eraser") }
            return
        }
        guard let tool, tool != .lasso else {
            showStyleRow(false)
            if tool == nil || tool == .lasso { showProperties(of: canvas.session.selectedAnnotationValue) }
            return
        }
        // The Link tool draws an invisible box: no style to pick.
        if tool == .square, drawingLinks {
            showStyleRow(false)
            return
        }
        // Drawing a digital signature's box: no style either.
        if tool == .square, canvas.onBoxDrawn != nil, let styleStack {
            gtk_stack_set_visible_child_name(cast(styleStack), "signature-box")
            return
        }
        // The Sign tool places the kept signature as it was drawn: no style to pick.
        if tool == .stamp, canvas.composer.stampSignature != nil, let styleStack {
            gtk_stack_set_visible_child_name(cast(styleStack), "sign")
            return
        }
        // The File Attachment tool places a paperclip: nothing to pick.
        if tool == .stamp, canvas.composer.stampAttachment != nil {
            showStyleRow(false)
            return
        }
        let style = canvas.style(for: tool)
        var rgba = GdkRGBA(red: Float(style.color.red), green: Float(style.color.green), blue: Float(style.color.blue), alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(controls.color), &rgba)
        gtk_spin_button_set_value(cast(controls.width), style.width)
        gtk_spin_button_set_value(cast(controls.opacity), (style.opacity * 100).rounded())
        // A note has a colour but no line.
        gtk_widget_set_visible(controls.width, [ToolID.note, .highlighter, .underline, .strikeOut, .squiggly, .freeText, .stamp].contains(tool) ? 0 : 1)
        gtk_widget_set_visible(controls.stamps, tool == .stamp && canvas.composer.stampAttachment == nil ? 1 : 0)
        gtk_widget_set_visible(controls.finger, tool == .ink || tool == .highlighter ? 1 : 0)
        gtk_widget_set_visible(controls.fontSize, tool == .freeText ? 1 : 0)
        if tool == .freeText { gtk_spin_button_set_value(cast(controls.fontSize), canvas.composer.textFontSize) }
        gtk_widget_set_visible(controls.alignment, tool == .freeText ? 1 : 0)
        if tool == .freeText { gtk_drop_down_set_selected(OpaquePointer(controls.alignment), UInt32(canvas.composer.textAlignment.rawValue)) }
        let fillable = tool == .square || tool == .circle
        gtk_widget_set_visible(controls.fill, fillable ? 1 : 0)
        if fillable { showFill(style.fill, in: controls) }
        showStyleRow(true)
    }

    /// The fill controls for a fill (`nil`: hollow; the colour button keeps its last colour).
    private func showFill(_ fill: RGBColor?, in controls: StyleControls) {
        gtk_check_button_set_active(cast(controls.fillCheck), fill == nil ? 0 : 1)
        if let fill {
            var rgba = GdkRGBA(red: Float(fill.red), green: Float(fill.green), blue: Float(fill.blue), alpha: 1)
            gtk_color_chooser_set_rgba(OpaquePointer(controls.fillColor), &rgba)
        }
    }

    /// The header bar toggle that shows the toolbar.
    func buildToolbarToggle(revealer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(toggle), "document-edit-symbolic")
        gtk_widget_set_tooltip_text(toggle, tr("Annotation Tools (F7)"))
        ann_accessible_set_label(toggle, tr("Show annotation tools"))
        gtk_widget_set_name(toggle, "toolbar-toggle")
        g_object_bind_property(raw(toggle), "active", raw(revealer), "reveal-child", G_BINDING_SYNC_CREATE)
        toolbarToggle = toggle
        return toggle
    }
}

/// The widgets of the toolbar's style row, kept to show a tool's or an annotation's style in
/// them (the window owns them through the widget tree).
struct StyleControls {
    let box: UnsafeMutablePointer<GtkWidget>
    let color: UnsafeMutablePointer<GtkWidget>
    let width: UnsafeMutablePointer<GtkWidget>
    let opacity: UnsafeMutablePointer<GtkWidget>
    /// The stamp names and the Picture… button.
    let stamps: UnsafeMutablePointer<GtkWidget>
    let finger: UnsafeMutablePointer<GtkWidget>
    let fontSize: UnsafeMutablePointer<GtkWidget>
    let alignment: UnsafeMutablePointer<GtkWidget>
    /// The fill check box and colour, together.
    let fill: UnsafeMutablePointer<GtkWidget>
    let fillCheck: UnsafeMutablePointer<GtkWidget>
    let fillColor: UnsafeMutablePointer<GtkWidget>
}
