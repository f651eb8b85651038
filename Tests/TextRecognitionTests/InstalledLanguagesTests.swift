// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TextRecognition
import XCTest

/// The installed languages are found as Tesseract finds them, without Tesseract: a document
/// opened asks for them, and Tesseract's library (with the thirty libraries it brings) is loaded
/// only when a page is recognised.
final class InstalledLanguagesTests: XCTestCase {
    func testTheInstalledLanguagesAreThoseTesseractLists() throws {
        let listed = try Tool.run("tesseract", ["--list-langs"])
        XCTAssertEqual(listed.status, 0)
        // "List of available languages in "…" (N):" then one code a line.
        let tesseracts = listed.output.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "osd" }.sorted()
        guard !tesseracts.isEmpty else { throw XCTSkip("no Tesseract language data is installed") }
        XCTAssertEqual(TextRecognizer.installedLanguages(), tesseracts)
    }

    func testAFolderOfDataListsItsLanguagesAndThoseOfItsSubfolders() throws {
        let folder = NSTemporaryDirectory() + "InstalledLanguagesTests-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/script", withIntermediateDirectories: true)
        for name in ["fra.traineddata", "osd.traineddata", "notes.txt", "script/Latin.traineddata", ".traineddata"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data()))
        }
        XCTAssertEqual(TextRecognizer.installedLanguages(dataPath: folder), ["fra", "script/Latin"])
        XCTAssertEqual(TextRecognizer.installedLanguages(dataPath: folder + "/missing"), [])
    }
}
