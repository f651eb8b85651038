// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document

/// Turns a PNG or JPEG file into the picture of an image stamp: decoded with gdk-pixbuf (EXIF
/// orientation applied), scaled to at most ``maximumSide`` pixels on its longer side (the
/// samples are stored uncompressed, see ``StampImage``), with an alpha channel only when the
/// picture has some transparency.
enum StampPicture {
    /// A stamp is seen at page size: 1024 pixels across 200 points is ~370 dpi.
    static let maximumSide = 1024

    /// The picture, or a sentence saying why the file cannot be one.
    static func load(path: String) -> Result<StampImage, StampPictureError> {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.flatMap { string($0.pointee.message) } ?? "It is not a picture."
            if let error { g_error_free(error) }
            return .failure(StampPictureError(message: message))
        }
        defer { g_object_unref(raw(loaded)) }
        guard let oriented = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            return .failure(StampPictureError(message: "The picture could not be turned upright."))
        }
        defer { g_object_unref(raw(oriented)) }
        let width = Int(gdk_pixbuf_get_width(oriented)), height = Int(gdk_pixbuf_get_height(oriented))
        guard width > 0, height > 0 else { return .failure(StampPictureError(message: "The picture is empty.")) }
        guard max(width, height) > maximumSide else { return samples(of: oriented) }
        let factor = Double(maximumSide) / Double(max(width, height))
        guard let scaled = gdk_pixbuf_scale_simple(oriented, Int32(max(1, (Double(width) * factor).rounded())),
                                                   Int32(max(1, (Double(height) * factor).rounded())), GDK_INTERP_BILINEAR) else {
            return .failure(StampPictureError(message: "The picture is too large."))
        }
        defer { g_object_unref(raw(scaled)) }
        return samples(of: scaled)
    }

    /// A pixbuf's RGB samples and, when some pixel is not opaque, its alpha channel.
    private static func samples(of pixbuf: OpaquePointer) -> Result<StampImage, StampPictureError> {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels >= (hasAlpha ? 4 : 3), let pixels = gdk_pixbuf_read_pixels(pixbuf) else {
            return .failure(StampPictureError(message: "The picture's format is not supported."))
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var alpha = [UInt8](repeating: 255, count: hasAlpha ? width * height : 0)
        var translucent = false
        for y in 0..<height {
            let row = pixels + y * stride
            for x in 0..<width {
                let p = row + x * channels, i = y * width + x
                rgb[3 * i] = p[0]
                rgb[3 * i + 1] = p[1]
                rgb[3 * i + 2] = p[2]
                if hasAlpha {
                    alpha[i] = p[3]
                    if p[3] != 255 { translucent = true }
                }
            }
        }
        return .success(StampImage(pixelWidth: width, pixelHeight: height, samples: rgb, alpha: translucent ? alpha : nil))
    }
}

/// Why a file cannot become a stamp, in words for the user.
struct StampPictureError: Error, Equatable {
    var message: String
}
