// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A three-page PDF whose /Annots arrays hold what other programs write and poppler ignores:
/// the cases a save must keep byte for byte although the editor cannot show them.
///
/// Page 1's /Annots, in order: a sticky note (object 7, its popup 11), an /Ink without /Rect or
/// /InkList (8), an annotation without /Subtype (9), a /Popup whose /Parent is missing (10),
/// `null`, a reference to an object that does not exist (99 0 R), an inline /Square with a
/// /Rect, an inline /Text without /Rect, and a /Popup without /Rect (11). Pages 2 and 3 share
/// one indirect /Annots array (object 12) holding one /Square (13).
public enum OddAnnotsPDF {
    /// Page 1's /Annots entries as PDF syntax, in order.
    public static let firstPageEntries = [
        "7 0 R", "8 0 R", "9 0 R", "10 0 R", "null", "99 0 R",
        "<< /Type /Annot /Subtype /Square /Rect [200 200 260 240] /C [0 0 1] /Border [0 0 2] >>",
        "<< /Type /Annot /Subtype /Text /Contents (inline, no Rect) >>",
        "11 0 R",
    ]
    public static let pageObjects = [4, 5, 6]
    public static let sharedAnnotsObject = 12

    public static func data() -> Data {
        let content = "0.8 g 40 40 300 500 re f"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R] /Count 3 >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R /Annots [\(firstPageEntries.joined(separator: " "))] >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R /Annots 12 0 R >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R /Annots 12 0 R >>",
            "<< /Type /Annot /Subtype /Text /Rect [50 500 70 520] /Contents (A note from elsewhere) /C [1 1 0] /Popup 11 0 R >>",
            "<< /Type /Annot /Subtype /Ink /C [1 0 0] /Contents (ink without Rect or InkList) >>",
            "<< /Type /Annot /Rect [100 100 140 140] /Contents (no Subtype) >>",
            "<< /Type /Annot /Subtype /Popup /Rect [300 400 400 450] /Parent 98 0 R >>",
            "<< /Type /Annot /Subtype /Popup /Parent 7 0 R /Open false >>",
            "[13 0 R]",
            "<< /Type /Annot /Subtype /Square /Rect [60 60 160 120] /C [0 0.5 0] /Border [0 0 3] >>",
        ]
        return NumberedObjectsPDF.data(objects: objects)
    }
}
