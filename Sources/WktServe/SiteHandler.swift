import FlyingFox
import Foundation
import WktCore

/// Answers every request of the preview (docs/product.md "Local preview"):
///
/// - `GET` and `HEAD` only (else 405 with `Allow`); `HEAD` sends the headers `GET` would, with
///   its `Content-Length`, and no body;
/// - the path is checked by ``RequestPath`` (400 when malformed) and looked up by ``SiteFiles``
///   (a folder without its slash → 301 to it; nothing there → the site's `404.html` with status
///   404, or a plain text 404 when the site has none);
/// - `/__wkt/live.js` and `/__wkt/build` with `--live-reload` (``LiveReload``); nothing else under
///   `/__wkt/` is ever a site file;
/// - every response has `Cache-Control: no-cache` and `X-Content-Type-Options: nosniff`; a file
///   has its ``ContentTypes`` type and a strong `ETag` (SHA-256 of the bytes sent), and a
///   matching `If-None-Match` gets 304.
///
/// The file's bytes are read once, inside the ``SiteGate``, and the ETag, the length and the body
/// all come from those bytes, so no response mixes two builds.
struct SiteHandler: HTTPHandler {
    /// The output folder's files.
    let files: SiteFiles
    /// The gate shared with the rebuilds' publish stage.
    let gate: SiteGate
    /// Whether served HTML loads the live-reload script.
    let liveReload: Bool
    /// The current build counter (for live reload).
    let counter: @Sendable () -> Int

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let isHead = request.method == .HEAD
        guard request.method == .GET || isHead else {
            var response = Self.text(.methodNotAllowed, "method not allowed\n", head: false)
            response.headers[HTTPHeader("Allow")] = "GET, HEAD"
            return response
        }
        let path: RequestPath
        do {
            path = try RequestPath(raw: request.target.path(percentEncoded: true))
        } catch {
            return Self.text(.badRequest, "bad request\n", head: isHead)
        }
        if path.components.first == "__wkt" { return serveInternal(path, request: request, head: isHead) }

        let found = await gate.read { () -> (lookup: SiteFiles.Lookup, notFound: (path: String, bytes: [UInt8])?) in
            let lookup = files.lookup(path)
            return (lookup, lookup == .notFound ? files.notFoundPage() : nil)
        }
        switch found.lookup {
        case let .file(filePath, bytes):
            return respond(.ok, bytes: bytes, type: ContentTypes.forPath(filePath), request: request, head: isHead)
        case let .redirect(location):
            // The query goes along only when it is plain visible ASCII, as the path is: no byte
            // of a request may end up as a line break in a header.
            let query = request.target.query(percentEncoded: true)
            let keep = !query.isEmpty && query.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
            var response = Self.text(.movedPermanently, "moved to \(location)\n", head: isHead)
            response.headers[.location] = keep ? location + "?" + query : location
            return response
        case .notFound:
            guard let page = found.notFound else { return Self.text(.notFound, "not found\n", head: isHead) }
            return respond(.notFound, bytes: page.bytes, type: ContentTypes.forPath(page.path), request: request, head: isHead)
        }
    }

    /// `/__wkt/…`: the live-reload script and counter, when live reload is on.
    private func serveInternal(_ path: RequestPath, request: HTTPRequest, head: Bool) -> HTTPResponse {
        guard liveReload else { return Self.text(.notFound, "not found\n", head: head) }
        switch "/" + path.components.joined(separator: "/") {
        case LiveReload.scriptPath:
            return respond(.ok, bytes: Array(LiveReload.script.utf8), type: ContentTypes.byExtension["js"] ?? ContentTypes.fallback,
                           request: request, head: head, inject: false)
        case LiveReload.buildPath:
            var response = respond(.ok, bytes: Array(LiveReload.buildJSON(counter: counter()).utf8),
                                   type: ContentTypes.byExtension["json"] ?? ContentTypes.fallback,
                                   request: request, head: head, inject: false)
            response.headers[.cacheControl] = "no-store"
            return response
        default:
            return Self.text(.notFound, "not found\n", head: head)
        }
    }

    /// A file's response: the body as sent (HTML with the live-reload script when asked), its
    /// strong ETag, and 304 when `If-None-Match` names it (only for 200s).
    private func respond(
        _ status: HTTPStatusCode, bytes: [UInt8], type: String, request: HTTPRequest, head: Bool, inject: Bool = true
    ) -> HTTPResponse {
        let body = inject && liveReload && ContentTypes.isHTML(type) ? LiveReload.inject(into: bytes, counter: counter()) : bytes
        let tag = "\"" + SHA256.hex(body) + "\""
        var headers = Self.commonHeaders
        headers[.contentType] = type
        if status == .ok {
            headers[.eTag] = tag
            if let condition = request.headers[.ifNoneMatch], Self.matches(condition, tag: tag) {
                headers[.contentLength] = String(body.count)
                return HTTPResponse(statusCode: .notModified, headers: headers)
            }
        }
        if head {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body))
    }

    /// Whether an `If-None-Match` value names `tag` (weak comparison, as RFC 9110 asks for
    /// this header), or is `*`.
    static func matches(_ condition: String, tag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value == "*" { return true }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }

    /// The headers of every response.
    static let commonHeaders: HTTPHeaders = [
        .cacheControl: "no-cache",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
    ]

    /// A short plain-text response (errors, redirects).
    static func text(_ status: HTTPStatusCode, _ message: String, head: Bool) -> HTTPResponse {
        var headers = commonHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        let body = Data(message.utf8)
        if head {
            headers[.contentLength] = String(body.count)
            return HTTPResponse(statusCode: status, headers: headers)
        }
        return HTTPResponse(statusCode: status, headers: headers, body: body)
    }
}
