// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Platform

/// The empty page ("Open a Document", the recent documents) and the error page ("Could Not
/// Open …"), each made the first time it shows: a window opened on a document shows neither, and
/// made with the window they were widgets built, kept and styled for nothing before page 1.
extension DocumentWindow {
    /// The page an empty tab shows, made now if it was not yet.
    var emptyPage: StatusPage {
        if let builtEmptyPage { return builtEmptyPage }
        let page = StatusPage(iconName: "x-office-document-symbolic", cssClass: "empty-page")
        page.set(title: tr("Open a Document"), body: tr("Press Ctrl+O or drop a PDF file here."))
        let openButton = gtk_button_new_with_mnemonic(tr("_Open…"))!
        gtk_widget_add_css_class(openButton, "suggested-action")
        gtk_widget_add_css_class(openButton, "pill")
        gtk_actionable_set_action_name(cast(openButton), "win.open")
        gtk_widget_set_halign(openButton, GTK_ALIGN_CENTER)
        gtk_box_append(cast(page.extras), openButton)
        page.primaryButton = openButton
        let recent = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_margin_top(recent, 18)
        gtk_widget_set_size_request(recent, 360, -1)
        gtk_box_append(cast(page.extras), recent)
        recentList = recent
        // Read when the empty page shows (before its first frame).
        Signals.connect(raw(page.widget), "map") { [weak self] in self?.showRecentDocuments() }
        gtk_stack_add_named(cast(stack), page.widget, Content.empty.rawValue)
        builtEmptyPage = page
        application?.stateChanged()
        return page
    }

    /// The page a document that cannot be shown leaves, made now if it was not yet.
    var errorPage: StatusPage {
        if let builtErrorPage { return builtErrorPage }
        let page = StatusPage(iconName: "dialog-error-symbolic", cssClass: "error-page")
        let openOther = gtk_button_new_with_mnemonic(tr("_Open Another…"))!
        gtk_widget_add_css_class(openOther, "pill")
        gtk_actionable_set_action_name(cast(openOther), "win.open")
        gtk_box_append(cast(page.extras), openOther)
        page.primaryButton = openOther
        gtk_stack_add_named(cast(stack), page.widget, Content.error.rawValue)
        builtErrorPage = page
        application?.stateChanged()
        return page
    }

    /// Makes the status page `content` shows, if it is one and was not made yet.
    func makeStatusPage(for content: Content) {
        if content == .empty { _ = emptyPage }
        if content == .error { _ = errorPage }
    }

    /// A tab shown (mapped) before any document was opened in it shows its empty page: until
    /// then its stack held the page view alone. Run as the tab maps, before its first frame is
    /// laid out, so that frame already shows the empty page.
    func showEmptyPageIfStillEmpty() {
        guard content == .empty, builtEmptyPage == nil else { return }
        show(.empty)
    }

    /// The status pages made so far, for the state dump (`statusPagesMade`).
    var statusPagesMade: [String] {
        [builtEmptyPage.map { _ in Content.empty.rawValue }, builtErrorPage.map { _ in Content.error.rawValue }].compactMap { $0 }
    }
}
