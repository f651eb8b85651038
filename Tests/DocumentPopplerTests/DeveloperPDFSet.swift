// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The shared developer PDF set (`shared/pdfs`, a sibling of the repository) and its manifest.
enum DeveloperPDFSet {
    /// One file's facts from `manifest.json`, as checked with poppler 22.12.
    struct Entry: Decodable {
        var file: String
        var pages: Int?
        var popplerOpens: Bool
        var popplerError: String?
        var encrypted: Bool
        var password: String?
        /// Degrees ("90", "180", "270") to the number of pages with that /Rotate.
        var rotatedPages: [String: Int]
        /// "portrait"/"landscape" to page counts, comparing the crop box before /Rotate.
        var pageOrientation: [String: Int]
        var outlineItems: Int?
        /// Field kinds ("text", "checkbox", "radio", "combo", "listbox", "pushbutton",
        /// "signature") to the number of terminal fields of that kind.
        var formFields: [String: Int]?
        var isPdf: Bool
        var broken: Bool
    }

    /// `/work/main/Tests/DocumentPopplerTests/<file>` → `/work/shared/pdfs`.
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DocumentPopplerTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository
        .deletingLastPathComponent()  // its parent
        .appendingPathComponent("shared/pdfs", isDirectory: true)

    /// The folder, or an `XCTSkip` when this checkout has no sibling `shared/pdfs`.
    static func requireFolder() throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("developer PDF set not found at \(folder.path)")
        }
        return folder
    }

    /// The path of one file of the set, or an `XCTSkip` when the set or that file is missing.
    static func path(_ file: String) throws -> String {
        let path = try requireFolder().appendingPathComponent(file).path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(file) is not in the developer PDF set at \(folder.path)") }
        return path
    }

    static func manifest() throws -> [Entry] {
        let data = try Data(contentsOf: try requireFolder().appendingPathComponent("manifest.json"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([Entry].self, from: data)
    }
}

/// A private temporary folder removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DocumentPopplerTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ data: Data, to name: String) throws -> String {
        let path = path(name)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit {
        // Undo any chmod 000 so that removal works for non-root users.
        if let items = try? FileManager.default.subpathsOfDirectory(atPath: url.path) {
            for item in items {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(item).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
