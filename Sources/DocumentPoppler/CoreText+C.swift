// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PopplerBridge

/// Owns one `ann_text_doc*` from the bridge and closes it in `deinit`.
final class CoreTextHandle {
    let pointer: OpaquePointer
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }
    deinit { ann_text_close(pointer) }

    /// Wraps `ann_text_open`.
    static func open(path: String, password: String?) -> CoreTextHandle? {
        ann_text_open(path, password).map(CoreTextHandle.init(adopting:))
    }

    /// One printed line: its characters left to right as printed, then its line break, with a
    /// box per character.
    struct Line {
        var scalars: [Unicode.Scalar]
        var boxes: [Rect]
    }

    /// The page's lines in reading order; `nil` when the page cannot be read. Wraps `ann_text_page`.
    func lines(on page: PageIndex) -> [Line]? {
        var chars: UnsafeMutablePointer<UInt32>?
        var boxes: UnsafeMutablePointer<ann_text_box>?
        var starts: UnsafeMutablePointer<Int>?
        var lineCount = 0
        let count = ann_text_page(pointer, Int32(page.rawValue), &chars, &boxes, &starts, &lineCount)
        defer {
            ann_text_free(chars)
            ann_text_free(boxes)
            ann_text_free(starts)
        }
        guard count >= 0 else { return nil }
        guard count > 0, let chars, let boxes, let starts else { return [] }
        var lines: [Line] = []
        for l in 0..<lineCount {
            let start = starts[l], end = l + 1 < lineCount ? starts[l + 1] : count
            var line = Line(scalars: [], boxes: [])
            for i in start..<end {
                let b = boxes[i]
                line.scalars.append(Unicode.Scalar(chars[i]) ?? "\u{FFFD}")
                line.boxes.append(Rect(corner: Point(x: b.x1, y: b.y1), corner: Point(x: b.x2, y: b.y2)))
            }
            lines.append(line)
        }
        return lines
    }
}
