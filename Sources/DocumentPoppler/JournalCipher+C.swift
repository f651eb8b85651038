// SPDX-License-Identifier: GPL-3.0-or-later
import CNettle
#if canImport(Glibc)
import Glibc
#endif

extension JournalKey {
    static let nonceLength = 12
    static let tagLength = 16

    /// PBKDF2-HMAC-SHA256 to a 32-byte key. Wraps `nettle_pbkdf2_hmac_sha256`.
    static func derive(password: String, salt: [UInt8], iterations: Int) -> [UInt8] {
        let secret = Array(password.utf8)
        var out = [UInt8](repeating: 0, count: 32)
        secret.withUnsafeBufferPointer { s in
            salt.withUnsafeBufferPointer { t in
                out.withUnsafeMutableBufferPointer { o in
                    nettle_pbkdf2_hmac_sha256(s.count, s.baseAddress, UInt32(iterations), t.count, t.baseAddress, o.count, o.baseAddress)
                }
            }
        }
        return out
    }

    /// Bytes from the kernel's random source (`/dev/urandom`).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let fd = Glibc.open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { fatalError("/dev/urandom cannot be opened: \(errno)") }
        defer { close(fd) }
        var filled = 0
        while filled < count {
            let n = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if n > 0 { filled += n } else if n < 0 && errno == EINTR { continue } else { fatalError("/dev/urandom gave no bytes: \(errno)") }
        }
        return out
    }

    /// AES-256-GCM. Wraps `nettle_gcm_aes256_*`.
    static func seal(_ plaintext: [UInt8], key: [UInt8]) -> [UInt8] {
        let nonce = randomBytes(nonceLength)
        var context = gcm_aes256_ctx()
        var out = nonce + [UInt8](repeating: 0, count: plaintext.count + tagLength)
        key.withUnsafeBufferPointer { nettle_gcm_aes256_set_key(&context, $0.baseAddress) }
        nonce.withUnsafeBufferPointer { nettle_gcm_aes256_set_iv(&context, $0.count, $0.baseAddress) }
        out.withUnsafeMutableBufferPointer { o in
            plaintext.withUnsafeBufferPointer { p in
                nettle_gcm_aes256_encrypt(&context, p.count, o.baseAddress! + nonceLength, p.baseAddress)
            }
            nettle_gcm_aes256_digest(&context, tagLength, o.baseAddress! + nonceLength + plaintext.count)
        }
        return out
    }

    static func open(_ sealed: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard sealed.count >= nonceLength + tagLength else { return nil }
        let length = sealed.count - nonceLength - tagLength
        var context = gcm_aes256_ctx()
        var plain = [UInt8](repeating: 0, count: length)
        var tag = [UInt8](repeating: 0, count: tagLength)
        key.withUnsafeBufferPointer { nettle_gcm_aes256_set_key(&context, $0.baseAddress) }
        sealed.withUnsafeBufferPointer { s in
            nettle_gcm_aes256_set_iv(&context, nonceLength, s.baseAddress)
            plain.withUnsafeMutableBufferPointer { p in
                nettle_gcm_aes256_decrypt(&context, length, p.baseAddress, s.baseAddress! + nonceLength)
            }
            tag.withUnsafeMutableBufferPointer { nettle_gcm_aes256_digest(&context, tagLength, $0.baseAddress) }
        }
        // Compared in constant time.
        var difference: UInt8 = 0
        for i in 0..<tagLength { difference |= tag[i] ^ sealed[nonceLength + length + i] }
        return difference == 0 ? plain : nil
    }
}
