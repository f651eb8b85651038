// SPDX-License-Identifier: GPL-3.0-or-later

/// PDF date strings (PDF 32000-1 §7.9.4), for an annotation's /M.
public enum PDFDate {
    /// "D:YYYYMMDDHHmmSSZ" for a moment given in seconds since 1970 (UTC).
    public static func string(secondsSince1970 t: Int64) -> String {
        // Civil-from-days (Howard Hinnant's algorithm), so no calendar library is needed.
        let days = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secondsOfDay = t - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "D:\(year)\(two(month))\(two(day))\(two(secondsOfDay / 3600))\(two(secondsOfDay / 60 % 60))\(two(secondsOfDay % 60))Z"
    }
}
