// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import Document

/// The search bar (Ctrl+F): a search entry, the match count ("3 of 41"), previous and next,
/// and the Match Case and Whole Words options. Typing searches as you type; Enter and F3 go to
/// the next match, Shift+Enter and Shift+F3 to the previous one, wrapping round with a notice;
/// Escape closes the bar and ends the search.
extension DocumentWindow {
    /// The bar itself (an empty search bar, hidden): its row of entry, buttons and count is made
    /// the first time the bar opens (``searchRow()``), so that the first frame of a document
    /// styles and measures none of it.
    func buildSearchBar() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_search_bar_new()!
        Signals.connect(raw(bar), "notify::search-mode-enabled", pointer: { [weak self] _ in
            guard let self, gtk_search_bar_get_search_mode(cast(bar)) == 0 else { return }
            self.canvas.endSearch()
            gtk_widget_grab_focus(self.canvas.area)
        })
        // Escape anywhere in the bar closes it.
        addShortcut("Escape", action: "win.close-search", to: bar)
        // The count follows the search whether or not the row was made yet (it shows it then).
        canvas.onSearchChanged = { [weak self] in self?.searchChanged() }
        canvas.onSearchWrapped = { [weak self] forward in
            self?.searchNotice = forward ? "Continued from the start" : "Continued from the end"
            self?.searchChanged()
        }
        searchBar = bar
        return bar
    }

    /// The search bar and its entry, its row made now if it was not yet.
    func searchRow() -> (bar: UnsafeMutablePointer<GtkWidget>, entry: UnsafeMutablePointer<GtkWidget>)? {
        if let searchWidgets { return searchWidgets }
        guard let bar = searchBar else { return nil }
        let entry = gtk_search_entry_new()!
        gtk_editable_set_width_chars(OpaquePointer(entry), 28)
        ann_accessible_set_label(entry, tr("Search the document"))
        gtk_widget_set_name(entry, "search-entry")
        let status = gtk_label_new(nil)!
        gtk_widget_add_css_class(status, "dim-label")
        gtk_label_set_width_chars(cast(status), 14)
        let previous = gtk_button_new_from_icon_name("go-up-symbolic")!
        gtk_widget_set_tooltip_text(previous, tr("Previous Match (Shift+Enter)"))
        gtk_actionable_set_action_name(cast(previous), "win.find-previous")
        let next = gtk_button_new_from_icon_name("go-down-symbolic")!
        gtk_widget_set_tooltip_text(next, tr("Next Match (Enter)"))
        gtk_actionable_set_action_name(cast(next), "win.find-next")
        let matchCase = gtk_toggle_button_new_with_mnemonic(tr("_Aa"))!
        gtk_widget_set_tooltip_text(matchCase, tr("Match Case"))
        ann_accessible_set_label(matchCase, tr("Match case"))
        let wholeWords = gtk_toggle_button_new_with_mnemonic(tr("_Whole Words"))!
        gtk_widget_set_tooltip_text(wholeWords, tr("Match Whole Words Only"))
        // While a long document is read: how far the search got, and a button to stop it.
        let progress = gtk_progress_bar_new()!
        gtk_widget_set_valign(progress, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(progress, 80, -1)
        ann_accessible_set_label(progress, tr("Search progress"))
        gtk_widget_set_visible(progress, 0)
        let stop = gtk_button_new_from_icon_name("process-stop-symbolic")!
        gtk_widget_set_tooltip_text(stop, tr("Stop Searching"))
        ann_accessible_set_label(stop, tr("Stop searching"))
        gtk_actionable_set_action_name(cast(stop), "win.stop-search")
        gtk_widget_set_visible(stop, 0)

        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for w in [entry, previous, next, status, progress, stop, matchCase, wholeWords] { gtk_box_append(cast(row), w) }
        gtk_search_bar_set_child(cast(bar), row)
        gtk_search_bar_connect_entry(cast(bar), cast(entry))
        gtk_search_bar_set_show_close_button(cast(bar), 1)

        let research: @MainActor () -> Void = { [weak self] in
            // Closing the bar empties the entry: that is no new search.
            guard let self, gtk_search_bar_get_search_mode(cast(bar)) != 0 else { return }
            let query = string(gtk_editable_get_text(OpaquePointer(entry))) ?? ""
            self.searchNotice = nil
            self.canvas.startSearch(TextSearch(query: query, matchCase: gtk_toggle_button_get_active(cast(matchCase)) != 0,
                                               wholeWords: gtk_toggle_button_get_active(cast(wholeWords)) != 0))
        }
        Signals.connect(raw(entry), "search-changed") { research() }
        Signals.connect(raw(matchCase), "toggled") { research() }
        Signals.connect(raw(wholeWords), "toggled") { research() }
        Signals.connect(raw(entry), "activate") { [weak self] in self?.canvas.stepSearch(forward: true) }
        Signals.connect(raw(entry), "stop-search") { [weak self] in self?.closeSearch() }
        // Shift+Enter in the entry: the previous match.
        addShortcut("<Shift>Return", action: "win.find-previous", to: entry)
        searchCount = (status, progress, stop)
        searchWidgets = (bar, entry)
        searchChanged()
        return (bar, entry)
    }

    func installSearchActions() {
        addAction("find") { [weak self] in
            guard let self, self.content == .document, let (bar, entry) = self.searchRow() else { return }
            gtk_search_bar_set_search_mode(cast(bar), 1)
            gtk_widget_grab_focus(entry)
            gtk_editable_select_region(OpaquePointer(entry), 0, -1)
        }
        addAction("close-search") { [weak self] in self?.closeSearch() }
        addAction("stop-search") { [weak self] in self?.canvas.stopSearch() }
        addAction("find-next") { [weak self] in self?.canvas.stepSearch(forward: true) }
        addAction("find-previous") { [weak self] in self?.canvas.stepSearch(forward: false) }
    }

    private func addShortcut(_ keys: String, action: String, to widget: UnsafeMutablePointer<GtkWidget>) {
        let controller = gtk_shortcut_controller_new()!
        if let trigger = gtk_shortcut_trigger_parse_string(keys), let named = gtk_named_action_new(action),
           let shortcut = gtk_shortcut_new(trigger, named) {
            gtk_shortcut_controller_add_shortcut(controller, shortcut)
        }
        gtk_widget_add_controller(widget, controller)
    }

    func closeSearch() {
        guard let bar = searchBar else { return }
        // Ended first: the match it stopped at becomes the selection before the bar empties.
        canvas.endSearch()
        gtk_search_bar_set_search_mode(cast(bar), 0)
        gtk_widget_grab_focus(canvas.area)
    }

    /// The active view of a split changed from `before`: a search running there goes over to
    /// the active view as it stands (its query, the matches found, the current match; the pages
    /// still to read are read there), so that its matches are drawn, and Enter and F3 step on
    /// from the current match, where the toolbar, the menus and the keys act.
    func searchFollowsActiveView(from before: PdfCanvas) {
        guard before !== canvas, let running = before.session.search else { return }
        before.startSearch(TextSearch(query: ""))
        canvas.apply(canvas.session.carrySearch(running))
    }

    /// The match count, the notice and the progress, in the bar and in the state dump.
    private func searchChanged() {
        guard let (status, progress, stop) = searchCount else { return }
        var text: String
        if let state = canvas.session.search {
            if state.count == 0 {
                text = state.done ? "No matches" : "Searching…"
            } else if let number = state.currentNumber {
                text = "\(number) of \(state.count)" + (state.done ? "" : "…")
            } else {
                text = "\(state.count) found"
            }
            if state.stopped { text += " (stopped)" }
        } else {
            text = ""
        }
        // Progress shows on documents long enough to take a moment (more than 50 pages).
        let running = canvas.session.search.map { !$0.done && $0.total > 50 } ?? false
        gtk_widget_set_visible(progress, running ? 1 : 0)
        gtk_widget_set_visible(stop, running ? 1 : 0)
        if let state = canvas.session.search { gtk_progress_bar_set_fraction(cast(progress), state.progress) }
        gtk_label_set_text(cast(status), searchNotice.map { "\(text) · \($0)" } ?? text)
    }
}
