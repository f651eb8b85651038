// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// The app with the keyboard alone, no pointer event at all: open a form from the Open dialog,
/// find a word, highlight it, add a note with its text, fill a field and save. The saved file
/// holds the highlight over the word, the note with its text and the field's value.
final class KeyboardOnlyUITests: XCTestCase {
    func testOpenFindHighlightNoteFillAndSaveWithTheKeyboardAlone() throws {
        let session = try AppSession()
        let source = AppSession.repoRoot.appendingPathComponent("../shared/pdfs/form-all-field-types.pdf").standardized.path
        guard FileManager.default.fileExists(atPath: source) else { throw XCTSkip("../shared/pdfs/form-all-field-types.pdf is missing") }
        let path = session.workDir.appendingPathComponent("form.pdf").path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        // An empty window; Ctrl+O, the path typed, Return.
        let app = try session.launch([])
        let pid = Int(app.processIdentifier)
        _ = try XCTUnwrap(session.waitFor("the empty window") { $0.pid == pid && $0.windows.first?.content == "empty" })
        session.xdotool("key", "ctrl+o")
        try session.waitForDialogFocus(pid: pid)
        let chooser = try XCTUnwrap(session.waitFor("the Open chooser has the keyboard") { s in
            s.windows.first.map { $0.dialog == "open" && $0.focusedWidget != nil } ?? false
        }?.windows.first)
        session.xdotool("key", "ctrl+l")
        session.waitFor("its location entry has the keyboard (from \(chooser.focusedWidget ?? ""))") { s in
            s.windows.first.map { $0.focusedWidget?.hasPrefix("GtkFileChooserEntry") == true && $0.focusedText != nil } ?? false
        }
        session.xdotool("type", "--delay", "20", path)
        session.waitFor("the path typed in full") { $0.windows.first?.focusedText == path }
        session.xdotool("key", "Return")
        let opened = try XCTUnwrap(session.waitFor("the form is open", timeout: 20) { s in
            s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.isEditable == true } ?? false
        }?.windows.first)
        XCTAssertEqual(opened.annotations.filter { $0.kind == "highlight" }.count, 0)

        // Find "multiline"; Escape leaves the match selected; H highlights it.
        session.openSearchBar()
        session.xdotool("type", "--delay", "20", "multiline")
        XCTAssertNotNil(session.waitFor("one match") { s in s.windows.first.map { $0.searchMatchCount == 1 && $0.searchDone } ?? false })
        session.xdotool("key", "Escape")
        XCTAssertNotNil(session.waitFor("the match stays selected, the page has the keyboard") { s in
            s.windows.first.map { $0.selectedText == "multiline" && $0.searchQuery == nil } ?? false
        }, "selected: \(session.state()?.windows.first?.selectedText ?? "nothing")")
        session.xdotool("key", "h")
        let marked = try XCTUnwrap(session.waitFor("the word is highlighted") { s in
            s.windows.first.map { $0.annotations.contains { $0.kind == "highlight" } } ?? false
        }?.windows.first)
        XCTAssertEqual(marked.undoName, "Highlight")

        // N picks the note; Return places it; its text typed, Ctrl+Return keeps it.
        session.xdotool("key", "Escape")
        session.xdotool("key", "n")
        XCTAssertNotNil(session.waitFor("the note tool") { $0.windows.first?.tool == "note" })
        session.xdotool("key", "Return")
        XCTAssertNotNil(session.waitFor("a note placed and its text open") { s in
            s.windows.first.map { $0.annotations.contains { $0.kind == "note" } && $0.dialog == "note" } ?? false
        })
        try session.waitForDialogFocus(pid: pid)
        session.xdotool("type", "--delay", "20", "Checked by keyboard")
        session.xdotool("key", "ctrl+Return")
        XCTAssertNotNil(session.waitFor("the note's text kept") { $0.windows.first.map { $0.dialog == nil } ?? false })

        // Tab through the fields to the first text field (the check box comes first), type, Return.
        // Keys typed now go to the main window once the note's window is off the screen.
        try session.waitForDialogGone(pid: pid)
        session.xdotool("key", "Escape")
        session.xdotool("key", "Tab")
        let first = try XCTUnwrap(session.waitFor("a form field has the keyboard") { $0.windows.first?.focusedFormField != nil }?.windows.first)
        session.xdotool("key", "Tab")
        XCTAssertNotNil(session.waitFor("Tab moves to the next field") { s in
            s.windows.first.map { $0.focusedFormField != nil && $0.focusedFormField != first.focusedFormField } ?? false
        })
        session.xdotool("type", "--delay", "20", "Ada")
        session.xdotool("key", "Return")
        XCTAssertNotNil(session.waitFor("the text field holds what was typed") { s in
            s.windows.first.map { $0.formFields.contains { $0.kind == "text" && $0.value == "Ada" } } ?? false
        }, "fields: \(session.state()?.windows.first?.formFields.map { "\($0.name)=\($0.value ?? "")" } ?? [])")

        // Ctrl+S.
        session.xdotool("key", "ctrl+s")
        XCTAssertNotNil(session.waitFor("saved") { $0.windows.first?.hasUnsavedChanges == false })
        session.quitApps()
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(saved.prefix(original.count), original, "an incremental update")
        let pdf = try SavedPDF(path: path)
        XCTAssertEqual(pdf.annotations.filter { $0["/Subtype"] as? String == "/Highlight" }.count, 1, "the highlight")
        let note = try XCTUnwrap(pdf.annotations.first { $0["/Subtype"] as? String == "/Text" }, "the note")
        XCTAssertEqual((note["/Contents"] as? String)?.replacing("u:", with: ""), "Checked by keyboard")
        let text = try ExternalTools.run("qpdf", ["--json=2", "--json-key=acroform", path])
        XCTAssertTrue(String(decoding: text.output, as: UTF8.self).contains("\"value\": \"u:Ada\""), "the field's value is saved")
    }
}
