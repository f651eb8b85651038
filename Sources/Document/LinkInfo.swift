// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Where a link leads, as far as the viewer acts on it.
public enum LinkTarget: Hashable, Sendable {
    /// A page of this document.
    case page(PageIndex)
    /// An address outside the document (opened only after the user agrees).
    case uri(String)
    /// Anything else (launching files, JavaScript, other documents): never followed.
    case unsupported
    /// Sound or video to play in place (a /Screen with a rendition action, a /Movie, a /Sound):
    /// the annotation's id. Played only when clicked or tapped, never by itself.
    case media(String)
}

/// One link on a page: its clickable area and its target.
public struct LinkInfo: Hashable, Sendable {
    public let id: String
    public let page: PageIndex
    /// Same convention as ``AnnotationInfo/rect``: PDF points, y up, crop-box origin.
    public let rect: Rect
    public let target: LinkTarget

    public init(id: String, page: PageIndex, rect: Rect, target: LinkTarget) {
        self.id = id; self.page = page; self.rect = rect; self.target = target
    }
}

/// A document whose links can be listed.
public protocol LinkSource: AnyObject, Sendable {
    /// The page's links (may be slow: call it off the main thread).
    func links(on page: PageIndex) -> [LinkInfo]
}
