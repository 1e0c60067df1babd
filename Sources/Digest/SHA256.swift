internal import CCrypto

/// SHA-256 through libcrypto's EVP interface (Foundation on Linux has no hashing and
/// swift-crypto cannot be fetched here).
public enum SHA256 {
    public static func hex(_ data: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = data.withUnsafeBufferPointer { buf in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(buf.baseAddress, buf.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) failed")
        let hexDigits = Array("0123456789abcdef")
        return String(digest.flatMap { [hexDigits[Int($0 >> 4)], hexDigits[Int($0 & 15)]] })
    }
}
