// SPDX-License-Identifier: GPL-3.0-or-later
import CShim
import FoundationEssentials

/// The app's messages in the user's language: every user-visible string goes through ``tr(_:_:)``,
/// which looks it up in the `pdf-annotator` gettext catalog (glibc's libintl). The catalogs are
/// made from `po/` (meson's i18n module; `po/pdf-annotator.pot` is the template) and installed
/// under `share/locale`; `PDF_ANNOTATOR_LOCALE_DIR` names another folder (tests, running from
/// the build folder).
enum Localization {
    static let domain = "pdf-annotator"

    /// Binds the catalog folder (GTK sets the locale from the environment when it starts).
    static func bind() {
        guard let folder = catalogFolder else { return }
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// Where the compiled catalogs are: `PDF_ANNOTATOR_LOCALE_DIR`, else `share/locale` beside
    /// the executable's install prefix.
    static var catalogFolder: String? {
        if let folder = ProcessInfo.processInfo.environment["PDF_ANNOTATOR_LOCALE_DIR"] { return folder }
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        return exe.deletingLastPathComponent().appendingPathComponent("../share/locale").standardized.path
    }
}

/// `text` in the user's language, with each `{name}` replaced by `values[name]` (placeholders
/// rather than printf formats: a translation may put them in another order).
/// `xgettext --keyword=tr` collects the literals for `po/pdf-annotator.pot`.
func tr(_ text: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    var out = text.withCString { String(cString: dgettext(Localization.domain, $0)) }
    for (name, value) in values { out = out.replacing("{\(name)}", with: value) }
    return out
}

/// The form of `singular` or `plural` for `count` in the user's language (languages have one to
/// six plural forms), placeholders filled as in ``tr(_:_:)``; `{count}` is the count.
func trn(_ singular: String, _ plural: String, _ count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    var out = singular.withCString { one in
        plural.withCString { many in String(cString: dngettext(Localization.domain, one, many, UInt(max(0, count)))) }
    }
    out = out.replacing("{count}", with: String(count))
    for (name, value) in values { out = out.replacing("{\(name)}", with: value) }
    return out
}

/// Marks a message for the template without translating it here: for tables of labels that are
/// translated where they are shown (`tr(label)`), as gettext's `N_()`.
func N_(_ message: String) -> String { message }
