/// Copying the keep-list from the old site into the temporary folder.
extension PublishRun {
    /// Copies one keep-list entry from the old site when it is there. Its folders in the old
    /// site must be real folders (a symbolic link on the way is not followed); a path the new
    /// build writes wins over the kept copy.
    mutating func copyKeptEntry(_ entry: String) throws(PublishError) {
        let fileSystem = fileSystem
        let components = OutputPlan.components(of: entry).map(String.init)
        for depth in 1..<components.count {
            let folder = components[0..<depth].joined(separator: "/")
            let source = joinPath(location.output, folder)
            let kind = try performing(.keep) { () throws(FileSystemError) in try fileSystem.info(source)?.kind }
            if kind == nil { return }
            if kind != .directory {
                warnings.append("kept '\(entry)' was not copied: '\(folder)' in the old site is not a folder")
                return
            }
        }
        let source = joinPath(location.output, entry)
        if try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(source) }) == nil { return }
        for depth in 1..<components.count {
            let folder = components[0..<depth].joined(separator: "/")
            let destination = joinPath(temporary, folder)
            switch try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(destination)?.kind }) {
            case nil:
                try performing(.keep) { () throws(FileSystemError) in try fileSystem.makeDirectory(destination, 0o755) }
                undo?.recordCreated(destination)
            case .directory:
                break
            default:
                warnings.append("kept '\(entry)' was not copied: the new build writes the file '\(folder)'")
                return
            }
        }
        if try copy(entry) { keptEntries.append(entry) }
    }

    /// Copies one entry (file, symbolic link as a link, or folder with its contents) from the
    /// old site into the temporary folder, keeping permission bits; returns whether anything
    /// was copied (false when the new build already writes that path).
    @discardableResult
    private mutating func copy(_ relative: String) throws(PublishError) -> Bool {
        let fileSystem = fileSystem
        let source = joinPath(location.output, relative)
        let destination = joinPath(temporary, relative)
        guard let info = try performing(.keep, { () throws(FileSystemError) in try fileSystem.info(source) }) else {
            return false
        }
        let existing = try performing(.keep) { () throws(FileSystemError) in try fileSystem.info(destination) }
        if let existing {
            if existing.kind == .directory, info.kind == .directory {
                try copyChildren(of: relative)
                return true
            }
            warnings.append("kept '\(relative)' was not copied: the new build writes that path")
            return false
        }
        let permissions = info.permissions & 0o777
        // Recorded before the call: a partly written file or folder is removed on undo too.
        if info.kind != .other { undo?.recordCreated(destination) }
        switch info.kind {
        case .file:
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.writeFile(destination, fileSystem.readFile(source), permissions)
            }
        case .symlink:
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.makeSymlink(fileSystem.readSymlink(source), destination)
            }
        case .directory:
            // Writable while filling; the original bits afterwards.
            try performing(.keep) { () throws(FileSystemError) in
                try fileSystem.makeDirectory(destination, permissions | 0o700)
            }
            try copyChildren(of: relative)
            if permissions | 0o700 != permissions {
                try performing(.keep) { () throws(FileSystemError) in try fileSystem.setPermissions(destination, permissions) }
            }
        case .other:
            warnings.append("kept '\(relative)' was not copied: it is not a file, folder or symbolic link")
            return false
        }
        return true
    }

    /// Copies every entry of a kept folder.
    private mutating func copyChildren(of relative: String) throws(PublishError) {
        let fileSystem = fileSystem
        let source = joinPath(location.output, relative)
        let names = try performing(.keep) { () throws(FileSystemError) in try fileSystem.listDirectory(source) }
        for name in names { try copy(relative + "/" + name) }
    }
}
