// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's home directory: `$HOME`, else the password database's entry.
public var homeDirectory: String {
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
    if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
    return "/"
}
