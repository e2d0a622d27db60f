#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Putting the new tree in place, and cleaning up or rolling back around it.
extension PublishRun {
    /// Puts the new tree in place and keeps the old one as `<output>.prev`. Past the commit
    /// point (the exchange or the second rename) nothing throws: later failures are warnings.
    mutating func swap() throws(PublishError) -> SwapMethod {
        let fileSystem = fileSystem
        let temporary = temporary
        let output = location.output
        let previous = location.previous
        guard state.outputExists else {
            do throws(FileSystemError) {
                try fileSystem.rename(temporary, output)
            } catch {
                throw .io(step: .swap, failure: error, leftover: rollBack())
            }
            return .rename
        }
        do throws(FileSystemError) {
            try fileSystem.renameExchange(temporary, output)
        } catch let error where Self.exchangeUnsupported.contains(error.code) {
            return try swapWithTwoRenames()
        } catch {
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        // Committed: `temporary` now holds the old site.
        removeUndoFolder()
        do throws(FileSystemError) {
            try fileSystem.rename(temporary, previous)
        } catch {
            warnings.append("the previous build could not be kept as '\(previous)': \(error)")
            if let leftover = removeTemporary() {
                warnings.append("the previous build is left in '\(leftover)'; the next build removes it")
            }
        }
        return .exchange
    }

    /// `errno` values for which `renameat2(RENAME_EXCHANGE)` is unsupported rather than failed.
    static let exchangeUnsupported: Set<Int32> = [EINVAL, ENOSYS, EXDEV, EOPNOTSUPP]

    /// The fallback: `output → output.prev`, then `tmp → output`; undoes the first rename if
    /// the second fails.
    private mutating func swapWithTwoRenames() throws(PublishError) -> SwapMethod {
        let output = location.output
        let previous = location.previous
        do throws(FileSystemError) {
            try fileSystem.rename(output, previous)
        } catch {
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        do throws(FileSystemError) {
            try fileSystem.rename(temporary, output)
        } catch {
            do throws(FileSystemError) {
                try fileSystem.rename(previous, output)
            } catch let rollback {
                throw .siteMissing(output: output, previous: previous, failure: rollback)
            }
            throw .io(step: .swap, failure: error, leftover: rollBack())
        }
        removeUndoFolder()
        return .twoRenames
    }

    /// exactly as it was, or else removes the temporary folder. Returns the path of a
    /// folder that could not be removed (the next run removes it as stale), else nil.
    func rollBack() -> String? {
        if let undo {
            do throws(FileSystemError) {
                try undo.undo(fileSystem: fileSystem, markerPath: joinPath(temporary, OutputPlan.markerName))
                try fileSystem.rename(temporary, location.previous)
                return nil
            } catch {
                // Could not restore it: the previous build is lost, as before A-14; site/ is intact.
                if undo.folderCreated { try? fileSystem.removeTree(undo.folder) }
            }
        }
        return removeTemporary()
    }

    /// Deletes the undo folder once the new build is in place; a failure is a warning (the
    /// folder carries the marker, so the next run removes it as stale).
    private mutating func removeUndoFolder() {
        guard let undo, undo.folderCreated else { return }
        do throws(FileSystemError) {
            try fileSystem.removeTree(undo.folder)
        } catch {
            warnings.append("could not remove '\(undo.folder)': \(error) (the next build removes it)")
        }
    }

    /// Removes the temporary folder after a failure; returns its path if that failed too.
    func removeTemporary() -> String? {
        do {
            try fileSystem.removeTree(temporary)
            return nil
        } catch {
            return temporary
        }
    }

    /// `fsync`s the parent folder so the renames are durable; a failure is a warning because
    /// the new build is already in place.
    mutating func syncParent() {
        do throws(FileSystemError) {
            try fileSystem.syncDirectory(location.parent)
        } catch {
            warnings.append("the new build is in place but syncing its folder failed: \(error)")
        }
    }
}
