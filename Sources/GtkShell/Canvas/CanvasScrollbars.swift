// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry

/// The page area's two scrollbars: they show where the view is in the laid-out document and
/// move it when dragged, but never decide the viewport (the session does, from raw input).
///
/// - Warning: main thread only.
@MainActor
final class CanvasScrollbars {
    let vertical: UnsafeMutablePointer<GtkWidget>
    let horizontal: UnsafeMutablePointer<GtkWidget>
    private let vAdjustment: UnsafeMutablePointer<GtkAdjustment>
    private let hAdjustment: UnsafeMutablePointer<GtkAdjustment>
    /// Set while the adjustments are made to follow the view (their changes are not the user's).
    private var following = false
    /// The user dragged a scrollbar: the view's new offset.
    var scrolled: (Point) -> Void = { _ in }

    /// Scrollbars whose adjustments' signals last as long as `owner`.
    init(owner: UnsafeMutablePointer<GtkWidget>) {
        vAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        hAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        vertical = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, vAdjustment)
        horizontal = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, hAdjustment)
        // The scrollbars hold the adjustments, and anyone may take a reference of their own.
        Signals.connect(raw(vAdjustment), "value-changed", whileAlive: raw(owner)!) { [weak self] in self?.moved() }
        Signals.connect(raw(hAdjustment), "value-changed", whileAlive: raw(owner)!) { [weak self] in self?.moved() }
    }

    /// Mirrors the viewport into the adjustments; a scrollbar shows only when the document is
    /// larger than the view that way.
    func follow(_ viewport: Viewport, contentSize content: Size) {
        following = true
        defer { following = false }
        let v = viewport
        gtk_adjustment_configure(vAdjustment, v.offset.y, min(0, v.offset.y), max(content.height, v.offset.y + v.size.height),
                                 48, max(1, v.size.height * 0.9), v.size.height)
        gtk_adjustment_configure(hAdjustment, v.offset.x, min(0, v.offset.x), max(content.width, v.offset.x + v.size.width),
                                 48, max(1, v.size.width * 0.9), v.size.width)
        gtk_widget_set_visible(horizontal, content.width > v.size.width + 0.5 ? 1 : 0)
        gtk_widget_set_visible(vertical, content.height > v.size.height + 0.5 ? 1 : 0)
    }

    private func moved() {
        guard !following else { return }
        scrolled(Point(x: gtk_adjustment_get_value(hAdjustment), y: gtk_adjustment_get_value(vAdjustment)))
    }
}
