// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import SeededRandom
import XCTest

/// The shared SplitMix64 generator, under the name this target's tests use.
typealias SeededGenerator = SeededRandom.SeededGenerator


func assertEqual(_ a: Point, _ b: Point, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b) \(message)", file: file, line: line)
}

func assertEqual(_ a: Rect, _ b: Rect, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    assertEqual(a.origin, b.origin, accuracy: accuracy, message, file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b) \(message)", file: file, line: line)
}

func pages(_ sizes: (Double, Double)...) -> [Size] { sizes.map { Size(width: $0.0, height: $0.1) } }

func uniformPages(_ count: Int, _ width: Double = 100, _ height: Double = 200) -> [Size] {
    Array(repeating: Size(width: width, height: height), count: count)
}

func randomPages(_ count: Int, using rng: inout SeededGenerator) -> [Size] {
    (0..<count).map { _ in
        Size(width: Double.random(in: 200...800, using: &rng), height: Double.random(in: 200...1200, using: &rng))
    }
}

/// Every setting combination worth exercising in property-style tests.
let allSettings: [LayoutSettings] = SpreadMode.allCases.flatMap { mode in
    ScrollDirection.allCases.flatMap { direction in
        [false, true].map { LayoutSettings(spreadMode: mode, direction: direction, rightToLeft: $0) }
    }
}

extension DocumentLayout {
    /// Every page frame at `zoom`, by page, found without any search.
    func allPageFrames(zoom: Double) -> [Rect] {
        var frames = [Rect](repeating: .zero, count: pageCount)
        for spread in 0..<spreadCount {
            for (page, frame) in pageFrames(inSpread: spread, zoom: zoom) { frames[page.rawValue] = frame }
        }
        return frames
    }
}
