// SPDX-License-Identifier: GPL-3.0-or-later

extension StampImage {
    /// The picture with its paper taken away, as a scanned or photographed signature needs:
    /// each pixel's opacity follows how much darker it is than the paper (the brightest tenth
    /// of the picture), fully clear within `paperTolerance` of it and fully opaque at
    /// `inkDarkness` below it; the ink keeps its colour. The JPEG form goes (it has no alpha).
    public func withoutBackground(paperTolerance: Double = 0.12, inkDarkness: Double = 0.45) -> StampImage {
        let count = pixelWidth * pixelHeight
        let rgb = samples.bytes
        guard count > 0, rgb.count >= count * 3 else { return self }
        func luminance(_ i: Int) -> Double {
            (0.2126 * Double(rgb[3 * i]) + 0.7152 * Double(rgb[3 * i + 1]) + 0.0722 * Double(rgb[3 * i + 2])) / 255
        }
        // The paper: the 90th percentile of brightness (a histogram, not a sort).
        var histogram = [Int](repeating: 0, count: 256)
        for i in 0..<count { histogram[Int((luminance(i) * 255).rounded())] += 1 }
        var seen = 0, paper = 1.0
        for level in (0..<256).reversed() {
            seen += histogram[level]
            if seen >= count / 10 { paper = Double(level) / 255; break }
        }
        var alpha = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            let darker = paper - luminance(i)
            let opacity = min(1, max(0, (darker - paperTolerance) / max(0.01, inkDarkness - paperTolerance)))
            let kept = self.alpha.map { Double($0.bytes[i]) / 255 } ?? 1
            alpha[i] = UInt8((opacity * kept * 255).rounded())
        }
        return StampImage(pixelWidth: pixelWidth, pixelHeight: pixelHeight, samples: rgb, alpha: alpha)
    }
}
