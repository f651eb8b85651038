// SPDX-License-Identifier: GPL-3.0-or-later
// Layout benchmark (not a test): `swift run -c release layout-bench`. Builds the layout of
// 100,000 pages of mixed sizes in every spread mode and direction, and times a visible-spread
// and a visible-page query asked as the canvas asks them (through `any DocumentViewLayout`) and
// an offset ↔ continuous-spread-index round trip, beside the goals (a layout under 50 ms, a
// visible-spread query under 2 µs).
import DocumentLayout
import Foundation
import Geometry

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

// Letter, A4 and landscape pages in a repeating pattern.
let sizes = (0..<100_000).map { i -> Size in
    switch i % 7 {
    case 3: return Size(width: 842, height: 595)
    case 5: return Size(width: 595, height: 842)
    default: return Size(width: 612, height: 792)
    }
}
var sink = 0
for mode in SpreadMode.allCases {
    for direction in ScrollDirection.allCases {
        for rightToLeft in [false, true] where direction == .horizontal || !rightToLeft {
            let settings = LayoutSettings(spreadMode: mode, direction: direction, rightToLeft: rightToLeft)
            var layout = DocumentLayout(pageSizes: [])
            let build = (0..<5).map { _ in seconds { layout = DocumentLayout(pageSizes: sizes, settings: settings) } }.sorted()[2]
            let content = layout.contentSize(zoom: 1)
            let queries = 200_000
            var offsets: [Point] = []
            for i in 0..<queries {
                let f = Double(i) / Double(queries)
                offsets.append(direction == .vertical ? Point(x: 0, y: content.height * f) : Point(x: content.width * f, y: 0))
            }
            let view = Size(width: 1280, height: 800)
            let asked: any DocumentViewLayout = layout
            let spreads = seconds {
                for o in offsets { sink &+= asked.visibleSpreads(in: Rect(origin: o, size: view), zoom: 1).count }
            } / Double(queries)
            let visible = seconds {
                for o in offsets { sink &+= asked.visiblePages(in: Rect(origin: o, size: view), zoom: 1).count }
            } / Double(queries)
            let roundTrip = seconds {
                for o in offsets {
                    let index = layout.continuousSpreadIndex(forContentOffset: o, zoom: 1)
                    sink &+= Int(layout.contentOffset(forContinuousSpreadIndex: index, zoom: 1).y)
                }
            } / Double(queries)
            print(String(format: "layout %@ %@%@: build %.1f ms (goal < 50), visible spreads %.2f µs (goal < 2), visible pages %.2f µs, offset ↔ index %.2f µs",
                         mode.rawValue, direction.rawValue, rightToLeft ? " right-to-left" : "", build * 1000, spreads * 1e6, visible * 1e6, roundTrip * 1e6))
        }
    }
}
if sink == 42 { print("") }
