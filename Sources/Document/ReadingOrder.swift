// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Puts a printed line's characters into the order they are read. A PDF draws glyphs where they
/// go, so a line read from the page comes left to right as printed; a Hebrew or Arabic line is
/// read right to left, with the numbers and Latin words inside it still read left to right.
/// Copying, selecting and searching need the logical order, with each character keeping its box.
///
/// This is the simple two-level reordering viewers use for extracted text (not the full Unicode
/// bidirectional algorithm), as pdftotext does it: a page is right-to-left when most of its
/// letters are; then each line is reversed and its left-to-right runs (letters, digits and what
/// lies between them) are turned back; on a left-to-right page, each right-to-left run is
/// reversed.
public enum ReadingOrder {
    /// Whether a scalar is a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko and their presentation forms).
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    private static func isLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
        !isRightToLeft(scalar) && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }

    private static func isStrongLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
        !isRightToLeft(scalar) && scalar.properties.isAlphabetic
    }

    /// Whether text made of these lines reads right to left: most of its letters do.
    public static func readsRightToLeft<Lines: Sequence>(_ lines: Lines) -> Bool where Lines.Element == [Unicode.Scalar] {
        var balance = 0
        for line in lines {
            for s in line {
                if isRightToLeft(s) { balance += 1 } else if isStrongLeftToRight(s) { balance -= 1 }
            }
        }
        return balance > 0
    }

    /// One line (without its line break) from printed order into reading order, on a page that
    /// reads right to left or not; `boxes` are moved with their characters.
    public static func logical(_ scalars: [Unicode.Scalar], boxes: [Rect], rightToLeft: Bool) -> (scalars: [Unicode.Scalar], boxes: [Rect]) {
        guard rightToLeft || scalars.contains(where: isRightToLeft) else { return (scalars, boxes) }
        var order = Array(scalars.indices)
        if rightToLeft {
            order.reverse()
            reverseRuns(in: &order, of: scalars, where: isLeftToRight)
        } else {
            reverseRuns(in: &order, of: scalars, where: isRightToLeft)
        }
        return (order.map { scalars[$0] }, order.map { boxes[$0] })
    }

    /// Reverses each maximal run of `order` that starts and ends with a character `member` holds,
    /// taking in the neutral characters (spaces, signs) between two such characters.
    private static func reverseRuns(in order: inout [Int], of scalars: [Unicode.Scalar], where member: (Unicode.Scalar) -> Bool) {
        var i = 0
        while i < order.count {
            guard member(scalars[order[i]]) else { i += 1; continue }
            var end = i
            var j = i + 1
            while j < order.count {
                let s = scalars[order[j]]
                if member(s) {
                    end = j
                } else if isRightToLeft(s) || isStrongLeftToRight(s) {
                    break
                }
                j += 1
            }
            order[i...end].reverse()
            i = end + 1
        }
    }
}
