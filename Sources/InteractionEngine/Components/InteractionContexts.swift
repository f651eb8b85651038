// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What an annotation component knows when it is about to act: the annotation, its page, and
/// how to convert the point it was given into the page's spaces.
public struct AnnotationContext: Hashable, Sendable {
    public var annotation: AnnotationTarget
    public var page: PageIndex { mapping.page }
    public var mapping: PageSpaceMapping
    public init(annotation: AnnotationTarget, mapping: PageSpaceMapping) {
        self.annotation = annotation; self.mapping = mapping
    }
}

/// What the link component knows: the link, its page and the page's mapping.
public struct LinkContext: Hashable, Sendable {
    public var link: LinkHit
    public var page: PageIndex { mapping.page }
    public var mapping: PageSpaceMapping
    public init(link: LinkHit, mapping: PageSpaceMapping) { self.link = link; self.mapping = mapping }
}

/// What deselection knows: the annotations that would be deselected.
public struct DeselectionContext: Hashable, Sendable {
    public var selectedAnnotations: [AnnotationTarget]
    public init(selectedAnnotations: [AnnotationTarget]) { self.selectedAnnotations = selectedAnnotations }
}

/// What smart zoom knows: the rectangle (view coordinates) it would fill the view with.
public struct SmartZoomContext: Hashable, Sendable {
    public var targetRect: Rect
    public init(targetRect: Rect) { self.targetRect = targetRect }
}

/// Which way an edge tap turns pages.
public enum FastScrollDirection: Hashable, Sendable {
    case previousPage, nextPage
}

/// What fast scrolling knows: which edge was tapped.
public struct FastScrollContext: Hashable, Sendable {
    public var direction: FastScrollDirection
    public init(direction: FastScrollDirection) { self.direction = direction }
}

/// What text selection knows: the text (or image) under the point and its page.
public struct TextContext: Hashable, Sendable {
    public var text: TextHit
    public var page: PageIndex { text.page }
    public var mapping: PageSpaceMapping?
    public init(text: TextHit, mapping: PageSpaceMapping?) { self.text = text; self.mapping = mapping }
}

/// The context of components that know nothing beyond the point (toggling the user interface,
/// deselecting text).
public struct NoContext: Hashable, Sendable {
    public init() {}
}
