// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C on a selected annotation, Ctrl+V on another page in view: the copy is saved on that
/// page with the same kind and size (qpdf reads every page of the saved file), and the original
/// stays on its own.
final class CopyPasteUITests: XCTestCase {
    /// Each page's annotation rectangles by subtype, from qpdf's JSON of the file.
    private func annotations(in path: String) throws -> [[(subtype: String, rect: SavedPDF.Box)]] {
        let r = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", path])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let objects = try XCTUnwrap((json["qpdf"] as? [Any])?.last as? [String: Any])
        func resolve(_ v: Any?) -> Any? {
            guard let ref = v as? String, ref.hasSuffix(" R"), let o = objects["obj:\(ref)"] as? [String: Any] else { return v }
            return o["value"] ?? (o["stream"] as? [String: Any])?["dict"]
        }
        return try XCTUnwrap(json["pages"] as? [[String: Any]]).map { page in
            let dict = resolve(page["object"]) as? [String: Any] ?? [:]
            return ((resolve(dict["/Annots"]) as? [Any]) ?? []).compactMap { resolve($0) as? [String: Any] }.compactMap { a in
                guard let subtype = a["/Subtype"] as? String, let rect = SavedPDF.rect(a["/Rect"]) else { return nil }
                return (subtype, rect)
            }
        }
    }

    func testACopiedRectangleIsPastedOnThePageInViewAndSavedThere() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("copy.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true
        })
        let origin = try XCTUnwrap(session.windowOrigin(pid: shown.pid))
        session.activate("tool", "[<'rectangle'>]")
        // The toolbar slides in and moves the page down: waitFor answers once it has stopped
        // (layoutSettling), and the page view rests, sharp.
        let w = try XCTUnwrap(session.waitFor("the Rectangle tool, toolbar out, the page view at rest") { s in
            s.windows.first.map { $0.tool == "rectangle" && $0.toolbarShown == true && !$0.isAnimating && $0.missingTiles == 0 } ?? false
        }?.windows.first)
        // A rectangle on page 1's empty lower part, near the bottom of the view.
        let from = (x: Int(origin.x + w.canvasX + 200), y: Int(origin.y + w.canvasY + w.viewHeight - 140))
        let to = (x: from.x + 150, y: from.y + 80)
        session.drag(from: (from.x, from.y), to: (to.x, to.y))
        let drawn = try XCTUnwrap(session.waitFor("one Rectangle") { $0.windows.first?.undoName == "Rectangle" }?.windows.first)
        let square = try XCTUnwrap(drawn.annotations.first { $0.kind == "square" })

        session.activate("tool", "[<'select'>]")
        session.waitFor("Select") { $0.windows.first?.tool == "select" }
        session.xdotool("mousemove", "\(Int(origin.x + w.canvasX + square.x + square.width / 2))",
                        "\(Int(origin.y + w.canvasY + square.y + square.height / 2))", "click", "1")
        session.waitFor("the rectangle is selected") { $0.windows.first?.selectedAnnotation == square.id }
        session.xdotool("key", "ctrl+c")
        // Away to a later page, which the paste lands on.
        for _ in 0..<3 { session.xdotool("key", "Next") }
        let away = try XCTUnwrap(session.waitFor("a later page is in view") { s in
            s.windows.first.map { $0.currentPage >= 2 && !$0.isAnimating } ?? false
        }?.windows.first)
        session.xdotool("key", "ctrl+v")
        let pasted = try XCTUnwrap(session.waitFor("one Paste, the copy selected") { s in
            s.windows.first.map { $0.undoName == "Paste" && $0.selectedAnnotation != nil && $0.selectedAnnotation != square.id } ?? false
        }?.windows.first)
        XCTAssertEqual(pasted.currentPage, away.currentPage)
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        let pages = try annotations(in: path)
        let original = try XCTUnwrap(pages[0].first { $0.subtype == "/Square" }, "the original stays on page 1")
        let copy = try XCTUnwrap(pages[away.currentPage - 1].first { $0.subtype == "/Square" }, "the copy is on page \(away.currentPage)")
        XCTAssertEqual(copy.rect.x2 - copy.rect.x1, original.rect.x2 - original.rect.x1, accuracy: 0.01, "same width")
        XCTAssertEqual(copy.rect.y2 - copy.rect.y1, original.rect.y2 - original.rect.y1, accuracy: 0.01, "same height")
        let squares = pages.map { $0.filter { $0.subtype == "/Square" }.count }.reduce(0, +)
        XCTAssertEqual(squares, 2, "one original, one copy")
    }
}
