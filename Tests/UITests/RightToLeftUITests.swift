// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest

/// A Hebrew page copied whole: Ctrl+A then Ctrl+C puts every line on the clipboard, in logical
/// order, with its spaces (poppler-glib 22.12 alone gave one line of four).
final class RightToLeftUITests: XCTestCase {
    func testCtrlAThenCtrlCOnAHebrewPageCopiesEveryLineInLogicalOrder() throws {
        guard AppSession.which("xclip") != nil else { throw XCTSkip("xclip is installed by tools/install-deps.sh") }
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("hebrew.pdf").path
        if let problem = HebrewPagePDF.write(to: path) { throw XCTSkip(problem) }
        let app = try session.launch([path])
        _ = try XCTUnwrap(session.waitFor("shown, with the keyboard") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.missingTiles == 0 && w.isEditable == true && !w.isAnimating && w.canvasHasFocus
        })
        session.xdotool("key", "ctrl+a")
        session.xdotool("key", "ctrl+c")
        let expected = HebrewPagePDF.lines.map { $0.joined(separator: " ") }
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
        }
        let clipboard = { session.run("xclip", ["-selection", "clipboard", "-o"]) }
        XCTAssertNotNil(session.waitFor("Ctrl+A, Ctrl+C copies the page") { _ in lines(clipboard()) == expected },
                        "copied: \(lines(clipboard()))\nexpected: \(expected)")
    }
}
