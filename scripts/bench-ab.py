#!/usr/bin/env python3
"""Compares two wkt-site binaries on the benchmark's scenarios (for "no slower" checks of a change).

Usage: scripts/bench-ab.py BEFORE_EXE AFTER_EXE [ROUNDS]
  e.g. build the old commit in a worktree (swift build -c release), then
       scripts/bench-ab.py ../old/.build/release/wkt-site .build/release/wkt-site 7

The two binaries run alternately within each round (the order flips every round), each on its
own `demo --years 10 --seed 42` store, and nothing is deleted until the end: on this VM's ext4, creating
files right after a mass delete is slow whatever writes them (see bench.py), which made
back-to-back bench.py runs differ by 3x. Prints the median wall time, the median CPU time
(user + sys, steadier on a shared machine) and the peak RSS of each scenario."""
import os, shutil, statistics, subprocess, sys, tempfile, importlib.util
spec = importlib.util.spec_from_file_location("bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench.py"))
bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench)
TODAY = "2026-11-21"
if len(sys.argv) < 3:
    sys.exit(__doc__)
exes = {"before": os.path.abspath(sys.argv[1]), "after": os.path.abspath(sys.argv[2])}
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
work = tempfile.mkdtemp(prefix="wkt-ab-")
def run(cmd):
    # Wall time from bench.measure's clock (microseconds): GNU time's %e counts in 10 ms steps,
    # too coarse for a 0.2 s budget. CPU time (user + sys) and peak RSS from GNU time.
    cpu = []
    wall, rss = bench.measure(cmd, work, cpu)
    return wall, cpu[0], rss
subprocess.run([exes["before"], "demo", "--years", "10", "--seed", "42", "--today", TODAY, "--store", "demo.sqlite", "--quiet", "--output", "demo-site"], cwd=work, check=True)
bench.export_strong_csv(os.path.join(work, "demo.sqlite"), os.path.join(work, "history.csv"))
res = {}
# Each binary writes its own demo store with the same seed: a store of an older schema may need an
# import before a newer binary builds it, and each version's demo is the history its site shows.
for name, exe in exes.items():
    subprocess.run([exe, "demo", "--years", "10", "--seed", "42", "--today", TODAY, "--store", f"{name}.sqlite", "--quiet", "--output", f"site-{name}"], cwd=work, check=True)
def rec(name, scen, v): res.setdefault((scen, name), []).append(v)
for r in range(rounds):
    for name, exe in (list(exes.items()) if r % 2 == 0 else list(reversed(exes.items()))):
        build = [exe, "build", "--store", f"{name}.sqlite", "--today", TODAY, "--quiet"]
        os.makedirs(os.path.join(work, f"empty-{name}-{r}"))
        rec(name, "full build into an empty folder", run(build + ["--output", f"empty-{name}-{r}/site"]))
        rec(name, "rebuild with nothing changed", run(build + ["--output", f"site-{name}"]))
        csv = f"new-{name}-{r}.csv"
        with open(os.path.join(work, csv), "w") as f:
            f.write("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n")
            # A new start each round (00:00, 00:01, …: before the demo's earliest workouts).
            f.write(f"{TODAY} {r // 60:02d}:{r % 60:02d}:00,\"Bench\",45m,\"Bench Press (Barbell)\",1,{100 + r},5,0,0,,,\n")
        subprocess.run([exe, "import", csv, "--store", f"{name}.sqlite", "--unit", "kg", "--quiet"], cwd=work, check=True)
        rec(name, "rebuild after one new workout", run(build + ["--output", f"site-{name}"]))
        rec(name, "import of the history (Strong CSV, 3.1 MB)", run([exe, "import", "history.csv", "--store", f"fresh-{name}-{r}.sqlite", "--unit", "kg", "--quiet"]))
        rec(name, "stats --json", run([exe, "stats", "--json", "--store", f"{name}.sqlite", "--today", TODAY]))
print(f"{rounds} interleaved rounds; median wall / median CPU (user+sys) / peak RSS")
print(f"{'scenario':44} {'before':>26} {'after':>26}")
for scen in dict.fromkeys(k[0] for k in res):
    cells = []
    for name in exes:
        v = res[(scen, name)]
        cells.append(f"{statistics.median(x[0] for x in v):6.3f}s {statistics.median(x[1] for x in v):6.3f}s {max(x[2] for x in v):6.1f}MiB")
    print(f"{scen:44} {cells[0]:>26} {cells[1]:>26}")
shutil.rmtree(work)
