// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// **Reopen the last session's documents** survives a crash: the tabs open are written to
/// `last-session.json` as they change (atomically), not only when the app quits, so an app
/// killed with SIGKILL reopens them at its next start. Read from the session file and the
/// state dump (`tabs`, `currentTab`).
final class ReopenAfterKillUITests: XCTestCase {
    /// The windows `last-session.json` holds now, each with its tabs and the place of the one in
    /// front (nothing when it is missing or partial).
    private func recorded(in session: AppSession) -> [(tabs: [String], current: Int?)] {
        let file = session.workDir.appendingPathComponent("state/pdf-annotator/last-session.json")
        guard let data = try? Data(contentsOf: file),
              let windows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return windows.compactMap { window in (window["tabs"] as? [String]).map { ($0, window["current"] as? Int) } }
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
        session.waitForDocumentTabs(2, of: app, "two tabs shown")
        // Recorded while the app runs, before any quit: the state dump's two tabs, and the file
        // naming both (read as the dump is polled, since the file is written on a worker).
        session.waitFor("the session file names both tabs") { s in
            s.windows.first?.tabs == files && self.recorded(in: session).map(\.tabs) == [files]
        }
        // The second tab to the front: that is recorded too.
        session.activate("next-tab")
        session.waitFor("the second tab in front, and recorded in front") { s in
            s.windows.first?.currentTab == 1 && self.recorded(in: session).first?.current == 1
        }
        try session.crash(leaving: files[0], as: originals[0])

        let again = try session.launch([])
        let state = try XCTUnwrap(session.waitForDocumentTabs(2, of: again, listing: files, "both documents reopened as tabs after the kill"))
        for window in state.windows {
            XCTAssertEqual(window.currentTab, 1, "the tab in front when the app was killed is in front again")
        }
        XCTAssertNil(state.windows.first?.dialog, "nothing was missing")
        session.quitApps()
    }
}
