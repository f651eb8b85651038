// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo

/// How page content is coloured for reading: as printed, light on dark for reading in the dark,
/// or warm paper. Applied to the rendered pixels of the page's own content only: annotations,
/// drawn over it, keep their colours (a yellow highlight stays yellow at night).
public enum PageColours: String, Sendable, CaseIterable, Codable {
    case normal, night, sepia

    /// One pixel recoloured (8-bit, opaque).
    @inline(__always)
    public func recolour(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> (UInt8, UInt8, UInt8) {
        switch self {
        case .normal:
            return (r, g, b)
        case .night:
            // Lightness turned over (white paper becomes dark grey, black text light grey),
            // hue kept: colour pictures and links stay recognisable.
            let maxC = max(r, g, b), minC = min(r, g, b)
            let lightness = (Int(maxC) + Int(minC)) / 2
            let target = 232 - lightness * 202 / 255  // 232 for black text, 30 for white paper
            let shift = target - lightness
            func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
            return (clamp(Int(r) + shift), clamp(Int(g) + shift), clamp(Int(b) + shift))
        case .sepia:
            // Paper toned warm, ink kept dark.
            return (UInt8(Int(r) * 251 / 255), UInt8(Int(g) * 236 / 255), UInt8(Int(b) * 206 / 255))
        }
    }

    /// Recolours an image of premultiplied BGRA pixels (cairo's ARGB32 on little-endian) in
    /// place, except where `unannotated` (the same image drawn without annotations) differs:
    /// those pixels belong to an annotation and keep their colours.
    public func apply(to pixels: UnsafeMutablePointer<UInt8>, unannotated: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) {
        guard self != .normal else { return }
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let o = row + x * 4
                // An annotation covers this pixel: leave it as drawn.
                if pixels[o] != unannotated[o] || pixels[o + 1] != unannotated[o + 1] || pixels[o + 2] != unannotated[o + 2] { continue }
                guard pixels[o + 3] == 255 else { continue }
                let (r, g, b) = recolour(pixels[o + 2], pixels[o + 1], pixels[o])
                pixels[o] = b
                pixels[o + 1] = g
                pixels[o + 2] = r
            }
        }
    }
}

extension PageColours {
    /// Recolours what was just drawn into `context` (an image surface: a tile), comparing it
    /// with the same area drawn by `drawUnannotated` (the page without its annotations, in a
    /// context with the same transformation) so that annotations keep their colours.
    public func recolour(_ context: OpaquePointer, drawUnannotated: (OpaquePointer) -> Void) {
        guard self != .normal, let target = cairo_get_target(context), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_surface_flush(target)
        let width = cairo_image_surface_get_width(target), height = cairo_image_surface_get_height(target)
        let stride = Int(cairo_image_surface_get_stride(target))
        guard width > 0, height > 0, let pixels = cairo_image_surface_get_data(target),
              let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(scratch) }
        guard cairo_surface_status(scratch) == CAIRO_STATUS_SUCCESS, let other = cairo_create(scratch) else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        cairo_set_matrix(other, &matrix)
        drawUnannotated(other)
        cairo_destroy(other)
        cairo_surface_flush(scratch)
        guard let plain = cairo_image_surface_get_data(scratch), Int(cairo_image_surface_get_stride(scratch)) == stride else { return }
        apply(to: pixels, unannotated: plain, stride: stride, width: Int(width), height: Int(height))
        cairo_surface_mark_dirty(target)
    }
}
