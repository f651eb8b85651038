// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+D bookmarks the page in view; the bookmark is listed in the sidebar, survives quitting
/// and renaming the file, and Return on it goes back to that page; F2 renames it (kept across a
/// restart); Delete removes it.
final class BookmarkUITests: XCTestCase {
    func testABookmarkIsKeptAcrossSessionsAndGoesBackToItsPage() throws {
        let session = try AppSession()
        let first = session.workDir.appendingPathComponent("marked.pdf").path
        try FileManager.default.copyItem(atPath: AppSession.repoRoot.appendingPathComponent("data/sample.pdf").path, toPath: first)
        let app = try session.launch([first])
        session.waitFor("shown") { s in
            guard s.pid == Int(app.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0
        }
        session.xdotool("key", "ctrl+l", "ctrl+a")
        session.xdotool("type", "5")
        session.xdotool("key", "Return")
        session.waitFor("page 5") { $0.windows.first?.currentPage == 5 }
        session.xdotool("key", "ctrl+d")
        session.waitFor("bookmarked") { $0.windows.first?.bookmarks == [["Page 5", "5"]] }
        session.xdotool("key", "ctrl+q")
        session.waitForExit(app, timeout: 10)
        session.quitApps()

        let renamed = session.workDir.appendingPathComponent("renamed.pdf").path
        try FileManager.default.moveItem(atPath: first, toPath: renamed)
        let again = try session.launch([renamed])
        session.waitFor("reopened with its bookmark") { s in
            guard s.pid == Int(again.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.bookmarks == [["Page 5", "5"]]
        }
        session.xdotool("key", "Home")
        session.waitFor("at the start") { $0.windows.first?.currentPage == 1 }
        session.activate("sidebar-page", "[<'bookmarks'>]")
        session.waitFor("the bookmarks are shown") { $0.windows.first?.sidebarPage == "bookmarks" }
        // The list has the keyboard: Return on the (only) bookmark.
        session.xdotool("key", "Return")
        session.waitFor("back on page 5") { $0.windows.first?.currentPage == 5 }
        // F2 renames it in place; the new name is kept for the next session too.
        // F2's action starts the editing and focuses the name while handling the key.
        session.xdotool("key", "F2")
        session.xdotool("key", "ctrl+a")
        session.xdotool("type", "--delay", "30", "Chapter Five")
        session.xdotool("key", "Return")
        session.waitFor("renamed") { $0.windows.first?.bookmarks == [["Chapter Five", "5"]] }
        session.xdotool("key", "ctrl+q")
        let quitBy = Date().addingTimeInterval(10)
        while again.isRunning, Date() < quitBy { usleep(50_000) }
        session.quitApps()
        let third = try session.launch([renamed])
        session.waitFor("the new name after a restart") { s in
            guard s.pid == Int(third.processIdentifier), let w = s.windows.first else { return false }
            return w.content == "document" && w.bookmarks == [["Chapter Five", "5"]]
        }
        session.activate("sidebar-page", "[<'bookmarks'>]")
        session.waitFor("the bookmarks are shown") { $0.windows.first?.sidebarPage == "bookmarks" }
        session.xdotool("key", "Return")
        session.waitFor("Return on the renamed bookmark goes to page 5") { $0.windows.first?.currentPage == 5 }
        session.xdotool("key", "Delete")
        session.waitFor("Delete removed it") { $0.windows.first?.bookmarks == [] }
    }
}
