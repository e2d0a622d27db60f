import Foundation
import Testing
@testable import WktServe

@Suite("serve: no way out of the output folder")
struct PathAttackTests {
    @Test("RequestPath: plain paths give their components")
    func plainPaths() throws {
        #expect(try RequestPath(raw: "/").components == [])
        #expect(try RequestPath(raw: "/").isFolder)
        #expect(try RequestPath(raw: "/exercises/").components == ["exercises"])
        #expect(try RequestPath(raw: "/exercises/").isFolder)
        #expect(try RequestPath(raw: "/a/b%20c.html").components == ["a", "b c.html"])
        #expect(try RequestPath(raw: "/caf%C3%A9.html").components == ["café.html"])
        #expect(try RequestPath(raw: "/%252e%252e").components == ["%2e%2e"], "decoded once, never twice")
        #expect(try !RequestPath(raw: "/index.html").isFolder)
    }

    @Test("RequestPath: each malformed or escaping path is refused with its reason",
          arguments: [
              ("/..", RequestPath.Refusal.dotSegment), ("/a/../b", .dotSegment), ("/.", .dotSegment),
              ("/%2e%2e/x", .dotSegment), ("/.%2E/x", .dotSegment), ("/%2E/x", .dotSegment),
              ("/..%2fx", .encodedSeparator), ("/a%2Fb", .encodedSeparator), ("/a%5cb", .encodedSeparator),
              ("/a\\b", .backslash), ("/..\\x", .backslash),
              ("/%00", .controlCharacter), ("/index.html%00.css", .controlCharacter), ("/a%0d%0aX: y", .forbiddenByte),
              ("/a%0a", .controlCharacter), ("/a%7f", .controlCharacter),
              ("//etc/passwd", .emptyComponent), ("/a//b", .emptyComponent),
              ("etc/passwd", .notOriginForm), ("*", .notOriginForm), ("http://127.0.0.1/x", .notOriginForm), ("", .notOriginForm),
              ("/%zz", .badEscape), ("/%2", .badEscape), ("/a%", .badEscape),
              ("/%c0%ae%c0%ae/x", .notUTF8), ("/%ff", .notUTF8),
              ("/a\u{7F}", .forbiddenByte), ("/é", .forbiddenByte),
          ])
    func refused(raw: String, reason: RequestPath.Refusal) {
        #expect(throws: reason) { try RequestPath(raw: raw) }
    }

    @Test("every attack over HTTP answers 400 or 404 and never a byte from outside the site", .enabled(if: ServeBinary.available))
    func attacks() async throws {
        try await ServeSandbox.servingFirstExport(prepare: { try $0.write("secret.txt", "TOP-SECRET\n") }) { sandbox, server in
            try await attack(server, sandbox: sandbox)
        }
    }

    private func attack(_ server: ServedSite, sandbox: ServeSandbox) async throws {
        let site = sandbox.directory + "/site"
        try FileManager.default.createSymbolicLink(atPath: site + "/leak.txt", withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: site + "/leak-absolute.txt", withDestinationPath: sandbox.directory + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: site + "/leakdir", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: site + "/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: site + "/home.html", withDestinationPath: "index.html")

        let attacks = [
            "/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
            "/%2e%2e%2fsecret.txt", "/assets/..%2f..%2fsecret.txt", "/assets/../../secret.txt", "/%252e%252e/secret.txt",
            "/index.html%00.css", "/%00", "/secret.txt%00", "//etc/passwd", "///etc/passwd", "/etc/passwd",
            sandbox.directory + "/secret.txt", "/" + sandbox.directory + "/secret.txt", "http://127.0.0.1" + sandbox.directory + "/secret.txt",
            "/leak.txt", "/leak-absolute.txt", "/leakdir/passwd", "/leakdir/", "/up/secret.txt", "/up/",
            "/..\\secret.txt", "/assets\\..\\..\\secret.txt", "/%5c..%5csecret.txt", "/%c0%ae%c0%ae/secret.txt",
            "/.wkt-site", "/.wkt-site/", "/%2ewkt-site",
        ]
        for attack in attacks {
            for method in ["GET", "HEAD"] {
                let reply = try await HTTPTestClient.fetch(port: server.port, attack, method: method)
                #expect(reply.status == 400 || reply.status == 404, "\(method) \(attack) answered \(reply.status)")
                #expect(!reply.text.contains("TOP-SECRET") && !reply.text.contains("root:"), "\(method) \(attack) leaked")
            }
        }
        // A link that stays inside the site is followed.
        let inside = try await HTTPTestClient.fetch(port: server.port, "/home.html")
        #expect(inside.status == 200)
        #expect(inside.body == sandbox.siteBytes("index.html"))
    }
}
