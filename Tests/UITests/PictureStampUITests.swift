// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A picture stamp: the Stamp tool's "Picture…" (the `win.stamp-picture` action, activated over
/// D-Bus as a desktop shell would) opens the chooser; a PNG with a transparent background comes
/// in through `win.use-stamp-picture`; a click on the page places it.
/// Judged from the saved file: qpdf finds the picture as an image with a soft mask in the
/// stamp's appearance, and MuPDF draws its colour where it was clicked.
final class PictureStampUITests: XCTestCase {
    func testAPNGPickedInTheChooserIsStampedWhereClickedAndSavedAsAnImage() throws {
        let session = try AppSession()
        _ = try XCTUnwrap(AppSession.which("convert"), "ImageMagick is installed by tools/install-deps.sh")
        _ = try XCTUnwrap(AppSession.which("gdbus"), "gdbus is installed by tools/install-deps.sh")
        let picture = session.workDir.appendingPathComponent("logo.png").path
        // 120 × 60: a blue disc on a transparent background.
        session.run("convert", ["-size", "120x60", "xc:none", "-fill", "#0000ff", "-draw", "circle 60,30 60,5", picture])
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture), "convert made the PNG")
        let path = session.workDir.appendingPathComponent("stamp.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true && !w.isAnimating
        })

        // The Picture… action opens the chooser; Escape closes it. (Typing a path into GTK's
        // chooser under Xvfb is timing-dependent, so the picture itself comes through
        // `win.use-stamp-picture`, the same loading path the chooser's answer takes.)
        session.activate("stamp-picture")
        session.waitFor("the chooser is open with the Stamp tool picked") { s in
            s.windows.first?.dialog == "stamp-picture" && s.windows.first?.tool == "stamp"
        }
        try session.waitForDialogFocus(pid: shown.pid)
        session.xdotool("key", "Escape")
        session.waitFor("Escape closed the chooser") { $0.windows.first?.dialog == nil }
        // gdbus returns once the app has run the action.
        session.activate("use-stamp-picture", "[<'\(picture)'>]")
        let ready = try XCTUnwrap(session.waitFor("the picture is loaded, the page still") { s in
            s.windows.first.map { $0.dialog == nil && $0.tool == "stamp" && !$0.isAnimating } ?? false
        }?.windows.first)

        // A click on page 1's empty lower part places the picture centred there.
        let page = try XCTUnwrap(ready.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: shown.pid))
        let click = (x: page.x + page.width / 2, y: min(page.y + page.height * 0.62, ready.viewHeight - 40))
        session.xdotool("mousemove", "\(Int(origin.x + ready.canvasX + click.x))", "\(Int(origin.y + ready.canvasY + click.y))", "click", "1")
        let stamped = try XCTUnwrap(session.waitFor("one Stamp edit") { s in
            s.windows.first.map { $0.undoName == "Stamp" && $0.annotations.contains { $0.kind == "stamp" } } ?? false
        }?.windows.first)
        let box = try XCTUnwrap(stamped.annotations.first { $0.kind == "stamp" })
        XCTAssertEqual(box.x + box.width / 2, click.x, accuracy: 2, "centred where clicked")
        XCTAssertEqual(box.y + box.height / 2, click.y, accuracy: 2)
        XCTAssertEqual(box.width / box.height, 2, accuracy: 0.05, "the picture's proportions")
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        let saved = try SavedPDF(path: path)
        let stamp = try XCTUnwrap(saved.annotations.first { $0["/Subtype"] as? String == "/Stamp" })
        let form = try XCTUnwrap(saved.resolve((stamp["/AP"] as? [String: Any])?["/N"]) as? [String: Any])
        let xobjects = try XCTUnwrap(saved.resolve((saved.resolve(form["/Resources"]) as? [String: Any])?["/XObject"]) as? [String: Any])
        let image = try XCTUnwrap(saved.resolve(xobjects["/Im0"]) as? [String: Any], "the appearance draws an image")
        XCTAssertEqual(image["/Subtype"] as? String, "/Image")
        XCTAssertEqual(SavedPDF.number(image["/Width"]), 120)
        XCTAssertEqual(SavedPDF.number(image["/Height"]), 60)
        XCTAssertNotNil(image["/SMask"], "the transparent background is a soft mask")
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, String(decoding: check.output, as: UTF8.self))

        // MuPDF draws blue at the disc's centre and, where the picture is transparent, the page
        // as it was before (the same pixels as the original file's rendering).
        let rect = try XCTUnwrap(SavedPDF.rect(stamp["/Rect"]))
        func render(_ pdf: String, _ name: String) throws -> PNMImage {
            let pnm = session.workDir.appendingPathComponent(name).path
            let draw = try ExternalTools.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", pnm, pdf, "1"])
            XCTAssertEqual(draw.status, 0)
            return try PNMImage(path: pnm)
        }
        let after = try render(path, "after.pnm")
        let before = try render(AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, "before.pnm")
        func rgb(_ image: PNMImage, _ x: Double, _ y: Double) -> (Int, Int, Int) {
            let o = (Int(841.89 - y) * image.width + Int(x)) * 3
            return (Int(image.pixels[o]), Int(image.pixels[o + 1]), Int(image.pixels[o + 2]))
        }
        let centre = rgb(after, (rect.x1 + rect.x2) / 2, (rect.y1 + rect.y2) / 2)
        XCTAssertTrue(centre.2 > 200 && centre.0 < 60 && centre.1 < 60, "blue at the disc's centre: \(centre)")
        for (x, y) in [(rect.x1 + 2, rect.y2 - 2), (rect.x2 - 2, rect.y1 + 2)] {
            let now = rgb(after, x, y), was = rgb(before, x, y)
            XCTAssertTrue(abs(now.0 - was.0) + abs(now.1 - was.1) + abs(now.2 - was.2) < 12,
                          "the page shows through the transparent corner: \(now) vs \(was)")
        }
    }
}
