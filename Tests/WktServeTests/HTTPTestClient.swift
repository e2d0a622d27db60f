import Foundation
import WktCore

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP response as read off the wire.
struct HTTPReply {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// `<meta name="wkt-build" content="…">` of an HTML body.
    var buildID: String? {
        guard let range = text.range(of: "<meta name=\"wkt-build\" content=\"") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\"" })
    }

    /// The `<title>` of an HTML body.
    var title: String? {
        guard let open = text.range(of: "<title>"), let close = text.range(of: "</title>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}

/// A raw HTTP/1.1 client on a blocking POSIX socket: it sends request targets exactly as written
/// (`/../x`, `%2e%2e`, `//etc/passwd`), which URL libraries would normalise first, and keeps one
/// connection open for many requests (keep-alive). Reads time out after 20 s, so a hung server
/// fails a test instead of hanging it.
///
/// The socket calls block, so async tests use the `async` forms, which run them on a Dispatch
/// thread: a blocked thread of Swift's cooperative pool (two on this machine) would starve the
/// in-process server the test talks to.
final class HTTPTestClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit { close(fd) }

    /// Sends one request and reads its response.
    func request(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) throws -> HTTPReply {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send: errno \(errno)") }
            sent += count
        }
        return try readResponse(bodyless: method == "HEAD")
    }

    private func readResponse(bodyless: Bool) throws -> HTTPReply {
        let end = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find(end, in: buffer)
            if headerEnd == nil { try fill() }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + end.count)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line \(head)") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = bodyless || status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length { try fill() }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return HTTPReply(status: status, headers: headers, body: body)
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure(description: count == 0 ? "connection closed" : "recv: errno \(errno)") }
        buffer += chunk[..<count]
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<index + needle.count]) == needle { return index }
        }
        return nil
    }

    /// One request on a fresh connection, off the cooperative pool.
    static func fetch(
        port: UInt16, _ target: String, method: String = "GET", headers: [String: String] = [:]
    ) async throws -> HTTPReply {
        try await offPool { try HTTPTestClient(port: port).request(method, target, headers: headers) }
    }

    /// Connects, off the cooperative pool.
    static func connected(port: UInt16) async throws -> HTTPTestClient {
        try await offPool { try HTTPTestClient(port: port) }
    }

    /// One request on this connection, off the cooperative pool.
    func ask(_ method: String = "GET", _ target: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await offPool { try self.request(method, target, headers: headers) }
    }
}

/// Runs blocking work on a Dispatch thread and waits for it without blocking the caller's thread.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

extension HTTPReply {
    /// Whether the ETag is the SHA-256 of the body (GET responses).
    var etagMatchesBody: Bool { headers["etag"] == "\"" + SHA256.hex(body) + "\"" }
}
