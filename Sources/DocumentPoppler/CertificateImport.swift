// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import FoundationEssentials
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Why a certificate file was not imported.
public enum CertificateImportError: Error, Equatable, Sendable {
    /// The file's password is not the one given (or the file needs one).
    case wrongPassword
    /// The file is not a PKCS#12 certificate file (.p12, .pfx).
    case notACertificateFile
    /// NSS's import tool is not installed.
    case toolMissing
    case failed(String)
}

/// Imports a PKCS#12 file (a certificate with its private key, as a certificate authority or an
/// employer hands it out) into the user's NSS database, where signing finds it: through NSS's
/// own `pk12util` (libnss3-tools), the password handed over in a file only the user can read,
/// never on a command line. The database is made when the folder has none.
public enum CertificateImport {
    /// The user's NSS database folder (`~/.pki/nssdb`).
    public static var userDatabaseFolder: String { homeDirectory + "/.pki/nssdb" }

    /// Imports `file`, opened with `password` ("" for none), into the database in `folder`.
    /// Blocking: call it on a worker.
    public static func importFile(_ file: String, password: String, into folder: String = userDatabaseFolder) throws(CertificateImportError) {
        guard let tool = g_find_program_in_path("pk12util") else { throw .toolMissing }
        let toolPath = String(cString: tool)
        g_free(tool)
        guard g_mkdir_with_parents(folder, 0o700) == 0 else { throw .failed("the folder \(folder) cannot be made") }
        let secrets = folder + "/.pdf-annotator-import-\(getpid())"
        let databasePassword = secrets + "-db"
        // The file's password, and the database's (none: as Firefox and GNOME make theirs).
        guard write(password, to: secrets), write("", to: databasePassword) else { throw .failed("no room for a temporary file") }
        defer { unlink(secrets); unlink(databasePassword) }
        let arguments = [toolPath, "-i", file, "-d", "sql:" + folder, "-w", secrets, "-k", databasePassword]
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        var errorText: UnsafeMutablePointer<gchar>?
        var outputText: UnsafeMutablePointer<gchar>?
        var status: gint = 0
        var spawnError: UnsafeMutablePointer<GError>?
        let ran = pointers.withUnsafeMutableBufferPointer { buffer in
            g_spawn_sync(nil, buffer.baseAddress, nil, G_SPAWN_DEFAULT, nil, nil, &outputText, &errorText, &status, &spawnError)
        }
        let said = (errorText.map { String(cString: $0) } ?? "") + (outputText.map { String(cString: $0) } ?? "")
        g_free(errorText)
        g_free(outputText)
        if let spawnError { g_error_free(spawnError) }
        guard ran != 0 else { throw .toolMissing }
        guard status != 0 else { return }
        if said.contains("SEC_ERROR_BAD_PASSWORD") { throw .wrongPassword }
        if said.contains("SEC_ERROR_BAD_DER") || said.contains("PKCS12_DECODING") || said.contains("SEC_ERROR_PKCS12") {
            throw .notACertificateFile
        }
        let line = said.split(separator: "\n").first.map(String.init) ?? "pk12util failed"
        throw .failed(line.replacing("pk12util: ", with: ""))
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array((text + "\n").utf8)
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }
}
