import FlyingFox
import FlyingSocks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// FlyingFox's socket pool with Nagle's algorithm switched off (`TCP_NODELAY`) on every socket
/// it waits on: the listening socket as soon as it waits for the first connection (accepted
/// sockets inherit the option from it on Linux) and each connection when it waits for a request.
///
/// FlyingFox sends a response's head and body with two `send` calls. With Nagle's algorithm the
/// body then waits until the client acknowledges the head, and clients delay that
/// acknowledgement (40 ms on Linux): every page took 30–50 ms on loopback, measured, instead of
/// the few milliseconds it takes without.
struct NoDelaySocketPool: AsyncSocketPool {
    /// The pool doing the work (epoll on Linux).
    let base: any AsyncSocketPool

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // A socket that is not TCP refuses the option; that is fine.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
