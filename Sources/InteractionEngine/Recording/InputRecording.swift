// SPDX-License-Identifier: GPL-3.0-or-later
import FoundationEssentials
import Document
import Geometry

/// The first line of an input recording: identifies the format and its version and carries
/// free-form facts about the session (view size, document, app version) as strings.
public struct InputRecordingHeader: Hashable, Sendable, Codable {
    /// Always ``InputRecording/formatName``.
    public var format: String
    public var version: Int
    public var metadata: [String: String]

    public init(metadata: [String: String] = [:]) {
        self.format = InputRecording.formatName
        self.version = InputRecording.currentVersion
        self.metadata = metadata
    }
}

/// Why a recording could not be read.
public enum InputRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// The first line is not a header of this format.
    case notAnInputRecording(found: String)
    case unsupportedVersion(found: Int, supported: [Int])
    /// Line `line` (1-based) is not a valid event.
    case malformedLine(line: Int, reason: String)

    public var description: String {
        switch self {
        case .empty: return "the input recording is empty"
        case .notAnInputRecording(let found):
            return "not an input recording: expected a header with format \"\(InputRecording.formatName)\", found \(found)"
        case .unsupportedVersion(let found, let supported):
            return "input recording version \(found) is not supported (this build reads version \(supported.map(String.init).joined(separator: ", ")))"
        case .malformedLine(let line, let reason): return "input recording line \(line) is not a valid event: \(reason)"
        }
    }
}

/// A recorded session of engine input: a versioned header and the events in order, stored as
/// JSON Lines (one JSON object per line), so that bug reports and UI tests replay exactly.
///
/// Line 1 is the ``InputRecordingHeader``; every following non-empty line is one ``InputEvent``
/// in its `Codable` form. See the HitTestingAndTools article for the full specification.
public struct InputRecording: Hashable, Sendable {
    public static let formatName = "pdf-annotator-input"
    public static let currentVersion = 1
    public static let supportedVersions = [1]

    public var header: InputRecordingHeader
    public var events: [InputEvent]

    public init(header: InputRecordingHeader = InputRecordingHeader(), events: [InputEvent] = []) {
        self.header = header
        self.events = events
    }

    /// Parses JSON Lines text, rejecting other formats and unknown versions.
    public init(jsonLines text: String) throws {
        var lines = text.split(whereSeparator: \.isNewline).enumerated().filter { !$0.element.allSatisfy(\.isWhitespace) }[...]
        guard let first = lines.popFirst() else { throw InputRecordingError.empty }
        let decoder = JSONDecoder()
        guard let probe = try? decoder.decode(HeaderProbe.self, from: Data(first.element.utf8)),
              probe.format == Self.formatName
        else { throw InputRecordingError.notAnInputRecording(found: String(first.element.prefix(80))) }
        guard let version = probe.version, Self.supportedVersions.contains(version) else {
            throw InputRecordingError.unsupportedVersion(found: probe.version ?? 0, supported: Self.supportedVersions)
        }
        header = InputRecordingHeader(metadata: probe.metadata ?? [:])
        header.version = version
        events = []
        for (offset, line) in lines {
            do {
                events.append(try decoder.decode(InputEvent.self, from: Data(line.utf8)))
            } catch {
                throw InputRecordingError.malformedLine(line: offset + 1, reason: String(describing: error))
            }
        }
    }

    /// The recording as JSON Lines text, ending with a newline.
    public func jsonLines() -> String {
        let writer = InputRecordingWriter(header: header)
        var out = writer.headerLine
        for e in events { out += writer.line(for: e) }
        return out
    }

    /// Reads a recording from a file.
    public init(contentsOf url: URL) throws {
        try self.init(jsonLines: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    /// Writes the recording to a file.
    public func write(to url: URL) throws {
        try Data(jsonLines().utf8).write(to: url, options: .atomic)
    }

    /// Only what is needed to decide whether a line is a header we can read.
    private struct HeaderProbe: Decodable {
        var format: String
        var version: Int?
        var metadata: [String: String]?
    }
}

/// Writes a recording incrementally while a session runs: the header once, then one line per
/// event, each handed to a sink (the shell appends it to the `--record-input` file), so that a
/// crash loses at most the last event.
public struct InputRecordingWriter {
    public let header: InputRecordingHeader
    private let encoder: JSONEncoder

    public init(header: InputRecordingHeader = InputRecordingHeader()) {
        self.header = header
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.encoder = encoder
    }

    /// The header line, newline included.
    public var headerLine: String { encode(header) }

    /// One event's line, newline included.
    public func line(for event: InputEvent) -> String { encode(event) }

    private func encode<T: Encodable>(_ value: T) -> String {
        // Encoding these plain value types cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
