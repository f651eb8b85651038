// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import XCTest

/// The sentences shown in error dialogs.
final class DocumentOpenErrorTests: XCTestCase {
    func testEveryMessageNamesTheFileByItsBasename() {
        let path = "/home/ann/Documents/report 2024.pdf"
        let errors: [DocumentOpenError] = [
            .fileNotFound(path: path), .isDirectory(path: path), .notReadable(path: path, reason: "Permission denied"),
            .notAPDF(path: path), .damaged(path: path, reason: "PDF document is damaged"),
            .passwordRequired(path: path), .wrongPassword(path: path),
        ]
        for error in errors {
            XCTAssertTrue(error.userMessage.contains("“report 2024.pdf”"), error.userMessage)
            XCTAssertFalse(error.userMessage.contains("/home/ann"), error.userMessage)
            XCTAssertTrue(error.userMessage.hasSuffix("."), error.userMessage)
            XCTAssertEqual(error.path, path)
        }
    }

    func testEachMessageSaysWhatWentWrong() {
        XCTAssertEqual(DocumentOpenError.notAPDF(path: "/tmp/report.pdf").userMessage, "“report.pdf” is not a PDF document.")
        XCTAssertEqual(DocumentOpenError.fileNotFound(path: "a.pdf").userMessage, "“a.pdf” could not be found.")
        XCTAssertEqual(DocumentOpenError.isDirectory(path: "/tmp/papers/").userMessage, "“papers” is a folder, not a PDF document.")
        XCTAssertEqual(
            DocumentOpenError.notReadable(path: "/x/a.pdf", reason: "Permission denied").userMessage,
            "“a.pdf” could not be read: permission denied.")
        XCTAssertEqual(
            DocumentOpenError.damaged(path: "/x/a.pdf", reason: "PDF document is damaged").userMessage,
            "“a.pdf” is damaged and could not be opened (PDF document is damaged).")
        XCTAssertEqual(DocumentOpenError.passwordRequired(path: "/x/a.pdf").userMessage, "“a.pdf” is protected by a password.")
        XCTAssertEqual(DocumentOpenError.wrongPassword(path: "/x/a.pdf").userMessage, "The password for “a.pdf” is incorrect.")
    }

    func testOnlyPasswordErrorsAskForAPassword() {
        XCTAssertTrue(DocumentOpenError.passwordRequired(path: "a").needsPassword)
        XCTAssertTrue(DocumentOpenError.wrongPassword(path: "a").needsPassword)
        XCTAssertFalse(DocumentOpenError.damaged(path: "a", reason: "x").needsPassword)
        XCTAssertFalse(DocumentOpenError.notAPDF(path: "a").needsPassword)
    }
}
