import Foundation
import Reading
import Settings
import Station

/// How the status page listens and what it lets a client do; from `station.*` keys.
public struct StatusServerSettings: Sendable, Equatable {
    /// IPv4 address to listen on ("127.0.0.1" by default; "0.0.0.0" for every interface).
    public var address = Setting<String>.statusAddress.defaultValue
    /// TCP port; 0 lets the system choose (read it back from `StatusServer.port`).
    public var port = UInt16(Setting<Int>.statusPort.defaultValue)
    /// Token every request must carry; required unless `address` is a loopback address.
    public var token: String?
    /// Connections waiting for their request at once; a new one beyond it closes the
    /// one that has waited longest (see `ConnectionGuard`).
    public var maxConnections = Setting<Int>.statusConnections.defaultValue
    /// Seconds a connection may stay silent, or take to send a whole request, before it is closed.
    public var timeoutSeconds = Setting<Int>.statusTimeoutSeconds.defaultValue
    /// Memory one connection may use to hold its request (headers and URL); a bigger
    /// request is answered 431/414 and closed. 16 KiB holds any browser's request.
    public var requestMemoryBytes = 16 * 1024
    /// Threads answering requests. Two: a thumbnail being made does not hold up the page.
    public var threads = 2
    /// Free-space floor of the output folder, shown on the page (0: not checked).
    public var diskFloorMB = 0
    /// Largest image the thumbnailer decodes (`limits.maxPixels`).
    public var maxPixels = Setting<Int>.maxPixels.defaultValue

    public init() {}

    /// The settings the configuration gives. A LAN address without a token, or an
    /// address that is not IPv4, is an error naming the key.
    public init(configuration c: Configuration) throws(ConfigError) {
        address = c[.statusAddress]
        port = UInt16(c[.statusPort])
        token = c[.statusToken]
        maxConnections = c[.statusConnections]
        timeoutSeconds = c[.statusTimeoutSeconds]
        diskFloorMB = c[.diskFloorMB]
        maxPixels = c[.maxPixels]
        try validate()
    }

    /// Checks the address and that a token guards any address other than loopback.
    public func validate() throws(ConfigError) {
        guard let octets = Self.ipv4(address) else {
            throw ConfigError(description: "'station.statusAddress' must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, not \"\(address)\"")
        }
        if octets[0] != 127, token == nil {
            throw ConfigError(description: "'station.statusAddress' is \(address), reachable from the network: set 'station.statusToken' "
                + "(a long random string) so that only people who know it can see the station")
        }
        if let token, token.count < 8 || token.contains(where: { !$0.isASCII || $0.isWhitespace }) {
            throw ConfigError(description: "'station.statusToken' must be at least 8 printable ASCII characters without spaces")
        }
    }

    static func ipv4(_ s: String) -> [UInt8]? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let octets = parts.compactMap { p in p.count <= 3 && p.allSatisfy(\.isASCII) ? UInt8(p) : nil }
        return octets.count == 4 ? octets : nil
    }
}
