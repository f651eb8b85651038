// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Steps the UI tests of page operations share: a document opened and ready for editing, the
/// sidebar's Pages grid shown.
extension AppSession {
    /// Launches the app on `path` and waits until the document shows sharp and can be edited.
    @discardableResult
    func launchEditable(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> (app: Process, window: Window) {
        let app = try launch([path])
        let window = try XCTUnwrap(waitFor("\(path) shown, editable", file: file, line: line) { s in
            s.pid == Int(app.processIdentifier)
                && (s.windows.first.map { $0.content == "document" && $0.missingTiles == 0 && $0.isEditable } ?? false)
        }?.windows.first, file: file, line: line)
        return (app, window)
    }

    /// Shows the sidebar (F9) on its Pages grid and waits until `count` thumbnails are laid out.
    func showPagesGrid(thumbnails count: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Window {
        xdotool("key", "F9")
        waitFor("the sidebar is shown", file: file, line: line) { $0.windows.first?.sidebarShown == true }
        activate("sidebar-page", "[<'thumbnails'>]")
        return try XCTUnwrap(waitFor("\(count) thumbnails", file: file, line: line) { s in
            s.windows.first.map { $0.sidebarPage == "thumbnails" && $0.thumbnailFrames.count == count } ?? false
        }?.windows.first, file: file, line: line)
    }
}
