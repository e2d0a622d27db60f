/// `sitemap.xml` (only with a base URL): every HTML page but `404.html`, in path order.
enum Sitemap {
    /// The sitemap for `paths` (already sorted) under `baseURL` (ending in `/`).
    static func document(paths: [String], baseURL: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in paths where path.hasSuffix(".html") && path != SitePaths.notFound {
            out += "<url><loc>\(AtomFeed.escape(absoluteURL(path, baseURL: baseURL)))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    /// The absolute URL of the generated page `path` under `baseURL` (ending in `/`): the sitemap's
    /// `<loc>` and the pages' `og:url` and canonical link (``ShareMeta``). Not escaped.
    static func absoluteURL(_ path: String, baseURL: String) -> String {
        baseURL + percentEncoded(path)
    }

    /// Percent-encodes every byte of a generated path that is not an unreserved URL character
    /// or `/` (slugs may hold non-ASCII letters).
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
