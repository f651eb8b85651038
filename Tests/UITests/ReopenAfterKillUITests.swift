// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// **Reopen the last session's documents** survives a crash: the tabs open are written to
/// `last-session.json` as they change (atomically), not only when the app quits, so an app
/// killed with SIGKILL reopens them at its next start. Read from the session file and the
/// state dump (`tabs`, `currentTab`).
final class ReopenAfterKillUITests: XCTestCase {
    /// The windows' tabs `last-session.json` holds now (nothing when it is missing or partial).
    private func recordedTabs(in session: AppSession) -> [[String]] {
        let file = session.workDir.appendingPathComponent("state/pdf-annotator/last-session.json")
        guard let data = try? Data(contentsOf: file),
              let windows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return windows.compactMap { $0["tabs"] as? [String] }
    }

    /// Waits until the session file holds `tabs` in one window.
    private func waitForRecord(_ tabs: [String], in session: AppSession, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if recordedTabs(in: session) == [tabs] { return }
            usleep(50_000)
        }
        XCTFail("the session file never held \(tabs): \(recordedTabs(in: session))", file: file, line: line)
    }

    func testTabsOpenWhenTheAppIsKilledReopenAtTheNextStart() throws {
        let session = try AppSession()
        let config = session.workDir.appendingPathComponent("config/pdf-annotator")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("true".utf8).write(to: config.appendingPathComponent("reopen-session.json"))
        let files = try [2, 3].map { count in
            let url = session.workDir.appendingPathComponent("killed-\(count).pdf")
            try HandWrittenPDF.pages(count, catalogEntries: "").write(to: url)
            return url.path
        }
        let originals = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }

        let app = try session.launch(files)
        session.waitFor("two tabs shown") { s in
            s.pid == Int(app.processIdentifier) && s.windows.count == 2 && s.windows.allSatisfy { $0.content == "document" }
        }
        // Recorded while the app runs, before any quit.
        waitForRecord(files, in: session)
        // The second tab to the front: that is recorded too.
        session.activate("next-tab")
        session.waitFor("the second tab in front") { $0.windows.first?.currentTab == 1 }
        let deadline = Date().addingTimeInterval(20)
        var front: Int?
        while Date() < deadline {
            let file = session.workDir.appendingPathComponent("state/pdf-annotator/last-session.json")
            if let data = try? Data(contentsOf: file), let windows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]],
               let current = windows.first?["current"] as? Int, current == 1 {
                front = current
                break
            }
            usleep(50_000)
        }
        XCTAssertEqual(front, 1, "the tab in front is recorded as it changes")
        try session.crash(leaving: files[0], as: originals[0])

        let again = try session.launch([])
        let state = try XCTUnwrap(session.waitFor("both documents reopened as tabs after the kill") { s in
            s.pid == Int(again.processIdentifier) && s.windows.count == 2
                && s.windows.allSatisfy { $0.content == "document" && $0.tabs == files }
        })
        for window in state.windows {
            XCTAssertEqual(window.currentTab, 1, "the tab in front when the app was killed is in front again")
        }
        XCTAssertNil(state.windows.first?.dialog, "nothing was missing")
        session.quitApps()
    }
}
