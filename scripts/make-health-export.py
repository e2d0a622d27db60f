#!/usr/bin/env python3
"""Write a deterministic synthetic Apple Health export.xml of about N megabytes.

The document is shaped like a real export (docs/formats.md §4.2): an XML declaration, the internal
DTD with `#REQUIRED`/`#IMPLIED` attribute declarations (which crash Foundation's XMLParser on
Linux unless dropped), `ExportDate`, `Me`, many `Record`s (some with `MetadataEntry` and
`HeartRateVariabilityMetadataList` children), a `Workout` every few thousand records (iOS 16+
shape: `WorkoutStatistics`, `WorkoutEvent`, `MetadataEntry`, a nested `WorkoutActivity` whose
statistics duplicate the workout's), and `ActivitySummary` lines.

Usage: make-health-export.py MEGABYTES OUTPUT [--zip]

With --zip, OUTPUT is a zip holding apple_health_export/export.xml (deflated) plus a small
export_cda.xml. The number of workouts written is printed on stderr as `workouts=N`.
Same arguments, same bytes: the only randomness is a seeded generator.
"""

import random
import sys
import zipfile

DTD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent EMPTY>
<!ATTLIST WorkoutEvent
  type         CDATA #REQUIRED
  date         CDATA #REQUIRED
  duration     CDATA #IMPLIED
  durationUnit CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type      CDATA #REQUIRED
  startDate CDATA #REQUIRED
  endDate   CDATA #REQUIRED
  average   CDATA #IMPLIED
  minimum   CDATA #IMPLIED
  maximum   CDATA #IMPLIED
  sum       CDATA #IMPLIED
  unit      CDATA #IMPLIED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
>
]>
"""

DEVICE = ("&lt;&lt;HKDevice: 0x283e4c0f0&gt;, name:Apple Watch, manufacturer:Apple Inc., "
          "model:Watch, hardware:Watch6,2, software:9.1, creation date:2022-11-01 08:12:03 +0000&gt;")

RECORD_TYPES = [
    ("HKQuantityTypeIdentifierHeartRate", "count/min"),
    ("HKQuantityTypeIdentifierStepCount", "count"),
    ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
    ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal"),
    ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km"),
]

WORKOUT_TYPES = [
    "TraditionalStrengthTraining", "Running", "FunctionalStrengthTraining", "Cycling",
    "HighIntensityIntervalTraining", "CoreTraining", "Yoga",
]

OFFSETS = ["+0100", "+0200", "-0500"]


def stamp(seconds, offset):
    """Local wall time `yyyy-MM-dd HH:mm:ss Z` for `seconds` after 2022-01-01 00:00 local."""
    days, rest = divmod(seconds, 86400)
    # a simple proleptic calendar walk from 2022-01-01
    year, month, day = 2022, 1, 1
    month_days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    day += days
    while True:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        mlen = 29 if (month == 2 and leap) else month_days[month - 1]
        if day <= mlen:
            break
        day -= mlen
        month += 1
        if month == 13:
            month, year = 1, year + 1
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    return "%04d-%02d-%02d %02d:%02d:%02d %s" % (year, month, day, h, m, s, offset)


def record(rng, t, offset):
    rtype, unit = RECORD_TYPES[rng.randrange(len(RECORD_TYPES))]
    value = "%.3f" % (rng.random() * 120)
    start = stamp(t, offset)
    end = stamp(t + 60, offset)
    head = ('  <Record type="%s" sourceName="Apple Watch" sourceVersion="9.1" device="%s" '
            'unit="%s" creationDate="%s" startDate="%s" endDate="%s" value="%s"'
            % (rtype, DEVICE, unit, end, start, end, value))
    kind = rng.randrange(20)
    if kind == 0:
        return head + ('>\n   <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n'
                       '  </Record>\n')
    if kind == 1:
        beats = "".join('     <InstantaneousBeatsPerMinute bpm="%d" time="7:%02d:%02d.%02d PM"/>\n'
                        % (60 + i, i, i * 2, i) for i in range(4))
        return head + ('>\n   <HeartRateVariabilityMetadataList>\n%s'
                       '   </HeartRateVariabilityMetadataList>\n  </Record>\n' % beats)
    return head + "/>\n"


def workout(rng, t, offset):
    wtype = WORKOUT_TYPES[rng.randrange(len(WORKOUT_TYPES))]
    minutes = 20 + rng.randrange(60)
    start, end = stamp(t, offset), stamp(t + minutes * 60, offset)
    energy = "%.4f" % (minutes * 7.5 + rng.random())
    stats = lambda indent: "".join(
        '%s<WorkoutStatistics type="HKQuantityTypeIdentifier%s" startDate="%s" endDate="%s" %s/>\n'
        % (indent, name, start, end, extra) for name, extra in [
            ("ActiveEnergyBurned", 'sum="%s" unit="kcal"' % energy),
            ("HeartRate", 'average="131.2" minimum="88" maximum="162" unit="count/min"'),
            ("BasalEnergyBurned", 'sum="35.322" unit="kcal"')])
    return ('  <Workout workoutActivityType="HKWorkoutActivityType%s" duration="%d" durationUnit="min" '
            'sourceName="Apple Watch" sourceVersion="9.1" device="%s" creationDate="%s" startDate="%s" '
            'endDate="%s">\n'
            '   <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>\n'
            '   <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
            '   <WorkoutEvent type="HKWorkoutEventTypeSegment" date="%s" duration="%d" durationUnit="min"/>\n'
            '%s'
            '   <WorkoutActivity uuid="0C822588-0470-4F37-9676-%012d" startDate="%s" endDate="%s" '
            'duration="%d" durationUnit="min">\n%s   </WorkoutActivity>\n'
            '  </Workout>\n'
            % (wtype, minutes, DEVICE, end, start, end, start, minutes, stats("   "), t, start, end,
               minutes, stats("    ")))


def generate(megabytes, out):
    rng = random.Random(20261121)
    target = megabytes * 1_000_000
    written = 0

    def emit(text):
        nonlocal written
        data = text.encode("utf-8")
        out.write(data)
        written += len(data)

    emit(DTD)
    emit('<HealthData locale="en_US">\n <ExportDate value="2026-11-21 09:00:00 +0100"/>\n'
         ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-01-01" '
         'HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" '
         'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" '
         'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>\n')
    t = 0
    workouts = 0
    count = 0
    tail = len("</HealthData>\n") + 200
    while written < target - tail:
        offset = OFFSETS[(t // (86400 * 30)) % len(OFFSETS)]
        if count % 2000 == 1999:
            emit(workout(rng, t, offset))
            workouts += 1
        else:
            emit(record(rng, t, offset))
        count += 1
        t += 37
    emit(' <ActivitySummary dateComponents="2026-11-20" activeEnergyBurned="512.3" '
         'activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal"/>\n')
    emit("</HealthData>\n")
    return workouts


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--zip"):
        sys.stderr.write(__doc__)
        return 64
    megabytes, path = int(argv[1]), argv[2]
    if len(argv) == 4:
        info = zipfile.ZipInfo("apple_health_export/export.xml", date_time=(2026, 11, 21, 9, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with zipfile.ZipFile(path, "w") as archive:
            with archive.open(info, "w", force_zip64=True) as entry:
                workouts = generate(megabytes, entry)
            cda = zipfile.ZipInfo("apple_health_export/export_cda.xml", date_time=(2026, 11, 21, 9, 0, 0))
            archive.writestr(cda, "<ClinicalDocument/>\n")
    else:
        with open(path, "wb") as out:
            workouts = generate(megabytes, out)
    sys.stderr.write("workouts=%d\n" % workouts)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
