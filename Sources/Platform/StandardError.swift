// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for whoever started the app from a terminal, written straight to file descriptor 2.
public enum StandardError {
    public static func write(_ message: String) {
        var text = message
        if !text.hasSuffix("\n") { text += "\n" }
        text.withCString { pointer in _ = Glibc.write(2, pointer, strlen(pointer)) }
    }
}
