// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a document could not be opened, in terms a person can act on (find the file, fix its
/// permissions, type a password) rather than in the PDF library's error codes.
public enum DocumentOpenError: Error, Equatable, Sendable {
    case fileNotFound(path: String)
    case isDirectory(path: String)
    case notReadable(path: String, reason: String)
    /// The file does not start with a PDF header (checked before the PDF library sees it).
    case notAPDF(path: String)
    case damaged(path: String, reason: String)
    /// The document is encrypted and no password was given.
    case passwordRequired(path: String)
    /// The document is encrypted and the given password does not open it.
    case wrongPassword(path: String)

    /// The path that was being opened.
    public var path: String {
        switch self {
        case .fileNotFound(let path), .isDirectory(let path), .notReadable(let path, _),
            .notAPDF(let path), .damaged(let path, _), .passwordRequired(let path),
            .wrongPassword(let path):
            return path
        }
    }

    /// Whether the caller should ask for a (new) password and try again.
    public var needsPassword: Bool {
        switch self {
        case .passwordRequired, .wrongPassword: return true
        default: return false
        }
    }

    /// A sentence for an error dialog naming the file by its last path component.
    public var userMessage: String {
        let name = "“\(Self.displayName(of: path))”"
        switch self {
        case .fileNotFound:
            return "\(name) could not be found."
        case .isDirectory:
            return "\(name) is a folder, not a PDF document."
        case .notReadable(_, let reason):
            return "\(name) could not be read: \(Self.sentenceFragment(reason))."
        case .notAPDF:
            return "\(name) is not a PDF document."
        case .damaged(_, let reason):
            return "\(name) is damaged and could not be opened (\(Self.sentenceFragment(reason)))."
        case .passwordRequired:
            return "\(name) is protected by a password."
        case .wrongPassword:
            return "The password for \(name) is incorrect."
        }
    }

    /// The last non-empty path component, or the whole path when it has none.
    static func displayName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// The reason with its trailing full stop removed and a lower-case first letter, so that
    /// it reads inside a sentence; empty reasons become "unknown error".
    static func sentenceFragment(_ reason: String) -> String {
        var text = reason.trimmingTrailing(while: { $0 == "." || $0 == " " || $0 == "\n" })
        if text.isEmpty { return "unknown error" }
        if let first = text.first, first.isUppercase,
            text.dropFirst().first.map({ !$0.isUppercase }) ?? true {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }
}

extension String {
    fileprivate func trimmingTrailing(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
