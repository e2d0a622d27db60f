import Foundation
import Testing
@testable import WktServe

@Suite("serve: responses", .enabled(if: ServeBinary.available))
struct ResponseTests {
    @Test("content types: every kind of file the build writes, and what users add beside it")
    func contentTypes() async throws {
        try await ServeSandbox.servingFirstExport { sandbox, server in
            for (name, bytes) in [("robots.txt", "User-agent: *\n"), ("app.webmanifest", "{}"), ("favicon.ico", "ico"),
                                  ("icon.png", "png"), ("CNAME", "example.org\n")] {
                try sandbox.write("site/" + name, bytes)
            }
            let expected = [
                "/index.html": "text/html; charset=utf-8", "/assets/style.css": "text/css; charset=utf-8",
                "/assets/favicon.svg": "image/svg+xml; charset=utf-8", "/feed.xml": "application/xml; charset=utf-8",
                "/data/stats.json": "application/json", "/robots.txt": "text/plain; charset=utf-8",
                "/app.webmanifest": "application/manifest+json", "/favicon.ico": "image/x-icon", "/icon.png": "image/png",
                "/CNAME": "application/octet-stream",
            ]
            for (path, type) in expected {
                let reply = try await HTTPTestClient.fetch(port: server.port, path)
                #expect(reply.status == 200, "\(path)")
                #expect(reply.headers["content-type"] == type, "\(path): \(reply.headers["content-type"] ?? "none")")
                #expect(reply.headers["cache-control"] == "no-cache")
                #expect(reply.headers["x-content-type-options"] == "nosniff")
                #expect(reply.body == sandbox.siteBytes(String(path.dropFirst())), "\(path): the file's bytes")
            }
        }
        #expect(ContentTypes.forPath("a/b.HTML") == "text/html; charset=utf-8")
        #expect(ContentTypes.forPath(".hidden") == ContentTypes.fallback)
        #expect(ContentTypes.forPath("noextension") == ContentTypes.fallback)
    }

    @Test("folders: / and /dir/ serve index.html; /dir redirects to /dir/ (301, query kept)")
    func folders() async throws {
        try await ServeSandbox.servingFirstExport { sandbox, server in
            let root = try await HTTPTestClient.fetch(port: server.port, "/")
            #expect(root.status == 200)
            #expect(root.body == sandbox.siteBytes("index.html"))
            let folder = try await HTTPTestClient.fetch(port: server.port, "/exercises/")
            #expect(folder.status == 200)
            #expect(folder.body == sandbox.siteBytes("exercises/index.html"))
            #expect(folder.headers["content-type"] == "text/html; charset=utf-8")
            let bare = try await HTTPTestClient.fetch(port: server.port, "/exercises")
            #expect(bare.status == 301)
            #expect(bare.headers["location"] == "/exercises/")
            let query = try await HTTPTestClient.fetch(port: server.port, "/exercises?sort=name")
            #expect(query.headers["location"] == "/exercises/?sort=name")
            #expect(try await HTTPTestClient.fetch(port: server.port, "/index.html/").status == 404)
            #expect(try await HTTPTestClient.fetch(port: server.port, "/", method: "POST").status == 405)
        }
    }

    @Test("a missing page gets the site's 404.html with status 404, on GET and HEAD")
    func notFound() async throws {
        try await ServeSandbox.servingFirstExport { sandbox, server in
            let reply = try await HTTPTestClient.fetch(port: server.port, "/workouts/nope.html")
            #expect(reply.status == 404)
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(!sandbox.siteBytes("404.html").isEmpty)
            #expect(reply.body == sandbox.siteBytes("404.html"))
            #expect(reply.headers["etag"] == nil, "no validator on an error")
            let head = try await HTTPTestClient.fetch(port: server.port, "/workouts/nope.html", method: "HEAD")
            #expect(head.status == 404)
            #expect(head.headers["content-length"] == String(reply.body.count))
            try FileManager.default.removeItem(atPath: sandbox.directory + "/site/404.html")
            let plain = try await HTTPTestClient.fetch(port: server.port, "/nope")
            #expect(plain.status == 404)
            #expect(plain.text == "not found\n")
        }
    }

    @Test("HEAD sends GET's headers and no body; the connection stays usable")
    func head() async throws {
        try await ServeSandbox.servingFirstExport { sandbox, server in
            let client = try await HTTPTestClient.connected(port: server.port)
            let head = try await client.ask("HEAD", "/index.html")
            let get = try await client.ask("GET", "/index.html")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(sandbox.siteBytes("index.html").count))
            #expect(head.headers["etag"] == get.headers["etag"])
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(get.body == sandbox.siteBytes("index.html"), "no stray body bytes after the HEAD response")
        }
    }

    @Test("ETag: strong, the SHA-256 of the bytes sent; If-None-Match with it gives 304 and no body")
    func conditional() async throws {
        try await ServeSandbox.servingFirstExport { sandbox, server in
            let client = try await HTTPTestClient.connected(port: server.port)
            let first = try await client.ask("GET", "/assets/style.css")
            #expect(first.etagMatchesBody)
            let tag = try #require(first.headers["etag"])
            #expect(!tag.hasPrefix("W/"))
            for condition in [tag, "W/" + tag, "\"other\", " + tag, "*"] {
                let again = try await client.ask("GET", "/assets/style.css", headers: ["If-None-Match": condition])
                #expect(again.status == 304, "\(condition)")
                #expect(again.body.isEmpty)
                #expect(again.headers["etag"] == tag)
            }
            let other = try await client.ask("GET", "/assets/style.css", headers: ["If-None-Match": "\"other\""])
            #expect(other.status == 200)
            #expect(other.body == first.body)
        }
        #expect(SiteHandler.matches("\"a\" , W/\"b\"", tag: "\"b\""))
        #expect(!SiteHandler.matches("\"a\"", tag: "\"b\""))
    }

    @Test("live reload: the script is in the served page, allowed by its CSP, and absent from the file on disk")
    func liveReload() async throws {
        try await ServeSandbox.servingFirstExport(liveReload: true) { sandbox, server in
            for path in ["index.html", "exercises/index.html", "404.html"] {
                let reply = try await HTTPTestClient.fetch(port: server.port, "/" + path)
                #expect(reply.text.contains("<script src=\"/__wkt/live.js\" data-build=\"1\"></script>\n</body>"), "\(path)")
                #expect(reply.text.contains("script-src 'self'; connect-src 'self'\">"), "\(path): the CSP allows it")
                #expect(reply.etagMatchesBody || reply.status == 404)
                let disk = String(decoding: sandbox.siteBytes(path), as: UTF8.self)
                #expect(!disk.isEmpty)
                #expect(!disk.contains("<script") && !disk.contains("script-src"), "\(path) on disk stays script-free (R-13)")
            }
            let css = try await HTTPTestClient.fetch(port: server.port, "/assets/style.css")
            #expect(css.body == sandbox.siteBytes("assets/style.css"), "only HTML is touched")
            let script = try await HTTPTestClient.fetch(port: server.port, "/__wkt/live.js")
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("/__wkt/build"))
            let build = try await HTTPTestClient.fetch(port: server.port, "/__wkt/build")
            #expect(build.text == "{\"build\": 1}\n")
            #expect(build.headers["cache-control"] == "no-store")
            #expect(try await HTTPTestClient.fetch(port: server.port, "/__wkt/other").status == 404)
        }
    }

    @Test("without --live-reload pages are served as built and /__wkt/ does not exist")
    func noLiveReload() async throws {
        try await ServeSandbox.servingFirstExport(liveReload: false) { sandbox, server in
            let page = try await HTTPTestClient.fetch(port: server.port, "/index.html")
            #expect(page.body == sandbox.siteBytes("index.html"), "without --live-reload pages are served as built")
            #expect(try await HTTPTestClient.fetch(port: server.port, "/__wkt/build").status == 404)
        }
    }
}

@Suite("serve: live reload's changes to a served page")
struct LiveReloadTests {
    @Test("live reload widens each CSP by script-src and connect-src 'self' only")
    func widenPolicy() {
        let ours = "default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'"
        #expect(LiveReload.widen(policy: ours) == ours + "; script-src 'self'; connect-src 'self'")
        #expect(LiveReload.widen(policy: "script-src 'none'; connect-src https:") == "script-src 'self'; connect-src https: 'self'")
        #expect(LiveReload.widen(policy: "script-src 'self'; connect-src 'self'") == "script-src 'self'; connect-src 'self'")
        let reversed = "<meta content='default-src &#39;none&#39;' http-equiv=\"content-security-policy\">"
        let widened = "<meta content='default-src &#39;none&#39;; script-src &#39;self&#39;; connect-src &#39;self&#39;' "
            + "http-equiv=\"content-security-policy\">"
        #expect(LiveReload.widenPolicies(in: reversed) == widened)
        let unrelated = "<meta name=\"description\" content=\"default-src\">"
        #expect(LiveReload.widenPolicies(in: unrelated) == unrelated)
        let injected = LiveReload.inject(into: Array("<p>x".utf8), counter: 3)
        #expect(injected == Array("<p>x<script src=\"/__wkt/live.js\" data-build=\"3\"></script>\n".utf8), "no </body>: at the end")
    }
}
