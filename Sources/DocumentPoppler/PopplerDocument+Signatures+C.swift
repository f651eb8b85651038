// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import Document
import Geometry

extension PopplerDocument {
    /// What poppler's validation says of a signature field.
    public struct SignatureValidation: Sendable {
        public var field: String
        public var signer: String?
        public var signingTime: String?
        public var status: SignatureReport.Status
        public var certificate: SignatureReport.Certificate
    }

    /// Validates every signature field on `pages`, with the certificate against the system's
    /// NSS database (no password asked). Blocking and slow (cryptography): call it on a worker,
    /// on a document of its own. Wraps `poppler_page_get_form_field_mapping` and
    /// `poppler_form_field_signature_validate_sync`.
    public func validatedSignatures(on pages: [PageIndex]) -> [SignatureValidation] {
        renderLock.lock()
        defer { renderLock.unlock() }
        return document.withPointer { doc -> [SignatureValidation] in
            var out: [SignatureValidation] = []
            var seen: Set<String> = []
            for page in pages where page.rawValue >= 0 && page.rawValue < pageCount {
                guard let raw = poppler_document_get_page(doc, Int32(page.rawValue)) else { continue }
                let p = GObjectRef(adopting: raw)
                p.withPointer { p in
                    let list = poppler_page_get_form_field_mapping(p)
                    defer { poppler_page_free_form_field_mapping(list) }
                    var node = list
                    while let current = node {
                        defer { node = current.pointee.next }
                        guard let data = current.pointee.data,
                              let field = data.assumingMemoryBound(to: PopplerFormFieldMapping.self).pointee.field,
                              poppler_form_field_get_field_type(field) == POPPLER_FORM_FIELD_SIGNATURE else { continue }
                        let name = poppler_form_field_get_name(field).map { name in defer { g_free(name) }; return String(cString: name) } ?? ""
                        guard seen.insert(name).inserted else { continue }
                        out.append(Self.validate(field, name: name))
                    }
                }
            }
            return out
        }
    }

    private static func validate(_ field: OpaquePointer, name: String) -> SignatureValidation {
        var error: UnsafeMutablePointer<GError>?
        let flags = PopplerSignatureValidationFlags(rawValue: POPPLER_SIGNATURE_VALIDATION_FLAG_VALIDATE_CERTIFICATE.rawValue)
        guard let info = poppler_form_field_signature_validate_sync(field, flags, nil, &error) else {
            if let error { g_error_free(error) }
            return SignatureValidation(field: name, signer: nil, signingTime: nil, status: .unknown, certificate: .unknown)
        }
        defer { poppler_signature_info_free(info) }
        let signer = poppler_signature_info_get_signer_name(info).map { String(cString: $0) }
        var time: String?
        if let date = poppler_signature_info_get_local_signing_time(info), let text = g_date_time_format_iso8601(date) {
            time = String(cString: text)
            g_free(text)
        }
        let status: SignatureReport.Status = switch poppler_signature_info_get_signature_status(info) {
        case POPPLER_SIGNATURE_VALID: .valid
        case POPPLER_SIGNATURE_INVALID: .invalid
        case POPPLER_SIGNATURE_DIGEST_MISMATCH: .digestMismatch
        case POPPLER_SIGNATURE_DECODING_ERROR: .decodingError
        case POPPLER_SIGNATURE_NOT_VERIFIED: .notVerified
        default: .unknown
        }
        let certificate: SignatureReport.Certificate = switch poppler_signature_info_get_certificate_status(info) {
        case POPPLER_CERTIFICATE_TRUSTED: .trusted
        case POPPLER_CERTIFICATE_UNTRUSTED_ISSUER: .untrustedIssuer
        case POPPLER_CERTIFICATE_UNKNOWN_ISSUER: .unknownIssuer
        case POPPLER_CERTIFICATE_REVOKED: .revoked
        case POPPLER_CERTIFICATE_EXPIRED: .expired
        case POPPLER_CERTIFICATE_NOT_VERIFIED: .notVerified
        default: .unknown
        }
        return SignatureValidation(field: name, signer: signer, signingTime: time, status: status, certificate: certificate)
    }
}
