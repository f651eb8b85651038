// SPDX-License-Identifier: GPL-3.0-or-later
import Document
#if canImport(Glibc)
import Glibc
#endif

/// How a document poppler refuses is repaired with MuPDF's command-line tool (Debian's
/// mupdf-tools), as separate programs the window runs (it runs them, asynchronously; this says
/// which, in what order, and what their output means, so tests reach it without a display).
///
/// The original is only ever read: `mutool clean` writes a repaired copy into a private folder
/// (mode 0700) of the system temporary folder; when it stops at an object it cannot read,
/// `mutool merge` copies the pages it can (the outline and the form may be missing then). A
/// document that needs a password is repaired by a short `mutool run` script that reads the
/// password from its standard input, never from its arguments (another user may list those),
/// and keeps the encryption. `mutool draw` then reads every page of the copy: pages it reports
/// errors on are named as what may be missing.
public enum DocumentRepair {
    /// One program to run: its arguments (the first is the program) and what it reads on its
    /// standard input (`nil`: nothing).
    public struct Step: Equatable, Sendable {
        public var arguments: [String]
        public var input: String?
        /// The file it writes (`nil`: none, it only reads).
        public var output: String?
        /// Whether this step copies only the pages (the document's outline and form are lost).
        public var pagesOnly: Bool
    }

    /// The MuPDF tool's name, found on `PATH`.
    public static let tool = "mutool"

    /// The script `mutool run` follows for a document with a password: the password on the
    /// first line of its input, the original and the copy as its arguments.
    public static let passwordScript = """
        var password = readline() || "";
        var doc = new PDFDocument(scriptArgs[0]);
        if (doc.needsPassword() && !doc.authenticatePassword(password)) { print("password rejected"); quit(1); }
        doc.save(scriptArgs[1], "garbage");
        """

    /// The programs that make the repaired copy, in order: each runs only if the one before
    /// failed, and not after one that said the document needs a password (``needsPassword(log:)``:
    /// `mutool merge` would copy pages it cannot decrypt). `script` is where ``passwordScript`` was written (needed only with a password).
    public static func repairSteps(mutool: String, original: String, copy: String, password: String?, script: String) -> [Step] {
        if let password {
            return [Step(arguments: [mutool, "run", script, original, copy], input: password + "\n", output: copy, pagesOnly: false)]
        }
        return [
            Step(arguments: [mutool, "clean", original, copy], input: nil, output: copy, pagesOnly: false),
            Step(arguments: [mutool, "merge", "-o", copy, original], input: nil, output: copy, pagesOnly: true),
        ]
    }

    /// The program that reads every page of the repaired copy (its text: content streams are
    /// interpreted, nothing is drawn or written), or `nil` for a copy that needs a password
    /// (which would be seen in its arguments).
    public static func pageCheck(mutool: String, copy: String, password: String?) -> Step? {
        password == nil ? Step(arguments: [mutool, "draw", "-F", "txt", "-o", "/dev/null", copy], input: nil, output: nil, pagesOnly: false) : nil
    }

    /// The pages (numbered from 1) `mutool draw` reported errors on, from its output (standard
    /// error and output together): it says `error: …` while it reads a page and `page FILE N`
    /// once the page is done.
    public static func failedPages(fromDrawLog log: String) -> [Int] {
        var failed: [Int] = []
        var errorSeen = false
        for line in log.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            if line.hasPrefix("error:") { errorSeen = true; continue }
            guard line.hasPrefix("page "), let number = line.split(separator: " ").last.flatMap({ Int($0) }) else { continue }
            if errorSeen, failed.last != number { failed.append(number) }
            errorSeen = false
        }
        return failed
    }

    /// Whether MuPDF stopped because the document needs a password it was not given.
    public static func needsPassword(log: String) -> Bool {
        log.contains("cannot authenticate password") || log.contains("password rejected") || log.contains("needs a password")
    }

    /// Makes a folder only this user can enter (0700) in the system temporary folder
    /// (`$TMPDIR`, else /tmp) for one repaired copy; `nil` when it cannot be made.
    public static func makePrivateFolder() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array("\(base)/pdf-annotator-repair-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkdtemp makes it 0700 already; said again in case of an unusual umask handling.
        chmod(folder, 0o700)
        return folder
    }

    /// Where the repaired copy of `original` goes in `folder`: the same file name.
    public static func copyPath(in folder: String, for original: String) -> String {
        folder + "/" + (original.split(separator: "/").last.map(String.init) ?? "document.pdf")
    }

    /// Removes a private folder made by ``makePrivateFolder()`` and the files in it.
    public static func removePrivateFolder(_ folder: String) {
        guard folder.contains("/pdf-annotator-repair-"), let dir = opendir(folder) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { unlink(folder + "/" + name) }
        }
        closedir(dir)
        rmdir(folder)
    }

    /// The file name a repaired document's first save suggests: "NAME-repaired.pdf".
    public static func suggestedName(for original: String) -> String {
        let base = original.split(separator: "/").last.map(String.init) ?? "document.pdf"
        let stem = base.lowercased().hasSuffix(".pdf") ? String(base.dropLast(4)) : base
        return stem + "-repaired.pdf"
    }
}

extension DocumentOpenError {
    /// Whether MuPDF may read what poppler refused: a damaged file, or one without a PDF header
    /// (MuPDF finds the objects without it). Never a password problem: that is asked for.
    public var mayBeRepaired: Bool {
        switch self {
        case .damaged, .notAPDF: return true
        case .fileNotFound, .isDirectory, .notReadable, .passwordRequired, .wrongPassword: return false
        }
    }
}
