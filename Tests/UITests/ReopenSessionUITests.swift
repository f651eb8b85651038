// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// With **Reopen the last session's documents** on, a launch without files opens the documents
/// that were open when the app last quit, as the same tabs with the same one in front; a
/// document gone since is skipped with a message naming it. Read from the state dump (`tabs`,
/// `currentTab`, `dialog`).
final class ReopenSessionUITests: XCTestCase {
    /// Two small documents in the session's folder, and the preference turned on there.
    private func prepare(_ session: AppSession) throws -> [String] {
        let config = session.workDir.appendingPathComponent("config/pdf-annotator")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("true".utf8).write(to: config.appendingPathComponent("reopen-session.json"))
        return try [2, 3].map { count in
            let url = session.workDir.appendingPathComponent("session-\(count).pdf")
            try HandWrittenPDF.pages(count, catalogEntries: "").write(to: url)
            return url.path
        }
    }

    /// Opens `files`, brings the second tab to the front and quits with `app.quit` over D-Bus.
    private func openAndQuit(_ files: [String], in session: AppSession) throws {
        let app = try session.launch(files)
        session.waitForDocumentTabs(2, of: app, "two tabs shown")
        session.activate("next-tab")
        session.waitFor("the second tab in front") { s in s.windows.first?.currentTab == 1 }
        session.run("gdbus", ["call", "--session", "--dest", AppSession.applicationID, "--object-path",
                              "/io/github/pdfannotator/PdfAnnotator", "--method", "org.gtk.Actions.Activate", "quit", "[]", "{}"])
        XCTAssertTrue(session.waitForExit(app, timeout: 20), "app.quit ends the app. Log: \(session.log)")
        session.quitApps()
    }

    func testALaunchWithoutFilesReopensTheLastSessionsTabsWithTheSameTabInFront() throws {
        let session = try AppSession()
        let files = try prepare(session)
        try openAndQuit(files, in: session)

        let again = try session.launch([])
        let state = try XCTUnwrap(session.waitForDocumentTabs(2, of: again, listing: files, "both documents reopened as tabs"))
        for window in state.windows {
            XCTAssertEqual(window.currentTab, 1, "the tab in front at quit is in front again")
            XCTAssertNil(window.dialog, "nothing to report")
        }
        XCTAssertEqual(Set(state.windows.compactMap(\.windowNumber)).count, 1, "one window, as before")
        XCTAssertEqual(state.windows.first { $0.path == files[1] }?.pageCount, 3)
    }

    func testADocumentGoneSinceIsSkippedWithAMessageAndTheOthersReopen() throws {
        let session = try AppSession()
        let files = try prepare(session)
        try openAndQuit(files, in: session)
        try FileManager.default.removeItem(atPath: files[1])

        let again = try session.launch([])
        let state = try XCTUnwrap(session.waitFor("the remaining document reopened, the missing one reported") { s in
            s.pid == Int(again.processIdentifier) && s.windows.count == 1
                && s.windows[0].content == "document" && s.windows[0].dialog == "reopen-missing"
        })
        XCTAssertEqual(state.windows[0].tabs, [files[0]])
        XCTAssertEqual(state.windows[0].currentTab, 0, "the front tab gone: the one before it is in front")
        XCTAssertTrue(again.isRunning)
    }

    func testWithThePreferenceOffALaunchWithoutFilesShowsAnEmptyWindow() throws {
        let session = try AppSession()
        let files = try prepare(session)
        try openAndQuit(files, in: session)
        let config = session.workDir.appendingPathComponent("config/pdf-annotator/reopen-session.json")
        try Data("false".utf8).write(to: config)

        let again = try session.launch([])
        let state = try XCTUnwrap(session.waitFor("one empty window") { s in
            s.pid == Int(again.processIdentifier) && s.windows.count == 1
        })
        XCTAssertEqual(state.windows[0].content, "empty")
    }
}
