// SPDX-License-Identifier: GPL-3.0-or-later

extension Rect {
    /// The parts of this rectangle that none of `holes` covers, as rectangles that do not
    /// overlap: bands between the holes' top and bottom edges, each cut where holes cross it
    /// (what a canvas fills around its pages, so that nothing is filled twice).
    public func subtracting(_ holes: [Rect]) -> [Rect] {
        let cut = holes.compactMap { $0.intersection(self) }.filter { $0.width > 0 && $0.height > 0 }
        guard !cut.isEmpty else { return width > 0 && height > 0 ? [self] : [] }
        let edges = Set([minY, maxY] + cut.flatMap { [$0.minY, $0.maxY] }).sorted()
        var parts: [Rect] = []
        for (top, bottom) in zip(edges, edges.dropFirst()) where bottom > top {
            let crossing = cut.filter { $0.minY < bottom && $0.maxY > top }.sorted { $0.minX < $1.minX }
            var x = minX
            for hole in crossing {
                if hole.minX > x { parts.append(Rect(x: x, y: top, width: hole.minX - x, height: bottom - top)) }
                x = Swift.max(x, hole.maxX)
            }
            if x < maxX { parts.append(Rect(x: x, y: top, width: maxX - x, height: bottom - top)) }
        }
        return parts
    }
}
