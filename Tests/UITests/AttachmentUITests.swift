// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Attachments in the real app: the sidebar's Attachments page lists a document's embedded files
/// and /FileAttachment annotations; Save writes each into the chosen folder with its exact
/// bytes, hostile names (`../`, absolute paths, NUL, very long) writing nothing outside it;
/// Open asks first, copies the file into a private folder (0700) with its exact bytes, and
/// refuses a launcher; a file attached with the File Attachment tool is saved as a
/// /FileAttachment whose embedded stream qpdf reads back as the file's bytes.
final class AttachmentUITests: XCTestCase {
    static func payload(_ count: Int, seed: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31 &+ seed) ^ ($0 >> 3)) } }

    func testOpenAndSaveGiveTheExactBytesAndHostileNamesWriteNothingOutsideTheChosenFolder() throws {
        let session = try AppSession()
        _ = try XCTUnwrap(AppSession.which("gdbus"), "gdbus is installed by tools/install-deps.sh")
        let outside = "/tmp/pdf-annotator-absolute-\(UUID().uuidString).txt"
        let long = String(repeating: "long", count: 80) + ".txt"
        let files: [AttachmentsPDF.File] = [
            .init(name: "data.bin", bytes: Self.payload(5000, seed: 1), description: "Measurements"),
            .init(name: "../../escape.txt", bytes: Self.payload(300, seed: 2)),
            .init(name: outside, bytes: Self.payload(200, seed: 3)),
            .init(name: "nul\0byte.txt", bytes: Self.payload(100, seed: 4)),
            .init(name: long, bytes: Self.payload(50, seed: 5)),
            .init(name: "evil.desktop", bytes: Array("[Desktop Entry]\nType=Application\nExec=touch /tmp/pwned\n".utf8)),
        ]
        let annotated: [AttachmentsPDF.File] = [.init(name: "note.txt", bytes: Array("a note's file\n".utf8))]
        let path = session.workDir.appendingPathComponent("files.pdf").path
        try AttachmentsPDF(embedded: files, annotated: annotated).data().write(to: URL(fileURLWithPath: path))
        let runtime = session.workDir.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let app = try session.launch([path], environment: ["XDG_RUNTIME_DIR": runtime.path])
        let shown = try XCTUnwrap(session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        })
        session.activate("sidebar-page", "[<'attachments'>]")
        let listed = try XCTUnwrap(session.waitFor("the attachments are listed") { s in
            s.windows.first.map { $0.sidebarPage == "attachments" && ($0.attachments?.count ?? 0) == 7 } ?? false
        }?.windows.first?.attachments)
        XCTAssertEqual(Set(listed.map(\.name)).count, 7)
        XCTAssertEqual(listed.last?.name, "note.txt")
        XCTAssertEqual(listed.last?.page, 1, "the annotation's page")
        XCTAssertEqual(listed.first { $0.name == "data.bin" }?.size, 5000)
        XCTAssertEqual(listed.first { $0.name == "data.bin" }?.description, "Measurements")

        // Save: every file into the chosen folder, each under one plain name there.
        let chosen = session.workDir.appendingPathComponent("chosen/inner")
        try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
        let before = try FileManager.default.subpathsOfDirectory(atPath: session.workDir.path).filter { !$0.hasPrefix("chosen/") }
        var previous: String?
        // Listed as written: the name tree's files in order, then the annotation's.
        XCTAssertEqual(listed.map(\.id).prefix(6), ["e0", "e1", "e2", "e3", "e4", "e5"])
        for (item, source) in zip(listed, files + annotated) {
            session.activate("save-attachment-to", "[<('\(item.id)', '\(chosen.path)')>]")
            let saved = try XCTUnwrap(session.waitFor("\(item.id) saved") { s in
                guard let saved = s.windows.first?.savedAttachment else { return false }
                return saved != previous
            }?.windows.first?.savedAttachment)
            previous = saved
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: saved))), source.bytes, "\(item.name): the same bytes")
            XCTAssertFalse(saved.dropFirst(chosen.path.count + 1).contains("/"), "\(saved) is directly in the chosen folder")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: chosen.path)
        XCTAssertEqual(written.count, 7, "\(written)")
        XCTAssertTrue(written.contains("escape.txt"))
        XCTAssertTrue(written.contains { $0.hasPrefix("nul") }, "the name cut at its NUL")
        XCTAssertTrue(written.allSatisfy { !$0.hasPrefix(".") && $0.utf8.count <= 200 }, "\(written)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside), "nothing at the absolute path")
        XCTAssertFalse(FileManager.default.fileExists(atPath: session.workDir.appendingPathComponent("escape.txt").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: session.workDir.appendingPathComponent("chosen/escape.txt").path))
        let after = try FileManager.default.subpathsOfDirectory(atPath: session.workDir.path).filter { !$0.hasPrefix("chosen/") }
        let new = Set(after).subtracting(before).filter { !$0.hasPrefix("state") && !$0.hasPrefix("app-") && !$0.hasPrefix("data") && !$0.hasPrefix("config") }
        XCTAssertEqual(new, [], "nothing written outside the chosen folder")

        // Open: asked first, then a private copy with the same bytes.
        let data = try XCTUnwrap(listed.first { $0.name == "data.bin" })
        session.activate("open-attachment", "[<'\(data.id)'>]")
        session.waitFor("Open asks first") { $0.windows.first?.dialog == "open-attachment" }
        XCTAssertNil(session.state()?.windows.first?.openedAttachment, "nothing is extracted before the answer")
        try session.waitForDialogFocus(pid: shown.pid)
        session.xdotool("key", "Return")
        let opened = try XCTUnwrap(session.waitFor("extracted") { $0.windows.first?.openedAttachment != nil }?.windows.first?.openedAttachment)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: opened))), files[0].bytes)
        XCTAssertTrue(opened.hasPrefix(runtime.path + "/"), "under the user's runtime folder: \(opened)")
        let folder = (opened as NSString).deletingLastPathComponent
        var st = stat()
        XCTAssertEqual(stat(folder, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700, "a private folder")
        XCTAssertEqual(stat(opened, &st), 0)
        XCTAssertEqual(st.st_mode & 0o111, 0, "never executable")
        // No application may be set for the type here: then the app says so.
        if session.state()?.windows.first?.dialog == "attachment-no-application" {
            try session.waitForDialogFocus(pid: shown.pid)
            session.xdotool("key", "Escape")
            session.waitFor("closed") { $0.windows.first?.dialog == nil }
        }

        // A launcher is refused, with Save offered; nothing is extracted.
        let evil = try XCTUnwrap(listed.first { $0.name == "evil.desktop" })
        session.activate("open-attachment", "[<'\(evil.id)'>]")
        session.waitFor("refused") { $0.windows.first?.dialog == "attachment-refused" }
        try session.waitForDialogFocus(pid: shown.pid)
        session.xdotool("key", "Escape")
        session.waitFor("closed") { $0.windows.first?.dialog == nil }
        XCTAssertEqual(session.state()?.windows.first?.openedAttachment, opened, "the launcher was not extracted")
        session.quitApps()
    }

    func testAFileAttachedWithTheToolIsSavedAsAFileAttachmentHoldingItsBytes() throws {
        let session = try AppSession()
        _ = try XCTUnwrap(AppSession.which("gdbus"), "gdbus is installed by tools/install-deps.sh")
        let file = session.workDir.appendingPathComponent("figures.csv")
        let bytes = Array(("year,value\n" + (2000...2026).map { "\($0),\($0 % 17)" }.joined(separator: "\n") + "\n").utf8)
        try Data(bytes).write(to: file)
        let path = session.workDir.appendingPathComponent("attach.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        let shown = try XCTUnwrap(session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.isEditable == true && !w.isAnimating
        })
        session.activate("sidebar-page", "[<'attachments'>]")
        session.waitFor("none listed") { $0.windows.first?.attachments?.isEmpty == true }
        session.activate("use-attachment-file", "[<'\(file.path)'>]")
        let ready = try XCTUnwrap(session.waitFor("the File Attachment tool with the file") { s in
            s.windows.first.map { $0.tool == "attach" && !$0.isAnimating && $0.dialog == nil } ?? false
        }?.windows.first)
        let page = try XCTUnwrap(ready.visiblePages.first { $0.page == 1 })
        let origin = try XCTUnwrap(session.windowOrigin(pid: shown.pid))
        let click = (x: page.x + page.width * 0.8, y: min(page.y + page.height * 0.3, ready.viewHeight - 40))
        session.xdotool("mousemove", "\(Int(origin.x + ready.canvasX + click.x))", "\(Int(origin.y + ready.canvasY + click.y))", "click", "1")
        let attached = try XCTUnwrap(session.waitFor("one Attach File edit, listed") { s in
            s.windows.first.map { $0.undoName == "Attach File" && $0.annotations.contains { $0.kind == "fileAttachment" }
                && $0.attachments?.first?.name == "figures.csv" } ?? false
        }?.windows.first)
        let icon = try XCTUnwrap(attached.annotations.first { $0.kind == "fileAttachment" })
        XCTAssertEqual(icon.x + icon.width / 2, click.x, accuracy: 2, "centred where clicked")
        XCTAssertEqual(icon.y + icon.height / 2, click.y, accuracy: 2)
        XCTAssertEqual(attached.attachments?.first?.page, 1)
        XCTAssertEqual(attached.attachments?.first?.size, bytes.count)
        if ProcessInfo.processInfo.environment["ATTACHMENT_SCREENSHOT"] != nil {
            session.run("import", ["-window", "root", "/tmp/attachment-ui.png"])
        }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false }
        session.quitApps()

        let json = try ExternalToolsJSON.objects(path)
        let annot = try XCTUnwrap(json.annotations.first { $0["/Subtype"] as? String == "/FileAttachment" })
        XCTAssertNotNil((annot["/AP"] as? [String: Any])?["/N"], "an appearance other viewers show")
        let spec = try XCTUnwrap(json.dictionary(try XCTUnwrap(annot["/FS"] as? String)))
        XCTAssertEqual(spec["/UF"] as? String, "u:figures.csv")
        let streamRef = try XCTUnwrap((spec["/EF"] as? [String: Any])?["/F"] as? String)
        XCTAssertEqual(json.streamData(streamRef), bytes, "the embedded stream's bytes are the file's")
        XCTAssertEqual(((json.dictionary(streamRef)?["/Params"] as? [String: Any])?["/Size"] as? Int), bytes.count)
        let check = try ExternalTools.run("qpdf", ["--check", path])
        XCTAssertEqual(check.status, 0, String(decoding: check.output, as: UTF8.self))
    }
}

/// A saved file as `qpdf --json=2 --json-stream-data=inline` shows it: objects, page 1's
/// annotations, and decoded stream data.
struct ExternalToolsJSON {
    let objects: [String: Any]
    let annotations: [[String: Any]]

    static func objects(_ path: String) throws -> ExternalToolsJSON {
        let out = try ExternalTools.run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", "--json-stream-data=inline", path])
        XCTAssertEqual(out.status, 0)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        let objects = try XCTUnwrap((root["qpdf"] as? [Any])?.last as? [String: Any])
        func dict(_ ref: String) -> [String: Any]? {
            let o = objects["obj:" + ref] as? [String: Any]
            return o?["value"] as? [String: Any] ?? ((o?["stream"] as? [String: Any])?["dict"] as? [String: Any])
        }
        let pageRef = try XCTUnwrap((root["pages"] as? [[String: Any]])?.first?["object"] as? String)
        let annots = ((dict(pageRef)?["/Annots"] as? [String]) ?? []).compactMap(dict)
        return ExternalToolsJSON(objects: objects, annotations: annots)
    }

    func dictionary(_ ref: String) -> [String: Any]? {
        let o = objects["obj:" + ref] as? [String: Any]
        return o?["value"] as? [String: Any] ?? ((o?["stream"] as? [String: Any])?["dict"] as? [String: Any])
    }

    func streamData(_ ref: String) -> [UInt8]? {
        guard let text = ((objects["obj:" + ref] as? [String: Any])?["stream"] as? [String: Any])?["data"] as? String else { return nil }
        return Data(base64Encoded: text).map { Array($0) }
    }
}
