import Foundation
import Testing
import WktCore
@testable import WktImport

/// The real exports in `../shared/formats-samples/` (relative to the package root, which is the
/// working directory under `swift test`; env `WKT_SAMPLES` overrides). They are third-party data
/// and never copied into the repository; the suite is skipped when the folder is absent.
enum Samples {
    /// The samples folder.
    static var root: String {
        ProcessInfo.processInfo.environment["WKT_SAMPLES"]
            ?? FileManager.default.currentDirectoryPath + "/../shared/formats-samples"
    }

    /// Whether the folder is there.
    static var available: Bool {
        var isDirectory: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue
        if !found { print("note: real samples not found at \(root); set WKT_SAMPLES to run the real-sample tests") }
        return found
    }

    /// Per file: format id, workouts, stored sets, rest rows, Σ weight kg, Σ reps, Σ distance m.
    ///
    /// Computed independently of this code with python3's `csv` module (`encoding='utf-8-sig'`,
    /// delimiter `;` when line 1 has more `;` than `,`): workouts = distinct `Date` (Strong) or
    /// (`start_time`, `end_time`, `title`) (Hevy) values; sets = rows whose `Set Order`
    /// (`Reihenfolge festlegen`) is not `Rest Timer`, `Ruhezeit` or `Note` (every Hevy row); rest rows =
    /// `Rest Timer`/`Ruhezeit` rows; Σ weight = sum over sets of round(kg × 1000) / 1000 with lb values
    /// (`Weight Unit` = `lbs`, `weight_lbs`) × 0.45359237 and unit-less files taken as kg; Σ reps = sum of
    /// reps; Σ distance = sum of round(m × 100) / 100 with km × 1000, miles × 1609.344, C metres as is.
    static let expectations: [(file: String, format: String, workouts: Int, sets: Int, rest: Int, kg: Double, reps: Int, metres: Double)] = [
        ("strong/strong-A-2020-2026-excerpt-W-D-F-resttimer.csv", "strong/A", 7, 130, 14, 18178.000, 1022, 1000.00),
        ("strong/strong-A-2020-21-full.csv", "strong/A", 86, 1903, 0, 127042.000, 7432, 1000.00),
        ("strong/strong-A-localized-de-2025-26-full.csv", "strong/A-de", 13, 184, 180, 113.600, 1938, 0),
        ("strong/strong-Aprime-2024-25-no-notes-full.csv", "strong/Aprime", 15, 250, 0, 4628.200, 2830, 0),
        ("strong/strong-Aprime-2026-no-notes-full.csv", "strong/Aprime", 37, 666, 0, 29368.850, 4142, 0),
        ("strong/strong-B-semicolon-no-duration-lbs-2018-20-head.csv", "strong/B0", 25, 786, 0, 36804.244, 8148, 0),
        ("strong/strong-B-semicolon-unitcols-2023-head.csv", "strong/B", 72, 1299, 0, 41664.700, 9706, 1000.00),
        ("strong/strong-C-2020-25-WARM_UP-FAILURE-multiline-excerpt.csv", "strong/C", 6, 89, 0, 2869.059, 700, 0),
        ("strong/strong-C-2025-cardio-meters-excerpt.csv", "strong/C", 3, 62, 0, 2665.500, 663, 2454.00),
        ("strong/strong-C-2026-note-resttimer-rows-transcribed.csv", "strong/C", 1, 12, 6, 242.000, 102, 0),
        ("strong/strong-C-semicolon-quoted-2024-25-full.csv", "strong/C", 10, 166, 0, 2451.500, 1768, 0),
        ("strong/strong-legacy-2016-17-kg-km-headers-full.csv", "strong/L0", 91, 1635, 0, 53377.270, 11086, 0),
        ("strong/strong-legacy-2019-no-duration-full.csv", "strong/L2", 10, 208, 0, 5699.000, 2380, 19110.00),
        ("hevy/hevy-kg-2024-distance-full.csv", "hevy/kg-km", 54, 1187, 0, 44679.500, 11225, 1790.00),
        ("hevy/hevy-kg-2025-26-literal-backslash-n-full.csv", "hevy/kg-km", 37, 567, 0, 17638.160, 6278, 0),
        ("hevy/hevy-kg-2025-supersets-full.csv", "hevy/kg-km", 17, 330, 0, 12602.000, 4411, 0),
        ("hevy/hevy-kg-miles-2021-25-excerpt.csv", "hevy/kg-mi", 7, 128, 0, 8994.330, 423, 21323.81),
        ("hevy/hevy-kg-multiline-notes-supersets-excerpt.csv", "hevy/kg-km", 4, 98, 0, 4493.280, 783, 0),
        ("hevy/hevy-kg-rpe-2025-head.csv", "hevy/kg-km", 29, 669, 0, 29459.000, 6654, 0),
        ("hevy/hevy-lbs-miles-2025-head.csv", "hevy/lb-mi", 55, 970, 0, 59214.282, 7081, 0),
    ]
}

@Suite("Real exports", .enabled(if: Samples.available))
struct RealSamplesTests {
    private func load(_ file: String) throws -> ImportBatch {
        try FileImporter.read(path: Samples.root + "/" + file, options: ImportOptions())
    }

    @Test("every Strong and Hevy sample imports with the independently counted workouts, sets and sums")
    func counts() throws {
        let listed = try ["strong", "hevy"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: Samples.root + "/" + folder)
                .filter { $0.hasSuffix(".csv") }.map { folder + "/" + $0 }
        }
        #expect(Set(listed) == Set(Samples.expectations.map(\.file)), "a sample was added or removed")
        for expected in Samples.expectations {
            let batch = try load(expected.file)
            #expect(batch.format == expected.format, "\(expected.file)")
            #expect(batch.workouts.count == expected.workouts, "\(expected.file)")
            #expect(batch.setCount == expected.sets, "\(expected.file)")
            #expect(batch.pseudoRows == expected.rest, "\(expected.file)")
            #expect(batch.skipped.isEmpty, "\(expected.file)")
            let sets = batch.workouts.flatMap(\.allSets)
            let kg = sets.reduce(0) { $0 + ($1.weightKg ?? 0) }
            #expect(abs(kg - expected.kg) < 0.01, "\(expected.file): \(kg)")
            #expect(sets.reduce(0) { $0 + ($1.reps ?? 0) } == expected.reps, "\(expected.file)")
            let metres = sets.reduce(0) { $0 + ($1.distanceM ?? 0) }
            #expect(abs(metres - expected.metres) < 0.01, "\(expected.file): \(metres)")
            let keys = batch.workouts.map(\.sourceKey)
            #expect(Set(keys).count == keys.count, "\(expected.file): duplicate keys")
        }
    }

    @Test("sample details: C Note row, literal \\n, real newlines, lb plate loads, German rest rows, 0-based L0")
    func details() throws {
        let note = try load("strong/strong-C-2026-note-resttimer-rows-transcribed.csv")
        let incline = try #require(note.workouts.first?.exercises.first { $0.name == "Incline Bench Press (Dumbbell)" })
        #expect(incline.notes == "Rep range 11-15")
        #expect(incline.sets.map(\.kind) == [.warmup, .warmup, .normal, .normal, .normal])
        #expect(note.workouts.first?.notes == "Friday full body workout")
        #expect(note.workouts.first?.durationSeconds == 4419)

        let a = try load("strong/strong-A-2020-2026-excerpt-W-D-F-resttimer.csv")
        let april = try #require(a.workouts.first { $0.sourceKey == "2024-04-02 08:34:22" })
        #expect(april.notes == "fucking misplaced by forgetting a 2.5, thought i hit a pr but didn't \\n290 x 4 next")
        #expect(a.unitAssumed == .kg)
        #expect(a.readingWarnings.contains { $0.contains("look like pounds") })
        #expect(a.workoutWarnings.contains { $0.message.contains("48h 40m") })

        let c = try load("strong/strong-C-2020-25-WARM_UP-FAILURE-multiline-excerpt.csv")
        let deload = try #require(c.workouts.first { $0.sourceKey == "2024-06-24 19:07:39" })
        #expect(deload.notes == "First of the week: same load, half volume \nSecond half of the week: half load, half volume")

        let legacy = try load("strong/strong-legacy-2016-17-kg-km-headers-full.csv")
        #expect(legacy.workouts.first?.exercises.first?.sets.count == 5)
        #expect(legacy.carried == [.exerciseNotes])

        let lbs = try load("hevy/hevy-lbs-miles-2025-head.csv")
        #expect(lbs.workouts.last?.start == wall(2025, 10, 25, 19, 56))
        #expect(lbs.workouts.last?.exercises.first?.sets.first?.weightKg == 70.307)
    }
}
