// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A document once opened is listed in a window with no document (GTK's recent files, in the
/// session's own data folder), and the keyboard opens it from there.
final class RecentDocumentsUITests: XCTestCase {
    func testTheEmptyWindowListsTheDocumentOpenedBeforeAndOpensIt() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("recent one.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: path)
        try session.launch([path])
        session.waitFor("opened") { $0.windows.first?.content == "document" }
        // GTK writes its recent files list shortly after the change.
        let xbel = session.workDir.appendingPathComponent("data/recently-used.xbel").path
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !((try? String(contentsOfFile: xbel, encoding: .utf8))?.contains("recent%20one.pdf") ?? false) {
            usleep(100_000)
        }
        session.quitApps()

        try session.launch([])
        let empty = try XCTUnwrap(session.waitFor("the empty window lists it") { s in
            s.windows.first.map { $0.content == "empty" && $0.recentDocuments == [path] } ?? false
        }?.windows.first)
        XCTAssertEqual(empty.recentDocuments.count, 1)
        // The Open button has the focus; Tab reaches the recent document, Return opens it.
        session.xdotool("key", "Tab")
        session.xdotool("key", "Return")
        session.waitFor("Return opened it") { s in
            s.windows.first.map { $0.content == "document" && $0.path == path } ?? false
        }
    }
}
