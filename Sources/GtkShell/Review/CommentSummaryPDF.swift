// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document
import DocumentSession
import Geometry

/// Writes a ``CommentSummary`` as a PDF made with cairo: for each page with comments, an A4
/// sheet with a picture of the page, a numbered marker where each comment is, and beside it the
/// comments under the same numbers with their replies; a long list goes on over further sheets.
/// Text is laid out with Pango, so any script the fonts cover prints.
enum CommentSummaryPDF {
    /// Why a summary could not be written.
    struct Failure: Error { let message: String }

    private static let sheet = Size(width: 595.28, height: 841.89)
    private static let margin = 40.0
    private static let pictureWidth = 250.0
    private static let gap = 20.0
    private static let faces = "DejaVu Sans, Sans"

    /// One page of the summary as printed: its comments' words already made (on the main
    /// thread, in the reader's language), so that the writing can run on a worker.
    struct Page: Sendable {
        var page: PageIndex
        /// "Page 3", in the reader's language.
        var heading: String
        /// The page's size as shown.
        var size: Size
        var entries: [Entry]
    }

    struct Entry: Sendable {
        var number: Int
        /// Where the marker goes, in page points from the top-left as shown.
        var marker: Point
        var heading: String
        var contents: String
        var replies: [Reply]
    }

    struct Reply: Sendable {
        var depth: Int
        var line: String
    }

    /// The printed form of `summary`'s pages.
    @MainActor
    static func pages(of summary: CommentSummary, words: CommentSummary.Words, sizes: [Size]) -> [Page] {
        summary.pages.map { page in
            Page(page: page.page, heading: words.page(String(page.page.displayNumber)), size: sizes[safe: page.page.rawValue] ?? Size(width: 612, height: 792), entries: page.entries.map { e in
                Entry(number: e.number, marker: e.marker, heading: "\(e.number). " + summary.heading(e, words), contents: e.annotation.contents ?? "",
                      replies: e.replies.map { r in Reply(depth: r.depth, line: "↳ " + summary.heading(r, words) + (r.text.isEmpty ? "" : ": " + r.text)) })
            })
        }
    }

    /// Writes the summary to `path` under `title` and `subtitle`; `drawPage` draws a page as
    /// shown (its /Rotate applied) at a scale into a cairo context. Runs on a worker.
    static func write(_ pages: [Page], title: String, subtitle: String, to path: String,
                      drawPage: (PageIndex, Double, OpaquePointer) -> Void) throws {
        guard let surface = cairo_pdf_surface_create(path, sheet.width, sheet.height) else { throw Failure(message: "cairo") }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { throw Failure(message: "cairo") }
        defer { cairo_destroy(cr) }
        var y = margin
        y += text(title, x: margin, y: y, width: sheet.width - 2 * margin, size: 16, bold: true, cr) + 4
        y += text(subtitle, x: margin, y: y, width: sheet.width - 2 * margin, size: 10, bold: false, alpha: 0.65, cr) + 16
        var first = true
        for page in pages {
            if !first { cairo_show_page(cr); y = margin }
            first = false
            y += text(page.heading, x: margin, y: y, width: sheet.width - 2 * margin, size: 12, bold: true, cr) + 8
            let top = y
            let size = page.size
            let scale = min(pictureWidth / max(size.width, 1), (sheet.height - margin - top) / max(size.height, 1))
            picture(of: page, size: size, scale: scale, at: Point(x: margin, y: top), cr, drawPage: drawPage)
            // The comments beside the picture; a continued list takes the sheet's whole width.
            var x = margin + pictureWidth + gap
            var width = sheet.width - margin - x
            func newSheet() {
                cairo_show_page(cr)
                y = margin
                x = margin
                width = sheet.width - 2 * margin
            }
            for e in page.entries {
                if y + measure(e.heading, width: width, size: 9.5, bold: true, cr) + 12 > sheet.height - margin { newSheet() }
                y += text(e.heading, x: x, y: y, width: width, size: 9.5, bold: true, cr) + 2
                if !e.contents.isEmpty {
                    if y + 12 > sheet.height - margin { newSheet() }
                    y += text(e.contents, x: x + 12, y: y, width: width - 12, size: 9.5, bold: false, cr) + 2
                }
                for r in e.replies {
                    let indent = 12.0 * Double(r.depth + 1)
                    if y + 12 > sheet.height - margin { newSheet() }
                    y += text(r.line, x: x + indent, y: y, width: width - indent, size: 9, bold: false, alpha: 0.8, cr) + 2
                }
                y += 8
            }
        }
        cairo_surface_finish(surface)
        if cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS {
            throw Failure(message: string(cairo_status_to_string(cairo_surface_status(surface))) ?? "cairo")
        }
    }

    /// The page's picture with a frame and a numbered marker per comment.
    private static func picture(of page: Page, size: Size, scale: Double, at origin: Point, _ cr: OpaquePointer,
                                drawPage: (PageIndex, Double, OpaquePointer) -> Void) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        cairo_rectangle(cr, 0, 0, size.width * scale, size.height * scale)
        cairo_clip(cr)
        drawPage(page.page, scale, cr)
        cairo_restore(cr)
        cairo_save(cr)
        cairo_rectangle(cr, origin.x, origin.y, size.width * scale, size.height * scale)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.4)
        cairo_set_line_width(cr, 0.5)
        cairo_stroke(cr)
        for e in page.entries {
            let c = Point(x: origin.x + min(max(e.marker.x * scale, 8), size.width * scale - 8),
                          y: origin.y + min(max(e.marker.y * scale, 8), size.height * scale - 8))
            cairo_arc(cr, c.x, c.y, 7.5, 0, 2 * Double.pi)
            cairo_set_source_rgb(cr, 0.93, 0.45, 0.1)
            cairo_fill_preserve(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            let label = String(e.number)
            let w = measureWidth(label, size: 8, bold: true, cr)
            _ = text(label, x: c.x - w / 2, y: c.y - 5.5, width: 30, size: 8, bold: true, colour: (1, 1, 1), cr)
        }
        cairo_restore(cr)
    }

    private static func layout(_ s: String, width: Double, size: Double, bold: Bool, _ cr: OpaquePointer) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let font = pango_font_description_from_string(faces)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        if bold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, s, -1)
        return layout
    }

    /// Draws wrapped text with its top-left at (x, y); its height.
    private static func text(_ s: String, x: Double, y: Double, width: Double, size: Double, bold: Bool, alpha: Double = 1,
                             colour: (Double, Double, Double) = (0, 0, 0), _ cr: OpaquePointer) -> Double {
        guard let layout = layout(s, width: width, size: size, bold: bold, cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        cairo_save(cr)
        cairo_set_source_rgba(cr, colour.0, colour.1, colour.2, alpha)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
        return Double(h) / Double(PANGO_SCALE)
    }

    private static func measure(_ s: String, width: Double, size: Double, bold: Bool, _ cr: OpaquePointer) -> Double {
        guard let layout = layout(s, width: width, size: size, bold: bold, cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_size(layout, &w, &h)
        return Double(h) / Double(PANGO_SCALE)
    }

    private static func measureWidth(_ s: String, size: Double, bold: Bool, _ cr: OpaquePointer) -> Double {
        guard let layout = layout(s, width: 100, size: size, bold: bold, cr) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }
}
