// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DocumentLayout
import Geometry

/// The page area's two scrollbars: they show where the view is in the laid-out document and
/// move it when dragged, but never decide the viewport (the session does, from raw input).
/// What they measure changes at once; the view's offset reaches them paced by
/// ``ScrollbarPacing``.
///
/// - Warning: main thread only.
@MainActor
final class CanvasScrollbars {
    let vertical: UnsafeMutablePointer<GtkWidget>
    let horizontal: UnsafeMutablePointer<GtkWidget>
    private let vAdjustment: UnsafeMutablePointer<GtkAdjustment>
    private let hAdjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The widget whose frame clock applies a waiting offset move (it shows whenever they do).
    private let owner: UnsafeMutablePointer<GtkWidget>
    /// Set while the adjustments are made to follow the view (their changes are not the user's).
    private var following = false
    private var pacing = ScrollbarPacing(interval: CanvasScrollbars.pacingInterval)
    /// The least time between two offset moves, in microseconds: `PDF_ANNOTATOR_SCROLLBAR_MS`
    /// (milliseconds; 0 moves them in every frame the view moved), to compare; 100 ms unless set.
    private static let pacingInterval: Int64 = g_getenv("PDF_ANNOTATOR_SCROLLBAR_MS")
        .flatMap { Int64(String(cString: $0)) }.map { max(0, $0) * 1000 } ?? ScrollbarPacing.defaultInterval
    /// The timeout that asks for a frame once a waiting offset move is due (0: none).
    private var timer: UInt32 = 0
    /// The frame-clock callback that applies a waiting offset move (0: none).
    private var tickID: UInt32 = 0
    /// Monotonic time in microseconds (tests set their own).
    var clock: () -> Int64 = { Int64(g_get_monotonic_time()) }
    /// The user dragged a scrollbar: the view's new offset.
    var scrolled: (Point) -> Void = { _ in }

    /// Scrollbars whose adjustments' signals last as long as `owner`.
    init(owner: UnsafeMutablePointer<GtkWidget>) {
        self.owner = owner
        vAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        hAdjustment = gtk_adjustment_new(0, 0, 1, 1, 1, 1)!
        vertical = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, vAdjustment)
        horizontal = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, hAdjustment)
        // The scrollbars hold the adjustments, and anyone may take a reference of their own.
        Signals.connect(raw(vAdjustment), "value-changed", whileAlive: raw(owner)!) { [weak self] in self?.moved() }
        Signals.connect(raw(hAdjustment), "value-changed", whileAlive: raw(owner)!) { [weak self] in self?.moved() }
    }

    /// Mirrors the viewport into the adjustments; a scrollbar shows only when the document is
    /// larger than the view that way. A move of the offset alone may wait for its time.
    func follow(_ viewport: Viewport, contentSize content: Size) {
        let shown = ScrollbarPacing.Shown(offset: viewport.offset, viewSize: viewport.size, contentSize: content)
        if let now = pacing.follow(shown, at: clock()) { apply(now) }
        askForFrameWhenDue()
    }

    /// While the view moves, a waiting move goes with the next move of the view that is due;
    /// once the view rests, in a frame asked for one interval after its last move. The frame
    /// clock is not kept running meanwhile (a running clock makes each wheel click wait for its
    /// frame), nor is a frame of its own made while the view moves: a one-shot GLib timeout
    /// looks whether the view rested, and asks for that frame.
    private func askForFrameWhenDue() {
        guard timer == 0, tickID == 0, let rest = pacing.restTime else { return }
        let delay = max(0, rest - clock())
        timer = MainLoop.after(milliseconds: UInt32((delay + 999) / 1000)) { [weak self] in
            guard let self else { return }
            self.timer = 0
            guard let rest = self.pacing.restTime, rest <= self.clock() else {
                // Moved meanwhile (and perhaps shown already): look again later.
                self.askForFrameWhenDue()
                return
            }
            self.tickID = WidgetCallbacks.addTickCallback(to: self.owner) { [weak self] _ in
                self?.frame()
                return false
            }
        }
    }

    /// A frame asked for: applies the waiting move if it is due.
    func frame() {
        tickID = 0
        if let due = pacing.due(at: clock()) { apply(due) }
        askForFrameWhenDue()
    }

    /// Whether an offset move waits.
    var isWaiting: Bool { pacing.isWaiting }

    private func apply(_ shown: ScrollbarPacing.Shown) {
        following = true
        defer { following = false }
        let offset = shown.offset, size = shown.viewSize, content = shown.contentSize
        gtk_adjustment_configure(vAdjustment, offset.y, min(0, offset.y), max(content.height, offset.y + size.height),
                                 48, max(1, size.height * 0.9), size.height)
        gtk_adjustment_configure(hAdjustment, offset.x, min(0, offset.x), max(content.width, offset.x + size.width),
                                 48, max(1, size.width * 0.9), size.width)
        gtk_widget_set_visible(horizontal, content.width > size.width + 0.5 ? 1 : 0)
        gtk_widget_set_visible(vertical, content.height > size.height + 0.5 ? 1 : 0)
    }

    private func moved() {
        guard !following else { return }
        let offset = Point(x: gtk_adjustment_get_value(hAdjustment), y: gtk_adjustment_get_value(vAdjustment))
        pacing.moved(to: offset)
        scrolled(offset)
    }
}
