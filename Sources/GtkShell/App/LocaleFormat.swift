// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Dates and sizes as the user's locale writes them (GLib's formatting follows `LC_TIME` and
/// `LC_NUMERIC`): "24.11.2026 13:05" in German, "11/24/2026 01:05 PM" where that is the custom,
/// "51,2 kB". Values the state dump and the saved file carry stay in their fixed forms; only
/// what is shown goes through here.
enum LocaleFormat {
    /// An ISO 8601 time ("2026-11-24T12:05:00Z") in the local time zone, as the locale writes
    /// a date and a time; `nil` when it cannot be read.
    static func dateTime(iso8601 text: String) -> String? {
        guard let parsed = g_date_time_new_from_iso8601(text, nil) else { return nil }
        defer { g_date_time_unref(parsed) }
        guard let local = g_date_time_to_local(parsed) else { return nil }
        defer { g_date_time_unref(local) }
        // %x: the locale's date; %X would add seconds, which nobody reads in a list.
        guard let date = g_date_time_format(local, "%x"), let time = g_date_time_format(local, "%H:%M") else { return nil }
        defer { g_free(date); g_free(time) }
        return String(cString: date) + " " + String(cString: time)
    }

    /// A PDF date ("D:20261124120500+01'00'", "D:20261124120500Z", or without a zone, taken as
    /// UTC) as ``dateTime(iso8601:)`` writes it.
    static func dateTime(pdfDate: String) -> String? {
        let digits = Array(pdfDate.hasPrefix("D:") ? pdfDate.dropFirst(2) : Substring(pdfDate))
        guard digits.count >= 8, digits.prefix(8).allSatisfy(\.isNumber) else { return nil }
        func field(_ from: Int, _ length: Int, _ fallback: String) -> String {
            guard digits.count >= from + length, digits[from..<from + length].allSatisfy(\.isNumber) else { return fallback }
            return String(digits[from..<from + length])
        }
        var iso = "\(field(0, 4, "2000"))-\(field(4, 2, "01"))-\(field(6, 2, "01"))T\(field(8, 2, "00")):\(field(10, 2, "00")):\(field(12, 2, "00"))"
        // The zone follows the last digit given (seconds and minutes may be left out).
        let given = digits.prefix { $0.isNumber }.count
        let rest = Array(digits[given...])
        if let sign = rest.first, sign == "+" || sign == "-" {
            let zone = rest.dropFirst().filter(\.isNumber)
            let hours = zone.count >= 2 ? String(zone.prefix(2)) : "00"
            let minutes = zone.count >= 4 ? String(zone.dropFirst(2).prefix(2)) : "00"
            iso += "\(sign)\(hours):\(minutes)"
        } else {
            iso += "Z"
        }
        return dateTime(iso8601: iso)
    }

    /// A byte count as GNOME shows one, in the locale's decimals ("51.2 kB", "51,2 kB").
    static func fileSize(_ bytes: Int64) -> String {
        guard let text = g_format_size(guint64(max(0, bytes))) else { return "\(bytes)" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
