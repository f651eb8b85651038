// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// The longest side, in pixels, that ``renderImage(page:scale:maxPixelArea:)`` produces
    /// (a common GPU texture limit, and well under cairo's 32,767).
    public static let maxImageSideLength = 16_384

    /// Draws one page, as displayed (its /Rotate applied), into a cairo context.
    ///
    /// The context's user space must have its origin at the page's top-left corner, in device
    /// pixels: this function applies `cairo_scale(scale, scale)` itself, fills the page area
    /// white, then calls `poppler_page_render` (which applies /Rotate from the crop box). The
    /// context's state is restored before returning. Wraps `poppler_page_render`.
    ///
    /// - Parameters:
    ///   - page: A page of this document; other indices draw nothing.
    ///   - scale: Device pixels per PDF point (1.0 = 72 dpi).
    ///   - context: A `cairo_t*`, borrowed for the call.
    /// - Warning: Call from one thread at a time, normally the render thread: poppler documents
    ///   are not thread-safe. Concurrent calls are serialised by a lock, not run in parallel.
    public func render(page: PageIndex, scale: Double, into context: OpaquePointer) {
        draw(page: page, scale: scale, into: context) { poppler_page_render($0, context) }
    }

    /// White paper under the page at `scale` (to whole device pixels), then `paint` with the
    /// poppler page (context state restored after), under the render lock.
    private func draw(page: PageIndex, scale: Double, into context: OpaquePointer, _ paint: (OpaquePointer) -> Void) {
        guard (0..<pageCount).contains(page.rawValue), scale.isFinite, scale > 0 else { return }
        let size = displaySizes[page.rawValue]
        renderLock.lock()
        defer { renderLock.unlock() }
        document.withPointer { doc in
            guard let rawPage = poppler_document_get_page(doc, Int32(page.rawValue)) else { return }
            let popplerPage = GObjectRef(adopting: rawPage)
            cairo_save(context)
            // The paper fills whole device pixels: the last row and column of a page whose size
            // is not a whole number of pixels are white, not partly transparent, so its tiles
            // are opaque (painted by copying rather than blending).
            cairo_rectangle(context, 0, 0, (size.width * scale).rounded(.up), (size.height * scale).rounded(.up))
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_fill(context)
            cairo_scale(context, scale, scale)
            popplerPage.withPointer(paint)
            cairo_restore(context)
        }
    }

    /// Draws one page's own content without its annotations, as ``render(page:scale:into:)``
    /// draws it with them (same user space, scale and white fill): what page colours recolour.
    /// Wraps `poppler_page_render_for_printing_with_options` with `POPPLER_PRINT_DOCUMENT`.
    public func renderWithoutAnnotations(page: PageIndex, scale: Double, into context: OpaquePointer) {
        draw(page: page, scale: scale, into: context) { poppler_page_render_for_printing_with_options($0, context, POPPLER_PRINT_DOCUMENT) }
    }

    /// Draws one page for printing into a cairo context whose user space is the page's displayed
    /// space in points (origin at its top-left): what a printer should show — annotations that
    /// print (their Print flag), form fields, no hidden ones. Wraps
    /// `poppler_page_render_for_printing`; same threading rule as ``render(page:scale:into:)``.
    public func renderForPrinting(page: PageIndex, into context: OpaquePointer) {
        guard (0..<pageCount).contains(page.rawValue) else { return }
        renderLock.lock()
        defer { renderLock.unlock() }
        document.withPointer { doc in
            guard let rawPage = poppler_document_get_page(doc, Int32(page.rawValue)) else { return }
            let popplerPage = GObjectRef(adopting: rawPage)
            popplerPage.withPointer { poppler_page_render_for_printing($0, context) }
        }
    }

    /// Renders one page into a new image of its display size × `scale`, shrinking the scale when
    /// the image would exceed ``maxImageSideLength`` on a side or `maxPixelArea` pixels in all.
    /// Wraps `cairo_image_surface_create` and ``render(page:scale:into:)``.
    ///
    /// - Returns: The image (see ``RenderedImage/scale`` for the scale used), or `nil` for an
    ///   index outside the document, an empty page or a cairo allocation failure.
    /// - Warning: Same threading rule as ``render(page:scale:into:)``; the returned image may be
    ///   used on any thread.
    public func renderImage(page: PageIndex, scale: Double, maxPixelArea: Int = 16_000_000) -> RenderedImage? {
        guard (0..<pageCount).contains(page.rawValue) else { return nil }
        let size = displaySizes[page.rawValue]
        guard let pixels = Self.imagePixelSize(
            pageSize: size, scale: scale, maxSide: Self.maxImageSideLength, maxArea: maxPixelArea)
        else { return nil }

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        render(page: page, scale: pixels.scale, into: context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        return RenderedImage(page: page, adoptingSurface: surface, scale: pixels.scale)
    }

    /// The pixel size and effective scale for an image of `pageSize` points at `scale`, clamped
    /// to `maxSide` per side and `maxArea` pixels; `nil` for empty pages or invalid input.
    static func imagePixelSize(pageSize: Size, scale: Double, maxSide: Int, maxArea: Int)
        -> (width: Int, height: Int, scale: Double)?
    {
        guard pageSize.width > 0, pageSize.height > 0, scale.isFinite, scale > 0, maxSide > 0, maxArea > 0
        else { return nil }
        var s = min(
            scale,
            Double(maxSide) / pageSize.width,
            Double(maxSide) / pageSize.height,
            (Double(maxArea) / (pageSize.width * pageSize.height)).squareRoot())
        func pixels(_ length: Double) -> Int { max(1, Int((length * s - 1e-6).rounded(.up))) }
        var width = pixels(pageSize.width), height = pixels(pageSize.height)
        // Rounding up can push a clamped image one pixel over; shrink until it fits.
        while width > maxSide || height > maxSide || width * height > maxArea {
            if width == 1 && height == 1 { break }
            s *= 0.999
            width = pixels(pageSize.width)
            height = pixels(pageSize.height)
        }
        return (width, height, s)
    }
}
