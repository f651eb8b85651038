// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import DocumentSession
import Geometry

/// The canvas and its layout: the view session makes and invalidates the layout (settings,
/// provider, insets); the canvas moves its page area by the insets the layout asks for. The
/// canvas asks nothing of a layout but ``DocumentViewLayout``, so a custom one needs no change.
extension PdfCanvas {
    /// Lays the pages out another way, keeping the reader on the same page and the same point
    /// of it (the continuous spread index, carried over through the page it falls on).
    public func setLayoutSettings(_ settings: LayoutSettings) {
        changeView { $0.setLayoutSettings(settings) }
    }

    /// Pulls the page area in from the canvas's edges (the scrollbars stay at the edges).
    func applyFrameInsets(_ insets: EdgeInsets) {
        gtk_widget_set_margin_top(overlay, Int32(insets.top.rounded()))
        gtk_widget_set_margin_start(overlay, Int32(insets.left.rounded()))
        gtk_widget_set_margin_bottom(overlay, Int32(insets.bottom.rounded()))
        gtk_widget_set_margin_end(overlay, Int32(insets.right.rounded()))
    }
}
