// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Waits on what the app has painted and handled (the dump's `painted` and
/// `lastInputPosition`, written with `PDF_ANNOTATOR_DUMP_PROGRESS=1`), in place of pauses.
extension AppSession {
    /// Polls the dump until `condition` holds in a state the first window has painted since
    /// the app's last state change: a screenshot taken then shows that state.
    @discardableResult
    func waitForPainted(_ message: String, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line,
                        _ condition: (State) -> Bool) -> State? {
        waitFor("\(message) (and painted)", timeout: timeout, file: file, line: line) { s in
            s.windows.first?.painted == true && condition(s)
        }
    }

    /// Waits until the page view has handled the pointer's move to `screen` (screen pixels,
    /// as xdotool was given them), the window at `origin`: a button let go now is let go there.
    @discardableResult
    func waitForPointer(at screen: (x: Double, y: Double), windowOrigin origin: (x: Double, y: Double), timeout: TimeInterval = 20,
                        file: StaticString = #filePath, line: UInt = #line) -> State? {
        waitFor("the page view handled the move to \(screen)", timeout: timeout, file: file, line: line) { s in
            guard let w = s.windows.first, let p = w.lastInputPosition, p.count == 2 else { return false }
            return abs(origin.x + w.canvasX + p[0] - screen.x) < 1.5 && abs(origin.y + w.canvasY + p[1] - screen.y) < 1.5
        }
    }
}
