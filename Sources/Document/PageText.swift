// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// The text of one page with a box per character, in the page's displayed space (points, origin
/// at the top-left of the page as shown, after /Rotate): what text selection hit-tests against
/// and highlights, without the PDF library.
public struct PageText: Hashable, Sendable {
    public let characters: [Character]
    /// One box per character; `characters` and `boxes` have the same count.
    public let boxes: [Rect]

    public init(characters: [Character], boxes: [Rect]) {
        let n = min(characters.count, boxes.count)
        self.characters = Array(characters.prefix(n))
        self.boxes = Array(boxes.prefix(n))
    }

    public static let empty = PageText(characters: [], boxes: [])

    public var isEmpty: Bool { characters.isEmpty }

    /// The character under `point`, or the nearest one within `tolerance` points; `nil` when
    /// no text is that close (a press on an image or a margin).
    public func characterIndex(at point: Point, tolerance: Double = 2) -> Int? {
        var best: (index: Int, distance: Double)?
        for (i, box) in boxes.enumerated() where box.width > 0 || box.height > 0 {
            let dx = max(box.minX - point.x, 0, point.x - box.maxX)
            let dy = max(box.minY - point.y, 0, point.y - box.maxY)
            let d = (dx * dx + dy * dy).squareRoot()
            if d == 0 { return i }
            if d <= tolerance, best == nil || d < best!.distance { best = (i, d) }
        }
        return best?.index
    }

    /// The character a selection drag at `point` should end on: the nearest one on the line
    /// under the point (so dragging past a line's end selects to that end), else the nearest
    /// on the page; `nil` only for a page without text.
    public func nearestCharacterIndex(to point: Point) -> Int? {
        var onLine: (index: Int, dx: Double)?
        for (i, box) in boxes.enumerated() where point.y >= box.minY && point.y <= box.maxY {
            let dx = max(box.minX - point.x, 0, point.x - box.maxX)
            if onLine == nil || dx < onLine!.dx { onLine = (i, dx) }
        }
        return onLine?.index ?? characterIndex(at: point, tolerance: .infinity)
    }

    /// The text column around `point`, for a double tap's smart zoom: the run of characters on
    /// the line under the point, widened to every nearby line (within 20 line heights) that
    /// overlaps it horizontally. `nil` when no text is within `tolerance` points.
    public func columnRect(around point: Point, tolerance: Double = 12) -> Rect? {
        guard let hit = characterIndex(at: point, tolerance: tolerance) else { return nil }
        let box = boxes[hit]
        let h = max(box.height, 1)
        // The run on the tapped line: neighbours on the same line with gaps under 1.5 lines.
        var run = box
        var changed = true
        while changed {
            changed = false
            for b in boxes where b.width > 0 && abs(b.midY - box.midY) < h / 2 && !run.contains(b) {
                if b.minX <= run.maxX + 1.5 * h && b.maxX >= run.minX - 1.5 * h {
                    run = run.union(b)
                    changed = true
                }
            }
        }
        var column = run
        for b in boxes where b.width > 0 && abs(b.midY - box.midY) < 20 * h && b.maxX > run.minX && b.minX < run.maxX {
            column = Rect(x: min(column.minX, b.minX), y: column.minY, width: max(column.maxX, b.maxX) - min(column.minX, b.minX), height: column.height)
        }
        return column
    }

    /// The word around character `index`: the run of letters and digits it belongs to, or the
    /// character alone when it is a space or a sign.
    public func wordRange(around index: Int) -> ClosedRange<Int>? {
        guard characters.indices.contains(index) else { return nil }
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" || c == "’" }
        guard isWord(characters[index]) else { return index...index }
        var lo = index, hi = index
        while lo > 0, isWord(characters[lo - 1]), sameLine(lo - 1, index) { lo -= 1 }
        while hi < characters.count - 1, isWord(characters[hi + 1]), sameLine(hi + 1, index) { hi += 1 }
        return lo...hi
    }

    /// The line around character `index`: the neighbouring characters (in reading order) whose
    /// boxes sit on the same line as its box.
    public func lineRange(around index: Int) -> ClosedRange<Int>? {
        guard characters.indices.contains(index) else { return nil }
        var lo = index, hi = index
        while lo > 0, sameLine(lo - 1, index) { lo -= 1 }
        while hi < characters.count - 1, sameLine(hi + 1, index) { hi += 1 }
        return lo...hi
    }

    /// Whether two characters' boxes are on one line (an empty box, a space or a line break
    /// the layout gave no place, goes with its neighbours).
    private func sameLine(_ a: Int, _ b: Int) -> Bool {
        let x = boxes[a], y = boxes[b]
        if x.height == 0 || y.height == 0 { return characters[a] != "\n" }
        return abs(x.midY - y.midY) < min(x.height, y.height) / 2
    }

    /// The characters between two indexes, in either order, both ends included.
    public func string(from a: Int, to b: Int) -> String {
        guard !characters.isEmpty else { return "" }
        let lo = max(0, min(a, b)), hi = min(characters.count - 1, max(a, b))
        guard lo <= hi else { return "" }
        return String(characters[lo...hi])
    }

    /// Highlight rectangles for the characters between two indexes: boxes on one line are
    /// merged, so a selection is a few rectangles rather than one per letter.
    public func selectionRects(from a: Int, to b: Int) -> [Rect] {
        guard !boxes.isEmpty else { return [] }
        let lo = max(0, min(a, b)), hi = min(boxes.count - 1, max(a, b))
        guard lo <= hi else { return [] }
        var rects: [Rect] = []
        for box in boxes[lo...hi] where box.width > 0 && box.height > 0 {
            if let last = rects.last, abs(last.midY - box.midY) < min(last.height, box.height) / 2, box.minX >= last.minX - 1 {
                rects[rects.count - 1] = last.union(box)
            } else {
                rects.append(box)
            }
        }
        return rects
    }
}
