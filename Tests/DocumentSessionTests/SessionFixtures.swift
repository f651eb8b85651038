// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentSession
import Geometry

extension DocumentSession {
    /// Two A5 pages at zoom 1 in an 800 × 600 view (the first's top-left at view (16, 16)),
    /// shown to the engine, with `editing` as the document's editor.
    func openTwoA5Pages(editedBy editing: any EditingPort) {
        self.editing = editing
        _ = changeView {
            $0.resize(to: Size(width: 800, height: 600))
            $0.setDocument(pageSizes: [Size(width: 420, height: 595), Size(width: 420, height: 595)])
            $0.setZoom(1)
        }
        _ = syncScene()
    }
}
