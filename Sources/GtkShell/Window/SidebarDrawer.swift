// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CShim
import InteractionEngine

/// The widgets of the sidebar drawer laid over the page view: a dimmed scrim over the page and
/// a panel at the view's left edge (its right edge under a right-to-left interface, GTK's text
/// direction) that holds the sidebar while the drawer shows, slid in by its place (``shown``, 0
/// hidden to 1 all of it out).
///
/// It decides nothing: the engine's drawer component says where the drawer goes
/// (``InteractionEngine/DrawerState``) and the drawer follows a finger at once or slides there.
/// Touches on the panel also go to the page view's engine (they stay the sidebar's too), so that
/// a swipe back on the drawer closes it.
///
/// - Warning: The GTK main thread only.
@MainActor
final class SidebarDrawer {
    /// The page view's overlay, which holds the scrim and the panel over the page.
    let overlay: UnsafeMutablePointer<GtkWidget>
    let scrim: UnsafeMutablePointer<GtkWidget>
    let panel: UnsafeMutablePointer<GtkWidget>
    /// The drawer's width when all of it shows, logical pixels.
    private(set) var width: Double = 280
    /// How much of the drawer shows on screen now.
    private(set) var shown: Double = 0
    /// The slide under way: when it began (monotonic µs), from where, to where.
    private var slide: (start: Int, from: Double, to: Double)?
    private var slideTimer: UInt32 = 0
    /// How many times the engine settled the drawer open.
    private(set) var timesOpened = 0
    /// Called when something the state dump reports changed, and when the drawer is hidden again
    /// (the window puts the sidebar back).
    var onChange: (() -> Void)?
    var onHidden: (() -> Void)?
    /// Whether the window closes the drawer when an outline entry is activated in it.
    var closesOnOutlineEntry = false

    /// How long a slide takes, seconds.
    static let slideDuration = 0.2

    init(overlay: UnsafeMutablePointer<GtkWidget>, forwardingTouchesTo canvas: PdfCanvas) {
        self.overlay = overlay
        SidebarDrawer.installStyle()
        scrim = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(scrim, "drawer-scrim")
        // The page under it takes the contacts (the engine's drawer closes on a tap there).
        gtk_widget_set_can_target(scrim, 0)
        gtk_widget_set_visible(scrim, 0)
        panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(panel, "drawer-panel")
        gtk_widget_set_name(panel, "sidebar-drawer")
        ann_accessible_set_label(panel, tr("Sidebar Drawer"))
        gtk_widget_set_visible(panel, 0)
        gtk_overlay_add_overlay(cast(overlay), scrim)
        gtk_overlay_add_overlay(cast(overlay), panel)
        gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
        placePanel()

        // A finger on the drawer is the engine's as well as the sidebar's: a swipe back on it
        // closes it. Only reads; every event goes on to the sidebar.
        let events = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(events, GTK_PHASE_CAPTURE)
        Signals.connect(raw(events), "event", pointerReturningBool: { [weak canvas] event in
            guard let canvas, let event else { return false }
            let kind = gdk_event_get_event_type(event)
            guard kind == GDK_TOUCH_BEGIN || kind == GDK_TOUCH_UPDATE || kind == GDK_TOUCH_END || kind == GDK_TOUCH_CANCEL else {
                return false
            }
            _ = canvas.handleGdkEvent(event)
            return false
        })
        gtk_widget_add_controller(panel, events)
    }

    /// Whether the sidebar's panel is in the drawer (any of it shows, or it slides).
    var isShown: Bool { shown > 0 || slide != nil }

    /// Sets the drawer's full width (the engine's drawer component reads the same).
    func setWidth(_ width: Double) {
        self.width = width
        gtk_widget_set_size_request(panel, Int32(width.rounded()), -1)
        gtk_widget_queue_allocate(overlay)
    }

    /// Shows the drawer where the engine put it: under the finger at once, else sliding there.
    func show(_ state: DrawerState) {
        if state == .open { timesOpened += 1 }
        if state.isDragging {
            stopSlide()
            setShown(state.progress)
        } else {
            slide(to: state.progress)
        }
        onChange?()
    }

    /// Hides the drawer at once, with no slide (the sidebar is wanted beside the page).
    func hideNow() {
        stopSlide()
        setShown(0)
    }

    private func slide(to target: Double) {
        stopSlide()
        guard target != shown else {
            setShown(target)
            return
        }
        slide = (Int(g_get_monotonic_time()), shown, target)
        step()
    }

    private func step() {
        guard let s = slide else { return }
        let t = min(1, Double(Int(g_get_monotonic_time()) - s.start) / 1_000_000 / Self.slideDuration)
        // Eased out: fast at first, settling gently.
        if t >= 1 {
            slide = nil
            setShown(s.to)
            onChange?()
            return
        }
        let eased = 1 - (1 - t) * (1 - t)
        setShown(s.from + (s.to - s.from) * eased)
        slideTimer = MainLoop.after(milliseconds: 16) { [weak self] in
            self?.slideTimer = 0
            self?.step()
        }
    }

    private func stopSlide() {
        if slideTimer != 0 { g_source_remove(slideTimer) }
        slideTimer = 0
        slide = nil
    }

    private func setShown(_ value: Double) {
        let wasVisible = gtk_widget_get_visible(panel) != 0
        shown = min(1, max(0, value))
        let visible = shown > 0 || slide != nil
        gtk_widget_set_visible(panel, visible ? 1 : 0)
        gtk_widget_set_visible(scrim, visible ? 1 : 0)
        gtk_widget_set_opacity(scrim, shown)
        gtk_widget_queue_allocate(overlay)
        if wasVisible, !visible { onHidden?() }
    }

    /// Places the panel by the overlay's `get-child-position`: `shown` of its width in view,
    /// the rest beyond the view's left edge, or its right edge right to left (the overlay clips
    /// it).
    private func placePanel() {
        let handler: PositionHandler = { [weak self] child in
            guard let self, child == UInt(bitPattern: self.panel) else { return nil }
            let height = gtk_widget_get_height(self.overlay)
            let width = Int32(self.width.rounded())
            let hidden = Int32(((1 - self.shown) * self.width).rounded())
            let x = gtk_widget_get_direction(self.overlay) == GTK_TEXT_DIR_RTL
                ? gtk_widget_get_width(self.overlay) - width + hidden : -hidden
            return GdkRectangle(x: x, y: 0, width: width, height: height)
        }
        ann_signal_connect(raw(overlay), "get-child-position", unsafeBitCast(positionTrampoline, to: GCallback.self),
                           CallbackBox(handler).retainedPointer, releasePositionBox)
    }

    private static var styleInstalled = false

    /// The scrim's dimming and the panel's background and shadow, once per process.
    private static func installStyle() {
        guard !styleInstalled, let display = gdk_display_get_default() else { return }
        styleInstalled = true
        let provider = gtk_css_provider_new()!
        let css = """
            .drawer-scrim { background-color: rgba(0, 0, 0, 0.4); }
            .drawer-panel { background-color: @theme_base_color; box-shadow: 0 0 12px rgba(0, 0, 0, 0.35); }
            """
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}

/// Answers an overlay's `get-child-position` for one child (its address: a pointer cannot
/// enter the main actor): its allocation, or `nil` to leave the child to the overlay.
private typealias PositionHandler = @MainActor (UInt) -> GdkRectangle?

/// GtkOverlay's `get-child-position`: `gboolean (*)(GtkOverlay*, GtkWidget*, GdkRectangle*, gpointer)`.
private let positionTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                                UnsafeMutablePointer<GdkRectangle>?, UnsafeMutableRawPointer?) -> gboolean = {
    _, child, allocation, data in
    let fn = CallbackBox<PositionHandler>.from(data)
    let address = UInt(bitPattern: child)
    guard let rect = MainActor.assumeIsolated({ fn(address) }), let allocation else { return 0 }
    allocation.pointee = rect
    return 1
}

private let releasePositionBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
