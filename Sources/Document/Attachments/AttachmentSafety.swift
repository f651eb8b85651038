// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether an attachment may be handed to the desktop's default application for its type.
/// Programs, scripts, launchers and installers never are (Open offers Save instead): judged from
/// the content types the desktop guesses from the name and from the bytes, the name's
/// extension, and the bytes' own start (an ELF or PE header, a `#!` line).
public enum AttachmentSafety {
    /// Content types (or their parents) that run something when opened.
    public static let runnableTypes: Set<String> = [
        "application/x-executable", "application/x-sharedlib", "application/x-pie-executable",
        "application/x-shellscript", "application/x-sh", "application/x-csh", "application/x-perl",
        "application/x-python", "text/x-python", "text/x-python3", "text/x-perl", "text/x-script", "text/x-shellscript",
        "application/x-ruby", "text/x-ruby", "application/x-desktop", "application/x-ms-dos-executable",
        "application/x-msdownload", "application/x-msi", "application/vnd.microsoft.portable-executable",
        "application/x-ms-shortcut", "application/x-bat", "application/x-appimage", "application/x-java-archive",
        "application/java-archive", "application/x-java-jnlp-file", "application/javascript", "text/javascript",
        "application/x-deb", "application/vnd.debian.binary-package", "application/x-rpm", "application/x-flatpak",
        "application/vnd.flatpak", "application/vnd.flatpak.ref", "application/x-executable-script",
        "application/x-powershell", "text/x-tcl", "application/x-php", "text/x-php", "application/x-lua", "text/x-lua",
        "application/x-makeself", "application/x-ms-wim", "application/hta", "application/x-mswinurl",
    ]

    /// Name endings that run something when opened, whatever the type.
    public static let runnableExtensions: Set<String> = [
        "desktop", "sh", "bash", "zsh", "csh", "ksh", "fish", "run", "appimage", "exe", "com", "bat", "cmd", "msi",
        "scr", "pif", "vbs", "vbe", "js", "jse", "wsf", "wsh", "ps1", "jar", "jnlp", "py", "pyc", "pl", "rb", "php", "lua",
        "tcl", "deb", "rpm", "flatpakref", "flatpak", "snap", "lnk", "url", "hta", "reg", "so", "elf", "command",
        "action", "workflow", "apk", "dll", "cpl", "msc", "inf", "gadget", "application",
    ]

    /// Why an attachment must not be opened, or `nil` when it may be. `types` are the content
    /// types the desktop guesses (from the name and from the bytes) with their parents, as GIO's
    /// `g_content_type_is_a` walks them; `canBeExecutable` is GIO's
    /// `g_content_type_can_be_executable` for the guess from the bytes.
    public static func refusal(name: String, firstBytes: [UInt8], types: [String]) -> String? {
        let safe = AttachmentName.safe(name).lowercased()
        if let dot = safe.lastIndex(of: "."), runnableExtensions.contains(String(safe[safe.index(after: dot)...])) {
            return "its name marks a program or script"
        }
        if let type = types.first(where: { runnableTypes.contains($0.lowercased()) }) { return "it is a program or script (\(type))" }
        if firstBytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "it is a program (ELF)" }
        if firstBytes.starts(with: [0x4D, 0x5A]) { return "it is a program (Windows)" }
        if firstBytes.starts(with: [0x23, 0x21]) { return "it is a script (#!)" }
        if firstBytes.starts(with: Array("[Desktop Entry]".utf8)) { return "it is a desktop launcher" }
        return nil
    }
}
