// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentPoppler
import Geometry
import Platform

/// The page area of a document tab: one ``PdfCanvas``, or two views of the one document side by
/// side or one above the other in a `GtkPaned` whose divider the user drags (View ▸ Split).
///
/// Each view is a canvas with a `DocumentSession` of its own (its zoom, layout, place and
/// selection) drawing the same versions of the document through a render queue of its own, on
/// the document's one render worker, which serves the view being moved first (`RenderWorker`).
/// Both commit through the tab's one ``EditingSession``: an edit, undo or redo made in either
/// reaches the other once the worker took in the new version (``EditingSession/onShownElsewhere``). Each view shows its page number in a label over its
/// corner; the one last clicked or touched is the active one, which the window's `canvas`
/// names, so the toolbar, the menus and the keys act on it.
///
/// - Warning: main thread only.
@MainActor
final class SplitView {
    /// How the two views sit.
    enum Orientation: String {
        case none, horizontal, vertical
    }

    /// The canvas the tab was made with: the only one without a split, the first (left or top)
    /// with one. It keeps the zoom strip, and the editor is attached to it first.
    let primary: PdfCanvas
    /// The stack's page for documents: a paned with the primary view, and the second one while
    /// split.
    let paned: UnsafeMutablePointer<GtkWidget>
    private(set) var orientation = Orientation.none
    /// The second view while split, with what was added for it.
    private(set) var second: SecondView?
    /// The view the toolbar, the menus and the keys act on.
    private(set) var active: PdfCanvas
    /// Told when the active view changes, with the view active before.
    var onActiveChanged: ((PdfCanvas) -> Void)?
    /// Told when the divider moved or a view's page changed (the state dump follows).
    var onChanged: (() -> Void)?
    /// The primary view's page label, and its click and focus watches, while split.
    private var primaryLabel: UnsafeMutablePointer<GtkWidget>?
    private var primaryWatches: [OpaquePointer] = []

    /// The second view and its widgets, held while it shows.
    struct SecondView {
        let canvas: PdfCanvas
        /// Our reference to its widget (the paned lets go of it when the split closes).
        let widget: GObjectHandle<UnsafeMutablePointer<GtkWidget>>
        let label: UnsafeMutablePointer<GtkWidget>
    }

    init(primary: PdfCanvas) {
        self.primary = primary
        active = primary
        paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)
        gtk_paned_set_start_child(cast(paned), primary.widget)
        gtk_paned_set_resize_start_child(cast(paned), 1)
        gtk_paned_set_shrink_start_child(cast(paned), 0)
        gtk_paned_set_wide_handle(cast(paned), 1)
        gtk_widget_set_hexpand(paned, 1)
        gtk_widget_set_vexpand(paned, 1)
        Signals.connect(raw(paned), "notify::position", pointer: { [weak self] _ in self?.onChanged?() })
    }

    var isSplit: Bool { second != nil }
    /// The views shown, the first (left or top) first.
    var views: [PdfCanvas] { [primary] + (second.map { [$0.canvas] } ?? []) }
    /// The place of the active view in ``views``.
    var activeIndex: Int { views.firstIndex { $0 === active } ?? 0 }
    /// The divider's place (the first view's width or height), while split.
    var dividerPosition: Int? { isSplit ? Int(gtk_paned_get_position(cast(paned))) : nil }

    /// Splits the page area (or turns the split), the second view made by `makeSecond` when
    /// there is none yet; `.none` closes the split.
    func set(_ new: Orientation, makeSecond: () -> PdfCanvas) {
        guard new != .none else { close(); return }
        orientation = new
        gtk_orientable_set_orientation(cast(paned), new == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL)
        if second == nil {
            let canvas = makeSecond()
            let label = Self.pageLabel()
            gtk_overlay_add_overlay(cast(canvas.overlay), label)
            second = SecondView(canvas: canvas, widget: GObjectHandle(sinking: canvas.widget), label: label)
            watchClicks(on: canvas)
            gtk_paned_set_end_child(cast(paned), canvas.widget)
            gtk_paned_set_resize_end_child(cast(paned), 1)
            gtk_paned_set_shrink_end_child(cast(paned), 0)
            let primaryLabel = Self.pageLabel()
            gtk_overlay_add_overlay(cast(primary.overlay), primaryLabel)
            self.primaryLabel = primaryLabel
            primaryWatches = watchClicks(on: primary)
        }
        // Halves of equal size to start with (and after a turn).
        let width = gtk_widget_get_width(paned), height = gtk_widget_get_height(paned)
        let size = new == .horizontal ? width : height
        if size > 0 { gtk_paned_set_position(cast(paned), size / 2) }
        updateLabels()
    }

    /// Back to the primary view alone. The caller has carried the active view's place over.
    private func close() {
        guard let second else { return }
        orientation = .none
        if active !== primary { activate(primary) }
        gtk_paned_set_end_child(cast(paned), nil)
        InputSettingsStore.shared.stopObserving(second.canvas)
        second.canvas.clearDocument()
        self.second = nil
        if let primaryLabel { gtk_overlay_remove_overlay(cast(primary.overlay), primaryLabel) }
        primaryLabel = nil
        labelsShown = [:]
        for watch in primaryWatches { gtk_widget_remove_controller(gtk_event_controller_get_widget(watch), watch) }
        primaryWatches = []
    }

    /// Makes `view` the one the toolbar, the menus and the keys act on.
    func activate(_ view: PdfCanvas) {
        guard view !== active, views.contains(where: { $0 === view }) else { return }
        let before = active
        active = view
        onActiveChanged?(before)
        updateLabels()
    }

    /// Each view's page label says its page; the active view's stands out. Runs for every event
    /// either view handles: a label is written only when its view's page, page count or being
    /// active changed (making its text each time cost the main loop more than the label).
    func updateLabels() {
        guard let second else { return }
        for (view, label) in [(primary, primaryLabel), (second.canvas, Optional(second.label))] {
            guard let label else { continue }
            let shown = LabelState(page: view.currentPage, pageCount: view.pageCount, active: view === active)
            guard labelsShown[label] != shown else { continue }
            labelsShown[label] = shown
            let text = Self.labelText(of: view)
            if string(gtk_label_get_text(cast(label))) != text { gtk_label_set_text(cast(label), text) }
            if view === active { gtk_widget_remove_css_class(label, "dim-label") } else { gtk_widget_add_css_class(label, "dim-label") }
        }
    }

    /// What a page label says (``updateLabels()``).
    private struct LabelState: Equatable {
        var page: PageIndex?
        var pageCount: Int
        var active: Bool
    }
    /// What each page label says now.
    private var labelsShown: [UnsafeMutablePointer<GtkWidget>: LabelState] = [:]

    /// The text of a view's page label ("Page 2 of 5").
    static func labelText(of view: PdfCanvas) -> String {
        guard let page = view.currentPage else { return "" }
        return tr("Page {page} of {count}", ["page": String(page.displayNumber), "count": String(view.pageCount)])
    }

    /// The label of a view's text, as the state dump reports it.
    func labelText(of view: PdfCanvas) -> String? {
        guard isSplit else { return nil }
        let label = view === primary ? primaryLabel : second?.label
        return label.flatMap { string(gtk_label_get_text(cast($0))) }
    }

    private static func pageLabel() -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "osd")
        gtk_widget_add_css_class(label, "split-page-label")
        gtk_widget_set_halign(label, GTK_ALIGN_END)
        gtk_widget_set_valign(label, GTK_ALIGN_END)
        gtk_widget_set_margin_end(label, 18)
        gtk_widget_set_margin_bottom(label, 18)
        // It says the page; the pages under it take every contact.
        gtk_widget_set_can_target(label, 0)
        return label
    }

    /// A press (button, pen or finger) anywhere in a view makes it the active one, before the
    /// view handles the press, so that the tool picked acts there; the keyboard goes with it
    /// when the other view's page held it. The keyboard's focus moved into a view's page (F6,
    /// Tab) makes that view the active one too. Returns the watches (the press's on the view,
    /// the focus's on its page area).
    @discardableResult
    private func watchClicks(on view: PdfCanvas) -> [OpaquePointer] {
        let legacy = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        Signals.connect(raw(legacy), "event", pointerReturningBool: { [weak self, weak view] event in
            guard let self, let view, let event else { return false }
            let type = gdk_event_get_event_type(event)
            if type == GDK_BUTTON_PRESS || type == GDK_TOUCH_BEGIN { self.activate(view, movingKeyboard: true) }
            return false
        })
        gtk_widget_add_controller(view.widget, legacy)
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(raw(focus), "enter") { [weak self, weak view] in
            guard let self, let view else { return }
            self.activate(view)
        }
        gtk_widget_add_controller(view.area, focus)
        return [legacy, focus]
    }

    /// Makes `view` the active one; with `movingKeyboard`, the keyboard goes to its page when
    /// another view's page holds it (so that a touch, which does not take the keyboard, leaves
    /// the keys acting where the toolbar does).
    private func activate(_ view: PdfCanvas, movingKeyboard: Bool) {
        let before = active
        activate(view)
        guard movingKeyboard, before !== view, let root = gtk_widget_get_root(view.area),
              gtk_root_get_focus(root) == before.area else { return }
        gtk_widget_grab_focus(view.area)
    }
}
