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

    /// Writes `pages` hand-written pages, launches the app on them (its environment changed by
    /// `environment`), waits until the first shows sharp and clicks the middle of the canvas, so
    /// that keys and the wheel go to it. Returns the state as opened.
    func openLongDocumentAndFocusCanvas(pages: Int, environment: [String: String] = [:],
                                        file: StaticString = #filePath, line: UInt = #line) throws -> State {
        let path = workDir.appendingPathComponent("long.pdf")
        try HandWrittenPDF.pages(pages, catalogEntries: "").write(to: path)
        try launch([path.path], environment: environment)
        let state = try XCTUnwrap(waitFor("open and sharp", file: file, line: line) { s in
            guard let w = s.windows.first else { return false }
            return w.content == "document" && w.missingTiles == 0 && w.viewWidth > 100
        }, file: file, line: line)
        let opened = try XCTUnwrap(state.windows.first, file: file, line: line)
        let origin = try XCTUnwrap(windowOrigin(pid: state.pid), file: file, line: line)
        xdotool("mousemove", "\(Int(origin.x + opened.canvasX + opened.viewWidth / 2))", "\(Int(origin.y + opened.canvasY + opened.viewHeight / 2))")
        xdotool("click", "1")
        return state
    }

    /// Shows the sidebar (F9) on its Pages grid and waits until `count` thumbnails are laid out
    /// and drawn, so that a pointer aimed at a frame the state gives lands on that thumbnail.
    ///
    /// A thumbnail's frame is in the dump as soon as its row is bound, which can be before the
    /// grid has given it a place (a frame of no size at the grid's corner); and each drawn
    /// thumbnail rewrites the dump. So the wait is for every frame to have a size, side by side
    /// with no overlap, and for every thumbnail in view to be drawn (nothing left to arrive).
    func showPagesGrid(thumbnails count: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Window {
        key("F9", runs: "toggle-sidebar")
        waitFor("the sidebar is shown", file: file, line: line) { $0.windows.first?.sidebarShown == true }
        activate("sidebar-page", "[<'thumbnails'>]")
        return try XCTUnwrap(waitFor("\(count) thumbnails laid out and drawn", file: file, line: line) { s in
            s.windows.first.map { w in
                w.sidebarPage == "thumbnails" && w.thumbnailFrames.count == count && Self.framesAreLaidOut(w.thumbnailFrames)
                    && Set(w.thumbnailFrames.map { Int($0[0]) }).isSubset(of: Set(w.thumbnailsPainted))
            } ?? false
        }?.windows.first, file: file, line: line)
    }

    /// Whether thumbnail frames ([page, x, y, width, height]) have been given their places:
    /// each has a size and none overlaps another.
    static func framesAreLaidOut(_ frames: [[Double]]) -> Bool {
        guard frames.allSatisfy({ $0.count == 5 && $0[3] > 0 && $0[4] > 0 }) else { return false }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] where a[1] < b[1] + b[3] && b[1] < a[1] + a[3] && a[2] < b[2] + b[4] && b[2] < a[2] + a[4] {
                return false
            }
        }
        return true
    }
}
