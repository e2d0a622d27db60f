import CInterrupt

/// SIGINT and SIGTERM turned into a flag that long operations poll (docs/reliability.md C-05): while
/// installed, the signals only record themselves, so a build can remove its temporary folder,
/// keep the old site and exit 130 or 143 instead of dying mid-write.
public struct Interrupts: Sendable {
    private init() {}

    /// Starts recording SIGINT/SIGTERM for the lifetime of the returned value's use; call
    /// ``restore()`` when the protected operation is over.
    public static func install() -> Interrupts {
        _ = wkt_interrupt_install()
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

    /// Restores the default dispositions.
    public func restore() { wkt_interrupt_restore() }
}
