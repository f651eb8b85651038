// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The page geometry of an open document, kept behind a protocol so that layout and the
/// interaction engine can be tested with ``FakePageSource`` instead of a real PDF backend.
///
/// Implementations answer from values gathered at open time; both requirements are cheap and
/// safe to call from any thread.
public protocol PageSource: AnyObject, Sendable {
    var pageCount: Int { get }

    /// The geometry of the page at `index`.
    ///
    /// - Precondition: `0 <= index.rawValue < pageCount`.
    func pageInfo(_ index: PageIndex) -> PageInfo
}

extension PageSource {
    /// Every page's geometry in order, handy for building a layout.
    public var allPageInfos: [PageInfo] { (0..<pageCount).map { pageInfo(PageIndex($0)) } }

    /// The display sizes of every page in order, the input `DocumentLayout` expects.
    public var displaySizes: [Size] { allPageInfos.map(\.displaySize) }
}

/// A document whose existing annotations can be listed and moved: what the canvas needs to
/// hit-test, select, move and resize them, whatever library reads the file.
public protocol AnnotationStore: AnyObject {
    /// The annotations of a page, in drawing order.
    func annotations(on page: PageIndex) -> [AnnotationInfo]
    /// Moves or resizes an annotation; `rect` is in the convention of ``AnnotationInfo/rect``.
    /// Returns whether the document accepted the change.
    func setRectangle(_ rect: Rect, forAnnotation id: String) -> Bool
    /// Whether annotations of this subtype can be moved and resized without damaging how they
    /// look (some subtypes keep their drawing in geometry other than the rectangle).
    func canSetRectangle(of subtype: AnnotationSubtype) -> Bool
}
