// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

extension GLibError {
    /// Copies the fields of a C `GError`; does not free it.
    init(copying error: UnsafeMutablePointer<GError>) {
        let domain = g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "unknown"
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        self.init(domain: domain, code: error.pointee.code, message: message)
    }
}

/// Runs a C call that reports failure through a `GError **` out-parameter, and turns that failure
/// into a thrown ``GLibError`` after freeing the `GError`: the one place in this module that
/// handles `GError`.
///
/// - Parameter body: The C call. It receives the out-parameter and returns its result, or `nil`
///   on failure.
/// - Returns: The non-`nil` result of `body`.
/// - Throws: ``GLibError`` when `body` sets the error or returns `nil` (with an "unknown" domain
///   when the library failed without saying why). A result returned together with an error is
///   treated as a failure; ownership of such a result is the caller's concern only on success.
func gerrorCall<T>(
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T?
) throws(GLibError) -> T {
    var error: UnsafeMutablePointer<GError>? = nil
    let result = body(&error)
    if let error {
        let swiftError = GLibError(copying: error)
        g_error_free(error)
        throw swiftError
    }
    guard let result else {
        throw GLibError(domain: "unknown", code: -1, message: "The library reported failure without an error")
    }
    return result
}

/// Takes ownership of a newly allocated C string (a "transfer full" `gchar *`), copies it into
/// Swift and frees it with `g_free`.
func adoptGString(_ string: UnsafeMutablePointer<gchar>?) -> String? {
    guard let string else { return nil }
    defer { g_free(string) }
    return String(cString: string)
}
