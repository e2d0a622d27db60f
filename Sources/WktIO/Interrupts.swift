import CInterrupt
import Synchronization

/// SIGINT and SIGTERM turned into a flag that long operations poll (docs/reliability.md C-05): while
/// installed, the signals only record themselves, so a build can remove its temporary folder,
/// keep the old site and exit 130 or 143 instead of dying mid-write.
///
/// Installations nest: `wkt-site serve` installs the handlers for its whole run and each of its
/// rebuilds installs them again through `BuildRunner`. Only the outermost ``install()`` resets
/// the flag and only the matching outermost ``restore()`` restores the default dispositions, so
/// a Ctrl-C that arrives between two rebuilds is neither forgotten nor fatal.
public struct Interrupts: Sendable {
    private init() {}

    /// How many installations are active.
    private static let depth = Mutex(0)

    /// Starts recording SIGINT/SIGTERM for the lifetime of the returned value's use; call
    /// ``restore()`` when the protected operation is over.
    public static func install() -> Interrupts {
        depth.withLock { depth in
            if depth == 0 { _ = wkt_interrupt_install() }
            depth += 1
        }
        return Interrupts()
    }

    /// The signal received since ``install()``, or nil.
    public var received: Int32? {
        let signal = wkt_interrupt_received()
        return signal == 0 ? nil : signal
    }

    /// Whether a signal arrived (for ``SitePublisher/publish(files:to:keep:sync:stamp:shouldStop:)``).
    public var stopRequested: @Sendable () -> Bool { { wkt_interrupt_received() != 0 } }

    /// The conventional exit status for the received signal: 128 + its number (130, 143).
    public var exitStatus: Int32? { received.map { 128 + $0 } }

    /// Ends this installation; the outermost one restores the default dispositions.
    public func restore() {
        Self.depth.withLock { depth in
            depth = max(0, depth - 1)
            if depth == 0 { wkt_interrupt_restore() }
        }
    }
}
