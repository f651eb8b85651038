// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import XCTest
@testable import DocumentPoppler

/// What the main thread asks of the document while the render worker holds it: the render
/// worker writes a large move's update with the document's lock held (a second and more on a
/// loaded machine), and the state dump, on the main thread, asks whether the file's table was
/// rebuilt; that question waited for the whole write.
final class CoreDocumentLockTests: XCTestCase {
    func testWhetherTheTableWasRebuiltIsAnsweredWhileAnotherThreadHoldsTheDocument() throws {
        let work = try TemporaryFolder()
        let damaged = DamagedCopies.damage([UInt8](NumberedPagesPDF.data(pages: 2)), .xrefShifted, seed: 38)
        let path = try work.write(Data(damaged), to: "shifted.pdf")
        let core = try CoreDocument.open(path: path, password: nil)
        let sound = try CoreDocument.open(path: try work.write(NumberedPagesPDF.data(pages: 2), to: "sound.pdf"), password: nil)
        final class Answers: @unchecked Sendable { var rebuilt: Bool?; var soundRebuilt: Bool? }
        let answers = Answers()
        let answered = expectation(description: "answered while the lock is held")
        // Held as the worker holds it while it writes an update.
        core.lock.lock()
        sound.lock.lock()
        Thread.detachNewThread {
            answers.rebuilt = core.wasReconstructed
            answers.soundRebuilt = sound.wasReconstructed
            answered.fulfill()
        }
        let result = XCTWaiter().wait(for: [answered], timeout: 30)
        core.lock.unlock()
        sound.lock.unlock()
        XCTAssertEqual(result, .completed, "the question waited for the document's lock")
        XCTAssertEqual(answers.rebuilt, true, "poppler rebuilt the shifted table to read it")
        XCTAssertEqual(answers.soundRebuilt, false)
    }
}
