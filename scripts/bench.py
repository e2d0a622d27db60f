#!/usr/bin/env python3
"""The performance benchmark of docs/product.md (never a timed test).

Builds wkt-site in release, writes the `demo --years 10` store, and times each scenario over
several runs, printing the median wall time and the peak memory (max RSS) of the wkt-site
process:

  full build into an empty output folder      budget ≥ 5× faster than Hugo (--hugo), ≤ 64 MiB
  rebuild after one new workout               budget ≤ 0.2 s
  rebuild that renders every page again       (a new site title each run; no budget)
  rebuild with nothing changed                budget ≤ 50 ms
  import of the same history as a Strong CSV  budget ≤ 0.3 s
  stats --json                                (statistics; a small fraction of the build)

With --hugo it runs only the comparison with Hugo (the budget of docs/product.md: the full build
≥ 5× faster than Hugo on the same pages): `wkt-site _hugo-content` writes the pages the build writes
as a Hugo site (one Markdown file per HTML page, the same Markdown bodies), then Hugo and
`wkt-site build` run alternately, each into a new empty folder, and the medians, their ratio
(Hugo / wkt-site, the figure that counts) and both peak RSS are printed.

Usage: scripts/bench.py [--runs N] [--years Y] [--keep DIR] [--hugo]
"""
import argparse
import csv
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TODAY = "2026-11-21"


def measure(cmd, cwd, cpu=None):
    """Wall time and the wkt-site process's own peak RSS (GNU time's %M); with a list `cpu`, the
    process's CPU time (user + sys) is appended to it."""
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M %U %S"] + cmd, cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed ({proc.returncode}):\n{proc.stderr.decode()}")
    rss_kib, user, system = proc.stderr.decode().strip().splitlines()[-1].split()
    if cpu is not None:
        cpu.append(float(user) + float(system))
    return wall, int(rss_kib) / 1024


def export_strong_csv(store, path):
    """Writes the store's history as a Strong A CSV (the 3 MB import scenario)."""
    db = sqlite3.connect(store)
    rows = db.execute("""
        SELECT w.start, w.name, w.duration_s, e.name, s.kind, s.position, s.weight_kg, s.reps,
               s.distance_m, s.seconds, b.notes, w.notes, s.rpe, b.id
        FROM workout w JOIN workout_block b ON b.workout_id = w.id
        JOIN exercise e ON e.id = b.exercise_id JOIN workout_set s ON s.block_id = b.id
        ORDER BY w.start, b.position, s.position""").fetchall()
    marks = {"warmup": "W", "drop": "D", "failure": "F"}
    with open(path, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight",
                      "Reps", "Distance", "Seconds", "Notes", "Workout Notes", "RPE"])
        last_workout, last_block, ordinal = None, None, 0
        for (start, wname, dur, ename, kind, pos, w, reps, dist, secs, bnote, wnote, rpe, block) in rows:
            first_of_block = block != last_block
            ordinal = 1 if first_of_block else ordinal + (kind == "normal")
            minutes = (dur or 0) // 60
            duration = f"{minutes // 60}h {minutes % 60}m" if minutes >= 60 else f"{minutes}m"
            out.writerow([start, wname, duration, ename, marks.get(kind, str(ordinal)),
                          w or 0, reps or 0, (dist or 0) / 1000, secs or 0,
                          (bnote or "") if first_of_block else "",
                          (wnote or "") if start != last_workout else "", rpe or ""])
            last_workout, last_block = start, block


def html_pages(folder):
    """The HTML files below `folder`, as paths relative to it."""
    return {os.path.relpath(os.path.join(d, f), folder)
            for d, _, files in os.walk(folder) for f in files if f.endswith(".html")}


def compare_with_hugo(exe, store, work, runs):
    """Hugo and `wkt-site build` on the same pages, alternating, each into a new empty folder.

    `wkt-site _hugo-content` (a hidden command for this benchmark only) writes the site's pages
    as a Hugo site: one Markdown file per HTML page with the same Markdown body, our HTML blocks
    as raw HTML (goldmark's unsafe renderer), ugly URLs so Hugo writes the same paths, no
    taxonomies and no section pages we do not have, and neither Hugo's RSS nor its sitemap, so Hugo
    writes exactly the same HTML pages and nothing else (the strictest comparison: Hugo's default
    home RSS holds every page). The trees are deleted only at the end (see the ext4 remark in
    main)."""
    version = subprocess.run(["hugo", "version"], stdout=subprocess.PIPE, check=True).stdout.decode().split()
    source = os.path.join(work, "hugo-site")
    subprocess.run([exe, "_hugo-content", source, "--store", store, "--today", TODAY], cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    commands = {
        "hugo": lambda target: ["hugo", "--quiet", "--source", source, "--destination", target],
        "wkt-site": lambda target: [exe, "build", "--store", store, "--output", target, "--today", TODAY, "--quiet"],
    }
    walls = {name: [] for name in commands}
    cpus = {name: [] for name in commands}
    peaks = {name: [] for name in commands}
    outputs = {}
    for round_index in range(runs):
        # Alternate who goes first, so neither always runs on a machine warmed by the other.
        order = ["hugo", "wkt-site"] if round_index % 2 == 0 else ["wkt-site", "hugo"]
        for name in order:
            target = os.path.join(work, f"hugo-round-{round_index + 1}", name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.sync()
            wall, rss = measure(commands[name](target), work, cpus[name])
            walls[name].append(wall)
            peaks[name].append(rss)
            outputs.setdefault(name, target)

    ours, theirs = html_pages(outputs["wkt-site"]), html_pages(outputs["hugo"])
    for page in theirs:
        with open(os.path.join(outputs["hugo"], page), "rb") as f:
            if not f.read(15).lower().startswith(b"<!doctype html>"):
                sys.exit(f"bench: Hugo's {page} is not an HTML page of the layout (another output written over it?)")
    print(f"pages: wkt-site {len(ours)} HTML pages, Hugo {len(theirs)} HTML pages, {len(ours & theirs)} at the same paths")
    others = {name: sorted(os.path.relpath(os.path.join(d, f), outputs[name])
                           for d, _, files in os.walk(outputs[name]) for f in files if not f.endswith(".html"))
              for name in commands}
    print(f"  other files: Hugo {len(others['hugo'])} ({', '.join(others['hugo'][:5])}), "
          f"wkt-site {len(others['wkt-site'])} (feed, stats.json, cards, assets)")
    for label, extra in (("only wkt-site", ours - theirs), ("only Hugo", theirs - ours)):
        if extra:
            print(f"  {label}: {len(extra)} ({', '.join(sorted(extra)[:5])}{', …' if len(extra) > 5 else ''})")
    hugo, wkt = statistics.median(walls["hugo"]), statistics.median(walls["wkt-site"])
    label = "hugo " + (version[1] if len(version) > 1 else "")
    print(f"full build into an empty folder, {runs} alternating rounds:")
    print(f"{'':24} {'median':>9} {'peak RSS':>10}  runs")
    for name, shown in (("hugo", label), ("wkt-site", "wkt-site build")):
        runs_text = " ".join(f"{w:.2f}" for w in walls[name])
        print(f"{shown:24} {statistics.median(walls[name]):8.3f}s {max(peaks[name]):8.1f}MiB  {runs_text}")
    per_round = " ".join(f"{h / w:.2f}" for h, w in zip(walls["hugo"], walls["wkt-site"]))
    print(f"ratio hugo / wkt-site (medians): {hugo / wkt:.2f}×   per round: {per_round}   target ≥ 5×")
    # CPU time varies less than wall time on a shared machine; both tools use every core.
    hugo_cpu, wkt_cpu = statistics.median(cpus["hugo"]), statistics.median(cpus["wkt-site"])
    print(f"CPU time (user + sys), medians: hugo {hugo_cpu:.2f}s, wkt-site {wkt_cpu:.2f}s, ratio {hugo_cpu / wkt_cpu:.2f}×")
    for round_index in range(runs):
        shutil.rmtree(os.path.join(work, f"hugo-round-{round_index + 1}"))


def forget_last_run(work):
    """Deletes what an earlier run left in a kept work folder (--keep), and nothing else: only
    the names this benchmark gives its files, so a folder passed by mistake loses none of its
    own. Without this a second run stopped at once, as `demo` rightly refuses a store that the
    first run's import scenarios filled with workouts that are not the demo's."""
    for entry in os.listdir(work):
        path = os.path.join(work, entry)
        ours = (entry in ("site", "hugo-site", "history.csv", "wkt-site.toml")
                or entry.startswith(("bench.sqlite", "fresh.sqlite", "site.prev", "site.tmp-", "hugo-round-", "empty-"))
                or (entry.startswith("new-") and entry.endswith(".csv")))
        if not ours:
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--keep", help="work in this folder and keep it")
    parser.add_argument("--hugo", action="store_true",
                        help="only compare the full build with Hugo on the same pages")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("bench: needs GNU time for peak memory: apt-get install time")
    if args.hugo and not shutil.which("hugo"):
        sys.exit("bench: --hugo needs Hugo: apt-get install hugo")

    subprocess.run([os.path.join(ROOT, "scripts", "build-release.sh")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    exe = os.path.join(ROOT, ".build", "release", "wkt-site")
    work = args.keep or tempfile.mkdtemp(prefix="wkt-bench-")
    os.makedirs(work, exist_ok=True)
    forget_last_run(work)
    store = os.path.join(work, "bench.sqlite")
    subprocess.run([exe, "demo", "--years", str(args.years), "--seed", "42", "--today", TODAY,
                    "--store", store, "--quiet"], cwd=work, check=True)
    db = sqlite3.connect(store)
    counts = [db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("workout", "exercise", "workout_set")]
    db.close()
    print(f"data: demo --years {args.years}: {counts[0]} workouts, {counts[1]} exercises, {counts[2]} sets")

    if args.hugo:
        compare_with_hugo(exe, store, work, args.runs)
        if not args.keep:
            shutil.rmtree(work)
        return

    out = os.path.join(work, "site")
    build = [exe, "build", "--store", store, "--output", out, "--today", TODAY, "--quiet"]
    results = []

    def scenario(name, budget, prepare, cmd):
        walls, peaks = [], []
        for _ in range(args.runs):
            prepare()
            wall, rss = measure(cmd, work)
            walls.append(wall)
            peaks.append(rss)
        results.append((name, statistics.median(walls), max(peaks), budget))

    # Full build into an empty output folder: each run gets a new, empty folder. The trees of
    # earlier runs are deleted only after all runs: on this VM's ext4 (no journal), creating
    # files within a minute or so of deleting thousands of others walks the recently freed
    # inodes (`recently_deleted` in ext4_create, seen with perf) and costs 0.8–2 s by itself,
    # whatever program writes them. That case is measured separately below, for the record.
    fresh_runs = [0]

    def fresh_folder():
        fresh_runs[0] += 1
        folder = os.path.join(work, f"empty-{fresh_runs[0]}")
        os.makedirs(folder)
        return os.path.join(folder, "site")

    walls, peaks = [], []
    for _ in range(args.runs):
        target = fresh_folder()
        os.sync()
        wall, rss = measure([exe, "build", "--store", store, "--output", target, "--today", TODAY, "--quiet"], work)
        walls.append(wall)
        peaks.append(rss)
    results.append(("full build into an empty folder", statistics.median(walls), max(peaks), "≥ 5× faster than Hugo (--hugo), ≤ 64 MiB"))

    def clean_output():
        for entry in os.listdir(work):
            if entry == "site" or entry.startswith("site.prev") or entry.startswith("site.tmp-"):
                shutil.rmtree(os.path.join(work, entry))
        os.sync()

    # Scenarios that delete trees run last, so none of the others creates files right after a
    # mass delete (see above).
    subprocess.run(build, cwd=work, check=True)
    scenario("rebuild with nothing changed", "≤ 50 ms", lambda: None, build)

    counter = [0]

    def add_workout():
        counter[0] += 1
        csv_path = os.path.join(work, f"new-{counter[0]}.csv")
        with open(csv_path, "w") as f:
            f.write("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n")
            f.write(f"{TODAY} 0{counter[0] % 10}:00:00,\"Bench\",45m,\"Bench Press (Barbell)\",1,{100 + counter[0]},5,0,0,,,\n")
        subprocess.run([exe, "import", csv_path, "--store", store, "--unit", "kg", "--quiet"], cwd=work,
                       check=True)

    # The steady state of a user who builds after each workout: `site/` and `site.prev/` exist,
    # one workout apart. One unmeasured round first: the first workout imported into the demo
    # store makes it no longer a demo-only history, so the demo's goals and `sex` leave the
    # configuration (docs/product.md, "Goals on the dashboard and exercise pages") and that build
    # re-renders every page, which is the next scenario, not this one.
    subprocess.run(build + ["--force"], cwd=work, check=True)
    add_workout()
    subprocess.run(build, cwd=work, check=True)
    scenario("rebuild after one new workout", "≤ 0.2 s", add_workout, build)

    # A rebuild after a change that every page shows (here a new site title in the configuration
    # each run, as any new setting would be): every page is rendered again and published into
    # the reused `site.prev/`. The title is one letter longer each run, so every page also
    # differs in length from its copy in `site.prev/`, as after most such changes.
    config = os.path.join(work, "wkt-site.toml")
    titles = [0]

    def new_title():
        titles[0] += 1
        with open(config, "w") as f:
            f.write(f'title = "Bench {"x" * titles[0]}"\n')

    scenario("rebuild that renders every page again", "(no budget)", new_title, build + ["--config", config])

    history_csv = os.path.join(work, "history.csv")
    export_strong_csv(store, history_csv)
    fresh = os.path.join(work, "fresh.sqlite")

    def fresh_store():
        for suffix in ("", "-journal", ".lock"):
            if os.path.exists(fresh + suffix):
                os.remove(fresh + suffix)

    size_mb = os.path.getsize(history_csv) / 1e6
    scenario(f"import of the history as a Strong CSV ({size_mb:.1f} MB)", "≤ 0.3 s", fresh_store,
             [exe, "import", history_csv, "--store", fresh, "--unit", "kg", "--quiet"])
    scenario("stats --json", "small fraction of the build", lambda: None,
             [exe, "stats", "--json", "--store", store, "--today", TODAY])

    scenario("full build right after deleting the previous tree", "(this VM's ext4: see above)", clean_output, build)
    for entry in os.listdir(work):
        if entry.startswith("empty-"):
            shutil.rmtree(os.path.join(work, entry))

    pages = sum(len(files) for _, _, files in os.walk(out))
    print(f"site: {pages} files")
    print(f"{'scenario':52} {'median':>9} {'peak RSS':>10}  budget")
    for name, wall, rss, budget in results:
        print(f"{name:52} {wall:8.3f}s {rss:8.1f}MiB  {budget}")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
