// SPDX-License-Identifier: GPL-3.0-or-later
import DocumentLayout
import DocumentSession
import Geometry
import InteractionEngine
import SeededRandom
import XCTest

/// Random walks over the whole view state space, headless: seeded sequences of what a reader
/// does (keys, wheel clicks, finger drags and flings, pinches, window resizes from 600×400 to
/// 3840×2160, every zoom mode, spread mode, direction, binding, one-spread paging, curls and
/// zoom scope, page turns by key, edge tap and drag, go-to-page, history) on documents of mixed
/// page sizes, with the view's invariants checked after every step. A failure prints the seed
/// and the shortest sequence found that still breaks the invariant.
final class ViewRandomWalkTests: XCTestCase {
    /// Steps per run (every CI run): walks × steps per walk.
    static let walks = 250
    static let stepsPerWalk = 80

    func testRandomWalksKeepEveryViewInvariant() {
        let base = UInt64(ProcessInfo.processInfo.environment["VIEW_WALK_SEED"].flatMap(UInt64.init) ?? 0x5EED_0018)
        var steps = 0
        let started = Date()
        for walk in 0..<Self.walks {
            let seed = base &+ UInt64(walk)
            var rng = SeededGenerator(seed: seed)
            let document = WalkDocument.random(using: &rng)
            let actions = (0..<Self.stepsPerWalk).map { _ in WalkAction.random(pages: document.sizes.count, using: &rng) }
            steps += actions.count
            if let failure = WalkRunner.run(document, actions) {
                let shrunk = WalkRunner.shrink(document, actions)
                XCTFail("""
                    seed \(seed) (VIEW_WALK_SEED=\(base), walk \(walk)) on \(document): \(failure)
                    shortest failing sequence (\(shrunk.actions.count) steps): \(shrunk.actions.map(\.description).joined(separator: ", "))
                    it fails with: \(shrunk.failure)
                    """)
                return
            }
        }
        print("view random walk: \(steps) steps in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        XCTAssertGreaterThanOrEqual(steps, 20_000)
    }

    /// The walker's own check: a sequence known to break a deliberately wrong invariant is
    /// caught and shrunk to the step that matters.
    func testShrinkingKeepsOnlyTheStepsThatMatter() {
        let document = WalkDocument(name: "book", sizes: BookWithCurlTests.book)
        let actions: [WalkAction] = [.wheel(120), .resize(Size(width: 900, height: 700)), .pageDown, .wheel(-40), .goTo(40), .pageDown]
        let shrunk = WalkRunner.shrink(document, actions) { session, _ in
            (session.currentPage?.rawValue ?? 0) >= 40 ? "past page 40" : nil
        }
        XCTAssertEqual(shrunk.actions, [.goTo(40)])
    }
}

/// A document of the walk: its page sizes.
struct WalkDocument: CustomStringConvertible {
    let name: String
    let sizes: [Size]
    var description: String { "\(name) (\(sizes.count) pages)" }

    static func random(using rng: inout SeededGenerator) -> WalkDocument {
        switch rng.next() % 5 {
        case 0: return WalkDocument(name: "book", sizes: BookWithCurlTests.book)
        case 1:
            let count = 1 + Int(rng.next() % 3)
            return WalkDocument(name: "short", sizes: (0..<count).map { _ in randomSize(&rng) })
        case 2:
            // Portrait pages with landscape ones among them (a report with wide tables).
            return WalkDocument(name: "mixed", sizes: (0..<40).map { i in
                i % 7 == 3 ? Size(width: 842, height: 595) : Size(width: 595, height: 842)
            })
        default:
            let count = 5 + Int(rng.next() % 60)
            return WalkDocument(name: "random", sizes: (0..<count).map { _ in randomSize(&rng) })
        }
    }

    static func randomSize(_ rng: inout SeededGenerator) -> Size {
        Size(width: 200 + rng.unit() * 900, height: 200 + rng.unit() * 1100)
    }
}

/// One thing a reader does.
enum WalkAction: Equatable, CustomStringConvertible {
    case resize(Size)
    case zoomMode(ZoomMode)
    case zoomBy(Double)
    case wheel(Double)
    /// A finger's drag along the reading axis by so many pixels, a fling when `fling`.
    case swipe(Double, fling: Bool)
    case pinch(Double)
    case pageDown, pageUp, home, end
    case spreadMode(SpreadMode)
    case direction(ScrollDirection)
    case rightToLeft(Bool)
    case oneSpread(Bool)
    case curl(Bool)
    case zoomEachSpread(Bool)
    case edgeTap(FastScrollDirection, touch: Bool)
    /// A drag from an edge band that turns the page: how far across the sheet (0…2 of the
    /// distance to the spine) before letting go, and how fast.
    case turnDrag(FastScrollDirection, reach: Double, speed: Double)
    case goTo(Int)
    case jump(Int)
    case back, forward
    case wait(Double)
    /// A page turned a quarter (its size as shown swaps), as organising pages does.
    case rotatePage(Int)

    var description: String {
        switch self {
        case .resize(let s): return "resize(\(Int(s.width))×\(Int(s.height)))"
        case .zoomMode(let m): return "zoomMode(.\(m))"
        case .zoomBy(let f): return "zoomBy(\(String(format: "%.2f", f)))"
        case .wheel(let d): return "wheel(\(Int(d)))"
        case .swipe(let d, let fling): return "swipe(\(Int(d))\(fling ? ", fling" : ""))"
        case .pinch(let f): return "pinch(\(String(format: "%.2f", f)))"
        case .pageDown: return "pageDown"
        case .pageUp: return "pageUp"
        case .home: return "home"
        case .end: return "end"
        case .spreadMode(let m): return "spreadMode(.\(m))"
        case .direction(let d): return "direction(.\(d))"
        case .rightToLeft(let on): return "rightToLeft(\(on))"
        case .oneSpread(let on): return "oneSpread(\(on))"
        case .curl(let on): return "curl(\(on))"
        case .zoomEachSpread(let on): return "zoomEachSpread(\(on))"
        case .edgeTap(let d, let touch): return "edgeTap(.\(d), touch: \(touch))"
        case .turnDrag(let d, let reach, let speed): return "turnDrag(.\(d), reach: \(String(format: "%.2f", reach)), speed: \(Int(speed)))"
        case .goTo(let p): return "goTo(\(p))"
        case .jump(let p): return "jump(\(p))"
        case .back: return "back"
        case .forward: return "forward"
        case .wait(let t): return "wait(\(t))"
        case .rotatePage(let p): return "rotatePage(\(p))"
        }
    }

    static func random(pages: Int, using rng: inout SeededGenerator) -> WalkAction {
        func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
        switch rng.next() % 23 {
        case 0: return .resize(Size(width: (600 + rng.unit() * 3240).rounded(), height: (400 + rng.unit() * 1760).rounded()))
        case 1: return .zoomMode(pick([.free, .fitWidth, .fitPage]))
        case 2: return .zoomBy(pick([0.5, 0.8, 1.25, 2.0, 4.0]))
        case 3, 4: return .wheel(pick([-240, -120, -60, 60, 120, 240, 1200]))
        case 5: return .swipe((rng.unit() - 0.5) * 1600, fling: rng.next() % 2 == 0)
        case 6: return .pinch(pick([0.6, 0.9, 1.1, 1.7]))
        case 7, 8: return .pageDown
        case 9: return .pageUp
        case 10: return pick([.home, .end])
        case 11: return .spreadMode(pick(SpreadMode.allCases))
        case 12: return pick([.direction(.vertical), .direction(.horizontal), .rightToLeft(true), .rightToLeft(false)])
        case 13: return .oneSpread(rng.next() % 3 != 0)
        case 14: return .curl(rng.next() % 3 != 0)
        case 15: return .zoomEachSpread(rng.next() % 2 == 0)
        case 16: return .edgeTap(pick([.nextPage, .previousPage]), touch: rng.next() % 2 == 0)
        case 17, 18: return .turnDrag(pick([.nextPage, .previousPage]), reach: rng.unit() * 2, speed: pick([0, 200, 2000, -2000]))
        case 19: return rng.next() % 2 == 0 ? .goTo(Int(rng.next() % UInt64(pages))) : .jump(Int(rng.next() % UInt64(pages)))
        case 20: return pick([.back, .forward])
        case 21: return .rotatePage(Int(rng.next() % UInt64(pages)))
        default: return .wait(pick([0.05, 0.3, 1]))
        }
    }
}
