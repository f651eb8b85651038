// SPDX-License-Identifier: GPL-3.0-or-later
import Document

/// How a journal's lines are encrypted, as its header records it: enough to derive the key
/// again from the document's password, and to tell a wrong password from a damaged line.
public struct JournalEncryption: Codable, Hashable, Sendable {
    /// "pbkdf2-hmac-sha256+aes-256-gcm".
    public var scheme: String
    public var iterations: Int
    /// The key derivation's salt, base64.
    public var salt: String
    /// A known text sealed with the key, base64: it opens only with the right password.
    public var check: String
}

/// The key that encrypts the journal of a document that needs a password. A document whose
/// contents are encrypted must never be written in plain text, yet its unsaved edits must
/// survive a crash: each journal line (the edit, with the annotation's text and picture) is
/// sealed with AES-256-GCM under a key derived from the document's password (PBKDF2-HMAC-SHA256
/// with a random salt), so nothing of it is readable, or changeable unnoticed, without the
/// password. The header stays plain: the file's path, size, time and fingerprint, no content.
public struct JournalKey: Sendable {
    static let scheme = "pbkdf2-hmac-sha256+aes-256-gcm"
    static let checkText = Array("pdf-annotator-journal".utf8)
    /// PBKDF2 rounds: 14 ms once per document session on this kind of machine.
    public static let defaultIterations = 100_000

    let key: [UInt8]
    /// What the header records.
    public let encryption: JournalEncryption

    /// A key for a new journal: a fresh random salt.
    public init(password: String, iterations: Int = JournalKey.defaultIterations) {
        let salt = Self.randomBytes(16)
        key = Self.derive(password: password, salt: salt, iterations: iterations)
        let check = Self.seal(Self.checkText, key: key)
        encryption = JournalEncryption(scheme: Self.scheme, iterations: iterations, salt: Base64.encode(salt), check: Base64.encode(check))
    }

    /// The key a journal's header describes, or `nil` when `password` is not the one it was
    /// made with (or the header is not of this scheme).
    public init?(password: String, encryption: JournalEncryption) {
        guard encryption.scheme == Self.scheme, encryption.iterations > 0, encryption.iterations <= 10_000_000,
              let salt = Base64.decode(encryption.salt), let check = Base64.decode(encryption.check) else { return nil }
        let key = Self.derive(password: password, salt: salt, iterations: encryption.iterations)
        guard Self.open(check, key: key) == Self.checkText else { return nil }
        self.key = key
        self.encryption = encryption
    }

    /// `plaintext` sealed: a random 12-byte nonce, the ciphertext and the 16-byte tag.
    public func seal(_ plaintext: [UInt8]) -> [UInt8] { Self.seal(plaintext, key: key) }

    /// What ``seal(_:)`` sealed, or `nil` when the bytes were changed or sealed with another key.
    public func open(_ sealed: [UInt8]) -> [UInt8]? { Self.open(sealed, key: key) }
}
