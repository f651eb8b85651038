// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

extension EditComposer {
    /// The name of an import's step in the Edit menu.
    public static let importStepName = XFDFMerge.stepName

    /// Merges an XFDF file's annotations into the document as one undoable step, new ones
    /// stamped with this composer's ids (see ``XFDFMerge/merging(_:pageCount:in:stamp:)``).
    public func importing(_ contents: XFDFContents, pageCount: Int, in source: AnnotationSource) -> XFDFMerge {
        XFDFMerge.merging(contents, pageCount: pageCount, in: source, stamp: stamp)
    }
}
