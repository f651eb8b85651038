// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// Making links in the real app: a box drawn with the Link tool linked to page 4 through the
/// dialog (typed page number, Return), and the page's selected text linked to an address; the
/// new page link is followed before the document is saved; an address that is not a web or mail
/// address is refused in the dialog with a message; a right click on a link offers Edit Link… and
/// Delete Link, which is one undoable step. The saved
/// file is judged with `qpdf --json`: a /Link whose /Dest is page 4's object, and one whose
/// /A is a /URI action, both incremental and `qpdf --check` clean.
final class LinkCreationUITests: XCTestCase {
    func testLinksMadeWithTheLinkToolAndFromSelectedTextAreSavedAsStandardLinksAndFollowed() throws {
        try AppSession.skipUnderWayland("draws the box, types in the dialog and clicks the link with xdotool")
        let session = try AppSession()
        _ = try XCTUnwrap(AppSession.which("gdbus"), "gdbus is installed by tools/install-deps.sh")
        let path = session.workDir.appendingPathComponent("links.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("shown, editable, its six links listed") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true && !w.isAnimating
                && w.annotations.filter { $0.kind == "link" }.count == 6
        })
        // The document's links are listed by poppler ("p0-l3", numbered again when the page's
        // links are read again after an edit); a link the app made carries the editor's id.
        func made(_ a: AppSession.Annotation) -> Bool { a.kind == "link" && !a.id.hasPrefix("p0-l") }
        XCTAssertFalse(try XCTUnwrap(shown.windows.first).annotations.contains(where: made))
        let origin = try XCTUnwrap(session.windowOrigin(pid: shown.pid))

        // The page's text linked to an address, with no dialog (win.link-selection-to).
        session.activate("select-all")
        session.waitFor("the page's text selected") { $0.windows.first?.selectedText?.isEmpty == false }
        session.activate("link-selection-to", "[<'https://example.org/linked'>]")
        let textLinked = try XCTUnwrap(session.waitFor("one Add Link step over the text") { s in
            s.windows.first.map { $0.undoName == "Add Link" && $0.annotations.filter { $0.kind == "link" }.count == 7 } ?? false
        }?.windows.first)
        let uriLink = try XCTUnwrap(textLinked.annotations.first(where: made))

        // A box drawn with the Link tool in the empty lower part of page 1, linked to page 4.
        session.activate("tool", "[<'link'>]")
        let ready = try XCTUnwrap(session.waitFor("the Link tool") { $0.windows.first?.tool == "link" }?.windows.first)
        let page = try XCTUnwrap(ready.visiblePages.first { $0.page == 1 })
        let top = min(page.y + page.height * 0.82, ready.viewHeight - 80)
        let box = (x: page.x + page.width * 0.55, y: top, width: page.width * 0.3, height: 40.0)
        session.drag(from: (Int(origin.x + ready.canvasX + box.x), Int(origin.y + ready.canvasY + box.y)),
                     to: (Int(origin.x + ready.canvasX + box.x + box.width), Int(origin.y + ready.canvasY + box.y + box.height)))
        session.waitFor("the box asks where it leads") { $0.windows.first?.dialog == "link" }
        try session.waitForDialogFocus(pid: shown.pid)
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "4")
        session.xdotool("key", "Return")
        let boxLinked = try XCTUnwrap(session.waitFor("a second Add Link, the dialog gone") { s in
            s.windows.first.map { $0.dialog == nil && $0.annotations.filter { $0.kind == "link" }.count == 8 } ?? false
        }?.windows.first)
        XCTAssertEqual(boxLinked.undoName, "Add Link")
        XCTAssertEqual(boxLinked.tool, "link", "the Link tool stays for the next box")
        let pageLink = try XCTUnwrap(boxLinked.annotations.first { made($0) && $0.id != uriLink.id })
        XCTAssertEqual(pageLink.x, box.x, accuracy: 3, "where the box was drawn")
        XCTAssertEqual(pageLink.width, box.width, accuracy: 4)
        try session.waitForDialogGone(pid: shown.pid)

        // Bad input: an address that is neither web nor mail is refused in the dialog, saying why.
        session.activate("edit-link", "[<'\(uriLink.id)'>]")
        session.waitFor("the link's dialog") { $0.windows.first?.dialog == "link" }
        try session.waitForDialogFocus(pid: shown.pid)
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "javascript:alert(1)")
        let refused = try XCTUnwrap(session.waitFor("refused, saying why") { $0.windows.first?.linkProblem != nil }?.windows.first)
        XCTAssertTrue(refused.linkProblem?.contains("mailto") == true, refused.linkProblem ?? "")
        session.xdotool("key", "Return")
        session.xdotool("key", "Escape")
        let kept = try XCTUnwrap(session.waitFor("closed, nothing changed") { $0.windows.first?.dialog == nil }?.windows.first)
        XCTAssertEqual(kept.undoName, "Add Link", "no Edit Link step")
        try session.waitForDialogGone(pid: shown.pid)

        // Delete Link is one step, and undo brings the link back.
        session.activate("delete-link", "[<'\(uriLink.id)'>]")
        session.waitFor("Delete Link") { s in
            s.windows.first.map { $0.undoName == "Delete Link" && !$0.annotations.contains { $0.id == uriLink.id } } ?? false
        }
        session.activate("undo")
        session.waitFor("the link is back") { s in
            s.windows.first.map { $0.undoName == "Add Link" && $0.annotations.contains { $0.id == uriLink.id } } ?? false
        }

        // The new page link is followed before any save: with Select, a click on it goes to page 4.
        session.activate("tool", "[<'select'>]")
        let selecting = try XCTUnwrap(session.waitFor("Select") { $0.windows.first.map { $0.tool == "select" && !$0.isAnimating } ?? false }?.windows.first)
        let target = try XCTUnwrap(selecting.annotations.first { $0.id == pageLink.id })
        let spot = (x: Int(origin.x + selecting.canvasX + target.x + target.width / 2), y: Int(origin.y + selecting.canvasY + target.y + target.height / 2))
        session.xdotool("mousemove", "\(spot.x)", "\(spot.y)")
        session.waitFor("its tooltip names page 4") { $0.windows.first?.linkTooltip == "Go to page 4" }
        // A right click on it offers to change it or take it away.
        session.xdotool("click", "3")
        let menu = try XCTUnwrap(session.waitFor("the link's context menu") { $0.windows.first?.contextMenu != nil }?.windows.first?.contextMenu)
        XCTAssertEqual(Array(menu.prefix(2)), ["Edit Link…", "Delete Link"])
        session.xdotool("key", "Escape")
        session.waitFor("the menu closed") { $0.windows.first?.contextMenu == nil }
        XCTAssertEqual(session.state()?.windows.first?.currentPage, 1, "a right click does not follow it")
        // The page has the pointer again (the closed menu no longer holds it) before the click:
        // off the link and back, its tooltip goes and comes.
        session.xdotool("mousemove", "\(spot.x)", "\(Int(origin.y + selecting.canvasY + 8))")
        session.waitFor("off the link") { $0.windows.first?.linkTooltip == nil }
        session.xdotool("mousemove", "\(spot.x)", "\(spot.y)")
        session.waitFor("on it again") { $0.windows.first?.linkTooltip == "Go to page 4" }
        session.xdotool("click", "1")
        session.waitFor("following it shows page 4") { $0.windows.first?.currentPage == 4 }

        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        // Judged with qpdf: the original bytes kept, a /Dest to page 4's object, a /URI action.
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        let out = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        XCTAssertEqual(out.status, 0)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func dict(_ ref: String) -> [String: Any]? { (objects["obj:" + ref] as? [String: Any])?["value"] as? [String: Any] }
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]]).compactMap { $0["object"] as? String }
        let links = ((dict(pages[0])?["/Annots"] as? [String]) ?? []).compactMap(dict).filter { $0["/Subtype"] as? String == "/Link" }
        XCTAssertEqual(links.count, 8, "six of the file's and two new")
        let toPage = try XCTUnwrap(links.first { ($0["/Dest"] as? [Any])?.first as? String == pages[3] }, "a /Dest naming page 4's object")
        XCTAssertEqual((toPage["/Dest"] as? [Any])?.dropFirst().first as? String, "/XYZ")
        XCTAssertEqual((toPage["/Border"] as? [Any])?.compactMap { $0 as? Int }, [0, 0, 0])
        let toWeb = try XCTUnwrap(links.first { (($0["/A"] as? [String: Any])?["/URI"] as? String) == "u:https://example.org/linked" })
        XCTAssertEqual((toWeb["/A"] as? [String: Any])?["/S"] as? String, "/URI")
        XCTAssertEqual(((toWeb["/QuadPoints"] as? [Any])?.count ?? 0) % 8, 0)
        XCTAssertGreaterThan((toWeb["/QuadPoints"] as? [Any])?.count ?? 0, 0, "the text's lines as /QuadPoints")
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, String(decoding: check.output, as: UTF8.self))
    }
}
