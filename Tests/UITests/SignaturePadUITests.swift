// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A signature drawn on the pad with the mouse is kept in the signatures folder; after a
/// restart of the app the Sign tool (G) places it with a click on two pages; saved, the file
/// holds two /Ink annotations with their own appearance, marked as signatures, and MuPDF
/// draws them.
final class SignaturePadUITests: XCTestCase {
    func testASignatureKeptOnThePadIsPlacedOnTwoPagesAfterARestart() throws {
        guard AppSession.which("qpdf") != nil, AppSession.which("mutool") != nil else { throw XCTSkip("qpdf and mutool are needed") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("contract.pdf").path
        try NumberedPagesPDF.data(pages: 2).write(to: URL(fileURLWithPath: path))
        _ = try session.launchEditable(path)

        session.activate("new-signature")
        _ = try XCTUnwrap(session.waitFor("the pad") { $0.windows.first?.dialog == "signature-pad" })
        let pad = session.xdotool("search", "--sync", "--name", "New Signature").split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertFalse(pad.isEmpty, "the pad's window")
        let geometry = session.xdotool("getwindowgeometry", "--shell", pad)
        func value(_ key: String) -> Int { Int(geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }?.dropFirst(key.count + 1) ?? "") ?? 0 }
        let (x, y) = (value("X"), value("Y"))
        // Two strokes across the pad (it starts 16 px in, 180 px tall, the baseline at 130).
        for (start, step) in [((60, 110), (9, 1)), ((90, 70), (8, 3))] {
            session.xdotool("mousemove", "\(x + 16 + start.0)", "\(y + 16 + start.1)")
            session.xdotool("mousedown", "1")
            for i in 1...20 {
                session.xdotool("mousemove", "\(x + 16 + start.0 + i * step.0)", "\(y + 16 + start.1 + (i % 4) * step.1)")
                usleep(15_000)
            }
            session.xdotool("mouseup", "1")
        }
        session.xdotool("key", "alt+k")
        _ = try XCTUnwrap(session.waitFor("kept, and the Sign tool picked") { s in
            s.windows.first.map { $0.dialog == nil && $0.tool == "sign" } ?? false
        })
        let folder = session.workDir.appendingPathComponent("data/pdf-annotator/signatures")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(kept.count, 1, "one signature in \(folder.path)")
        let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(kept[0]))) as? [String: Any]
        XCTAssertEqual((stored?["strokes"] as? [Any])?.count, 2, "both strokes, as vectors")
        session.quitApps()

        // After a restart: G, then a click on each page.
        let (app, w) = try session.launchEditable(path)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let page = try XCTUnwrap(w.visiblePages.first)
        let px = Int(origin.x + w.canvasX + page.x + page.width / 2), py = Int(origin.y + w.canvasY + page.y + min(page.height, w.viewHeight) * 0.7)
        session.xdotool("mousemove", "\(px)", "\(py)")
        session.xdotool("click", "1")
        session.waitFor("the page has the keyboard") { $0.windows.first?.canvasHasFocus == true }
        session.xdotool("key", "g")
        _ = try XCTUnwrap(session.waitFor("G picks the Sign tool with the kept signature") { $0.windows.first?.tool == "sign" })
        usleep(600_000)
        session.xdotool("click", "1")
        _ = try XCTUnwrap(session.waitFor("signed page 1") { s in s.windows.first.map { $0.undoName == "Signature" } ?? false })
        for _ in 0..<6 where session.state()?.windows.first?.currentPage != 2 {
            session.xdotool("key", "Next")
            usleep(300_000)
        }
        _ = try XCTUnwrap(session.waitFor("page 2") { s in s.windows.first.map { $0.currentPage == 2 && !$0.isAnimating } ?? false })
        session.xdotool("key", "g")
        usleep(600_000)
        session.xdotool("click", "1")
        _ = try XCTUnwrap(session.waitFor("signed page 2") { s in
            s.windows.first.map { $0.annotations.filter { $0.kind == "ink" }.count >= 1 && $0.currentPage == 2 && $0.undoName == "Signature" } ?? false
        })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })

        XCTAssertEqual(try ExternalTools.run("qpdf", ["--check", path]).status, 0)
        let saved = try SavedPDF(path: path)
        for index in 0..<2 {
            let inks = saved.annotations(onPage: index).filter { ($0["/Subtype"] as? String) == "/Ink" }
            XCTAssertEqual(inks.count, 1, "one signature on page \(index + 1)")
            XCTAssertNotNil((inks.first?["/AP"] as? [String: Any])?["/N"], "with its own appearance")
            XCTAssertEqual(inks.first?["/AnnotatorSignature"] as? Bool, true, "marked as a signature")
        }
        XCTAssertEqual(try ExternalTools.run("mutool", ["draw", "-q", "-o", "/dev/null", path]).status, 0, "MuPDF draws both pages")
    }
}
