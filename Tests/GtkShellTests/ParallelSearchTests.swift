// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Foundation
import Geometry
import Rendering
import XCTest

/// The search threads read every page once, find what each page holds with its boxes, and stop
/// handing out pages when cancelled; any text source works (not only poppler's).
final class ParallelSearchTests: XCTestCase {
    /// Page n holds "page n" and, on even pages, "needle"; one box per character.
    final class Pages: TextSource, @unchecked Sendable {
        let count: Int
        init(count: Int) { self.count = count }
        func text(on page: PageIndex) -> PageText {
            let string = "page \(page.rawValue)" + (page.rawValue % 2 == 0 ? " needle" : "")
            let characters = Array(string)
            return PageText(characters: characters,
                            boxes: characters.indices.map { Rect(x: Double($0) * 6, y: 10, width: 6, height: 10) })
        }
    }

    /// What the threads delivered, added up under a lock.
    final class Found: @unchecked Sendable {
        let lock = NSLock()
        var pages: [PageMatches] = []
        var read: [PageIndex] = []
        var finished = 0
    }

    private func run(_ search: ParallelSearch, sources: [TextSource], cancelAfter: Int? = nil) -> Found {
        let found = Found()
        let done = DispatchSemaphore(value: 0)
        search.start(sources: sources) { pages, read, threadFinished in
            found.lock.lock()
            found.pages += pages
            found.read += read
            if threadFinished { found.finished += 1 }
            let all = found.finished == sources.count
            let enough = cancelAfter.map { found.read.count >= $0 } ?? false
            found.lock.unlock()
            if enough { search.cancel() }
            if all { done.signal() }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        return found
    }

    func testEveryPageIsReadOnceAndEachMatchComesWithItsBoxes() {
        let source = Pages(count: 200)
        let order = (0..<200).map(PageIndex.init)
        let found = run(ParallelSearch(search: TextSearch(query: "needle"), order: order), sources: [source, Pages(count: 200)])
        XCTAssertEqual(found.read.sorted(), order, "each page read by exactly one thread")
        XCTAssertEqual(found.pages.map(\.page).sorted(), order.filter { $0.rawValue % 2 == 0 })
        let page4 = try! XCTUnwrap(found.pages.first { $0.page == PageIndex(4) })
        XCTAssertEqual(page4.matches.map(\.range), [7...12])
        XCTAssertEqual(page4.matches.first?.boxes.first?.minX, 42, "the boxes of the matched characters")
    }

    func testCancellingStopsHandingOutPages() {
        let order = (0..<5_000).map(PageIndex.init)
        let found = run(ParallelSearch(search: TextSearch(query: "needle"), order: order), sources: [Pages(count: 5_000)], cancelAfter: 1)
        XCTAssertLessThan(found.read.count, 5_000, "the search stopped early")
    }
}
