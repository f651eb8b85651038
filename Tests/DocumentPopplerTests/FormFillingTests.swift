// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import DocumentPoppler
import Foundation
import Geometry
import TestSupport
import XCTest

/// Form fields read from real forms match the manifest; values filled through the edit model
/// are saved as an incremental update that qpdf reads back, that another renderer (MuPDF)
/// draws, and that undo takes back to the file's own objects.
final class FormFillingTests: XCTestCase {
    static let manifestKinds: [String: FormFieldKind] = [
        "text": .text, "checkbox": .checkBox, "radio": .radioButton, "combo": .comboBox, "listbox": .listBox,
        "pushbutton": .pushButton, "signature": .signature,
    ]

    func testEveryFormsFieldsMatchTheManifestKindByKind() throws {
        let entries = try DeveloperPDFSet.manifest().filter { $0.popplerOpens && !($0.formFields ?? [:]).isEmpty }
        XCTAssertGreaterThanOrEqual(entries.count, 4)
        for entry in entries {
            let editor = try DocumentEditor.open(path: try DeveloperPDFSet.path(entry.file), password: entry.password)
            var counts: [String: Int] = [:]
            for field in editor.formFields() {
                let name = Self.manifestKinds.first { $0.value == field.kind }!.key
                counts[name, default: 0] += 1
            }
            XCTAssertEqual(counts, entry.formFields, entry.file)
            for field in editor.formFields() where field.kind != .signature {
                XCTAssertFalse(field.widgets.isEmpty, "\(entry.file): \(field.name) has its widgets")
                for w in field.widgets { XCTAssertNotNil(editor.annotation(w.annotationID), "\(entry.file): \(w.annotationID)") }
            }
        }
    }

    func testFilledValuesOfEveryKindSurviveSaveAndReopenAndQpdfReadsThem() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("form.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("form-all-field-types.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let editor = try DocumentEditor.open(path: path, password: nil)
        let radio = try XCTUnwrap(editor.formField(named: "RadioGroup1"))
        XCTAssertEqual(radio.widgets.count, 3)
        let secondRadio = try XCTUnwrap(radio.widgets[1].onState)
        let check = try XCTUnwrap(editor.formField(named: "CheckBox1"))
        let checkOn = try XCTUnwrap(check.toggledValue(clicking: check.widgets[0]))
        let values: [(String, FormValue)] = [
            ("Text1", .text("Grüße, form")), ("Text2", .text("two\nlines")), ("CheckBox1", checkOn),
            ("RadioGroup1", .state(secondRadio)), ("Combo1", .text("combo Line 2")), ("Liste1", .choices(["Liste2"])),
        ]
        for (name, value) in values {
            let before = editor.formField(named: name)?.value
            try editor.perform(EditRecord("Fill", .setFieldValue(field: name, before: before, after: value)))
        }
        try editor.save()

        let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(saved.prefix(original.count)), original, "the update keeps every original byte")
        XCTAssertEqual(try ExternalTool.run("qpdf", ["--check", path]).status, 0)
        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=acroform", path]).output
        let fields = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["acroform"] as? [String: Any])["fields"] as? [[String: Any]]
        func qpdfValue(_ name: String) -> Any? { fields?.first { $0["fullname"] as? String == name }?["value"] }
        XCTAssertEqual(qpdfValue("Text1") as? String, "u:Grüße, form")
        XCTAssertEqual(qpdfValue("Text2") as? String, "u:two\nlines")
        XCTAssertEqual(qpdfValue("CheckBox1") as? String, "/" + checkOn.displayText)
        XCTAssertEqual(qpdfValue("RadioGroup1") as? String, "/" + secondRadio)
        XCTAssertEqual(qpdfValue("Combo1") as? String, "u:combo Line 2")
        XCTAssertEqual(qpdfValue("Liste1") as? String, "u:Liste2")
        let states = fields?.filter { $0["fullname"] as? String == "RadioGroup1" }
            .map { ($0["annotation"] as? [String: Any])?["appearancestate"] as? String }
        XCTAssertEqual(states, ["/Off", "/" + secondRadio, "/Off"], "only the chosen radio shows on")

        let reopened = try DocumentEditor.open(path: path, password: nil)
        for (name, value) in values { XCTAssertEqual(reopened.formField(named: name)?.value, value, name) }
    }

    func testATypedValueIsDrawnByAnotherRendererFromTheAppsAppearance() throws {
        let mutool = try ExternalTool.require("mutool")
        _ = mutool
        let folder = try TemporaryFolder()
        let path = folder.path("gov.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("form-gov-160f.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let field = try XCTUnwrap(editor.formFields().first { $0.kind == .text && $0.isFillable && !$0.flags.contains(.comb) })
        try editor.perform(EditRecord("Fill", .setFieldValue(field: field.name, before: field.value, after: .text("Zanzibar Quux"))))
        let appearance = String(decoding: try XCTUnwrap(editor.appearanceData(of: field.widgets[0].annotationID)), as: UTF8.self)
        XCTAssertTrue(appearance.contains("(Zanzibar Quux) Tj"), appearance)
        try editor.save()
        let page = field.widgets[0].page.rawValue + 1
        let text = try ExternalTool.run("mutool", ["draw", "-F", "txt", "-o", "-", path, "\(page)"]).output
        XCTAssertTrue(text.contains("Zanzibar Quux"), "MuPDF draws the value from the saved appearance")
    }

    func testUndoPutsBackTheFilesOwnValueAndAppearance() throws {
        let path = try DeveloperPDFSet.path("form-gov-160f.pdf")
        let editor = try DocumentEditor.open(path: path, password: nil)
        let field = try XCTUnwrap(editor.formFields().first { $0.kind == .text && $0.isFillable })
        let id = field.widgets[0].annotationID
        let appearanceBefore = editor.appearanceData(of: id)
        try editor.perform(EditRecord("Fill", .setFieldValue(field: field.name, before: field.value, after: .text("changed"))))
        XCTAssertEqual(editor.formField(named: field.name)?.value, .text("changed"))
        XCTAssertNotEqual(editor.appearanceData(of: id), appearanceBefore)
        try editor.undo()
        XCTAssertEqual(editor.formField(named: field.name)?.value, field.value)
        XCTAssertEqual(editor.appearanceData(of: id), appearanceBefore)
        XCTAssertFalse(editor.hasUnsavedChanges)
        XCTAssertThrowsError(try editor.perform(EditRecord("Fill", .setFieldValue(field: field.name, before: .text("stale"), after: .text("x")))),
                             "an edit that expects another value is refused")
    }

    func testTabVisitsEveryFillableWidgetPageByPageInTheDocumentsOrder() throws {
        let editor = try DocumentEditor.open(path: try DeveloperPDFSet.path("rotate-form-fields.pdf"), password: nil)
        let stops = editor.formTabStops()
        let fields = editor.formFields()
        XCTAssertEqual(stops.count, fields.filter(\.isFillable).flatMap(\.widgets).filter { !$0.isHidden }.count)
        let pages = stops.map { editor.formField(forWidget: $0.annotationID)!.widget.page }
        XCTAssertEqual(pages, pages.sorted(), "page by page")
        XCTAssertEqual(FormTabOrder.next(after: nil, in: stops, forward: true), stops.first, "the first Tab goes to the first field")
        XCTAssertEqual(FormTabOrder.next(after: stops.last, in: stops, forward: true), stops.first, "and wraps")
        XCTAssertEqual(FormTabOrder.next(after: stops.first, in: stops, forward: false), stops.last)
    }

    func testFillsLeftUnsavedAreRebuiltFromTheJournal() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("journaled.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("form-all-field-types.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let journal = EditJournal(url: folder.url.appendingPathComponent("journal.jsonl"))
        do {
            let editor = try DocumentEditor.open(path: path, password: nil)
            editor.journal = journal
            try editor.perform(EditRecord("Fill Field", .setFieldValue(field: "Text1", before: editor.formField(named: "Text1")?.value,
                                                                      after: .text("not saved yet"))))
            try editor.perform(EditRecord("Choose from List", .setFieldValue(field: "Liste2", before: editor.formField(named: "Liste2")?.value,
                                                                            after: .choices(["Lst2", "Lst4"]))))
            // Dropped without a save, as in a crash.
        }
        let contents = try XCTUnwrap(journal.read())
        let restored = try DocumentEditor.open(path: path, password: nil)
        try restored.restore(contents)
        XCTAssertEqual(restored.formField(named: "Text1")?.value, .text("not saved yet"))
        XCTAssertEqual(restored.formField(named: "Liste2")?.value, .choices(["Lst2", "Lst4"]))
        XCTAssertEqual(restored.history.undoName, "Choose from List")
        try restored.save()
        let json = try ExternalTool.run("qpdf", ["--json=2", "--json-key=acroform", path]).output
        XCTAssertTrue(json.contains("not saved yet"), "the rebuilt fill is saved")
    }

    func testReadOnlyFieldsKeepTheirValueAndTabSkipsThem() throws {
        let editor = try DocumentEditor.open(path: try DeveloperPDFSet.path("form-gov-160f.pdf"), password: nil)
        let readOnly = try XCTUnwrap(editor.formFields().first { $0.isReadOnly && $0.kind == .text }, "the form's totals are read-only")
        XCTAssertThrowsError(try editor.perform(EditRecord("Fill", .setFieldValue(field: readOnly.name, before: readOnly.value, after: .text("9")))))
        XCTAssertEqual(editor.formField(named: readOnly.name)?.value, readOnly.value)
        XCTAssertFalse(editor.hasUnsavedChanges)
        let stops = Set(editor.formTabStops().map(\.field))
        XCTAssertFalse(stops.contains(readOnly.name), "Tab passes read-only fields by")
        XCTAssertTrue(stops.contains { name in editor.formField(named: name)?.isFillable == true })
    }

    func testACombFieldPutsOneCharacterInEachCellAndMuPDFDrawsIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("comb.pdf")
        try FileManager.default.copyItem(atPath: try DeveloperPDFSet.path("form-gov-160f.pdf"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let editor = try DocumentEditor.open(path: path, password: nil)
        let comb = try XCTUnwrap(editor.formFields().first { $0.flags.contains(.comb) })
        let cells = try XCTUnwrap(comb.maxLength)
        let value = String("7350812469".prefix(cells))
        try editor.perform(EditRecord("Fill", .setFieldValue(field: comb.name, before: comb.value, after: .text(value))))
        let content = String(decoding: try XCTUnwrap(editor.appearanceData(of: comb.widgets[0].annotationID)), as: UTF8.self)
        let shown = content.split(separator: "\n").filter { $0.hasSuffix("Tj") }
        XCTAssertEqual(shown.count, value.count, "one character a cell: \(content)")
        // Each character starts further right than the one before, a cell apart at most.
        var previousX = -1.0
        var x = 0.0
        for line in shown {
            let parts = line.split(separator: " ")
            x += Double(parts[0]) ?? 0
            XCTAssertGreaterThan(x, previousX)
            previousX = x
        }
        try editor.save()
        // MuPDF draws the saved appearance: a dark digit in the middle of each filled cell, none
        // in the cells after them (at 72 dpi a point is a pixel; y runs down from the top).
        let pnm = folder.path("comb.pnm")
        let page = comb.widgets[0].page.rawValue + 1
        _ = try ExternalTool.run("mutool", ["draw", "-q", "-r", "72", "-c", "rgb", "-F", "pnm", "-o", pnm, path, "\(page)"])
        let image = try PNMImage(path: pnm)
        let r = comb.widgets[0].rect
        let cell = r.width / Double(cells)
        for i in 0..<cells {
            var dark = 0
            for x in Int(r.minX + cell * (Double(i) + 0.25))...Int(r.minX + cell * (Double(i) + 0.75)) {
                for y in Int(Double(image.height) - r.maxY + r.height * 0.2)...Int(Double(image.height) - r.minY - r.height * 0.2) {
                    if let p = image.rgb(x: x, y: y), p.r + p.g + p.b < 300 { dark += 1 }
                }
            }
            if i < value.count { XCTAssertGreaterThan(dark, 2, "a digit in cell \(i + 1)") } else { XCTAssertEqual(dark, 0, "cell \(i + 1) is empty") }
        }
    }
}
