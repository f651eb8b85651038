// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import FoundationEssentials
#if canImport(Glibc)
import Glibc
import Platform
#endif

/// What a journal line did: a new edit, an undo or a redo. Replaying the steps in order
/// rebuilds both the document and its undo history.
public enum JournalStep: String, Codable, Sendable { case `do`, undo, redo }

/// One line of a journal after the header.
public struct JournalLine: Codable, Hashable, Sendable {
    public var step: JournalStep
    /// The step's edit; for a line read with a ``move``, its name alone (the editor makes the
    /// edit again from the move when it replays the line).
    public var record: EditRecord
    /// A move of many annotations by one displacement, journaled compactly (``JournalGroupMove``).
    public var move: JournalGroupMove?

    public init(step: JournalStep, record: EditRecord) {
        self.step = step
        self.record = record
        move = JournalGroupMove(record)
    }

    /// The line of a group move made by ``DocumentEditor/performGroupMove(_:)``.
    public init(step: JournalStep, move: JournalGroupMove) {
        self.step = step
        self.move = move
        record = EditRecord(move.name, .replace(before: [], after: []))
    }

    private enum CodingKeys: String, CodingKey { case step, record, move }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        step = try c.decode(JournalStep.self, forKey: .step)
        move = try c.decodeIfPresent(JournalGroupMove.self, forKey: .move)
        if let move {
            record = EditRecord(move.name, .replace(before: [], after: []))
        } else {
            record = try c.decode(EditRecord.self, forKey: .record)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(step, forKey: .step)
        if let move { try c.encode(move, forKey: .move) } else { try c.encode(record, forKey: .record) }
    }

    /// Whether `record` (the top of the undo or redo stack) is the step this line undoes or redoes.
    func matches(_ record: EditRecord?) -> Bool {
        guard let record else { return false }
        if let move { return JournalGroupMove(record) == move }
        return record == self.record
    }
}

/// The first line of a journal: which file, in which state, the steps apply to.
public struct JournalHeader: Codable, Hashable, Sendable {
    public var format = "pdf-annotator-journal"
    public var version = 1
    /// The document's absolute path when the journal started.
    public var document: String
    public var stamp: FileStamp?
    public var fingerprint: String?
    /// Object ids ("31-0") of annotations the app created before the last save, mapped to the
    /// ids the steps use for them.
    public var aliases: [String: String]
    /// How the steps are encrypted, for a document that needs a password (`nil`: plain JSON).
    public var encryption: JournalEncryption?

    public init(document: String, stamp: FileStamp?, fingerprint: String?, aliases: [String: String], encryption: JournalEncryption? = nil) {
        self.document = document
        self.stamp = stamp
        self.fingerprint = fingerprint
        self.aliases = aliases
        self.encryption = encryption
    }
}

/// The line a save leaves in the journal before it replaces the document: the file it writes
/// (its fingerprint) and the ids that file implies. Should the app die after the new file is in
/// place but before the journal is started again for it, the steps after this line are the
/// ones that file lacks (the edits made while it was written).
public struct JournalSaveMark: Codable, Hashable, Sendable {
    public var savedAs: String
    public var aliases: [String: String]
    public init(savedAs: String, aliases: [String: String]) {
        self.savedAs = savedAs
        self.aliases = aliases
    }
}

/// A journal read back: its header and its steps (a torn last line, from a crash in the middle
/// of a write, is dropped).
public struct JournalContents: Hashable, Sendable {
    public var header: JournalHeader
    public var lines: [JournalLine]
    /// Save marks, each with the number of steps before it.
    public var marks: [PlacedSaveMark] = []

    /// A save mark and where it stands among the steps.
    public struct PlacedSaveMark: Hashable, Sendable {
        public var stepsBefore: Int
        public var mark: JournalSaveMark
    }

    /// The steps that rebuild the unsaved edits on the file at `path` as it is now: all of them
    /// when the journal was started for that file; those after a save mark when that save's
    /// file is the one there now (the app died between replacing the file and starting the
    /// journal again); `nil` when the file is neither (another program changed it).
    public func applying(to path: String) -> JournalContents? {
        if EditJournal.matches(header, file: path) { return JournalContents(header: header, lines: lines, isReadable: isReadable) }
        guard let fingerprint = FileFingerprint.of(path: path),
              let placed = marks.last(where: { $0.mark.savedAs == fingerprint }) else { return nil }
        var after = header
        after.fingerprint = fingerprint
        after.aliases = placed.mark.aliases
        return JournalContents(header: after, lines: Array(lines[placed.stepsBefore...]), isReadable: isReadable)
    }
    /// False for an encrypted journal read without its password (or with another one): its
    /// steps are there but cannot be read, so it must be kept, not replaced.
    public var isReadable = true

    public init(header: JournalHeader, lines: [JournalLine], isReadable: Bool = true) {
        self.header = header
        self.lines = lines
        self.isReadable = isReadable
    }
}

/// The journal of one document's unsaved steps, in the user's state folder: one JSON line per
/// step, written before the edit's turn of the main loop ends, so that a crash or `kill -9` loses
/// at most the step being written; each is then flushed to disk (fsync) on a worker
/// (``JournalFlusher``), so that the machine going down loses at most the last few milliseconds.
///
/// Journals are named by a hash of the document's absolute path, so a renamed copy of the file
/// is never confused with it; the header's fingerprint says whether the file on disk is still
/// the one the steps apply to.
///
/// The journal of a document opened with a password (``password``) is encrypted: each step is
/// sealed with a ``JournalKey`` derived from that password, so the document's contents are
/// never written in plain text, and a crash loses nothing of them either.
public final class EditJournal {
    public let url: URL
    private var fd: Int32 = -1
    /// The password the document was opened with: the journal is then encrypted with a key
    /// derived from it (when it is first needed: the derivation takes about 14 ms).
    public var password: String? {
        didSet { if password != oldValue { key = nil } }
    }
    /// The key in use: derived for the first line written, or while reading a journal.
    private(set) var key: JournalKey?
    /// Flushes the lines written to disk, off the main thread.
    private let flusher = JournalFlusher()

    public init(url: URL) { self.url = url }
    deinit { if fd >= 0 { close(fd) } }

    /// `$XDG_STATE_HOME/pdf-annotator/journals` (`~/.local/state/…` by default).
    public static var folder: URL {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((env["HOME"] ?? homeDirectory) + "/.local/state")
        return URL(fileURLWithPath: base).appendingPathComponent("pdf-annotator/journals", isDirectory: true)
    }

    /// The journal of the document at `path`.
    public static func forDocument(at path: String) -> EditJournal {
        EditJournal(url: folder.appendingPathComponent(key(for: path) + ".jsonl"))
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A stable file name for a document path (FNV-1a 64 of the absolute path).
    static func key(for path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in absolute(path).utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Starts the journal afresh with `header` (replacing an older one).
    public func start(header: JournalHeader) {
        if fd >= 0 { close(fd); fd = -1 }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        writeHeader(header)
    }

    /// Writes the header line (with the key's description when the journal is encrypted).
    private func writeHeader(_ header: JournalHeader) {
        var header = header
        if let password {
            if key == nil { key = JournalKey(password: password) }
            header.encryption = key?.encryption
        } else {
            header.encryption = nil
        }
        guard let data = try? JSONEncoder().encode(header) else { return }
        writeLine(Array(data))
    }

    /// Replaces the journal at once with `header` and `steps`: written to a temporary file,
    /// flushed, and renamed over the old one, so that a crash at any moment leaves either the
    /// old journal or the new one whole (never none while edits are unsaved).
    public func rewrite(header: JournalHeader, steps: [JournalLine]) {
        if fd >= 0 { close(fd); fd = -1 }
        let temporary = url.path + ".new"
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        writeHeader(header)
        for step in steps { append(step) }
        guard fd >= 0 else { return }
        // On disk before it takes the old one's name.
        flusher.wait()
        fsync(fd)
        if rename(temporary, url.path) != 0 { close(fd); fd = -1; unlink(temporary); return }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Appends one step and flushes it to disk (sealed, for a document with a password).
    public func append(_ line: JournalLine) {
        guard let data = try? JSONEncoder().encode(line) else { return }
        appendSealed(data)
    }

    /// Appends a save mark (before the save replaces the document) and flushes it to disk
    /// before it returns.
    public func append(_ mark: JournalSaveMark) {
        guard let data = try? JSONEncoder().encode(mark) else { return }
        appendSealed(data, flushNow: true)
    }

    private func appendSealed(_ data: Data, flushNow: Bool = false) {
        if let key {
            writeLine(Array(Base64.encode(key.seal(Array(data))).utf8), flushNow: flushNow)
        } else if password == nil {
            writeLine(Array(data), flushNow: flushNow)
        }
        // A password without a key: no header was written (start(header:) makes the key).
    }

    /// Writes a line, flushed to disk on the worker (``JournalFlusher``), or before it returns
    /// with `flushNow`.
    private func writeLine(_ bytes: [UInt8], flushNow: Bool = false) {
        guard fd >= 0 else { return }
        var data = Data(bytes)
        data.append(0x0A)
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
        if flushNow {
            flusher.wait()
            fsync(fd)
        } else {
            flusher.flush(fd)
        }
    }

    /// Returns once every line written is on disk (tests; a save mark and a rewrite wait by
    /// themselves).
    public func waitUntilFlushed() { flusher.wait() }

    /// Deletes the journal (the document was saved, or its changes discarded).
    public func remove() {
        if fd >= 0 { close(fd); fd = -1 }
        try? FileManager.default.removeItem(at: url)
    }

    /// Moves the journal out of the way (its document changed since), keeping it for the user.
    @discardableResult
    public func moveAside() -> URL? {
        if fd >= 0 { close(fd); fd = -1 }
        let stamp = Int(Date().timeIntervalSince1970)
        let target = url.deletingPathExtension().appendingPathExtension("stale-\(stamp).jsonl")
        do { try FileManager.default.moveItem(at: url, to: target); return target } catch { return nil }
    }

    /// Reads the journal back; `nil` when there is none or its header cannot be read. An
    /// encrypted journal is read with ``password`` (and its key is kept for the lines written
    /// next); without the right one its steps are not readable (``JournalContents/isReadable``).
    /// Reading stops at the first line that does not decode (a torn or changed line).
    public func read() -> JournalContents? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let lines = data.split(separator: 0x0A)
        guard let first = lines.first, let header = try? JSONDecoder().decode(JournalHeader.self, from: Data(first)),
              header.format == "pdf-annotator-journal" else { return nil }
        var opener: JournalKey?
        if let encryption = header.encryption {
            guard let password, let found = JournalKey(password: password, encryption: encryption) else {
                return JournalContents(header: header, lines: [], isReadable: false)
            }
            opener = found
            key = found
        }
        var steps: [JournalLine] = []
        var marks: [JournalContents.PlacedSaveMark] = []
        for line in lines.dropFirst() {
            var json = Data(line)
            if let opener {
                guard let sealed = Base64.decode(String(decoding: line, as: UTF8.self)), let plain = opener.open(sealed) else { break }
                json = Data(plain)
            }
            if let step = try? JSONDecoder().decode(JournalLine.self, from: json) {
                steps.append(step)
            } else if let mark = try? JSONDecoder().decode(JournalSaveMark.self, from: json) {
                marks.append(JournalContents.PlacedSaveMark(stepsBefore: steps.count, mark: mark))
            } else {
                break
            }
        }
        var contents = JournalContents(header: header, lines: steps)
        contents.marks = marks
        return contents
    }

    /// Whether the journal's steps apply to the file at `path` as it is now.
    public static func matches(_ header: JournalHeader, file path: String) -> Bool {
        header.fingerprint != nil && header.fingerprint == FileFingerprint.of(path: path)
    }
}
