/// The default templates and assets, compiled into the binary so `wkt-site` works from any
/// directory.
///
/// The files live in `Sources/WktSite/Resources/templates/` and `Sources/WktSite/Resources/assets/`;
/// SwiftPM embeds their bytes at build time (`.embedInCode` in Package.swift) as the generated
/// `PackageResources` enum, one `[UInt8]` per file named after the file alone
/// (`partials/header.mustache` becomes `header_mustache`; two files of the same name are a build
/// error). The lists below give each file back its path; a test fails when a file in those
/// folders is missing from them.
public enum EmbeddedResources {
    /// One embedded file.
    public struct File: Sendable, Hashable {
        /// The path relative to `templates/` or `assets/` (`partials/header.mustache`).
        public let path: String
        /// The file's text.
        public let contents: String

        /// A file from its path and its embedded UTF-8 bytes.
        init(_ path: String, _ bytes: [UInt8]) {
            self.path = path
            self.contents = String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The Mustache templates, sorted by path (the order is part of ``LayoutRenderer/fingerprint``).
    public static let templates: [File] = [
        File("empty-store.mustache", PackageResources.empty_store_mustache),
        File("layout.mustache", PackageResources.layout_mustache),
        File("not-found.mustache", PackageResources.not_found_mustache),
        File("partials/footer.mustache", PackageResources.footer_mustache),
        File("partials/header.mustache", PackageResources.header_mustache),
    ]

    /// The files written to the site's `assets/` folder (CSS, favicon), sorted by path.
    public static let assets: [File] = [
        File("favicon.svg", PackageResources.favicon_svg),
        File("style.css", PackageResources.style_css),
    ]
}
