// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import GtkShell

/// Every keyboard accelerator the app sets (`setAccels`, which calls
/// `gtk_application_set_accels_for_action`) is listed in the keyboard shortcuts window
/// (Help ▸ Keyboard Shortcuts, ``ShortcutsWindow``), so that a key added to an action cannot be
/// left out of it. The keypad's twins of a key (`KP_…`) and `ISO_Left_Tab` (Shift+Tab as X
/// reports it) are the same keys to the user and need no entry of their own.
final class ShortcutsWindowTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/GtkShell")

    /// `<Control><Shift>Page_Down` and `<ctrl><shift>page_down` alike.
    static func normalised(_ accelerator: String) -> String {
        accelerator.lowercased().replacingOccurrences(of: "<control>", with: "<ctrl>").replacingOccurrences(of: "<primary>", with: "<ctrl>")
    }

    /// The accelerators set in the shell's sources, by action: every `setAccels("action", [...])`.
    static func acceleratorsSet() throws -> [(action: String, accelerators: [String])] {
        guard FileManager.default.fileExists(atPath: sources.path) else { throw XCTSkip("the sources are not beside the tests") }
        let call = try NSRegularExpression(pattern: #"setAccels\(\s*"([^"]+)"\s*,\s*\[([^\]]*)\]\s*\)"#)
        let quoted = try NSRegularExpression(pattern: #""([^"]+)""#)
        var found: [(String, [String])] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let action = String(text[Range(match.range(at: 1), in: text)!])
                let list = String(text[Range(match.range(at: 2), in: text)!])
                let accelerators = quoted.matches(in: list, range: NSRange(list.startIndex..., in: list)).map {
                    String(list[Range($0.range(at: 1), in: list)!])
                }
                found.append((action, accelerators))
            }
        }
        return found
    }

    func testEveryAcceleratorTheAppSetsIsListedInTheShortcutsWindow() throws {
        let set = try Self.acceleratorsSet()
        XCTAssertGreaterThan(set.count, 30, "the accelerators were read from the sources")
        XCTAssertTrue(set.contains { $0.action == "win.zoom-strip" && $0.accelerators == ["<Control><Shift>m"] })
        let groups = MainActor.assumeIsolated { ShortcutsWindow.groups }
        let listed = Set(groups.flatMap(\.1).flatMap { $0.1.split(separator: " ").map { Self.normalised(String($0)) } })
        var missing: [String] = []
        for (action, accelerators) in set {
            for accelerator in accelerators where !accelerator.contains("KP_") && !accelerator.contains("ISO_Left_Tab") {
                if !listed.contains(Self.normalised(accelerator)) { missing.append("\(action) \(accelerator)") }
            }
        }
        XCTAssertEqual(missing, [], "add these to ShortcutsWindow.groups")
    }

    func testTheShortcutsWindowsDescriptionIsWellFormedAndNamesEachShortcut() {
        let (xml, groups) = MainActor.assumeIsolated { (ShortcutsWindow.builderXML, ShortcutsWindow.groups) }
        let shortcuts = groups.flatMap(\.1)
        XCTAssertEqual(xml.components(separatedBy: "GtkShortcutsShortcut").count - 1, shortcuts.count)
        for (title, accelerator) in shortcuts {
            XCTAssertFalse(title.isEmpty)
            XCTAssertFalse(accelerator.isEmpty, title)
        }
        XCTAssertEqual(Set(shortcuts.map(\.0)).count, shortcuts.count, "each shortcut has a title of its own")
    }
}
