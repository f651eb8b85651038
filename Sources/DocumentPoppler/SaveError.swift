// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a save did not happen, in words a person can act on. Whatever the case, the file on disk
/// is untouched and the edits are still there (in memory and in the journal).
public enum SaveError: Error, Hashable, Sendable {
    case readOnlyFile(path: String)
    case readOnlyFolder(path: String)
    case diskFull(path: String)
    case writeFailed(path: String, reason: String)
    /// Another program changed the file since it was opened or saved.
    case changedOnDisk(path: String)

    public var path: String {
        switch self {
        case .readOnlyFile(let p), .readOnlyFolder(let p), .diskFull(let p), .writeFailed(let p, _), .changedOnDisk(let p): return p
        }
    }

    /// Whether saving under another name could succeed (the shell offers Save As).
    public var suggestsSaveAs: Bool {
        switch self {
        case .readOnlyFile, .readOnlyFolder, .diskFull, .writeFailed: return true
        case .changedOnDisk: return false
        }
    }

    public var userMessage: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch self {
        case .readOnlyFile:
            return "“\(name)” is read-only. Your changes are kept; save a copy under another name."
        case .readOnlyFolder:
            return "The folder of “\(name)” is read-only. Your changes are kept; save a copy in another folder."
        case .diskFull:
            return "There is not enough space to save “\(name)”. The file is unchanged and your changes are kept; free some space or save elsewhere."
        case .writeFailed(_, let reason):
            return "“\(name)” could not be saved (\(reason)). The file is unchanged and your changes are kept."
        case .changedOnDisk:
            return "“\(name)” was changed by another program since it was opened. Saving would replace those changes."
        }
    }
}
