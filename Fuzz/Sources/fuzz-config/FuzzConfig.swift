#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import WktConfig
import WktCore

/// Fuzz target `config`: `ConfigLoader.parse`, the reader of `wkt-site.toml` (TOMLKit, then
/// the key rules), on any valid UTF-8 text (`ConfigLoader.load` rejects other bytes before).
///
/// Properties: no crash, no hang; failures are `ConfigError` (typed throws) whose message obeys
/// A-09; accepted settings keep their documented ranges (`day_cutoff_hour` 0–23,
/// `weekly_target` ≥ 1, schedule names non-empty).
///
/// Known crashes (Fuzz/Regressions/config/): in an array, `[` or `,` followed by blanks or
/// line breaks and `}` (`a=[}`) fails toml++'s `parse_value` assertion; and toml++ asserts when a table header `[` or `[[`
/// (after optional blanks) is followed by anything but a bare-key character, a quote, `]` or the
/// end of the input (a line break counts as bad), and aborts. With `WKT_FUZZ_SKIP_KNOWN=1` such inputs are skipped so the
/// fuzzer can look for other faults; remove the skip when the loader guards against it.
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzConfig(_:_:)``.
@_cdecl("fuzz_config_main")
public func fuzzConfigMain(_ argc: CInt, _ argv: Fuzz.Arguments) -> CInt { Fuzz.runDriver(argc, argv, fuzzConfig) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { Fuzz.run(data, size, checkConfig) }

private func checkConfig(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    if skipKnown && (hitsKnownTableHeaderAssert(bytes) || hitsKnownArrayBraceAssert(bytes)) { return }
    do throws(ConfigError) {
        let settings = try ConfigLoader.parse(toml: text, file: "wkt-site.toml", defaultTimeZone: "UTC")
        guard (0...23).contains(settings.dayCutoffHour) else { Fuzz.fail("day_cutoff_hour \(settings.dayCutoffHour)") }
        guard settings.weeklyTarget >= 1 else { Fuzz.fail("weekly_target \(settings.weeklyTarget)") }
        if let schedule = settings.schedule, schedule.days.values.contains(where: \.isEmpty) {
            Fuzz.fail("empty routine name in schedule")
        }
    } catch {
        Fuzz.checkMessage(error.description, "ConfigError")
    }
}

private let skipKnown = getenv("WKT_FUZZ_SKIP_KNOWN").map { String(cString: $0) == "1" } ?? false

/// Whether some line starts (after blanks) with `[` or `[[` and blanks, then a byte that is not
/// a bare-key character (`A-Z a-z 0-9 _ -`), a quote, `]` or the end of the input (a line break
/// asserts too): the shape
/// that makes toml++ assert in `parse_key`. Over-approximates (a `[` line inside a multi-line
/// string also counts), which only skips a few more inputs.
func hitsKnownTableHeaderAssert(_ bytes: [UInt8]) -> Bool {
    func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    func isFine(_ b: UInt8) -> Bool {
        (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: "\"")
            || b == UInt8(ascii: "'") || b == UInt8(ascii: "]")
    }
    var i = 0
    while i < bytes.count {
        var j = i
        while j < bytes.count, isBlank(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: "[") {
            j += 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "[") { j += 1 }
            while j < bytes.count, isBlank(bytes[j]) { j += 1 }
            if j < bytes.count, !isFine(bytes[j]) { return true }
        }
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        i += 1
    }
    return false
}

/// Whether a `[` or `,` is followed (after blanks and line breaks) by `}`: the shape that makes
/// toml++ assert in `parse_value` (`a=[}`, `a=[1,}`). Over-approximates like the check above.
func hitsKnownArrayBraceAssert(_ bytes: [UInt8]) -> Bool {
    var i = 0
    while i < bytes.count {
        if bytes[i] == UInt8(ascii: "[") || bytes[i] == UInt8(ascii: ",") {
            var j = i + 1
            while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "}") { return true }
        }
        i += 1
    }
    return false
}
