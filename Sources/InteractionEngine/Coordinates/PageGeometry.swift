// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// Where one page sits on the canvas and how its PDF user space is turned to reach the screen:
/// the only facts the engine needs to move a point between the canvas, the page as shown and
/// the page's PDF user space.
///
/// The host (the layout engine) supplies it for every page it lays out. The page space is the
/// page as shown (after /Rotate) in PDF points at zoom 1, origin top-left, y down; PDF user space
/// has its origin at the media box's lower-left, y up, before /Rotate.
public struct PageGeometry: Hashable, Sendable, Codable {
    public var index: PageIndex
    /// The page's rectangle on the canvas at the current zoom (after rotation).
    public var frame: Rect
    /// The unrotated media box size in PDF points.
    public var mediaSize: Size
    /// The media box's lower-left corner in PDF user space (zero for most files).
    public var mediaOrigin: Point
    public var rotation: PageRotation

    public init(
        index: PageIndex, frame: Rect, mediaSize: Size, rotation: PageRotation = .none,
        mediaOrigin: Point = .zero
    ) {
        self.index = index; self.frame = frame; self.mediaSize = mediaSize
        self.rotation = rotation; self.mediaOrigin = mediaOrigin
    }

    /// A page laid out at `origin` (canvas, current zoom) whose frame follows from the zoom.
    public init(
        index: PageIndex, origin: Point, mediaSize: Size, rotation: PageRotation = .none, zoom: Double
    ) {
        let shown = rotation.rotated(mediaSize) * zoom
        self.init(index: index, frame: Rect(origin: origin, size: shown), mediaSize: mediaSize, rotation: rotation)
    }

    /// The page's size as shown, in PDF points (the media size, transposed for quarter turns).
    public var displayedSize: Size { rotation.rotated(mediaSize) }

    /// Canvas pixels per page point horizontally and vertically (the zoom, when the layout is uniform).
    public var scaleX: Double { displayedSize.width > 0 ? frame.width / displayedSize.width : 1 }
    public var scaleY: Double { displayedSize.height > 0 ? frame.height / displayedSize.height : 1 }

    /// PDF user space → page space (rotation and y flip, exact with no rounding).
    public var pdfToPage: AffineTransform {
        let w = mediaSize.width, h = mediaSize.height, ox = mediaOrigin.x, oy = mediaOrigin.y
        switch rotation {
        case .none: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -ox, ty: h + oy)
        case .quarter: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: -oy, ty: -ox)
        case .half: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w + ox, ty: -oy)
        case .threeQuarters: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: h + oy, ty: w + ox)
        }
    }

    /// Page space → PDF user space, the exact inverse of ``pdfToPage``.
    public var pageToPDF: AffineTransform {
        let w = mediaSize.width, h = mediaSize.height, ox = mediaOrigin.x, oy = mediaOrigin.y
        switch rotation {
        case .none: return AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: ox, ty: h + oy)
        case .quarter: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: ox, ty: oy)
        case .half: return AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: w + ox, ty: oy)
        case .threeQuarters: return AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: w + ox, ty: h + oy)
        }
    }

    /// Page space → canvas.
    public var pageToCanvas: AffineTransform {
        AffineTransform(a: scaleX, b: 0, c: 0, d: scaleY, tx: frame.minX, ty: frame.minY)
    }

    /// PDF user space → canvas.
    public var pdfToCanvas: AffineTransform { pdfToPage.concatenating(pageToCanvas) }

    /// Canvas → PDF user space.
    public var canvasToPDF: AffineTransform { canvasToPageTransform.concatenating(pageToPDF) }

    var canvasToPageTransform: AffineTransform {
        AffineTransform(
            a: 1 / scaleX, b: 0, c: 0, d: 1 / scaleY,
            tx: -frame.minX / scaleX, ty: -frame.minY / scaleY)
    }

    /// View → page space for a given view transform (what a component's page mapping needs).
    public func viewToPage(_ view: ViewTransform) -> AffineTransform {
        view.viewToCanvas.concatenating(canvasToPageTransform)
    }

    public func pagePoint(fromCanvas p: Point) -> Point {
        Point(x: (p.x - frame.minX) / scaleX, y: (p.y - frame.minY) / scaleY)
    }

    public func canvasPoint(fromPage p: Point) -> Point {
        Point(x: frame.minX + p.x * scaleX, y: frame.minY + p.y * scaleY)
    }

    public func pdfPoint(fromPage p: Point) -> Point { pageToPDF.apply(to: p) }

    public func pagePoint(fromPDF p: Point) -> Point { pdfToPage.apply(to: p) }

    public func pdfPoint(fromCanvas p: Point) -> Point { pdfPoint(fromPage: pagePoint(fromCanvas: p)) }

    public func canvasPoint(fromPDF p: Point) -> Point { canvasPoint(fromPage: pagePoint(fromPDF: p)) }

    /// A PDF-space rectangle as it appears on the canvas (exact, as rotations are quarter turns).
    public func canvasRect(fromPDF r: Rect) -> Rect { rect(r, through: pdfToCanvas) }

    /// A canvas rectangle in PDF user space.
    public func pdfRect(fromCanvas r: Rect) -> Rect {
        Rect(corner: pdfPoint(fromCanvas: r.origin), corner: pdfPoint(fromCanvas: Point(x: r.maxX, y: r.maxY)))
    }

    /// A PDF-space vector (such as a drag) as a canvas displacement, and back.
    public func canvasVector(fromPDF v: Vector) -> Vector { pdfToCanvas.apply(to: v) }

    public func pdfVector(fromCanvas v: Vector) -> Vector {
        pageToPDF.apply(to: Vector(dx: v.dx / scaleX, dy: v.dy / scaleY))
    }

    /// PDF points per canvas (= view) pixel, for turning pixel tolerances into PDF distances.
    public var pdfUnitsPerPixel: Double { 1 / ((scaleX * scaleY).squareRoot()) }

    private func rect(_ r: Rect, through t: AffineTransform) -> Rect {
        Rect(corner: t.apply(to: r.origin), corner: t.apply(to: Point(x: r.maxX, y: r.maxY)))
    }
}
