// SPDX-License-Identifier: GPL-3.0-or-later
import CShim
import Foundation
import XCTest
@testable import GtkShell

/// Every user-visible string goes through gettext: `tr()` finds a message in the user's
/// language, the template in `po/` holds every message the code translates, and no new string
/// reaches the screen without `tr()` (the older ones are listed in `po/untranslated.txt` until
/// they are translated too).
final class LocalizationTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    private func tool(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw XCTSkip("\(name) (gettext) is not installed")
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testAMessageIsLookedUpInTheUsersLanguageWithItsPlaceholdersFilled() throws {
        let msgfmt = try tool("msgfmt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = folder.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Signatures"
        msgstr "Signaturen"

        msgid "Signed by {signer} on {date}"
        msgstr "Am {date} von {signer} signiert"

        """.write(to: po, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(msgfmt, ["-o", messages.appendingPathComponent("pdf-annotator.mo").path, po.path]).status, 0)

        setenv("PDF_ANNOTATOR_LOCALE_DIR", folder.path, 1)
        setenv("LANGUAGE", "de", 1)
        let previous = setlocale(LC_ALL, nil).map { String(cString: $0) } ?? "C"
        XCTAssertNotNil(setlocale(LC_ALL, "C.UTF-8"), "C.UTF-8 is there on every glibc system")
        defer {
            unsetenv("PDF_ANNOTATOR_LOCALE_DIR")
            unsetenv("LANGUAGE")
            setlocale(LC_ALL, previous)
        }
        Localization.bind()
        XCTAssertEqual(tr("Signatures"), "Signaturen")
        XCTAssertEqual(tr("Signed by {signer} on {date}", ["signer": "Ada Lovelace", "date": "26.11.2026"]),
                       "Am 26.11.2026 von Ada Lovelace signiert", "placeholders go where the translation puts them")
        XCTAssertEqual(tr("Not in the catalog"), "Not in the catalog", "a message without a translation stays as it is")
    }

    /// The Swift sources whose messages are translated.
    private var sources: [URL] {
        let root = Self.repository.appendingPathComponent("Sources/GtkShell")
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    func testTheTemplateHoldsEveryMessageTheCodeTranslates() throws {
        let xgettext = try tool("xgettext")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(UUID().uuidString).pot")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try run(xgettext, ["--language=C", "--keyword=tr", "--keyword=trn:1,2", "--from-code=UTF-8", "--no-location", "-o", out.path] + sources.map(\.path))
        XCTAssertEqual(result.status, 0, result.output)
        func ids(_ pot: String) -> Set<String> {
            Set(pot.split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.map { String($0.dropFirst(7).dropLast()) }.filter { !$0.isEmpty })
        }
        let found = ids((try? String(contentsOf: out, encoding: .utf8)) ?? "")
        let template = ids(try String(contentsOf: Self.repository.appendingPathComponent("po/pdf-annotator.pot"), encoding: .utf8))
        XCTAssertFalse(found.isEmpty, "the code translates messages")
        XCTAssertEqual(found.subtracting(template).sorted(), [], "messages missing from po/pdf-annotator.pot (run tools/update-po.sh)")
    }

    /// Literal strings handed to what shows them (labels, buttons, tooltips, accessible names,
    /// menu items, dialog titles and texts) without `tr()`.
    static func untranslatedLiterals(in text: String) -> [String] {
        let sinks = [
            #"gtk_label_new\(\s*"([^"]+)""#, #"gtk_button_new_with_(?:mnemonic|label)\(\s*"([^"]+)""#,
            #"gtk_check_button_new_with_(?:mnemonic|label)\(\s*"([^"]+)""#, #"gtk_toggle_button_new_with_(?:mnemonic|label)\(\s*"([^"]+)""#,
            #"gtk_widget_set_tooltip_text\([^,]+,\s*"([^"]+)""#, #"ann_accessible_set_label\([^,]+,\s*"([^"]+)""#,
            #"gtk_label_set_text\([^,]+,\s*"([^"]+)""#, #"g_menu_append(?:_submenu)?\([^,]+,\s*"([^"]+)""#,
            #"(?:title|body):\s*"([^"]+)""#, #"\(\s*"([^"]+)",\s*GTK_RESPONSE"#,
            #"gtk_stack_add_titled\([^,]+,[^,]+,[^,]+,\s*"([^"]+)""#, #"gtk_window_set_title\([^,]+,\s*"([^"]+)""#,
        ]
        var found: [String] = []
        for sink in sinks {
            guard let regex = try? Regex(sink) else { continue }
            for match in text.matches(of: regex) {
                if let literal = match.output[1].substring { found.append(String(literal)) }
            }
        }
        return found
    }

    func testNoNewUserVisibleStringEscapesTranslation() throws {
        let listed = Set(try String(contentsOf: Self.repository.appendingPathComponent("po/untranslated.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
        var escaping: [String] = []
        for file in sources {
            let text = try String(contentsOf: file, encoding: .utf8)
            for literal in Self.untranslatedLiterals(in: text) where !listed.contains(literal) {
                escaping.append("\(file.lastPathComponent): \(literal)")
            }
        }
        XCTAssertEqual(escaping, [], "user-visible strings without tr() (wrap them: tr(\"…\"))")
        XCTAssertEqual(Self.untranslatedLiterals(in: #"gtk_label_new(tr("Signatures")); gtk_label_new("Signed")"#), ["Signed"],
                       "the check sees a literal handed over bare, not one through tr()")
    }
}
