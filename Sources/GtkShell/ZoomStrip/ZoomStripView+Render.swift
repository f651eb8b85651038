// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentLayout
import Geometry

/// A picture of the box's area of its page, rendered for the strip.
final class StripPicture: @unchecked Sendable {
    let surface: OpaquePointer
    let page: PageIndex
    /// The box's top-left (page space) and the magnification it was rendered for.
    let origin: Point
    let magnification: Double
    /// Device pixels per logical pixel.
    let deviceScale: Double
    let serial: Int

    init(surface: OpaquePointer, page: PageIndex, origin: Point, magnification: Double, deviceScale: Double, serial: Int) {
        self.surface = surface; self.page = page; self.origin = origin
        self.magnification = magnification; self.deviceScale = deviceScale; self.serial = serial
    }

    deinit { cairo_surface_destroy(surface) }
}

/// The strip's picture: only the box's area of its page, rendered at the strip's scale by the
/// first view's render worker (``Rendering/RenderQueue/perform(_:)``, ahead of its tiles) with the
/// canvas's own page drawing (its page colours included), and brought back through the GLib
/// main loop. One render runs at a time; a box moved meanwhile asks for one more when it ends.
/// Until it arrives, the last picture is drawn where its area now falls.
extension ZoomStripView {
    func requestRender() {
        guard let s = strip, let queue = renderer.tiles.queue, let drawPage = renderer.tiles.drawPage else { return }
        renderSerial += 1
        if renderInFlight {
            renderWanted = true
            return
        }
        renderInFlight = true
        renderWanted = false
        let scale = Double(max(1, gtk_widget_get_scale_factor(area)))
        let serial = renderSerial, page = s.page, origin = s.origin, magnification = s.magnification
        let width = Int32((s.stripSize.width * scale).rounded(.up)), height = Int32((s.stripSize.height * scale).rounded(.up))
        queue.perform { [weak self] in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
            let cr = cairo_create(surface)!
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            let pixels = magnification * scale
            cairo_translate(cr, -origin.x * pixels, -origin.y * pixels)
            drawPage(page, pixels, cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            let picture = StripPicture(surface: surface, page: page, origin: origin, magnification: magnification,
                                       deviceScale: scale, serial: serial)
            MainLoop.post(priority: G_PRIORITY_HIGH_IDLE) { self?.arrived(picture) }
        }
    }

    private func arrived(_ picture: StripPicture) {
        renderInFlight = false
        guard isShown else { return }
        self.picture = picture
        rendersDone += 1
        if picture.serial >= heldUntilSerial {
            held = []
            heldUntilSerial = Int.max
        }
        gtk_widget_queue_draw(area)
        if renderWanted { requestRender() }
        onChange?()
    }

    /// Pages changed how they look (an edit, undo, redo): the strip renders its box again, and
    /// the strokes it holds go once that picture shows.
    func contentChanged(_ pages: Set<PageIndex>) {
        guard let s = strip, pages.isEmpty || pages.contains(s.page) else { return }
        requestRender()
        heldUntilSerial = renderSerial
    }

    /// Whether the picture shows the box as it is now.
    var pictureIsCurrent: Bool {
        guard let s = strip, let picture, !renderInFlight else { return false }
        return picture.page == s.page && picture.origin == s.origin && picture.magnification == s.magnification
    }

    func drawPicture(_ cr: OpaquePointer, _ s: ZoomStrip) {
        guard let picture, picture.page == s.page else { return }
        cairo_save(cr)
        // Where the picture's area falls in the box as it is now.
        let shift = s.stripPoint(fromPage: picture.origin)
        let factor = s.magnification / picture.magnification
        cairo_translate(cr, shift.x, shift.y)
        cairo_scale(cr, factor / picture.deviceScale, factor / picture.deviceScale)
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
