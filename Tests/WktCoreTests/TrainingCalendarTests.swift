import Testing
@testable import WktCore

@Suite("TrainingCalendar")
struct TrainingCalendarTests {
    let iso = TrainingCalendar()

    @Test("T-03: ISO week-year labels at year boundaries")
    func isoLabels() {
        let cases = [
            ("2018-12-31", "2019-W01"), ("2024-12-30", "2025-W01"), ("2021-01-03", "2020-W53"),
            ("2026-12-31", "2026-W53"), ("2027-01-01", "2026-W53"), ("2026-11-21", "2026-W47"),
            ("2020-01-01", "2020-W01"), ("2019-12-30", "2020-W01"), ("2026-01-04", "2026-W01"),
            ("2025-12-29", "2026-W01"), ("2027-01-04", "2027-W01"), ("2016-01-03", "2015-W53"),
        ]
        for (day, label) in cases {
            #expect(TrainingCalendar.isoWeekLabel(of: H.d(day)) == label, "\(day)")
            #expect(iso.weekKey(weekContaining: H.d(day)) == label)
            #expect(iso.weekLabel(weekContaining: H.d(day)) == label)
        }
        #expect(TrainingCalendar.isoWeeksInYear(2020) == 53)
        #expect(TrainingCalendar.isoWeeksInYear(2026) == 53)
        #expect(TrainingCalendar.isoWeeksInYear(2015) == 53)
        #expect(TrainingCalendar.isoWeeksInYear(2021) == 52)
        #expect(TrainingCalendar.isoWeeksInYear(2024) == 52)
    }

    @Test("ISO labels are the zero-padded week-year and week, far from today too")
    func isoLabelDigits() {
        for year in [1, 9, 99, 999, 1000, 2026, 9998, 9999] {
            for (month, day) in [(1, 1), (1, 4), (6, 15), (12, 28), (12, 31)] {
                guard let date = CivilDate(year: year, month: month, day: day) else { continue }
                let (weekYear, week) = TrainingCalendar.isoWeek(of: date)
                #expect(TrainingCalendar.isoWeekLabel(of: date) == ASCIIDigits.pad(weekYear, 4) + "-W" + ASCIIDigits.pad(week, 2), "\(date)")
            }
        }
        #expect(TrainingCalendar.isoWeekLabel(of: H.d("0999-06-15")) == "0999-W24")
    }

    @Test("week start for every weekday setting")
    func weekStarts() {
        // 2026-11-18 is a Wednesday.
        let day = H.d("2026-11-18")
        let expected: [Weekday: String] = [
            .monday: "2026-11-16", .tuesday: "2026-11-17", .wednesday: "2026-11-18", .thursday: "2026-11-12",
            .friday: "2026-11-13", .saturday: "2026-11-14", .sunday: "2026-11-15",
        ]
        for weekday in Weekday.allCases {
            let calendar = TrainingCalendar(weekStart: weekday)
            #expect(calendar.weekStart(of: day) == H.d(expected[weekday] ?? ""), "\(weekday)")
            #expect(calendar.weekStart(of: day).weekday == weekday)
        }
    }

    @Test("T-05: Sunday weeks are labelled by their first day")
    func sundayWeeks() {
        let sunday = TrainingCalendar(weekStart: .sunday)
        #expect(sunday.weekStart(of: H.d("2026-11-21")) == H.d("2026-11-15"))
        #expect(sunday.weekStart(of: H.d("2026-11-22")) == H.d("2026-11-22"))
        #expect(sunday.weekKey(weekContaining: H.d("2026-11-21")) == "2026-11-15")
        #expect(sunday.weekLabel(weekContaining: H.d("2026-11-21")) == "week of 2026-11-15")
        #expect(sunday.days(ofWeekContaining: H.d("2026-11-18")).map(\.description) == [
            "2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21",
        ])
        #expect(!sunday.isISO)
        #expect(TrainingCalendar().isISO)
    }

    @Test("T-16: cutoff 04:00 moves a 01:30 workout to the previous training day")
    func cutoff() {
        let calendar = TrainingCalendar(dayCutoffHour: 4)
        #expect(calendar.trainingDay(of: H.t("2026-11-18 01:30")) == H.d("2026-11-17"))
        #expect(calendar.trainingDay(of: H.t("2026-11-18 03:59")) == H.d("2026-11-17"))
        #expect(calendar.trainingDay(of: H.t("2026-11-18 04:00")) == H.d("2026-11-18"))
        #expect(calendar.trainingDay(of: H.t("2027-01-01 00:10")) == H.d("2026-12-31"))
        #expect(calendar.trainingDay(of: H.t("2024-03-01 02:00")) == H.d("2024-02-29"))
        #expect(TrainingCalendar().trainingDay(of: H.t("2026-11-18 00:00")) == H.d("2026-11-18"))
        #expect(TrainingCalendar(dayCutoffHour: 99).dayCutoffHour == 23)
        #expect(TrainingCalendar(dayCutoffHour: -3).dayCutoffHour == 0)
    }

    @Test("T-01/T-02: a time with an offset is bucketed by its own wall time, never UTC")
    func offsets() {
        // T-01: 2024-06-02 23:30 -04:00 (UTC Monday 03:30) is Sunday, ISO week 22.
        let t01 = H.w(1, "2024-06-02 23:30", offset: -4 * 3600).workout
        #expect(iso.trainingDay(of: t01) == H.d("2024-06-02"))
        #expect(iso.trainingDay(of: t01).weekday == .sunday)
        #expect(iso.weekKey(weekContaining: iso.trainingDay(of: t01)) == "2024-W22")
        // T-02: Monday 2024-06-03 00:30 +02:00 (UTC Sunday 22:30) is Monday, week 23.
        let t02 = H.w(2, "2024-06-03 00:30", offset: 2 * 3600).workout
        #expect(iso.trainingDay(of: t02) == H.d("2024-06-03"))
        #expect(iso.weekKey(weekContaining: iso.trainingDay(of: t02)) == "2024-W23")
    }

    @Test("T-10: 29 February maps to 28 February a year earlier")
    func sameDayLastYear() {
        #expect(TrainingCalendar.sameDayLastYear(of: H.d("2024-02-29")) == H.d("2023-02-28"))
        #expect(TrainingCalendar.sameDayLastYear(of: H.d("2024-03-01")) == H.d("2023-03-01"))
        #expect(TrainingCalendar.sameDayLastYear(of: H.d("2025-02-28")) == H.d("2024-02-28"))
    }

    @Test("weeks between days")
    func weeksBetween() {
        #expect(iso.weeks(from: H.d("2020-12-31"), to: H.d("2021-01-04")) == 1)
        #expect(iso.weeks(from: H.d("2021-01-04"), to: H.d("2020-12-28")) == -1)
        #expect(iso.weeks(from: H.d("2026-11-16"), to: H.d("2026-11-22")) == 0)
        #expect(iso.daysIntoWeek(H.d("2026-11-22")) == 6)
    }
}
