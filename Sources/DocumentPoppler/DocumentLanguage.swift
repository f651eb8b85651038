// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// The natural language a document's catalog names (`/Lang`, "de-DE"), which text recognition
/// reads its scanned pages in.
///
/// poppler-glib 22.12 does not tell it, and poppler core finds it only by parsing the file a
/// second time (its bytes held in memory, its cross-reference table read: on the 500-page
/// document some 6 MiB touched while the first frame was painted). The file's bytes are
/// scanned first (``PDFFileScan``): one that names no `/Lang` anywhere, and has no compressed
/// object streams that could hide one, names no language, and nothing parses it.
public enum DocumentLanguage {
    /// The catalog's `/Lang`, or `nil` when it names none or the file cannot be read.
    /// - Warning: reads (and may parse) the file: call it on a worker.
    public static func read(path: String, password: String?) -> String? {
        guard PDFFileScan(path: path).languageMayNeedParsing else { return nil }
        countParse()
        guard let core = try? CoreDocument.open(path: path, password: password),
              let catalog = core.catalogRef,
              case .string(let bytes)? = core.object(catalog)?.dictionaryValue?["Lang"] else { return nil }
        return PDFText.decode(bytes)
    }
}
