import WktIO
import WktSite

extension PreviousSite {
    /// The site at `output` as the publisher left it, read through its `FileSystem`: the marker's
    /// stamp and record, whether `index.html` is a regular file, and a reader that takes regular
    /// files of a plausible size only (the paths come from the marker file, and a FIFO or a
    /// device there must not hang or flood the build).
    static func read(output: String, publisher: SitePublisher) -> PreviousSite {
        let fileSystem = publisher.fileSystem
        let marker = publisher.marker(of: output)
        let home = (try? fileSystem.info(output + "/index.html"))??.kind == .file
        return PreviousSite(stamp: marker.flatMap(SitePublisher.stamp(inMarker:)), record: marker, hasHomePage: home) { path in
            let full = output + "/" + path
            guard let info = try? fileSystem.info(full), info.kind == .file, info.size <= 64 << 20 else { return nil }
            return try? fileSystem.readFile(full)
        }
    }
}
