// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import Geometry
import XCTest

final class ContinuousSpreadIndexTests: XCTestCase {
    func testAQuarterOfTheWayThroughASpreadsSlotIsAQuarterIndex() {
        let layout = DocumentLayout(pageSizes: uniformPages(5))
        // Spread 3 starts at 16 + 3·212 and its slot (page plus gap) is 212 long.
        let offset = Point(x: 0, y: 3 * 212 + 0.25 * 212)
        XCTAssertEqual(layout.continuousSpreadIndex(forContentOffset: offset, zoom: 1), 3.25, accuracy: 1e-12)
        XCTAssertEqual(layout.continuousSpreadIndex(forContentOffset: .zero, zoom: 1), 0)
    }

    func testWholeIndicesPutTheSpreadOneMarginFromTheLeadingEdge() {
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: uniformPages(7), settings: settings)
            for spread in 0..<layout.spreadCount {
                let offset = layout.contentOffset(forContinuousSpreadIndex: Double(spread), zoom: 2)
                let frame = layout.spreadFrame(spread, zoom: 2)
                switch (settings.direction, settings.rightToLeft) {
                case (.vertical, _): XCTAssertEqual(offset.y, frame.minY - 16, accuracy: 1e-9, "\(settings)")
                case (.horizontal, false): XCTAssertEqual(offset.x, frame.minX - 16, accuracy: 1e-9, "\(settings)")
                case (.horizontal, true): XCTAssertEqual(offset.x, frame.maxX + 16, accuracy: 1e-9, "\(settings)")
                }
            }
        }
    }

    func testIndexToOffsetAndBackRoundTripsInEverySetting() {
        var rng = SeededGenerator(seed: 11)
        let sizes = randomPages(63, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            for _ in 0..<200 {
                let index = Double.random(in: -1...Double(layout.spreadCount + 1), using: &rng)
                let zoom = Double.random(in: 0.05...8, using: &rng)
                let offset = layout.contentOffset(forContinuousSpreadIndex: index, zoom: zoom)
                XCTAssertEqual(layout.continuousSpreadIndex(forContentOffset: offset, zoom: zoom), index,
                               accuracy: 1e-9, "\(settings) zoom \(zoom)")
            }
        }
    }

    func testOffsetToIndexAndBackRoundTripsAlongTheScrollAxis() {
        var rng = SeededGenerator(seed: 12)
        let sizes = randomPages(63, using: &rng)
        for settings in allSettings {
            let layout = DocumentLayout(pageSizes: sizes, settings: settings)
            let content = layout.contentSize(zoom: 1.5)
            for _ in 0..<200 {
                let along = settings.direction == .vertical ? content.height : content.width
                let position = Double.random(in: 0...along, using: &rng)
                let offset = settings.direction == .vertical ? Point(x: 0, y: position) : Point(x: position, y: 0)
                let index = layout.continuousSpreadIndex(forContentOffset: offset, zoom: 1.5)
                assertEqual(layout.contentOffset(forContinuousSpreadIndex: index, zoom: 1.5), offset,
                            accuracy: 1e-7, "\(settings)")
            }
        }
    }

    func testTheIndexSurvivesAZoomChange() {
        let layout = DocumentLayout(pageSizes: uniformPages(10), settings: LayoutSettings(spreadMode: .double))
        let offset = layout.contentOffset(forContinuousSpreadIndex: 2.6, zoom: 0.5)
        let index = layout.continuousSpreadIndex(forContentOffset: offset, zoom: 0.5)
        let zoomedOffset = layout.contentOffset(forContinuousSpreadIndex: index, zoom: 4)
        XCTAssertEqual(layout.continuousSpreadIndex(forContentOffset: zoomedOffset, zoom: 4), 2.6, accuracy: 1e-9)
        XCTAssertGreaterThan(zoomedOffset.y, offset.y)
    }
}
