// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import GtkShell

/// Tabs of the same name are told apart by the shortest end of their folders that differs
/// (``TabTitles``); a name of its own, the same file twice and tabs without a document stay as
/// they are.
final class TabTitlesTests: XCTestCase {
    private func tab(_ path: String?) -> TabTitles.Tab {
        TabTitles.Tab(title: path.map { String($0.split(separator: "/").last!) } ?? "PDF Annotator", path: path)
    }

    func testTabsWithTitlesOfTheirOwnShowJustTheTitle() {
        let tabs = [tab("/home/u/a.pdf"), tab("/home/u/b.pdf"), tab(nil)]
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs), [nil, nil, nil])
        XCTAssertEqual(TabTitles.labels(tabs, shown: ["a.pdf", "*b.pdf", "PDF Annotator"]), ["a.pdf", "*b.pdf", "PDF Annotator"])
    }

    func testTheSameNameInTwoFoldersAddsTheFolderThatDiffers() {
        let tabs = [tab("/home/u/work/report.pdf"), tab("/home/u/private/report.pdf"), tab("/home/u/notes.pdf")]
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs), ["work", "private", nil])
        XCTAssertEqual(TabTitles.labels(tabs, shown: ["report.pdf", "*report.pdf", "notes.pdf"]),
                       ["report.pdf — work", "*report.pdf — private", "notes.pdf"])
    }

    func testFoldersEndingAlikeShowAsMuchOfTheirEndAsTellsThemApart() {
        let tabs = [tab("/data/work/2024/report.pdf"), tab("/data/private/2024/report.pdf"), tab("/data/private/2023/report.pdf")]
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs), ["work/2024", "private/2024", "2023"])
    }

    func testAFolderThatIsTheEndOfAnotherIsToldInFullFromTheRootOrHome() {
        let tabs = [tab("/home/u/x/a.pdf"), tab("/home/u/y/home/u/x/a.pdf"), tab("/a.pdf")]
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs), ["/home/u/x", "y/home/u/x", "/"])
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs, home: "/home/u"), ["~/x", "y/home/u/x", "/"])
    }

    func testTheSameFileInTwoTabsIsNotToldApartButOthersOfItsNameAre() {
        let tabs = [tab("/p/a.pdf"), tab("/p/a.pdf"), tab("/q/a.pdf")]
        XCTAssertEqual(TabTitles.distinguishingFolders(tabs), ["/p", "/p", "/q"], "a folder just below the root is told in full")
        let twins = [tab("/p/a.pdf"), tab("/p/a.pdf")]
        XCTAssertEqual(TabTitles.distinguishingFolders(twins), [nil, nil])
    }
}
