// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Pages selected in the sidebar's Pages grid (a click, then Ctrl+click) are what page
/// operations act on: Ctrl+] turns both, Delete in the grid takes both out; the saved file
/// says so.
final class PageSelectionUITests: XCTestCase {
    func testTwoPagesSelectedInTheGridAreTurnedAndTakenOutTogether() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("select.pdf").path
        try OrganisePagesUITests.document().write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        var grid = try session.showPagesGrid(thumbnails: 3)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        func centre(of page: Int) throws -> [String] {
            let f = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == page })
            return [String(Int(origin.x + f[1] + f[3] / 2)), String(Int(origin.y + f[2] + f[4] / 2))]
        }
        session.run("xdotool", ["mousemove"] + (try centre(of: 1)) + ["click", "1"])
        _ = try XCTUnwrap(session.waitFor("page 1 selected") { $0.windows.first?.thumbnailSelection == [1] })
        session.run("xdotool", ["mousemove"] + (try centre(of: 3)) + ["keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        _ = try XCTUnwrap(session.waitFor("pages 1 and 3 selected") { $0.windows.first?.thumbnailSelection == [1, 3] })

        session.xdotool("key", "ctrl+bracketright")
        _ = try XCTUnwrap(session.waitFor("both turned as one step") { $0.windows.first?.undoName == "Rotate Pages" })
        session.xdotool("key", "ctrl+s")
        _ = try XCTUnwrap(session.waitFor("saved") { s in s.windows.first.map { !$0.hasUnsavedChanges && !$0.title.hasPrefix("*") } ?? false })
        let turned = try SavedPDF(path: path)
        XCTAssertEqual(SavedPDF.number(turned.pages[0]["/Rotate"]), 90)
        XCTAssertNil(turned.pages[1]["/Rotate"], "page 2 was not selected")
        XCTAssertEqual(SavedPDF.number(turned.pages[2]["/Rotate"]), 90)

        // Delete in the grid takes the selected pages out. The turned pages' thumbnails are laid
        // out anew: where they are now.
        grid = try XCTUnwrap(session.waitFor("every thumbnail drawn again, the turned ones on their side") { s in
            s.windows.first.map { w in w.thumbnailFrames.count == 3 && w.thumbnailsPainted == [1, 2, 3]
                && (w.thumbnailFrames.first { Int($0[0]) == 1 }.map { $0[3] > $0[4] } ?? false) } ?? false
        }?.windows.first)
        session.run("xdotool", ["mousemove"] + (try centre(of: 1)) + ["click", "1"])
        session.run("xdotool", ["mousemove"] + (try centre(of: 3)) + ["keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        _ = try XCTUnwrap(session.waitFor("pages 1 and 3 selected again") { $0.windows.first?.thumbnailSelection == [1, 3] })
        session.xdotool("key", "Delete")
        let left = try XCTUnwrap(session.waitFor("two pages taken out") { s in
            s.windows.first.map { $0.undoName == "Delete Pages" && $0.pageCount == 1 } ?? false
        }?.windows.first)
        XCTAssertEqual(left.thumbnailSelection ?? [], [], "nothing selected any more")
        session.xdotool("key", "ctrl+z")
        _ = try XCTUnwrap(session.waitFor("both back") { $0.windows.first?.pageCount == 3 })
    }

    func testASecondaryClickOnAThumbnailSelectsItAndOffersThePageOperations() throws {
        let session = try AppSession()
        let path = session.workDir.appendingPathComponent("menu.pdf").path
        try OrganisePagesUITests.document().write(to: URL(fileURLWithPath: path))
        let (app, _) = try session.launchEditable(path)
        let grid = try session.showPagesGrid(thumbnails: 3)
        let origin = try XCTUnwrap(session.windowOrigin(pid: Int(app.processIdentifier)))
        let f = try XCTUnwrap(grid.thumbnailFrames.first { Int($0[0]) == 2 })
        session.run("xdotool", ["mousemove", String(Int(origin.x + f[1] + f[3] / 2)), String(Int(origin.y + f[2] + f[4] / 2)), "click", "3"])
        let menu = try XCTUnwrap(session.waitFor("the pages' menu") { $0.windows.first?.contextMenu != nil }?.windows.first)
        XCTAssertEqual(menu.thumbnailSelection, [2], "the page under the click is selected")
        XCTAssertEqual(menu.contextMenu, ["Turn Clockwise", "Turn Anticlockwise", "Move Page Back", "Move Page On", "Insert Blank Page",
                                          "Insert Note Page…", "Add Writing Room…", "Insert Pages From File…", "Duplicate Page", "Extract Page…", "Delete Page"])
        XCTAssertEqual(menu.currentPage, 1, "a secondary click does not go to the page")
        session.xdotool("key", "Escape")
        _ = try XCTUnwrap(session.waitFor("closed") { $0.windows.first?.contextMenu == nil })
    }
}
