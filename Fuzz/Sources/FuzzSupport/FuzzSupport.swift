#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFuzzDriver

/// Shared helpers of the fuzz targets: the input as bytes, property failures that libFuzzer
/// records as crashes, and the message rule of docs/reliability.md A-09.
public enum Fuzz {
    /// The fuzzer's input as an array (libFuzzer may pass a null pointer for the empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The callback type of libFuzzer.
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// The argument vector of a `<module>_main`.
    public typealias Arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// Runs libFuzzer on `callback` with the process's command line; the `<module>_main` of
    /// every target calls it.
    public static func runDriver(_ argc: CInt, _ argv: Arguments, _ callback: Callback) -> CInt {
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector, callback)
    }

    /// One input, as every target's `LLVMFuzzerTestOneInput` takes it: `check` gets the bytes
    /// (a broken property aborts in it); the result is libFuzzer's 0, "keep going".
    public static func run(_ data: UnsafePointer<UInt8>?, _ size: Int, _ check: ([UInt8]) -> Void) -> CInt {
        check(bytes(data, size))
        return 0
    }

    /// A broken property: print why on stderr and abort, so libFuzzer saves the input as a
    /// `crash-…` reproducer.
    public static func fail(_ why: String) -> Never {
        printError("wkt-fuzz: property failed: \(why)")
        abort()
    }

    /// Writes one line to standard error (file descriptor 2).
    public static func printError(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(2, $0.baseAddress! + done, bytes.count - done) }
            guard count > 0 else { return }
            done += count
        }
    }

    /// What to do when an error or warning message breaks the A-09 rule.
    public enum MessageMode: String, Sendable {
        /// Abort (a crash reproducer), the default.
        case enforce
        /// Print the first few violations on stderr and go on.
        case warn
        /// Do not check messages.
        case off
    }

    /// From `WKT_FUZZ_MESSAGES` (`enforce`, `warn` or `off`; `enforce` when unset).
    public static let messageMode: MessageMode = {
        guard let raw = getenv("WKT_FUZZ_MESSAGES") else { return .enforce }
        return MessageMode(rawValue: String(cString: raw)) ?? .enforce
    }()

    /// Longest message accepted, in UTF-8 bytes. A-09 cuts quoted values to 80 characters and a
    /// whole line to 2,000 characters (escapes such as `\u{1B}` count as one), so even a line of
    /// escaped multi-byte characters stays below this; a message carrying a raw field does not.
    public static let maxMessageBytes = 16 * 1024

    nonisolated(unsafe) private static var warned = 0

    /// Why `message` breaks docs/reliability.md A-09 (one line, control characters shown escaped,
    /// bounded length), or nil when it keeps it.
    public static func messageProblem(_ message: String) -> String? {
        if message.utf8.count > maxMessageBytes {
            return "\(message.utf8.count) bytes, more than \(maxMessageBytes)"
        }
        for scalar in message.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                return "raw control character U+\(String(value, radix: 16, uppercase: true))"
            }
        }
        return nil
    }

    /// Checks one message (an error's description or a warning) against A-09 as `messageMode`
    /// says; `what` names where it came from.
    public static func checkMessage(_ message: String, _ what: String) {
        guard messageMode != .off, let problem = messageProblem(message) else { return }
        let shown = preview(message)
        switch messageMode {
        case .enforce:
            fail("A-09: \(what) message: \(problem): \(shown)")
        case .warn:
            warned += 1
            if warned <= 20 { printError("wkt-fuzz: A-09 (warn): \(what) message: \(problem): \(shown)") }
        case .off:
            break
        }
    }

    /// The first 200 characters of `text` with control characters escaped, for reports.
    public static func preview(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 200 ? out + "…" : out
    }

    /// Writes `bytes` to a per-process scratch file (in `$TMPDIR` or /tmp), runs `body` with its
    /// path (for code that reads a path) and removes the file, so a fuzz run leaves nothing behind.
    public static func withScratchFile(_ bytes: [UInt8], suffix: String, _ body: (String) -> Void) {
        let path = scratchFile(bytes, suffix: suffix)
        defer { unlink(path) }
        body(path)
    }

    /// Writes `bytes` to a per-process scratch file (in `$TMPDIR` or /tmp) and returns its path.
    private static func scratchFile(_ bytes: [UInt8], suffix: String) -> String {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(folder)/wkt-fuzz-\(getpid())\(suffix)"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fail("cannot create scratch file \(path)") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            guard count > 0 else { fail("cannot write scratch file \(path)") }
            done += count
        }
        return path
    }
}
