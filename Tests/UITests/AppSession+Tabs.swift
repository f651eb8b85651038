// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Tabs in the UI tests: waiting until an app shows its documents as tabs (the reopen tests
/// share this).
extension AppSession {
    /// Waits until the app whose process is `app` shows `count` tabs, each a document, each
    /// listing `files` as its window's tabs when they are given; returns that state.
    @discardableResult
    func waitForDocumentTabs(_ count: Int, of app: Process, listing files: [String]? = nil, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) -> State? {
        waitFor(message, file: file, line: line) { s in
            s.pid == Int(app.processIdentifier) && s.windows.count == count
                && s.windows.allSatisfy { $0.content == "document" && (files == nil || $0.tabs == files) }
        }
    }
}
