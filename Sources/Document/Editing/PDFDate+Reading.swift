// SPDX-License-Identifier: GPL-3.0-or-later

extension PDFDate {
    /// The moment a PDF date string names, in seconds since 1970 (UTC), so that two dates
    /// written in different time zones compare; `nil` for a string that is no date. Every part
    /// after the year may be missing (PDF 32000-1 §7.9.4); the "D:" prefix too (some writers
    /// drop it); a missing zone is read as UTC.
    public static func secondsSince1970(_ text: String) -> Int64? {
        var s = Substring(text.trimmingSpaces)
        if s.hasPrefix("D:") { s = s.dropFirst(2) }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, digits.count <= 14, digits.count % 2 == 0 else { return nil }
        func part(_ offset: Int, _ length: Int, _ fallback: Int64) -> Int64 {
            guard digits.count >= offset + length else { return fallback }
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return Int64(digits[start..<digits.index(start, offsetBy: length)]) ?? fallback
        }
        let year = part(0, 4, 1970), month = part(4, 2, 1), day = part(6, 2, 1)
        let hour = part(8, 2, 0), minute = part(10, 2, 0), second = part(12, 2, 0)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        // Days from civil (Howard Hinnant's algorithm), the inverse of ``string(secondsSince1970:)``.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        var t = days * 86_400 + hour * 3600 + minute * 60 + second
        // The zone: Z, or +HH'mm' / -HH'mm' (the local time's offset from UT).
        let zone = s.dropFirst(digits.count)
        if let sign = zone.first, sign == "+" || sign == "-" {
            let numbers = zone.dropFirst().split(whereSeparator: { !($0.isASCII && $0.isNumber) }).compactMap { Int64($0) }
            let offset = (numbers.first ?? 0) * 3600 + (numbers.count > 1 ? numbers[1] : 0) * 60
            t += sign == "+" ? -offset : offset
        }
        return t
    }
}

private extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
