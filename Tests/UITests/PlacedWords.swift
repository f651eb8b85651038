// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A word of a page where `pdftotext -bbox` places it (points, from the page's top-left): UI
/// tests aim at words with it and judge saved markup against a reader that is not ours.
struct PlacedWord {
    var text: String
    var xMin, yMin, xMax, yMax: Double

    var centre: (x: Double, y: Double) { ((xMin + xMax) / 2, (yMin + yMax) / 2) }
}

extension AppSession {
    /// The words of `page` of the PDF at `path`, in pdftotext's reading order.
    func placedWords(of path: String, page: Int = 1) -> [PlacedWord] {
        let html = run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", path, "-"])
        let pattern = #"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { m in
            func field(_ i: Int) -> String { String(html[Range(m.range(at: i), in: html)!]) }
            guard let a = Double(field(1)), let b = Double(field(2)), let c = Double(field(3)), let d = Double(field(4)) else { return nil }
            return PlacedWord(text: field(5), xMin: a, yMin: b, xMax: c, yMax: d)
        }
    }

    /// The first `text` on `page` of `path`, failing the test when pdftotext finds none.
    func placedWord(_ text: String, of path: String, page: Int = 1) throws -> PlacedWord {
        try XCTUnwrap(placedWords(of: path, page: page).first { $0.text == text }, "\(text) on page \(page)")
    }
}
