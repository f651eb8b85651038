// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The whole UI in German: with `po/de.po` compiled and `LANGUAGE=de`, the window, its header
/// bar, toolbar, sidebar and main menu show no English message of the app's own catalog (GTK's
/// own words are GTK's translators').
final class GermanUITests: XCTestCase {
    /// The catalog's translated entries: the English (mnemonic underscores taken out) and the
    /// German, from `msgcat --no-wrap` (one line per string).
    private func catalog(_ session: AppSession, _ po: String) throws -> [(english: String, german: String)] {
        let flat = session.workDir.appendingPathComponent("de-flat.po").path
        _ = session.run("msgcat", ["--no-wrap", "-o", flat, po])
        let lines = try String(contentsOfFile: flat, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func quoted(_ line: String, after prefix: String) -> String? {
            guard line.hasPrefix(prefix + " \""), line.hasSuffix("\"") else { return nil }
            return String(line.dropFirst(prefix.count + 2).dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\n", with: "\n")
        }
        var out: [(String, String)] = []
        var english: String?
        for line in lines {
            if let id = quoted(line, after: "msgid") { english = id; continue }
            if let text = quoted(line, after: "msgstr") ?? quoted(line, after: "msgstr[0]"), let id = english, !id.isEmpty, !text.isEmpty {
                out.append((id.replacingOccurrences(of: "_", with: ""), text.replacingOccurrences(of: "_", with: "")))
                english = nil
            }
        }
        return out
    }

    func testTheWindowItsToolbarSidebarAndMainMenuShowNoEnglishMessageInGerman() throws {
        guard AppSession.which("msgfmt") != nil, AppSession.which("msgcat") != nil else { throw XCTSkip("gettext's msgfmt and msgcat are needed") }
        let po = AppSession.repoRoot.appendingPathComponent("po/de.po").path
        guard FileManager.default.fileExists(atPath: po) else { throw XCTSkip("po/de.po is not there") }
        let session = try AppSession()
        let locale = session.workDir.appendingPathComponent("locale/de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
        XCTAssertTrue(session.run("msgfmt", ["-c", "-o", locale.appendingPathComponent("pdf-annotator.mo").path, po]).isEmpty, "the catalog compiles")
        let entries = try catalog(session, po)
        XCTAssertGreaterThan(entries.count, 250, "a catalog of the whole UI")
        let english = Dictionary(entries.filter { $0.english != $0.german }.map { ($0.english, $0.german) }, uniquingKeysWith: { a, _ in a })

        let sample = AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path
        let app = try session.launch([sample], environment: [
            "LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PDF_ANNOTATOR_LOCALE_DIR": session.workDir.appendingPathComponent("locale").path, "PDF_ANNOTATOR_DUMP_TEXTS": "1",
        ])
        _ = try XCTUnwrap(session.waitFor("the document") { s in s.pid == Int(app.processIdentifier) && s.windows.first?.content == "document" })
        session.xdotool("key", "F7")
        session.xdotool("key", "F9")
        // Each state below is read in one snapshot with what shows: the texts come from the same
        // moment as the flag waited for (and waitFor returns only once no bar is sliding in).
        let bars = try XCTUnwrap(session.waitFor("toolbar and sidebar") { s in s.windows.first.map { $0.toolbarShown && $0.sidebarShown } ?? false }?.windows.first)
        var seen = Set(bars.visibleTexts ?? [])
        // The main menu (F10), as a user opens it.
        session.xdotool("key", "F10")
        let shortcuts = english["_Keyboard Shortcuts"].map { $0.replacing("_", with: "") } ?? "Tastenkürzel"
        let menu = try XCTUnwrap(session.waitFor("the main menu, its items on screen") { s in
            s.windows.first.map { $0.mainMenuShown == true && ($0.visibleTexts ?? []).contains { $0 == shortcuts || $0 == english["_Keyboard Shortcuts"] || $0 == "Keyboard Shortcuts" } } ?? false
        }?.windows.first)
        seen.formUnion(menu.visibleTexts ?? [])
        XCTAssertTrue(seen.contains(shortcuts) || seen.contains(english["_Keyboard Shortcuts"] ?? ""), "the main menu's items were seen in German (\(shortcuts)): \(seen.sorted())")
        session.xdotool("key", "Escape")
        _ = session.waitFor("the main menu closed") { $0.windows.first?.mainMenuShown == false }
        session.activate("context-menu")
        let context = try XCTUnwrap(session.waitFor("the page's context menu, its items on screen") { s in
            s.windows.first.map { w in w.contextMenu.map { !$0.isEmpty && Set($0).isSubset(of: Set(w.visibleTexts ?? [])) } ?? false } ?? false
        }?.windows.first)
        seen.formUnion(context.visibleTexts ?? [])
        // Every page of the Preferences.
        session.xdotool("key", "Escape")
        for page in ["pen", "touchscreen", "touchpad", "devices"] {
            session.activate("preferences-page", "[<'\(page)'>]")
            let shown = session.waitFor("the Preferences at \(page)") { $0.windows.first?.preferencesPage == page }
            seen.formUnion(shown?.windows.first?.visibleTexts ?? [])
        }
        XCTAssertTrue(seen.contains(english["Pressure _curve"].map { $0.replacing("_", with: "") } ?? "Druckkurve") || seen.contains(english["Pressure _curve"] ?? ""),
                      "the Preferences' pen page was seen: \(seen.sorted())")
        XCTAssertGreaterThan(seen.count, 20, "the dump lists what is on screen: \(seen.sorted())")
        let left = seen.filter { english[$0] != nil }.sorted()
        XCTAssertEqual(left, [], "English left in the German UI: \(left.map { "\($0) → \(english[$0] ?? "")" })")
        let pen = english["Pen"] ?? "Stift"
        XCTAssertTrue(seen.contains { $0 == pen || $0.hasPrefix(pen + " (") }, "the toolbar's Pen in German: \(seen.sorted())")
    }
}
