// SPDX-License-Identifier: GPL-3.0-or-later

/// The state-machine rules: what happens when a recognizer asks to change state.
extension GestureArena {
    func requestTransition(_ r: GestureRecognizer, to target: GestureState) {
        if target != .changed { needsCleanup = true }
        switch target {
        case .began, .recognized:
            guard r.state == .possible else { return }
            if r.pendingState != nil {
                if target == .recognized { r.pendingState = .recognized }
                return
            }
            attemptStart(r, target)
        case .changed:
            guard r.state.isActive else { return }   // while held back, the change is implied
            r.state = .changed
            notify(r)
        case .ended:
            if r.state.isActive {
                r.state = .ended
                notify(r)
            } else if r.pendingState == .began {
                r.pendingEnd = true
            }
        case .cancelled:
            if r.state.isActive {
                r.state = .cancelled
                notify(r)
                markFailed()
            } else if r.state == .possible {
                fail(r)
            }
        case .failed:
            guard r.state == .possible else { return }
            fail(r)
        case .possible:
            break
        }
    }

    private func fail(_ r: GestureRecognizer) {
        r.state = .failed
        r.pendingState = nil
        r.pendingEnd = false
        r.deadline = nil
        markFailed()
    }

    /// Something failed or went away: recognizers held back may now proceed.
    func markFailed() {
        needsResolve = true
        guard !isResolving else { return }
        isResolving = true
        while needsResolve {
            needsResolve = false
            for p in recognizers where p.pendingState != nil && p.state == .possible {
                attemptStart(p, p.pendingState!)
            }
        }
        isResolving = false
    }

    /// Whether `other` still stands in the way of a recognizer that requires it to fail.
    private func isUnresolved(_ other: GestureRecognizer) -> Bool {
        other.isEnabled && other.arena === self && other.state == .possible && other.hasInput
    }

    private func attemptStart(_ r: GestureRecognizer, _ target: GestureState) {
        if let shouldBegin = r.shouldBegin, !shouldBegin(r) { fail(r); return }
        var mustWait = false
        for o in recognizers where o !== r {
            if o.state.isActive {
                if o.requiresFailure(of: r) || !r.canRecognizeSimultaneously(with: o) { fail(r); return }
            }
            if r.requiresFailure(of: o) {
                if o.state.hasSucceeded { fail(r); return }
                if isUnresolved(o) { mustWait = true }
            }
        }
        if mustWait {
            r.pendingState = target
            return
        }
        commit(r, target)
    }

    private func commit(_ r: GestureRecognizer, _ target: GestureState) {
        let ended = r.pendingEnd
        r.pendingState = nil
        r.pendingEnd = false
        r.state = target
        if r.cancelsTouchesInView {
            for t in r.touches { delivery.cancel(t.sequence) }
            if let s = r.recentlyEndedSequence { delivery.cancel(s) }
        }
        for o in recognizers where o !== r && o.state == .possible {
            if o.requiresFailure(of: r) || !r.canRecognizeSimultaneously(with: o) {
                o.state = .failed
                o.pendingState = nil
                o.pendingEnd = false
                o.deadline = nil
            }
        }
        notify(r)
        if ended, r.state.isActive {
            r.state = .ended
            notify(r)
        }
        markFailed()
    }

    private func notify(_ r: GestureRecognizer) {
        r.onStateChange?(r)
        onTransition?(r)
    }
}
