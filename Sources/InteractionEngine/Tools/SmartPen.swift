// SPDX-License-Identifier: GPL-3.0-or-later
import Document
import Geometry

/// The smart pen's decider: whether a finished stroke marks text, and how.
///
/// It exists so that a stroke drawn along a line of text becomes standard text markup (which
/// every viewer lists, searches and shows at any zoom) instead of ink drawn over the words, and
/// so that this decision is pure, fast and tested without a display. A stroke marks text when it
/// starts on a word, runs along one line or a few lines (its travel mostly sideways, no more than
/// a small share of it off the lines) and covers the middle of at least one word; anything else
/// stays ink. The words marked are the whole words whose middles the stroke passes on each line;
/// the markup spans them as a text selection from the first to the last would, so the quadpoints
/// are the ones the Highlight tool makes for that text.
///
/// Works in the space of ``PageText``'s boxes (the page as shown, y down), so "under" is under
/// as the reader sees it. Only characters near the stroke are looked at past one pass over the
/// boxes: on a page of 10,000 words a decision takes 1–2 ms in a release build, 2.4 ms at worst
/// (`swift run -c release engine-bench`; the goal is 5 ms from lifting).
public enum SmartPen {
    /// What drew the stroke: the pen underlines or strikes out, the highlighter highlights.
    public enum Marker: Hashable, Sendable { case pen, highlighter }

    /// What a stroke becomes.
    public enum Decision: Hashable, Sendable {
        /// Ink as drawn.
        case ink
        /// Markup of a kind over the characters of a range (indexes into the page's ``PageText``).
        case markup(AnnotationKind, ClosedRange<Int>)
    }

    /// The most lines one stroke may mark ("one line or a few").
    public static let maximumLines = 4
    /// The share of a stroke's length that may lie off the lines (a wobble at an end).
    public static let allowedOffText = 0.15
    /// Where a pen stroke turns from striking through to underlining: its median height on the
    /// line, as a fraction of the line's box from its top (glyph boxes run from the ascender to
    /// the descender, so the baseline sits near 0.75 and the middle of small letters near 0.55).
    public static let underlineFrom = 0.64

    /// Decides what a finished stroke becomes.
    /// - Parameters:
    ///   - stroke: The stroke's points, in the space of `text`'s boxes, in the order drawn.
    ///   - text: The page's text; an empty one (a scan, a drawing) always leaves ink.
    ///   - marker: The tool that drew it.
    public static func classify(_ stroke: [Point], over text: PageText, marker: Marker) -> Decision {
        guard stroke.count >= 2, !text.isEmpty else { return .ink }
        var bounds = Rect(origin: stroke[0], size: .zero)
        var length = 0.0, travelX = 0.0, travelY = 0.0
        for i in 1..<stroke.count {
            let a = stroke[i - 1], b = stroke[i]
            bounds = bounds.union(Rect(origin: b, size: .zero))
            let dx = abs(b.x - a.x), dy = abs(b.y - a.y)
            travelX += dx; travelY += dy
            length += (dx * dx + dy * dy).squareRoot()
        }
        // A dot or a tick is ink; so is a stroke that goes up and down more than along.
        guard length >= 4, travelX >= 2 * travelY else { return .ink }
        let lines = lines(near: bounds, in: text)
        guard !lines.isEmpty else { return .ink }

        let band: (low: Double, high: Double, centre: Double) = marker == .pen ? (0.1, 1.5, 0.6) : (-0.3, 1.3, 0.5)
        /// The line a point is on (and its height there, 0 at the line's top, 1 at its bottom).
        func place(_ p: Point) -> (line: Int, t: Double)? {
            var best: (line: Int, t: Double)?
            for (k, line) in lines.enumerated() {
                let box = line.box, h = box.height
                guard p.x >= box.minX - h / 2, p.x <= box.maxX + h / 2 else { continue }
                let t = (p.y - box.minY) / h
                guard t >= band.low, t <= band.high else { continue }
                if best == nil || abs(t - band.centre) < abs(best!.t - band.centre) { best = (k, t) }
            }
            return best
        }

        let placed = stroke.map(place)
        // It starts on a word.
        guard let start = placed[0] else { return .ink }
        let startLine = lines[start.line], slack = 0.3 * startLine.box.height
        guard startLine.words.contains(where: { stroke[0].x >= $0.box.minX - slack && stroke[0].x <= $0.box.maxX + slack }) else { return .ink }
        // It stays on the lines.
        var off = 0.0
        for i in 1..<stroke.count where placed[i - 1] == nil || placed[i] == nil {
            let dx = stroke[i].x - stroke[i - 1].x, dy = stroke[i].y - stroke[i - 1].y
            off += (dx * dx + dy * dy).squareRoot()
        }
        guard off <= allowedOffText * length else { return .ink }

        // What it passes on each line.
        var extent: [Int: (min: Double, max: Double)] = [:]
        var heights: [Double] = []
        for (i, p) in placed.enumerated() {
            guard let p else { continue }
            let x = stroke[i].x
            extent[p.line] = extent[p.line].map { (min($0.min, x), max($0.max, x)) } ?? (x, x)
            heights.append(p.t)
        }
        var first = Int.max, last = Int.min, marked = 0
        for (k, span) in extent {
            let covered = lines[k].words.filter { $0.box.midX >= span.min && $0.box.midX <= span.max }
            guard let lo = covered.first, let hi = covered.last else { continue }
            marked += 1
            first = min(first, lo.range.lowerBound)
            last = max(last, hi.range.upperBound)
        }
        guard marked > 0, marked <= maximumLines, first <= last else { return .ink }

        switch marker {
        case .highlighter:
            return .markup(.highlight, first...last)
        case .pen:
            heights.sort()
            let median = heights[heights.count / 2]
            return .markup(median >= underlineFrom ? .underline : .strikeOut, first...last)
        }
    }

    /// A word: a run of characters that are not spaces on one line, as `pdftotext` splits them.
    struct Word {
        var range: ClosedRange<Int>
        var box: Rect
    }

    /// The words of one line of text, in reading order, and the box around them.
    struct Line {
        var words: [Word]
        var box: Rect
    }

    /// The lines whose words come near a stroke's bounds (each word whole, though it may reach
    /// beyond them), in reading order.
    static func lines(near bounds: Rect, in text: PageText) -> [Line] {
        // Wide enough for the line above an underline in large type, and for a stroke that
        // starts just before a word.
        let window = bounds.insetBy(dx: -12, dy: -72)
        let boxes = text.boxes, characters = text.characters, count = boxes.count
        func isWordCharacter(_ i: Int) -> Bool { !characters[i].isWhitespace }
        func sameLine(_ a: Int, _ b: Int) -> Bool {
            let x = boxes[a], y = boxes[b]
            if x.height <= 0 || y.height <= 0 { return characters[a] != "\n" }
            return abs(x.midY - y.midY) < min(x.height, y.height) / 2
        }
        var words: [Word] = []
        var i = 0, lastEnd = -1
        while i < count {
            let b = boxes[i]
            guard b.width > 0, b.height > 0, b.maxX >= window.minX, b.minX <= window.maxX, b.maxY >= window.minY,
                  b.minY <= window.maxY, isWordCharacter(i) else { i += 1; continue }
            var lo = i, hi = i
            while lo - 1 > lastEnd, isWordCharacter(lo - 1), sameLine(lo - 1, i) { lo -= 1 }
            while hi + 1 < count, isWordCharacter(hi + 1), sameLine(hi + 1, i) { hi += 1 }
            var box = b
            for j in lo...hi where boxes[j].width > 0 && boxes[j].height > 0 { box = box.union(boxes[j]) }
            words.append(Word(range: lo...hi, box: box))
            lastEnd = hi
            i = hi + 1
        }
        var lines: [Line] = []
        for word in words {
            if let line = lines.last, let previous = line.words.last,
               abs(previous.box.midY - word.box.midY) < min(previous.box.height, word.box.height) / 2,
               word.box.minX - previous.box.maxX < 4 * max(previous.box.height, word.box.height) {
                lines[lines.count - 1].words.append(word)
                lines[lines.count - 1].box = line.box.union(word.box)
            } else {
                lines.append(Line(words: [word], box: word.box))
            }
        }
        return lines
    }
}
