// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns the name a document gives an attachment into one plain file name, safe to write in a
/// folder the user chose: the last path component only (no `../`, no absolute path, no
/// backslash paths from Windows writers), no NUL or other control characters, not `.` or `..`,
/// not hidden, at most 200 bytes of UTF-8 (the extension kept). A name with nothing left is
/// "attachment".
public enum AttachmentName {
    /// The longest name, in UTF-8 bytes (file systems allow 255).
    public static let maximumBytes = 200

    public static func safe(_ name: String) -> String {
        // Only what follows the last separator of either kind.
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = String(String.UnicodeScalarView(last.unicodeScalars.filter { scalar in
            // C0 and C1 controls, DEL, and the characters Windows forbids (the file may travel).
            !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || ":*?\"<>|".unicodeScalars.contains(scalar))
        }))
        cleaned = String(cleaned.drop(while: { $0 == "." || $0 == " " }))
        while cleaned.hasSuffix(" ") || cleaned.hasSuffix(".") { cleaned.removeLast() }
        if cleaned.isEmpty { return "attachment" }
        guard cleaned.utf8.count > maximumBytes else { return cleaned }
        // Shortened before the extension, on a character boundary.
        var stem = cleaned, ext = ""
        if let dot = cleaned.lastIndex(of: "."), cleaned.distance(from: dot, to: cleaned.endIndex) <= 16 {
            stem = String(cleaned[..<dot])
            ext = String(cleaned[dot...])
        }
        while stem.utf8.count + ext.utf8.count > maximumBytes, !stem.isEmpty { stem.removeLast() }
        return stem.isEmpty ? String(ext.prefix(maximumBytes)) : stem + ext
    }

    /// `name` in `folder` ("/tmp/x" + "a.pdf"): the safe name joined to the folder.
    public static func path(for name: String, in folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + safe(name)
    }
}
