// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Export Annotations… and Import Annotations… in the running app: the export is an XFDF file
/// with the document's annotations, a "billion laughs" file is refused with a message and
/// changes nothing, and an import of notes with a reply is one step that one undo takes back.
final class XFDFUITests: XCTestCase {
    func testExportWritesXFDFABillionLaughsFileIsRefusedAndAnImportIsOneUndo() throws {
        let shared = try AppSession.sharedPDF("annots-text-highlight-ink.pdf")
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("doc.pdf").path
        try FileManager.default.copyItem(atPath: shared, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        session.waitFor("shown and editable") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.isEditable == true
        }

        let exported = session.workDir.appendingPathComponent("doc.xfdf").path
        session.activate("export-annotations", "[<'\(exported)'>]")
        session.waitFor("the XFDF file is written") { _ in FileManager.default.fileExists(atPath: exported) }
        let xml = try String(contentsOfFile: exported, encoding: .utf8)
        XCTAssertTrue(xml.contains("xmlns=\"http://ns.adobe.com/xfdf/\""), xml)
        for element in ["<text ", "<highlight ", "<ink "] { XCTAssertTrue(xml.contains(element), "\(element) in \(xml)") }

        let laughs = session.workDir.appendingPathComponent("laughs.xfdf").path
        var entities = "<!ENTITY lol \"lol\">"
        for i in 1...9 { entities += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">" }
        try Data(("<?xml version=\"1.0\"?><!DOCTYPE xfdf [\(entities)]><xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><annots>"
                  + "<text page=\"0\" rect=\"0,0,20,20\"><contents>&lol9;</contents></text></annots></xfdf>").utf8)
            .write(to: URL(fileURLWithPath: laughs))
        session.activate("import-annotations", "[<'\(laughs)'>]")
        let refused = try XCTUnwrap(session.waitFor("refused with a message") { $0.windows.first?.dialog == "xfdf-import-failed" }?.windows.first)
        XCTAssertNil(refused.undoName, "nothing imported")
        session.xdotool("key", "Escape")
        session.waitFor("the message closed") { $0.windows.first?.dialog == nil }

        let notes = session.workDir.appendingPathComponent("notes.xfdf").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><annots>
            <text page="0" rect="100,100,120,120" name="q-1" title="Jane" date="D:20261202100000Z" icon="Comment"><contents>Why?</contents></text>
            <text page="0" rect="100,100,120,120" name="a-1" title="John" date="D:20261202110000Z" inreplyto="q-1"><contents>Because.</contents></text>
            </annots></xfdf>
            """.utf8).write(to: URL(fileURLWithPath: notes))
        session.activate("import-annotations", "[<'\(notes)'>]")
        session.waitFor("imported as one step") { $0.windows.first?.undoName == "Import Annotations" }
        session.xdotool("key", "ctrl+z")
        session.waitFor("one undo takes it back") { s in s.windows.first.map { $0.undoName == nil && $0.hasUnsavedChanges == false } ?? false }
    }
}
