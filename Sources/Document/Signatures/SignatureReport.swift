// SPDX-License-Identifier: GPL-3.0-or-later

/// What a check of one signature field found: who signed, when, whether the signature and its
/// certificate hold, and what the file changed after the signed revision. The values name the
/// same things as poppler's validation (and `pdfsig`), so the app says what `pdfsig` says.
public struct SignatureReport: Equatable, Sendable {
    /// The signature itself (poppler's signature status).
    public enum Status: String, Sendable, CaseIterable {
        case checking, valid, invalid, digestMismatch, decodingError, notVerified, unknown
    }

    /// The signer's certificate (poppler's certificate status, against the system's NSS trust).
    public enum Certificate: String, Sendable, CaseIterable {
        case trusted, untrustedIssuer, unknownIssuer, revoked, expired, notVerified, unknown
    }

    /// A kind of change made to the file after the signed revision.
    public enum Change: String, Sendable, CaseIterable, Comparable {
        case annotations, formValues, pages, other
        public static func < (a: Change, b: Change) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// The field's fully qualified name.
    public var field: String
    /// The certificate's common name.
    public var signer: String?
    /// When it was signed, as the signature says: ISO 8601 with the offset from UTC.
    public var signingTime: String?
    public var status: Status
    public var certificate: Certificate
    /// Whether the signed bytes run to the end of the file (nothing was added after signing).
    public var coversWholeFile: Bool
    /// Where the signed revision ends (its /ByteRange's last byte + 1): that revision is the
    /// file's first `signedLength` bytes.
    public var signedLength: Int
    /// What later revisions changed, in the order of ``Change``.
    public var changesAfter: [Change]
    public var reason: String?
    public var location: String?
    /// For a certification signature, the changes it allows (DocMDP /P: 1 none, 2 form filling
    /// and signing, 3 those and annotations); `nil` for an ordinary signature.
    public var certification: Int?

    public init(field: String, signer: String? = nil, signingTime: String? = nil, status: Status, certificate: Certificate,
                coversWholeFile: Bool, signedLength: Int, changesAfter: [Change] = [], reason: String? = nil, location: String? = nil,
                certification: Int? = nil) {
        self.field = field
        self.signer = signer
        self.signingTime = signingTime
        self.status = status
        self.certificate = certificate
        self.coversWholeFile = coversWholeFile
        self.signedLength = signedLength
        self.changesAfter = changesAfter
        self.reason = reason
        self.location = location
        self.certification = certification
    }

    /// Whether the signature is sound for its revision and its certificate is trusted.
    public var isTrustedAndValid: Bool { status == .valid && certificate == .trusted }
}
