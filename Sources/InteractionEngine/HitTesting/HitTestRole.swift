// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// What a hit-test node stands for, so that a tool can tell a page from an annotation or an
/// overlay control without downcasting.
public enum HitTestRole: Hashable, Sendable {
    /// The whole scrollable document.
    case canvas
    /// A group of pages shown side by side (numbered from 0).
    case spread(Int)
    case page(PageIndex)
    case annotation(AnnotationTarget)
    /// A layer above the pages (a drawer, a floating toolbar); usually transparent to touches.
    case overlay(String)
    /// A control inside an overlay or on a page, named by the host.
    case control(String)

    public var annotation: AnnotationTarget? {
        if case .annotation(let target) = self { return target }
        return nil
    }

    public var pageIndex: PageIndex? {
        if case .page(let index) = self { return index }
        return nil
    }
}
