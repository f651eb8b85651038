// SPDX-License-Identifier: GPL-3.0-or-later
@testable import GtkShell
import XCTest

final class AppOptionsTests: XCTestCase {
    func testRelativePathsResolveAgainstTheWorkingDirectoryIncludingParentSteps() {
        XCTAssertEqual(AppOptions.absolutePath("../shared/a.pdf", relativeTo: "/work/main"), "/work/shared/a.pdf")
        XCTAssertEqual(AppOptions.absolutePath("./data/b.pdf", relativeTo: "/work/main/"), "/work/main/data/b.pdf")
        XCTAssertEqual(AppOptions.absolutePath("c d.pdf", relativeTo: "/home/ü"), "/home/ü/c d.pdf")
    }

    func testAbsolutePathsAndURIsPassThrough() {
        XCTAssertEqual(AppOptions.absolutePath("/tmp//x/../y.pdf", relativeTo: "/work"), "/tmp/y.pdf")
        XCTAssertEqual(AppOptions.absolutePath("file:///tmp/y.pdf", relativeTo: "/work"), "file:///tmp/y.pdf")
    }

    func testALineOfDocumentsAloneIsReadWithoutTheArgumentParser() {
        XCTAssertEqual(AppOptions.plainFiles(["a.pdf", "dir/b c.pdf", "/abs/ü.pdf"]), ["a.pdf", "dir/b c.pdf", "/abs/ü.pdf"])
        XCTAssertEqual(AppOptions.plainFiles([]), [])
    }

    func testOptionsHelpAndEmptyWordsGoToTheArgumentParser() {
        XCTAssertNil(AppOptions.plainFiles(["a.pdf", "--state-file", "s.json"]))
        XCTAssertNil(AppOptions.plainFiles(["--", "-odd.pdf"]))
        XCTAssertNil(AppOptions.plainFiles(["-h"]))
        XCTAssertNil(AppOptions.plainFiles(["help"]))
        XCTAssertNil(AppOptions.plainFiles(["a.pdf", ""]))
    }
}
