// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// One image drawn in a page's content (a photo, a scan, a figure): where it lies and its number
/// among the page's images, enough to select it and to ask the document for its pixels.
public struct PageImage: Hashable, Sendable {
    public let page: PageIndex
    /// The image's number among those drawn on its page, in drawing order.
    public let id: Int
    /// Same convention as ``AnnotationInfo/rect``: PDF points, y up, crop-box origin.
    public let rect: Rect

    public init(page: PageIndex, id: Int, rect: Rect) {
        self.page = page; self.id = id; self.rect = rect
    }
}

/// A document whose pages' images can be listed.
public protocol ImageSource: AnyObject, Sendable {
    /// The images drawn on a page, in drawing order (may be slow: call it off the main thread).
    func images(on page: PageIndex) -> [PageImage]
}
