// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A document's `win.` actions live in its tab's own action group (`actionMap`), which its
/// window offers while the tab is in front (TabWindow): an action added to the window itself
/// would act on whichever tab made it, whatever tab is in front. This guards the code that
/// builds a document's actions against that.
final class TabActionsTests: XCTestCase {
    func testNoDocumentActionIsAddedToOrLookedUpInTheWindowItself() throws {
        let shell = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/GtkShell")
        guard FileManager.default.fileExists(atPath: shell.path) else { throw XCTSkip("the sources are not beside the tests") }
        let onTheWindow = try NSRegularExpression(pattern: #"g_action_(map|group)_\w+\(\s*OpaquePointer\(\s*(self\??\.)?window\s*\)"#)
        var found: [String] = []
        var read = 0
        let files = FileManager.default.enumerator(at: shell, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.lastPathComponent.hasPrefix("DocumentWindow") else { continue }
            read += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in onTheWindow.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let line = text[..<Range(match.range, in: text)!.lowerBound].filter { $0 == "\n" }.count + 1
                found.append("\(file.lastPathComponent):\(line)")
            }
        }
        XCTAssertGreaterThan(read, 20, "the document window's files were read")
        XCTAssertEqual(found, [], "use actionMap (the tab's actions), not OpaquePointer(window)")
        XCTAssertEqual(onTheWindow.numberOfMatches(in: "g_action_map_add_action(OpaquePointer(window), a)", range: NSRange(location: 0, length: 48)), 1,
                       "the check sees an action added to the window")
    }
}
