// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import TextRecognition
import XCTest

/// A document opened is read for the recognition cache only when the cache holds a page of it.
final class RecognitionCacheFolderTests: XCTestCase {
    func testTheCacheHoldsADocumentOnlyOnceOneOfItsPagesWasKept() throws {
        let folder = NSTemporaryDirectory() + "RecognitionCacheFolderTests-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = RecognitionCache(folder: folder)
        XCTAssertFalse(cache.holdsPages(documentID: "abc123"), "an empty cache holds nothing")
        let word = RecognizedWord(text: "heron", box: Rect(x: 10, y: 10, width: 40, height: 12), baseline: 20, confidence: 90, startsLine: true)
        let key = RecognitionCache.pageKey(objectNumber: 4, generation: 0, rotation: 0)
        XCTAssertTrue(cache.store(RecognizedPage(words: [word], language: "eng"), documentID: "abc123", page: key))
        XCTAssertTrue(cache.holdsPages(documentID: "abc123"))
        XCTAssertFalse(cache.holdsPages(documentID: "other"), "another document holds nothing")
        XCTAssertFalse(cache.holdsPages(documentID: "/"), "a name of no letters or digits names no folder")
    }
}
