// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A PDF file as qpdf reads it (`qpdf --json=2`): how tests judge a saved file with a parser
/// that is not poppler.
public struct QPDFInspection {
    public enum Failure: Error, CustomStringConvertible {
        case qpdf(status: Int32, output: String)
        case unexpectedJSON(String)
        public var description: String {
            switch self {
            case .qpdf(let status, let output): "qpdf exited \(status): \(output.prefix(500))"
            case .unexpectedJSON(let what): "qpdf's JSON: \(what)"
            }
        }
    }

    /// Each object's value as qpdf's JSON has it, by reference ("12 0 R"); a stream as
    /// `{"stream": {"dict": …}}`.
    public let objects: [String: Any]
    /// Each page object's reference, in page order.
    public let pages: [String]

    /// Runs `qpdf --json=2` (the tool at `qpdf`) on the file.
    public init(path: String, password: String? = nil, qpdf: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qpdf)
        process.arguments = ["--json=2", "--json-key=pages", "--json-key=qpdf"] + (password.map { ["--password=\($0)"] } ?? []) + [path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // 3: warnings (files other programs wrote often have some); the JSON is still whole.
        guard process.terminationStatus == 0 || process.terminationStatus == 3 else {
            throw Failure.qpdf(status: process.terminationStatus, output: String(decoding: messages, as: UTF8.self))
        }
        guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let pageList = top["pages"] as? [[String: Any]],
              let qpdfPart = top["qpdf"] as? [Any], qpdfPart.count == 2,
              let objectTable = qpdfPart[1] as? [String: Any] else {
            throw Failure.unexpectedJSON("no pages or objects")
        }
        var objects: [String: Any] = [:]
        for (key, value) in objectTable where key.hasPrefix("obj:") {
            guard let wrapper = value as? [String: Any] else { continue }
            objects[String(key.dropFirst(4))] = wrapper["value"] ?? wrapper
        }
        self.objects = objects
        pages = pageList.compactMap { $0["object"] as? String }
    }

    /// The object numbers the file has (in use).
    public var objectNumbers: Set<Int> {
        Set(objects.keys.compactMap { Int($0.split(separator: " ").first ?? "") })
    }

    /// A page's dictionary.
    public func pageDictionary(_ index: Int) -> [String: Any]? {
        guard index < pages.count else { return nil }
        return objects[pages[index]] as? [String: Any]
    }

    /// The page's /Annots entries (following an indirect array), each as canonical JSON text so
    /// that entries compare as values: a reference is its "N G R" text, an inline dictionary
    /// its sorted JSON, `null` "null".
    public func annotsEntries(ofPage index: Int) -> [String] {
        guard let page = pageDictionary(index) else { return [] }
        var annots = page["/Annots"]
        if let ref = annots as? String, ref.hasSuffix(" R") { annots = objects[ref] }
        guard let array = annots as? [Any] else { return [] }
        return array.map(Self.canonical)
    }

    /// The reference of a page's /Annots array when it is an indirect object.
    public func annotsReference(ofPage index: Int) -> String? {
        guard let ref = pageDictionary(index)?["/Annots"] as? String, ref.hasSuffix(" R") else { return nil }
        return ref
    }

    public static func canonical(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if let string = value as? String { return string }
        guard JSONSerialization.isValidJSONObject([value]),
              let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// What an incremental update appended to a file: the objects it wrote.
public enum IncrementalUpdate {
    /// The numbers of the objects written after `originalLength` bytes (an update written as
    /// poppler writes them: each object as "N G obj" at the start of a line, none in object
    /// streams).
    public static func objectNumbers(in saved: Data, after originalLength: Int) -> Set<Int> {
        let tail = Array(saved.dropFirst(originalLength))
        var numbers: Set<Int> = []
        var lineStart = true
        var i = 0
        while i < tail.count {
            if lineStart, let (number, end) = objectHeader(tail, at: i) {
                numbers.insert(number)
                i = end
                lineStart = false
                continue
            }
            lineStart = tail[i] == 0x0A || tail[i] == 0x0D
            i += 1
        }
        return numbers
    }

    /// "N G obj" at `i`: the number and where the header ends.
    private static func objectHeader(_ bytes: [UInt8], at start: Int) -> (Int, Int)? {
        func digits(_ i: Int) -> (Int, Int)? {
            var j = i
            var value = 0
            while j < bytes.count, (0x30...0x39).contains(bytes[j]), j - i < 10 {
                value = value * 10 + Int(bytes[j] - 0x30)
                j += 1
            }
            return j > i ? (value, j) : nil
        }
        guard let (number, a) = digits(start), a < bytes.count, bytes[a] == 0x20,
              let (_, b) = digits(a + 1), b + 4 <= bytes.count, bytes[b] == 0x20,
              bytes[(b + 1)..<(b + 4)].elementsEqual("obj".utf8) else { return nil }
        return (number, b + 4)
    }
}
