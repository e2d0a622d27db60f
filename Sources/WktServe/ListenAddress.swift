import FlyingSocks
import Foundation

/// `--host` and `--port` as a socket address, and how they are shown.
enum ListenAddress {
    /// A `--host`/`--port` that cannot be listened on as given (a usage error, 64).
    struct Invalid: Error {
        let message: String
    }

    /// The address for `host` (an IPv4 or IPv6 address, `[::1]`, or `localhost` for 127.0.0.1).
    static func make(host: String, port: Int) throws(Invalid) -> any SocketAddress {
        guard (0...65_535).contains(port) else { throw Invalid(message: "--port \(port) is not a port (0–65535; 0 takes any free one)") }
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.lowercased() == "localhost" { name = "127.0.0.1" }
        do {
            if name.contains(":") { return try sockaddr_in6.inet6(ip6: name, port: UInt16(port)) }
            return try sockaddr_in.inet(ip4: name, port: UInt16(port))
        } catch {
            throw Invalid(message: "--host '\(host)' is not an IP address (examples: 127.0.0.1, ::1, 0.0.0.0)")
        }
    }

    /// `host:port` as in a URL (IPv6 in brackets).
    static func display(host: String, port: Int) -> String {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        return (bare.contains(":") ? "[\(bare)]" : bare) + ":\(port)"
    }

    /// A socket error in words (`Address already in use`).
    static func describe(_ error: any Error) -> String {
        if case let SocketError.failed(_, code, _) = error { return String(cString: strerror(code)) }
        return "\(error)"
    }
}
