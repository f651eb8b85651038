// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// What turning tool output into edits needs of a document's editor: its annotations as the
/// model knows them. `DocumentEditor` adopts it; tests give it a model of their own.
public protocol AnnotationSource {
    /// Every annotation of a page in drawing order.
    func annotations(on page: PageIndex) -> [Annotation]
    func annotation(_ id: String) -> Annotation?
    /// The id of the popup that shows `annotation`'s note, if it has one.
    func popupID(of annotation: Annotation) -> String?
    /// The annotations `ids` with their places in their pages' lists, for a removal.
    func removal(of ids: [String]) -> [PlacedAnnotation]
}
