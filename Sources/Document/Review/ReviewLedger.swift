// SPDX-License-Identifier: GPL-3.0-or-later

/// One annotation's version as a shared review knows it: its /M and whether it was deleted.
public struct ReviewVersion: Hashable, Sendable, Codable {
    /// The annotation's /M (a PDF date string); for a deletion, when it was deleted.
    public var modified: String?
    public var deleted: Bool
    public init(modified: String?, deleted: Bool = false) {
        self.modified = modified
        self.deleted = deleted
    }
}

/// One change to one annotation as a review packet carries it: the annotation's name (/NM),
/// the version the writer had before the change (`base`: what it last saw) and the version it
/// made.
public struct ReviewChange: Hashable, Sendable, Codable {
    public var name: String
    /// The /M of the version the change was made from; `nil` when the writer had none (new).
    public var base: String?
    public var version: ReviewVersion
    public init(name: String, base: String?, version: ReviewVersion) {
        self.name = name
        self.base = base
        self.version = version
    }
}

/// What a shared review does with a change another device made.
public struct ReviewDecision: Hashable, Sendable {
    /// Whether the change goes into the document (it is newer than what the document has).
    public var applies: Bool
    /// Whether both sides changed the annotation since they last saw each other's version.
    public var isConflict: Bool
    public init(applies: Bool, isConflict: Bool) {
        self.applies = applies
        self.isConflict = isConflict
    }
}

/// The merge rule of a shared review, as pure values: per annotation name (/NM) the newest /M
/// wins; a deletion is kept as a tombstone (so an older edit arriving later does not bring the
/// annotation back); and a change made from a version other than the one this side has (both
/// sides edited since they last saw each other) is a conflict, decided by the same rule and
/// marked so the reader sees it.
///
/// The ledger holds the version of every annotation the document has published or merged.
/// ``localChanges(current:now:)`` says what the document changed since (to publish), and
/// ``receive(_:)`` decides each change from elsewhere. Every side ends with the same winner
/// whatever order the packets arrive in, as the winner depends on the versions alone (on equal
/// dates a deletion wins, then the larger date string).
public struct ReviewLedger: Hashable, Sendable, Codable {
    /// The known version of each annotation by name, deletions included.
    public private(set) var versions: [String: ReviewVersion] = [:]
    /// Annotations changed by others and not yet looked at here ("Changed" in the list).
    public var unseen: Set<String> = []
    /// Annotations both sides edited since they last saw each other ("Conflict" in the list),
    /// until the next edit made here.
    public var conflicts: Set<String> = []
    /// Annotations whose known version was made here (an edit the others may not have seen):
    /// only these can conflict with a change from elsewhere.
    public private(set) var madeHere: Set<String> = []

    public init() {}

    /// The changes the document made since the ledger last knew it: every named annotation
    /// whose /M differs from its known version (new ones included) and a tombstone dated `now`
    /// (or the deleted version's date, when that is later) for every known one that is gone. The ledger takes them as known.
    /// - Parameter current: each annotation's /M by name (`nil` when it has no /M).
    public mutating func localChanges(current: [String: String?], now: String) -> [ReviewChange] {
        var changes: [ReviewChange] = []
        for (name, modified) in current.sorted(by: { $0.key < $1.key }) {
            let known = versions[name]
            guard known == nil || known!.deleted || known!.modified != modified else { continue }
            let version = ReviewVersion(modified: modified)
            changes.append(ReviewChange(name: name, base: known?.modified, version: version))
            versions[name] = version
            madeHere.insert(name)
            conflicts.remove(name)
            unseen.remove(name)
        }
        for (name, known) in versions.sorted(by: { $0.key < $1.key }) where !known.deleted && current[name] == nil {
            // Never older than what it deletes (a clock behind the annotation's date): on equal
            // dates a deletion wins.
            let date = XFDFMerge.isNewer(known.modified, than: now) == true ? known.modified : now
            let version = ReviewVersion(modified: date, deleted: true)
            changes.append(ReviewChange(name: name, base: known.modified, version: version))
            versions[name] = version
            madeHere.insert(name)
            conflicts.remove(name)
            unseen.remove(name)
        }
        return changes
    }

    /// Decides a change made elsewhere and takes the winner as known.
    ///
    /// Unknown here: it applies. The same version: nothing to do. Otherwise the newer of the two
    /// wins; and when the change was made from another version than the one known here, and
    /// that one is an edit made here, it is a conflict (a device that only lags behind merely
    /// catches up).
    public mutating func receive(_ change: ReviewChange) -> ReviewDecision {
        let name = change.name
        guard let known = versions[name] else {
            versions[name] = change.version
            if !change.version.deleted { unseen.insert(name) }
            return ReviewDecision(applies: true, isConflict: false)
        }
        if known == change.version { return ReviewDecision(applies: false, isConflict: false) }
        let fastForward = change.base == known.modified && !known.deleted
        let wins = Self.wins(change.version, over: known)
        let isConflict = !fastForward && madeHere.contains(name)
        if wins {
            versions[name] = change.version
            madeHere.remove(name)
            if change.version.deleted { unseen.remove(name) } else { unseen.insert(name) }
        }
        if isConflict { conflicts.insert(name) }
        return ReviewDecision(applies: wins, isConflict: isConflict)
    }

    /// Marks an annotation looked at (no longer "Changed"; a conflict stays until edited here).
    public mutating func markSeen(_ name: String) { unseen.remove(name) }

    /// Forgets every mark (the review stopped); the versions stay.
    public mutating func clearMarks() {
        unseen = []
        conflicts = []
    }

    /// Whether version `a` wins over `b`: the later /M; on equal (or unreadable) dates a
    /// deletion, then the larger date string, so every side picks the same one.
    static func wins(_ a: ReviewVersion, over b: ReviewVersion) -> Bool {
        if let newer = XFDFMerge.isNewer(a.modified, than: b.modified) {
            if newer { return true }
            if XFDFMerge.isNewer(b.modified, than: a.modified) == true { return false }
        }
        if a.deleted != b.deleted { return a.deleted }
        return (a.modified ?? "") > (b.modified ?? "")
    }
}
