import FuzzSupport
import WktConfig
import WktCore

/// Fuzz target `config`: `ConfigLoader.parse`, the reader of `wkt-site.toml` (TOMLKit, then
/// the key rules), on any valid UTF-8 text (`ConfigLoader.load` rejects other bytes before).
///
/// Properties: no crash, no hang; failures are `ConfigError` (typed throws) whose message obeys
/// A-09; accepted settings keep their documented ranges (`day_cutoff_hour` 0–23,
/// `weekly_target` ≥ 1, schedule names non-empty).
/// The process entry (see Fuzz/Package.swift): libFuzzer's driver on ``fuzzConfig(_:_:)``.
@_cdecl("fuzz_config_main")
public func fuzzConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.runDriver(argc, argv, fuzzConfig)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
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
    return 0
}
