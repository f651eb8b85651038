// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import DocumentLayout
import Geometry
import StateSnapshot

/// The zoom writing strip's switch and controls: `win.zoom-strip` (a stateful switch: the
/// toolbar's Zoom Strip toggle, Ctrl+Shift+M) docks the strip under the page view or takes it
/// away; `win.zoom-strip-box` with "PAGE X Y [MAGNIFICATION]" places its box (1-based page,
/// the box's top-left in the page's space as shown, points from its top-left; strip pixels per
/// point), showing the strip first; `win.zoom-strip-return` (the strip's return button,
/// Ctrl+Shift+Return, or Return in the strip) starts the next line.
extension DocumentWindow {
    /// Makes the strip, docks it under the page view and installs its actions and keys.
    func installZoomStrip() {
        let strip = ZoomStripView(canvas: canvas)
        zoomStrip = strip
        // Under the page view and its horizontal scrollbar, the whole width of the page area
        // (while split, under the active half: ZoomStripView.follow).
        strip.dock(under: canvas)
        let previousContent = canvas.onContentChanged
        canvas.onContentChanged = { [weak strip] pages in
            previousContent?(pages)
            strip?.contentChanged(pages)
        }

        let toggle = g_simple_action_new_stateful("zoom-strip", nil, g_variant_new_boolean(0))!
        Signals.connect(raw(toggle), "activate", pointer: { [weak self] _ in
            guard let self, let strip = self.zoomStrip else { return }
            strip.setShown(!strip.isShown && self.content == .document)
        })
        g_action_map_add_action(actionMap, toggle)
        g_object_unref(raw(toggle))

        let type = g_variant_type_new("s")
        let place = g_simple_action_new("zoom-strip-box", type)!
        g_variant_type_free(type)
        Signals.connect(raw(place), "activate", pointer: { [weak self] value in
            guard let self, self.content == .document, let value,
                  let text = string(g_variant_get_string(OpaquePointer(value), nil)) else { return }
            let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double(String($0)) }
            guard numbers.count >= 3, numbers[0] >= 1 else { gtk_widget_error_bell(self.window); return }
            self.zoomStrip?.place(on: PageIndex(Int(numbers[0]) - 1), at: Point(x: numbers[1], y: numbers[2]),
                                  magnification: numbers.count > 3 ? numbers[3] : nil)
        })
        g_action_map_add_action(actionMap, place)
        g_object_unref(raw(place))

        addAction("zoom-strip-return") { [weak self] in self?.zoomStrip?.returnToNextLine() }

        strip.onChange = { [weak self] in
            guard let self else { return }
            // The window's action map holds the action as long as the window lives.
            g_simple_action_set_state(toggle, g_variant_new_boolean(self.zoomStrip?.isShown == true ? 1 : 0))
            self.application?.stateChanged()
        }
    }

    /// The toolbar's Zoom Strip toggle (touch-sized, like the tools), bound to `win.zoom-strip`,
    /// and its name under the icon (hidden with the tools' names in a narrow window).
    func makeZoomStripButton() -> ToolbarToggle {
        ToolbarToggle(icon: "zoom-in-symbolic", label: tr("Zoom Strip"), action: "win.zoom-strip",
                      tooltip: tr("Write in a Magnified Strip"), key: "Ctrl+Shift+M", widgetName: "tool-zoom-strip")
    }

    /// The zoom strip's part of the state dump.
    var zoomStripSnapshot: ZoomStripSnapshot? {
        guard content == .document, let view = zoomStrip else { return nil }
        guard let s = view.strip else { return ZoomStripSnapshot(shown: false) }
        let box = s.box
        let inView = view.overlay.boxInView
        let handles = view.overlay.handles
        return ZoomStripSnapshot(
            shown: true, page: s.page.displayNumber, box: [box.minX, box.minY, box.width, box.height],
            magnification: s.magnification, lineStart: s.lineStart,
            stripWidth: s.stripSize.width, stripHeight: s.stripSize.height,
            boxInView: inView.map { [$0.minX, $0.minY, $0.width, $0.height] },
            moveHandle: handles.map { [$0.move.midX, $0.move.midY] }, resizeHandle: handles.map { [$0.resize.midX, $0.resize.midY] },
            rendered: view.pictureIsCurrent, strokes: view.strokesWritten, replayFinished: view.replayFinished,
            view: splitView.views.firstIndex { $0 === view.canvas } ?? 0, dockedView: view.dockedView(among: splitView.views),
            frame: view.frameInWindow)
    }
}
