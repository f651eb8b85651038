// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The coordinate spaces of one page and the maps between them, so that a pointer position on
/// the canvas becomes a PDF annotation coordinate (and back) in exactly one place.
///
/// Three spaces are involved:
/// - **canvas**: view pixels, origin at the content's top-left (see ``DocumentLayout``);
/// - **page**: the page as displayed, in points, origin at its top-left, y down, *after* its
///   /Rotate (so a landscape-rotated portrait page is wide);
/// - **PDF**: the page's user space, in points, y up, *before* rotation, origin at the lower-left
///   of its media box.
///
/// PDF's /Rotate turns the page clockwise for display: with a quarter turn the PDF origin (the
/// lower-left corner) shows at the displayed top-left.
public struct PageSpace: Hashable, Sendable {
    /// The page's frame on the canvas.
    public var frame: Rect
    /// Canvas pixels per point.
    public var zoom: Double
    /// The media box size in points, unrotated.
    public var mediaSize: Size
    /// The page's /Rotate.
    public var rotation: PageRotation

    public init(frame: Rect, zoom: Double, mediaSize: Size, rotation: PageRotation) {
        self.frame = frame
        self.zoom = zoom
        self.mediaSize = mediaSize
        self.rotation = rotation
    }

    /// The page's size in page space (points, after rotation).
    public var displaySize: Size { rotation.rotated(mediaSize) }

    /// Page space → canvas: scale by the zoom, then move to the frame's origin.
    public var pageToCanvasTransform: AffineTransform {
        AffineTransform.scale(zoom, zoom).concatenating(.translation(frame.minX, frame.minY))
    }

    /// Canvas → page space.
    public var canvasToPageTransform: AffineTransform {
        let inverse = 1 / zoom
        return AffineTransform.translation(-frame.minX, -frame.minY).concatenating(.scale(inverse, inverse))
    }

    /// PDF user space → page space: flip y, then turn clockwise by the rotation (exact, with no
    /// trigonometry).
    public var pdfToPageTransform: AffineTransform {
        let w = mediaSize.width, h = mediaSize.height
        switch rotation {
        case .none: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case .quarter: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .half: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case .threeQuarters: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h, ty: w)
        }
    }

    /// Page space → PDF user space.
    public var pageToPDFTransform: AffineTransform {
        let w = mediaSize.width, h = mediaSize.height
        switch rotation {
        case .none: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: h)
        case .quarter: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .half: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w, ty: 0)
        case .threeQuarters: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: w, ty: h)
        }
    }

    /// Canvas → PDF user space, e.g. for a pointer position that becomes an annotation point.
    public var canvasToPDFTransform: AffineTransform {
        canvasToPageTransform.concatenating(pageToPDFTransform)
    }

    /// PDF user space → canvas, e.g. to draw an annotation; also the cairo matrix for rendering
    /// PDF content onto the canvas.
    public var pdfToCanvasTransform: AffineTransform {
        pdfToPageTransform.concatenating(pageToCanvasTransform)
    }

    public func canvasToPage(_ p: Point) -> Point { canvasToPageTransform.apply(to: p) }
    public func pageToCanvas(_ p: Point) -> Point { pageToCanvasTransform.apply(to: p) }
    public func pageToPDF(_ p: Point) -> Point { pageToPDFTransform.apply(to: p) }
    public func pdfToPage(_ p: Point) -> Point { pdfToPageTransform.apply(to: p) }
    public func canvasToPDF(_ p: Point) -> Point { canvasToPDFTransform.apply(to: p) }
    public func pdfToCanvas(_ p: Point) -> Point { pdfToCanvasTransform.apply(to: p) }

    public func canvasToPDF(_ r: Rect) -> Rect { canvasToPDFTransform.apply(to: r) }
    public func pdfToCanvas(_ r: Rect) -> Rect { pdfToCanvasTransform.apply(to: r) }
}

extension DocumentLayout {
    /// The coordinate spaces of a page at `zoom`, given what only the document knows: its
    /// unrotated media size and its /Rotate.
    public func pageSpace(_ page: PageIndex, zoom: Double, mediaSize: Size, rotation: PageRotation) -> PageSpace {
        PageSpace(frame: pageFrame(page, zoom: zoom), zoom: zoom, mediaSize: mediaSize, rotation: rotation)
    }
}
