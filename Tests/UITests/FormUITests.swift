// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Filling a real AcroForm as a user does, judged from the saved file with qpdf: Tab goes to the
/// first field and on in the document's order, typing goes into the field, Ctrl+S while typing
/// saves what is typed, Space checks a box, Ctrl+A inside a field selects the field's text, a
/// click chooses a radio button, and undo takes a value back.
final class FormUITests: XCTestCase {
    private func acroFormValues(_ session: AppSession, _ path: String) throws -> [String: String] {
        let output = session.run("qpdf", ["--json=2", "--json-key=acroform", path])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let fields = try XCTUnwrap((root["acroform"] as? [String: Any])?["fields"] as? [[String: Any]])
        var values: [String: String] = [:]
        for f in fields {
            guard let name = f["fullname"] as? String, values[name] == nil else { continue }
            values[name] = f["value"] as? String
        }
        return values
    }

    func testTabTypeAndCtrlSSaveTheValueIntoTheFile() throws {
        let session = try AppSession()
        guard AppSession.which("qpdf") != nil else { throw XCTSkip("qpdf is not installed (tools/install-deps.sh installs it)") }
        let path = session.workDir.appendingPathComponent("form.pdf").path
        try FileManager.default.copyItem(atPath: try AppSession.sharedPDF("form-all-field-types.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let app = try session.launch([path])
        session.waitFor("the form is open") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && (w.formFields.count) == 11
        }
        // The first Tab goes to the first field (a check box): Space checks it.
        session.xdotool("key", "Tab")
        session.waitFor("the check box has the focus") { $0.windows.first?.focusedFormField == "CheckBox1" }
        session.xdotool("key", "space")
        session.waitFor("checked") { $0.windows.first?.formFields.first { $0.name == "CheckBox1" }?.value == "Yes" }
        // On to the single-line text field, typed in place.
        session.xdotool("key", "Tab")
        session.waitFor("typing into Text1") { s in s.windows.first?.focusedFormField == "Text1" && s.windows.first?.formFieldEditor == "text" }
        session.xdotool("type", "--delay", "30", "draft")
        // Ctrl+A inside the field selects the field's text (not the page's): typing replaces it.
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "--delay", "30", "Ada Lovelace")
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved") { s in
            let f = s.windows.first
            return f?.hasUnsavedChanges == false && f?.formFields.first { $0.name == "Text1" }?.value == "Ada Lovelace"
        }
        XCTAssertEqual(session.state()?.windows.first?.formFieldEditor, "text", "the field stays open after Ctrl+S")
        XCTAssertNil(session.state()?.windows.first?.selectedText, "Ctrl+A selected no page text")
        var values = try acroFormValues(session, path)
        XCTAssertEqual(values["Text1"], "u:Ada Lovelace")
        XCTAssertEqual(values["CheckBox1"], "/Yes")

        // Shift+Tab goes back to the check box, keeping the text; Tab walks on through the
        // multi-line field to the radio group (scrolled into view); Escape leaves the form.
        session.xdotool("key", "shift+Tab")
        session.waitFor("back on the check box") { $0.windows.first?.focusedFormField == "CheckBox1" }
        for field in ["Text1", "Text2", "RadioGroup1"] {
            session.xdotool("key", "Tab")
            session.waitFor("on \(field)") { $0.windows.first?.focusedFormField == field }
        }
        // The arrows choose within the radio group; undo puts it back to none.
        session.xdotool("key", "Down")
        session.waitFor("Down chose a radio button") { s in
            let v = s.windows.first?.formFields.first { $0.name == "RadioGroup1" }?.value
            return v != nil && v != "Off" && s.windows.first?.undoName == "Choose Option"
        }
        session.xdotool("key", "ctrl+z")
        session.waitFor("undone") { $0.windows.first?.formFields.first { $0.name == "RadioGroup1" }?.value == "Off" }
        session.xdotool("key", "Escape")
        session.waitFor("no field has the focus") { $0.windows.first?.focusedFormField == nil }

        // A click on the second radio button of the group chooses it.
        let radio = try XCTUnwrap(session.state()?.windows.first?.annotations.filter { $0.kind == "widget" }
            .first { a in a.page == 1 && a.id == self.secondRadioID(session) })
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let w = try XCTUnwrap(session.state()?.windows.first)
        session.xdotool("mousemove", String(Int(origin.x + w.canvasX + radio.x + radio.width / 2)),
                        String(Int(origin.y + w.canvasY + radio.y + radio.height / 2)), "click", "1")
        session.waitFor("the radio is chosen") { s in
            let v = s.windows.first?.formFields.first { $0.name == "RadioGroup1" }?.value
            return v != nil && v != "Off"
        }
        session.xdotool("key", "ctrl+z")
        session.waitFor("undone") { $0.windows.first?.formFields.first { $0.name == "RadioGroup1" }?.value == "Off" }
        session.xdotool("key", "ctrl+shift+z")
        session.waitFor("redone") { $0.windows.first?.formFields.first { $0.name == "RadioGroup1" }?.value != "Off" }
        session.xdotool("key", "ctrl+s")
        session.waitFor("saved again") { $0.windows.first?.hasUnsavedChanges == false }
        values = try acroFormValues(session, path)
        XCTAssertNotEqual(values["RadioGroup1"], "/Off")
        XCTAssertEqual(values["Text1"], "u:Ada Lovelace")
        XCTAssertEqual(session.run("qpdf", ["--check", path]).contains("No syntax or stream encoding errors"), true)
    }

    /// The id of the group's second radio button: the widgets on page 1 are listed in /Annots
    /// order; RadioGroup1's widgets are the three after the two text fields and the check box.
    private func secondRadioID(_ session: AppSession) -> String? {
        let widgets = session.state()?.windows.first?.annotations.filter { $0.kind == "widget" }.sorted { $0.y < $1.y } ?? []
        // Top to bottom: the check box, Text1, Text2, then the group's three radios.
        return widgets.count > 4 ? widgets[4].id : nil
    }
}
