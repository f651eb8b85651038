// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import Document

/// A name typed on the signature pad, written in a script face: drawn as the pad's preview
/// and made into the picture kept as the signature (placed as a /Stamp, its paper clear).
/// The face is URW's Z003 (a chancery script, in Debian's fonts-urw-base35, which
/// Ghostscript and poppler's users have); fontconfig falls back to an italic serif without it.
enum TypedSignature {
    static let fontFamilies = "Z003, URW Chancery L, TeX Gyre Chorus, serif italic"
    /// The ink: the pad's dark blue.
    static let ink = (red: 0.05, green: 0.1, blue: 0.35)

    /// Draws `name` with its baseline at `baseline`, centred on `centerX`, `size` pixels tall.
    /// Wraps Pango's cairo rendering.
    static func draw(_ name: String, on cr: OpaquePointer, centerX: Double, baseline: Double, size: Double) {
        guard !name.isEmpty, let layout = layout(name, cr, size) else { return }
        defer { g_object_unref(raw(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        let base = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_set_source_rgb(cr, ink.red, ink.green, ink.blue)
        cairo_move_to(cr, centerX - Double(logical.width) / 2, baseline - base)
        pango_cairo_show_layout(cr, layout)
    }

    /// `name` as a picture: the script's ink on a clear ground, cropped to the ink with a small
    /// margin, 120 pixels for the font's size (sharp at the 40 points a signature is placed).
    static func picture(of name: String) -> StampImage? {
        guard !name.isEmpty, let probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        let probeContext = cairo_create(probe)
        defer { cairo_destroy(probeContext); cairo_surface_destroy(probe) }
        let size = 120.0
        guard let measuring = layout(name, probeContext!, size) else { return nil }
        var ink = PangoRectangle()
        pango_layout_get_pixel_extents(measuring, &ink, nil)
        g_object_unref(raw(measuring))
        let margin = 8
        let width = Int(ink.width) + 2 * margin, height = Int(ink.height) + 2 * margin
        guard ink.width > 0, ink.height > 0, width <= 4096, height <= 4096,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        guard let drawing = layout(name, cr, size) else { cairo_destroy(cr); return nil }
        cairo_set_source_rgb(cr, Self.ink.red, Self.ink.green, Self.ink.blue)
        cairo_move_to(cr, Double(margin - Int(ink.x)), Double(margin - Int(ink.y)))
        pango_cairo_show_layout(cr, drawing)
        g_object_unref(raw(drawing))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Cairo's ARGB32 is premultiplied, native-endian (BGRA bytes here): the ink's
                // own colour at each pixel, its coverage as the alpha.
                let p = data + y * stride + x * 4, i = y * width + x
                alpha[i] = p[3]
                rgb[3 * i] = UInt8(Self.ink.red * 255)
                rgb[3 * i + 1] = UInt8(Self.ink.green * 255)
                rgb[3 * i + 2] = UInt8(Self.ink.blue * 255)
            }
        }
        return StampImage(pixelWidth: width, pixelHeight: height, samples: rgb, alpha: alpha)
    }

    /// A Pango layout of `name` in the script face at `size` pixels. The caller unrefs it.
    private static func layout(_ name: String, _ cr: OpaquePointer, _ size: Double) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let font = pango_font_description_from_string(fontFamilies)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, name, -1)
        return layout
    }
}
