// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import StateSnapshot
import XCTest

/// View ▸ Split in the UI tests: splitting the first window's tab and waiting until both halves
/// are sharp, and making a half the active one with a click (the split tests share these).
extension AppSession {
    /// Splits the first window's tab (`horizontal`: side by side, `vertical`: one above the
    /// other) and waits until both halves are sharp, each at least 50 px along the split, and
    /// `ready` holds too; returns the window.
    func split(_ orientation: String = "horizontal", file: StaticString = #filePath, line: UInt = #line,
               until ready: @escaping (SplitSnapshot) -> Bool = { _ in true }) throws -> AppSession.Window {
        activate("split-view", "[<'\(orientation)'>]")
        return try XCTUnwrap(waitFor("two views, \(orientation), both sharp", file: file, line: line) { s in
            guard let split = s.windows.first?.split, split.orientation == orientation, split.views.count == 2 else { return false }
            let along: (SplitSnapshot.View) -> Double = { orientation == "vertical" ? $0.viewHeight : $0.viewWidth }
            return split.views.allSatisfy { $0.missingTiles == 0 && along($0) > 50 } && ready(split)
        }?.windows.first, file: file, line: line)
    }

    /// Clicks near the lower right corner of view `index` of `window`'s split (which makes it
    /// the active half) in the app whose process is `app`.
    func click(view index: Int, of window: AppSession.Window, app: Process, file: StaticString = #filePath, line: UInt = #line) throws {
        let origin = try XCTUnwrap(windowOrigin(pid: Int(app.processIdentifier)), file: file, line: line)
        let view = try XCTUnwrap(window.split?.views[index], file: file, line: line)
        xdotool("mousemove", "\(Int(origin.x + view.canvasX + view.viewWidth - 40))",
                "\(Int(origin.y + view.canvasY + view.viewHeight - 40))", "click", "1")
    }

    /// Selects the text of the active view's page and highlights it, waiting for the one
    /// "Highlight" edit; returns the new highlight's id (one not among `before`'s).
    func highlightPageText(besides before: AppSession.Window, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        activate("select-all")
        activate("mark-highlight")
        let made = try XCTUnwrap(waitFor("one Highlight edit", file: file, line: line) { s in
            s.windows.first.map { $0.undoName == "Highlight" && $0.hasUnsavedChanges } ?? false
        }?.windows.first, file: file, line: line)
        let old = Set(before.annotations.map(\.id))
        return try XCTUnwrap(made.annotations.first { $0.kind == "highlight" && !old.contains($0.id) }?.id, file: file, line: line)
    }
}
