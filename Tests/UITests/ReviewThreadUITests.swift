// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A review in the annotation list: an annotation chosen there is set Accepted and answered,
/// the list shows the reply under it and the state dump says its /NM, its reply count and its
/// state; the saved file holds the reply and the state as notes whose /IRT is the annotation's
/// object (judged with qpdf).
final class ReviewThreadUITests: XCTestCase {
    func testAnAnnotationIsAnsweredAndAcceptedFromTheListAndTheFileSaysSo() throws {
        let shared = try AppSession.sharedPDF("annots-text-highlight-ink.pdf")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("review.pdf").path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.isEditable == true
        }
        session.activate("sidebar-page", "[<'annotations'>]")
        let listed = try XCTUnwrap(session.waitFor("the annotation list is filled") { s in
            s.windows.first.map { $0.sidebarPage == "annotations" && !$0.annotationList.isEmpty && $0.reviewThreads != nil } ?? false
        }?.windows.first)
        let id = listed.annotationList[0][0]
        // Return on the first row selects its annotation; the review bar acts on it.
        session.xdotool("key", "Return")
        session.waitFor("selected") { $0.windows.first?.selectedAnnotation == id }
        session.activate("set-review-state", "[<'Accepted'>]")
        session.waitFor("accepted") { s in s.windows.first?.reviewThreads?.first { $0.id == id }?.state == "Accepted" }
        session.activate("reply-to-listed")
        session.waitFor("the reply's text is asked for") { $0.windows.first?.dialog == "reply" }
        try session.waitForDialogFocus(pid: Int(app.processIdentifier))
        session.xdotool("type", "--delay", "20", "Looks right")
        session.xdotool("key", "ctrl+Return")
        let answered = try XCTUnwrap(session.waitFor("answered") { s in
            guard let w = s.windows.first, let parent = w.reviewThreads?.first(where: { $0.id == id }) else { return false }
            return parent.replies == 1 && w.annotationList.contains { $0[3] == "Looks right" } && w.undoName == "Reply"
        }?.windows.first)
        let threads = try XCTUnwrap(answered.reviewThreads)
        let parent = try XCTUnwrap(threads.first { $0.id == id })
        let reply = try XCTUnwrap(threads.first { $0.inReplyTo == id })
        XCTAssertEqual(reply.text, "Looks right")
        XCTAssertNotNil(reply.name, "the reply has its /NM")
        XCTAssertNotNil(reply.author)
        let rows = answered.annotationList.map { $0[0] }
        XCTAssertEqual(rows.firstIndex(of: reply.id), rows.firstIndex(of: id).map { $0 + 1 }, "the reply is listed under its parent")

        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()
        let json = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path]).stdout
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func value(_ ref: String) -> [String: Any]? { (objects["obj:\(ref)"] as? [String: Any])?["value"] as? [String: Any] }
        let page = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first?["object"] as? String)
        var list = value(page)?["/Annots"]
        if let ref = list as? String { list = (objects["obj:\(ref)"] as? [String: Any])?["value"] }
        // The file's own annotations are written inline in /Annots; those the edit wrote are objects.
        let annots = try XCTUnwrap(list as? [Any]).compactMap { $0 as? String }
        let answers = annots.compactMap { ref in value(ref).map { (ref, $0) } }.filter { $0.1["/IRT"] != nil }
        XCTAssertEqual(answers.count, 2, "the reply and the state")
        let targets = Set(answers.compactMap { $0.1["/IRT"] as? String })
        XCTAssertEqual(targets.count, 1, "both answer one annotation")
        let target = try XCTUnwrap(targets.first)
        XCTAssertTrue(annots.contains(target), "/IRT is an annotation of the page")
        XCTAssertEqual(value(target)?["/NM"] as? String, parent.name.map { "u:" + $0 }, "the annotation the dump names")
        let state = try XCTUnwrap(answers.first { $0.1["/State"] != nil }?.1)
        XCTAssertEqual(state["/State"] as? String, "u:Accepted")
        XCTAssertEqual(state["/StateModel"] as? String, "u:Review")
        XCTAssertEqual(((state["/F"] as? NSNumber)?.intValue ?? 0) & 2, 2, "the state note is hidden")
        let saved = try XCTUnwrap(answers.first { $0.1["/State"] == nil }?.1)
        XCTAssertEqual(saved["/Contents"] as? String, "u:Looks right")
        XCTAssertEqual(saved["/Subtype"] as? String, "/Text")
        XCTAssertNotNil(saved["/CreationDate"])
    }
}
