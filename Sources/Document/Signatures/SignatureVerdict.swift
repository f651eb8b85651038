// SPDX-License-Identifier: GPL-3.0-or-later

/// The one line a window shows about a signed document, decided from its reports, with every
/// problem in it: whether the signatures hold, what changed after signing, and whether their
/// certificates are trusted. A reader never sees "valid" alone above a problem.
public struct SignatureVerdict: Equatable, Sendable {
    /// How the line should look.
    public enum Tone: String, Sendable { case checking, good, warning, bad }

    /// Whether the signatures hold for what they signed.
    public enum Soundness: Equatable, Sendable {
        case checking
        case valid
        /// The signed bytes do not match a signature.
        case altered
        /// A signature could not be read or checked.
        case unreadable
    }

    /// The signers, in field order, without repeats (empty when no signature names one).
    public var signers: [String]
    public var soundness: Soundness
    /// What the file changed after signing (every signature's later revisions together).
    public var changesAfter: [SignatureReport.Change]
    /// The first certificate that is not trusted, and why.
    public var certificateProblem: SignatureReport.Certificate?
    /// A certification signature allows no change at all: edits are saved to a copy.
    public var noChangesAllowed: Bool
    public var tone: Tone

    /// The verdict on `reports`; `nil` when there are none (the document has no signature).
    public init?(_ reports: [SignatureReport]) {
        guard !reports.isEmpty else { return nil }
        var seen: Set<String> = []
        signers = reports.compactMap(\.signer).filter { seen.insert($0).inserted }
        if reports.contains(where: { $0.status == .checking }) {
            soundness = .checking
        } else if reports.contains(where: { $0.status == .invalid || $0.status == .digestMismatch }) {
            soundness = .altered
        } else if reports.contains(where: { $0.status != .valid }) {
            soundness = .unreadable
        } else {
            soundness = .valid
        }
        changesAfter = soundness == .valid ? Set(reports.flatMap(\.changesAfter)).sorted() : []
        noChangesAllowed = reports.contains { $0.certification == 1 }
        certificateProblem = soundness == .checking ? nil : reports.first(where: { $0.certificate != .trusted })?.certificate
        switch soundness {
        case .checking: tone = .checking
        case .altered, .unreadable: tone = .bad
        case .valid: tone = changesAfter.isEmpty && certificateProblem == nil ? .good : .warning
        }
    }
}
