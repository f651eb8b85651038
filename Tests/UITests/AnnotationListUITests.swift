// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The sidebar's annotation list on a 4-page document with text boxes on every page: each
/// listed by page, the keyboard goes to one on a later page and selects it there, and Delete in
/// the list removes it as one undoable step, which the saved file shows.
final class AnnotationListUITests: XCTestCase {
    func testTheListGoesToAnAnnotationSelectsItAndDeleteRemovesIt() throws {
        let shared = try AppSession.sharedPDF("mixed-orientation-annots.pdf")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("list.pdf").path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let before = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        let app = try session.launch([path])
        session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.isEditable == true
        }
        session.activate("sidebar-page", "[<'annotations'>]")
        let listed = try XCTUnwrap(session.waitFor("the annotation list is filled") { s in
            s.windows.first.map { $0.sidebarPage == "annotations" && ($0.annotationList.count) > 3 } ?? false
        }?.windows.first)
        let rows = listed.annotationList
        let pages = rows.compactMap { Int($0[1]) }
        XCTAssertEqual(pages, pages.sorted(), "listed page by page")
        let later = try XCTUnwrap(rows.indices.first { (Int(rows[$0][1]) ?? 0) > 1 }, "an annotation past page 1")
        let id = rows[later][0], page = Int(rows[later][1])!

        // The first row has the keyboard: down to that row, Return.
        for _ in 0..<later { session.xdotool("key", "Down") }
        session.xdotool("key", "Return")
        session.waitFor("on its page, selected") { s in
            s.windows.first.map { $0.currentPage == page && $0.selectedAnnotation == id } ?? false
        }
        session.xdotool("key", "Delete")
        let deleted = try XCTUnwrap(session.waitFor("Delete in the list removed it") { s in
            s.windows.first.map { $0.undoName == "Delete" && !($0.annotationList).contains { $0[0] == id } } ?? false
        }?.windows.first)
        XCTAssertEqual(deleted.annotationList.count, rows.count - 1)
        // Only the rows of the page the delete changed were made again, in their place.
        XCTAssertEqual(deleted.annotationListRowsBuilt, rows.filter { Int($0[1]) == page }.count - 1,
                       "the edit rebuilt page \(page)'s rows, not the list")
        XCTAssertEqual(deleted.annotationList, rows.filter { $0[0] != id }, "the other rows are as they were, in order")
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        func annotationCount(_ json: Data) throws -> Int {
            let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
            return try XCTUnwrap(root["pages"] as? [[String: Any]]).reduce(0) { sum, p in
                let dict = (objects["obj:\(p["object"] as? String ?? "")"] as? [String: Any])?["value"] as? [String: Any]
                var annots = dict?["/Annots"]
                if let ref = annots as? String { annots = (objects["obj:\(ref)"] as? [String: Any])?["value"] }
                return sum + ((annots as? [Any])?.count ?? 0)
            }
        }
        let after = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(try annotationCount(after.stdout), try annotationCount(before.stdout) - 1, "one annotation fewer in the saved file")
    }
}
