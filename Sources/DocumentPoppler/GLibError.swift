// SPDX-License-Identifier: GPL-3.0-or-later

/// A `GError` copied into Swift (domain name, code, message), so that errors from GLib-based
/// libraries can be thrown, compared and mapped after the C error has been freed.
struct GLibError: Error, Hashable, Sendable {
    /// The error domain's quark as a string, such as "poppler-quark" or "g-file-error-quark".
    var domain: String
    var code: Int32
    var message: String
}
