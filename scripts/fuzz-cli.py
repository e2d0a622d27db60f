#!/usr/bin/env python3
"""scripts/fuzz-cli.py — a seeded mutation loop over `wkt-site import` (docs/reliability.md §3, A-09).

Usage:
  scripts/fuzz-cli.py [--seconds N] [--seed N] [--binary PATH] [--samples DIR] [--keep DIR]
                      [--max-runs N] [--messages enforce|warn|off]

Takes export files (the samples in ../shared/formats-samples/ when present, else a message and
only the committed seeds in Fuzz/Corpus/{csv,health,json}), mutates them with a seeded random
generator (byte flips, control characters, terminal escapes, quotes and delimiters, invalid
UTF-8, long fields, cut/duplicated/spliced lines, truncation), and imports each mutant with the
built binary into a temporary store that already holds one workout. For every run it checks:

  * the exit status is 0, 65 or 74 (never a crash, a signal or another code);
  * a failed import (status ≠ 0) leaves `sqlite3 STORE .dump` byte for byte unchanged;
  * no run takes more than 5 s;
  * stderr lines carry no control bytes and are at most 16 KiB (A-09); a failed import says
    why on one line naming the file (plus the fixed "nothing was imported; the store is
    unchanged" line the CLI adds).

The run is reproducible: the same --seed, inputs and binary give the same mutants in the same
order (the k-th run is named `seed S run k`). It stops after --seconds (default 60) or
--max-runs. Failing mutants are saved under --keep (default .fuzz/cli/) with a .txt that says
what failed; replay one with `wkt-site import FILE --store STORE`.

--messages warn (or WKT_FUZZ_MESSAGES=warn) reports stderr (A-09) violations without failing;
exit codes, store changes and hangs always fail. Exit status: 0 when every run kept every
property, 1 otherwise, 64 for a usage error.
"""

import argparse
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWED_STATUS = {0, 65, 74}
TIMEOUT = 5.0
MAX_STDERR_LINE = 16 * 1024
TRAILER = "wkt-site: nothing was imported; the store is unchanged"
MAX_INPUT = 256 * 1024

HOSTILE = [
    b"\x00", b"\x01", b"\x07", b"\x08", b"\x0b", b"\x0c", b"\x1b", b"\x7f", b"\r", b"\n", b"\r\n",
    b"\x1b]0;PWNED\x07", b"\x1b[2J", b"\xc2\x85", b"\xe2\x80\xa8", b"\xef\xbb\xbf", b"\xff", b"\xc3",
    b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b'"', b'""', b",", b";", b"\t", b"\\n", b"\\", b"<", b">",
    b"&amp;", b"&#0;", b"]]>", b"<!--", b"{", b"}", b"[", b"]", b":", b'\\ud800', b"1e400", b"NaN",
    b"-0", b"99999999999999999999", b"0.0000001", b"1,5", b"2024-02-30 25:61:00", b"lbs", b"kg",
    b"W", b"D", b"F", b"Rest Timer", b"=cmd|' /C calc'!A0", b"\xe2\x80\xae", b"\xcc\x81",
]


def dump(store):
    """The store's SQL dump: `sqlite3 STORE .dump`, or Python's iterdump without the CLI."""
    if not os.path.exists(store):
        return b"<no store>"
    if shutil.which("sqlite3"):
        result = subprocess.run(["sqlite3", store, ".dump"], capture_output=True, timeout=30)
        return result.stdout + result.stderr
    connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        return "\n".join(connection.iterdump()).encode()
    finally:
        connection.close()


def collect_inputs(samples):
    """(name, bytes) of the seed files: committed seeds, plus the samples when present."""
    files = []
    for target in ("csv", "health", "json"):
        folder = os.path.join(ROOT, "Fuzz", "Corpus", target)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            files.append(os.path.join(folder, name))
    if samples and os.path.isdir(samples):
        for base, dirs, names in sorted(os.walk(samples)):
            dirs.sort()
            for name in sorted(names):
                if name.lower().endswith((".csv", ".xml", ".json")):
                    files.append(os.path.join(base, name))
    else:
        print(f"fuzz-cli: {samples} is missing; mutating the committed seeds only", file=sys.stderr)
    inputs = []
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read(MAX_INPUT)
        inputs.append((os.path.relpath(path, ROOT) if path.startswith(ROOT) else path, data))
    return inputs


def mutate(rng, data, others):
    """One mutant of `data`: 1 to 6 random edits, mostly one or two."""
    data = bytearray(data)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3, 6])):
        choice = rng.randrange(10)
        at = rng.randint(0, len(data))
        if choice == 0 and data:  # flip bits of a byte
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        elif choice == 1:  # insert a hostile token
            data[at:at] = rng.choice(HOSTILE)
        elif choice == 2 and data:  # replace a byte by a hostile token
            i = rng.randrange(len(data))
            data[i:i + 1] = rng.choice(HOSTILE)
        elif choice == 3 and data:  # delete a range
            end = min(len(data), at + rng.randint(1, 64))
            del data[at:end]
        elif choice == 4 and data:  # duplicate a range
            start = rng.randrange(len(data))
            data[at:at] = data[start:start + rng.randint(1, 256)]
        elif choice == 5:  # a long field
            data[at:at] = bytes([rng.choice(b"a9\"x,;\n\x01")]) * rng.choice([300, 5000, 70000])
        elif choice == 6:  # truncate
            del data[at:]
        elif choice == 7 and data:  # swap two lines
            lines = bytes(data).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = bytearray(b"\n".join(lines))
        elif choice == 8 and others:  # splice in lines of another input
            other = rng.choice(others)[1].split(b"\n")
            start = rng.randrange(len(other))
            data[at:at] = b"\n".join(other[start:start + rng.randint(1, 5)]) + b"\n"
        elif choice == 9:  # random bytes
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return bytes(data[:MAX_INPUT * 2])


def run_import(binary, folder, file_name, store):
    """(status, stdout, stderr, seconds); status None on a timeout (the process group is killed)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", NO_COLOR="1")
    env.pop("WKT_STORE", None)
    started = time.monotonic()
    process = subprocess.Popen(
        [binary, "import", file_name, "--store", store], cwd=folder, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=TIMEOUT)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    return status, out, err, time.monotonic() - started


def stderr_problems(status, err, file_name):
    """The A-09 problems of one run's stderr."""
    problems = []
    lines = err.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for line in lines:
        if any(b < 0x20 or b == 0x7F for b in line):
            problems.append(f"stderr line with a control byte: {line[:200]!r}")
        if len(line) > MAX_STDERR_LINE:
            problems.append(f"stderr line of {len(line)} bytes")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"stderr line is not UTF-8: {line[:200]!r}")
            continue
        if any(0x80 <= ord(c) <= 0x9F or c in "\u2028\u2029" for c in text):
            problems.append(f"stderr line with a C1/line-separator character: {line[:200]!r}")
    if status not in (0, None):
        reasons = [line for line in lines if line.decode("utf-8", "replace") != TRAILER]
        if len(reasons) != 1:
            problems.append(f"a failed import printed {len(reasons)} error lines, not 1")
        elif file_name.encode() not in reasons[0]:
            problems.append(f"the error line does not name the file: {reasons[0][:200]!r}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-runs", type=int, default=0, help="stop after this many runs (0: no limit)")
    parser.add_argument("--binary", default=None, help="wkt-site to run (default: .build/debug, then .build/release)")
    parser.add_argument("--samples", default=os.environ.get(
        "WKT_FORMATS_SAMPLES", os.path.join(os.path.dirname(ROOT), "shared", "formats-samples")))
    parser.add_argument("--keep", default=os.path.join(ROOT, ".fuzz", "cli"))
    parser.add_argument("--messages", default=os.environ.get("WKT_FUZZ_MESSAGES", "enforce"),
                        choices=["enforce", "warn", "off"])
    args = parser.parse_args()
    if not os.path.isdir(args.samples) and os.path.isdir("/work/shared/formats-samples"):
        args.samples = "/work/shared/formats-samples"

    binary = args.binary
    if binary is None:
        for candidate in (".build/debug/wkt-site", ".build/release/wkt-site"):
            if os.access(os.path.join(ROOT, candidate), os.X_OK):
                binary = os.path.join(ROOT, candidate)
                break
    if binary is None or not os.access(binary, os.X_OK):
        print("fuzz-cli: no wkt-site binary; run `swift build` first or pass --binary", file=sys.stderr)
        return 64

    inputs = collect_inputs(args.samples)
    base = next((data for name, data in inputs if name.endswith("Corpus/csv/strong-a.csv")), None)
    if not inputs or base is None:
        print("fuzz-cli: the committed seed Fuzz/Corpus/csv/strong-a.csv is missing", file=sys.stderr)
        return 64
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="wkt-fuzz-cli-")
    failures = 0
    warned = 0
    runs = 0
    statuses = {}
    deadline = time.monotonic() + args.seconds
    try:
        # The store every run starts from: one imported workout.
        template = os.path.join(work, "template.sqlite")
        with open(os.path.join(work, "base.csv"), "wb") as handle:
            handle.write(base)
        status, out, err, _ = run_import(binary, work, "base.csv", template)
        if status != 0:
            print(f"fuzz-cli: seeding the store failed ({status}): {err.decode(errors='replace')}", file=sys.stderr)
            return 1
        template_dump = dump(template)
        while time.monotonic() < deadline and (args.max_runs == 0 or runs < args.max_runs):
            runs += 1
            name, data = inputs[rng.randrange(len(inputs))]
            mutant = mutate(rng, data, inputs)
            extension = os.path.splitext(name)[1] or ".csv"
            file_name = f"mutant{extension}"
            run_dir = os.path.join(work, "run")
            shutil.rmtree(run_dir, ignore_errors=True)
            os.mkdir(run_dir)
            with open(os.path.join(run_dir, file_name), "wb") as handle:
                handle.write(mutant)
            store = os.path.join(run_dir, "store.sqlite")
            shutil.copyfile(template, store)
            status, out, err, seconds = run_import(binary, run_dir, file_name, store)
            statuses[status] = statuses.get(status, 0) + 1
            hard = []
            if status is None:
                hard.append(f"no exit within {TIMEOUT:.0f} s")
            elif status not in ALLOWED_STATUS:
                hard.append(f"exit status {status}" + (" (a signal)" if status < 0 or status > 128 else ""))
            if status not in (0, None) and dump(store) != template_dump:
                hard.append("a failed import changed the store's dump")
            soft = stderr_problems(status, err, file_name) if args.messages != "off" else []
            if not hard and not (soft and args.messages == "enforce"):
                if soft:
                    warned += 1
                    if warned <= 20:
                        print(f"fuzz-cli: A-09 (warn) seed {args.seed} run {runs} from {name}: {soft[0]}",
                              file=sys.stderr)
                continue
            failures += 1
            os.makedirs(args.keep, exist_ok=True)
            kept = os.path.join(args.keep, f"seed{args.seed}-run{runs}{extension}")
            with open(kept, "wb") as handle:
                handle.write(mutant)
            with open(kept + ".txt", "w") as handle:
                handle.write(f"seed {args.seed} run {runs}, mutated from {name}\nstatus {status}, {seconds:.2f} s\n")
                handle.write("".join(f"FAILED: {p}\n" for p in hard + soft))
                handle.write("stderr:\n" + err.decode("utf-8", "replace")[:4000] + "\n")
            print(f"fuzz-cli: FAILED seed {args.seed} run {runs} from {name}: {'; '.join(hard + soft)[:300]}",
                  file=sys.stderr)
            print(f"fuzz-cli:   reproducer {kept} (details in {kept}.txt)", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    summary = ", ".join(f"{k if k is not None else 'timeout'}: {v}" for k, v in sorted(
        statuses.items(), key=lambda item: (item[0] is None, item[0] or 0)))
    print(f"fuzz-cli: seed {args.seed}: {runs} runs ({summary}), {failures} failed, {warned} A-09 warnings",
          file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
