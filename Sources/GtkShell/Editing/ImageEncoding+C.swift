// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CGtk
import DocumentPoppler
#if canImport(Glibc)
import Glibc
#endif

/// An image taken out of a page (``PopplerDocument/imagePixels(of:)``) as a file's bytes or a
/// texture: PNG through cairo (transparency kept), JPEG through gdk-pixbuf (laid on white), a
/// `GdkTexture` for the clipboard (which GTK offers as PNG).
enum ImageEncoding {
    /// The file types Save Image As… writes.
    enum FileType: String, Sendable {
        case png, jpeg

        /// JPEG for a name ending in .jpg or .jpeg, PNG for anything else.
        init(path: String) {
            let lower = path.lowercased()
            self = lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") ? .jpeg : .png
        }
    }

    /// The image as a file of `type`, or `nil` when the encoder failed.
    static func encode(_ image: RenderedImage, as type: FileType) -> [UInt8]? {
        switch type {
        case .png: return png(image)
        case .jpeg: return jpeg(image)
        }
    }

    /// Wraps `cairo_surface_write_to_png_stream`.
    static func png(_ image: RenderedImage) -> [UInt8]? {
        let sink = ByteSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        let status = cairo_surface_write_to_png_stream(image.surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, box.toOpaque())
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }

    /// The pixels laid on white (JPEG has no transparency), at quality 92. Wraps
    /// `gdk_pixbuf_save_to_bufferv`.
    static func jpeg(_ image: RenderedImage) -> [UInt8]? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(image.width), Int32(image.height)) else { return nil }
        defer { g_object_unref(raw(pixbuf)) }
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let target = gdk_pixbuf_get_pixels(pixbuf) else { return nil }
        cairo_surface_flush(image.surface)
        image.withUnsafeBytes { source in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    // Premultiplied B, G, R, A (little-endian ARGB32) over white: c + (255 - a).
                    let s = y * image.stride + x * 4, t = y * rowstride + x * 3
                    let a = Int(source[s + 3])
                    target[t] = UInt8(min(255, Int(source[s + 2]) + 255 - a))
                    target[t + 1] = UInt8(min(255, Int(source[s + 1]) + 255 - a))
                    target[t + 2] = UInt8(min(255, Int(source[s]) + 255 - a))
                }
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup("92"), nil]
        defer { free(keys[0]); free(values[0]) }
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "jpeg", &keys, &values, nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { Array(UnsafeBufferPointer(start: $0, count: Int(size))) }
    }

    /// A texture of the image's pixels (copied), for the clipboard. Wraps `gdk_memory_texture_new`.
    static func texture(_ image: RenderedImage) -> OpaquePointer? {
        cairo_surface_flush(image.surface)
        return image.withUnsafeBytes { pixels -> OpaquePointer? in
            guard let base = pixels.baseAddress else { return nil }
            let bytes = g_bytes_new(base, gsize(image.stride * image.height))
            defer { g_bytes_unref(bytes) }
            // cairo ARGB32 is native-endian premultiplied: B, G, R, A in memory on little-endian.
            return gdk_memory_texture_new(Int32(image.width), Int32(image.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(image.stride))
        }
    }
}

/// The bytes cairo's PNG writer hands over, gathered.
private final class ByteSink {
    var bytes: [UInt8] = []
}
