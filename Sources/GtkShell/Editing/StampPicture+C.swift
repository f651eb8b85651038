// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Document

/// Turns a PNG or JPEG file into the picture of an image stamp: decoded with gdk-pixbuf (EXIF
/// orientation applied), scaled to at most ``maximumSide`` pixels on its longer side, with an
/// alpha channel only when the picture has some transparency. A photo (an opaque picture from a
/// JPEG file) also comes as a JPEG (quality 90), which the document stores as it is: a 1024²
/// photo adds about 300 KB instead of the 1.8 MB its samples take compressed losslessly. A PNG
/// (a logo, a scanned signature) stays lossless.
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
        var isJPEG = false
        if let format = gdk_pixbuf_get_file_info(path, nil, nil), let name = gdk_pixbuf_format_get_name(format) {
            isJPEG = String(cString: name) == "jpeg"
            g_free(name)
        }
        guard let oriented = gdk_pixbuf_apply_embedded_orientation(loaded) else {
            return .failure(StampPictureError(message: "The picture could not be turned upright."))
        }
        defer { g_object_unref(raw(oriented)) }
        let width = Int(gdk_pixbuf_get_width(oriented)), height = Int(gdk_pixbuf_get_height(oriented))
        guard width > 0, height > 0 else { return .failure(StampPictureError(message: "The picture is empty.")) }
        guard max(width, height) > maximumSide else { return samples(of: oriented, asJPEG: isJPEG) }
        let factor = Double(maximumSide) / Double(max(width, height))
        guard let scaled = gdk_pixbuf_scale_simple(oriented, Int32(max(1, (Double(width) * factor).rounded())),
                                                   Int32(max(1, (Double(height) * factor).rounded())), GDK_INTERP_BILINEAR) else {
            return .failure(StampPictureError(message: "The picture is too large."))
        }
        defer { g_object_unref(raw(scaled)) }
        return samples(of: scaled, asJPEG: isJPEG)
    }

    /// A pixbuf's RGB samples and, when some pixel is not opaque, its alpha channel.
    private static func samples(of pixbuf: OpaquePointer, asJPEG: Bool) -> Result<StampImage, StampPictureError> {
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
        let jpeg = asJPEG && !translucent ? encodedJPEG(pixbuf) : nil
        return .success(StampImage(pixelWidth: width, pixelHeight: height, samples: rgb, alpha: translucent ? alpha : nil, jpeg: jpeg))
    }

    /// The pixbuf as a JPEG file at quality 90 (its alpha channel, if any, dropped: the caller
    /// asks only for opaque pictures). Wraps `gdk_pixbuf_save_to_bufferv`.
    private static func encodedJPEG(_ pixbuf: OpaquePointer) -> [UInt8]? {
        let opaque: OpaquePointer
        if gdk_pixbuf_get_has_alpha(pixbuf) != 0 {
            guard let flat = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf)) else { return nil }
            gdk_pixbuf_copy_area(pixbuf, 0, 0, gdk_pixbuf_get_width(pixbuf), gdk_pixbuf_get_height(pixbuf), flat, 0, 0)
            opaque = flat
        } else {
            opaque = OpaquePointer(g_object_ref(raw(pixbuf)))
        }
        defer { g_object_unref(raw(opaque)) }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup("90"), nil]
        defer { free(keys[0]); free(values[0]) }
        let saved = gdk_pixbuf_save_to_bufferv(opaque, &buffer, &size, "jpeg", &keys, &values, nil)
        guard saved != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { Array(UnsafeBufferPointer(start: $0, count: Int(size))) }
    }
}

/// Why a file cannot become a stamp, in words for the user.
struct StampPictureError: Error, Equatable {
    var message: String
}

extension StampPicture {
    /// Writes `picture` as a PNG file (with its alpha); whether it was written.
    /// Wraps `gdk_pixbuf_new_from_bytes` and `gdk_pixbuf_savev`.
    static func writePNG(_ picture: StampImage, to path: String) -> Bool {
        let w = picture.pixelWidth, h = picture.pixelHeight
        guard w > 0, h > 0, picture.samples.bytes.count >= w * h * 3 else { return false }
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            rgba[4 * i] = picture.samples.bytes[3 * i]
            rgba[4 * i + 1] = picture.samples.bytes[3 * i + 1]
            rgba[4 * i + 2] = picture.samples.bytes[3 * i + 2]
            rgba[4 * i + 3] = picture.alpha.map { $0.bytes[i] } ?? 255
        }
        let bytes = rgba.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let pixbuf = gdk_pixbuf_new_from_bytes(bytes, GDK_COLORSPACE_RGB, 1, 8, Int32(w), Int32(h), Int32(w * 4)) else { return false }
        defer { g_object_unref(raw(pixbuf)) }
        var error: UnsafeMutablePointer<GError>?
        let saved = gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, &error) != 0
        if let error { g_error_free(error) }
        return saved
    }
}
