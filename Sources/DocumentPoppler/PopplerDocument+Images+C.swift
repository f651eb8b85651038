// SPDX-License-Identifier: GPL-3.0-or-later
import CCairo
import CPoppler
import Document
import Geometry
import PopplerBridge

/// Why an image of a page's content could not be taken out.
public enum ImageExtractionError: Error, Equatable, Sendable {
    /// The page or the image number is not in the document.
    case noSuchImage
    /// poppler could not decode it (damaged data, an unsupported filter).
    case unreadable
    /// It decodes to more pixels than the app takes out (``PopplerDocument/maxExtractedImagePixels``).
    case tooLarge(width: Int, height: Int)
}

extension PopplerDocument: ImageSource {
    /// The most pixels an image taken out may have (a 16,384 × 16,384 picture, 1 GiB as
    /// ARGB); larger ones are refused rather than encoded.
    public static let maxExtractedImagePixels = 16_384 * 16_384

    /// The images a page draws, in drawing order, their areas in the page's PDF user space with
    /// the crop box's lower-left corner as origin (the convention of ``AnnotationInfo/rect``).
    /// Decodes no image. Wraps `poppler_page_get_image_mapping` and `poppler_page_get_crop_box`.
    ///
    /// Takes the render lock: call it from the render worker.
    public func images(on page: PageIndex) -> [PageImage] {
        guard page.rawValue >= 0, page.rawValue < pageCount else { return [] }
        let height = cropSize(ofPage: page.rawValue).height
        renderLock.lock()
        defer { renderLock.unlock() }
        return document.withPointer { doc -> [PageImage] in
            guard let raw = poppler_document_get_page(doc, Int32(page.rawValue)) else { return [] }
            let p = GObjectRef(adopting: raw)
            return p.withPointer { p -> [PageImage] in
                var crop = PopplerRectangle()
                poppler_page_get_crop_box(p, &crop)
                let list = poppler_page_get_image_mapping(p)
                defer { poppler_page_free_image_mapping(list) }
                var images: [PageImage] = []
                var node = list
                while let current = node {
                    defer { node = current.pointee.next }
                    guard let data = current.pointee.data else { continue }
                    let mapping = data.assumingMemoryBound(to: PopplerImageMapping.self).pointee
                    let a = mapping.area
                    // poppler's image areas run down from the crop box's top edge, and poppler
                    // 22.12 takes the crop box's corner off them once more than it should.
                    let x1 = a.x1 + crop.x1, x2 = a.x2 + crop.x1
                    let top = a.y1 + crop.y1, bottom = a.y2 + crop.y1
                    let rect = Rect(corner: Point(x: x1, y: height - top), corner: Point(x: x2, y: height - bottom))
                    guard rect.width > 0, rect.height > 0 else { continue }
                    images.append(PageImage(page: page, id: Int(mapping.image_id), rect: rect))
                }
                // The list comes last-drawn first; the page draws them the other way round.
                return images.sorted { $0.id < $1.id }
            }
        }
    }

    /// One image of a page's content at its own resolution (one pixel per sample, its soft
    /// mask or colour key as transparency), as poppler decodes it. Wraps `poppler_page_get_image`.
    ///
    /// Takes the render lock: call it from the render worker.
    public func imagePixels(of image: PageImage) throws(ImageExtractionError) -> RenderedImage {
        guard image.page.rawValue >= 0, image.page.rawValue < pageCount, image.id >= 0 else { throw .noSuchImage }
        // Its size first, from poppler's core: poppler-glib would allocate an enormous one whole.
        let facts = Self.facts(of: image, path: path, password: password, decoding: false)
        if let facts, Int(facts.width) * Int(facts.height) > Self.maxExtractedImagePixels {
            throw .tooLarge(width: Int(facts.width), height: Int(facts.height))
        }
        renderLock.lock()
        defer { renderLock.unlock() }
        let surface = document.withPointer { doc -> OpaquePointer? in
            guard let raw = poppler_document_get_page(doc, Int32(image.page.rawValue)) else { return nil }
            return GObjectRef(adopting: raw).withPointer { poppler_page_get_image($0, Int32(image.id)) }
        }
        guard let surface else { throw .unreadable }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        if cairo_surface_status(surface) == CAIRO_STATUS_INVALID_SIZE {
            cairo_surface_destroy(surface)
            throw .tooLarge(width: facts.map { Int($0.width) } ?? 0, height: facts.map { Int($0.height) } ?? 0)
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24, width > 0, height > 0 else {
            cairo_surface_destroy(surface)
            throw .unreadable
        }
        guard width * height <= Self.maxExtractedImagePixels else {
            cairo_surface_destroy(surface)
            throw .tooLarge(width: width, height: height)
        }
        // poppler-glib decodes a damaged stream silently (blank or garbled pixels): its data
        // must give every sample. Asked only of the image the size says it is.
        if let facts, Int(facts.width) == width, Int(facts.height) == height,
           let decoded = Self.facts(of: image, path: path, password: password, decoding: true),
           decoded.decoded_bytes < decoded.expected_bytes {
            cairo_surface_destroy(surface)
            throw .unreadable
        }
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 else {
            return RenderedImage(page: image.page, adoptingSurface: surface, scale: 1)
        }
        // An opaque image: its fourth byte is undefined in RGB24, so it is copied into ARGB32.
        defer { cairo_surface_destroy(surface) }
        guard let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(argb) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(argb) else { throw .unreadable }
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(argb)
        return RenderedImage(page: image.page, adoptingSurface: argb, scale: 1)
    }

    /// The image's size and, `decoding`, how much of its data decodes, read with poppler's
    /// core from the file (`nil` when it cannot say). Wraps `ann_image_facts_read`.
    static func facts(of image: PageImage, path: String, password: String?, decoding: Bool) -> ann_image_facts? {
        var facts = ann_image_facts()
        let status = ann_image_facts_read(path, password, Int32(image.page.rawValue), Int32(image.id), decoding ? 1 : 0, &facts)
        return status == 0 ? facts : nil
    }
}
