#!/usr/bin/env python3
"""Checks a built wkt-site site in a real browser (Chromium from Debian, driven by Playwright).

    check_site.py SITE_DIR SHOTS_DIR [--chromium PATH]

For one page of every kind (dashboard, history, year view, workout, exercises, exercise, records,
records of a year, muscles, 404) it checks, and exits 1 listing every failure:

* no console error, no page error and no failed request (file:// loads of CSS and icons);
* axe-core (bundled by axe-playwright-python) reports 0 violations, in light and in dark mode;
* at 390 px (a phone) the page does not scroll sideways (wide tables and charts scroll inside
  their own boxes);
* every heatmap level of trained days differs from empty days by a contrast of at least 3:1 in
  both colour schemes (WCAG 1.4.11, non-text contrast), and its day links reach existing pages
  (heatmap_checks.py);
* the page prints to a PDF;
* phone layout and print (layout_checks.py): the dashboard's week on the first phone screen, stat
  cards 2 x 2, tables that fit or scroll with their first column kept, no blank printed page.
* charts (chart_checks.py): at 390 px a scrolling chart keeps its y-axis labels and legend in
  view; on a desktop every chart starts at its caption's left edge (±2 px).
* calendar day links reach the right workout (calendar_checks.py).
* body maps (muscle_checks.py): 17 muscles, five ranges written in the legend, each shaded level
  at least 3:1 against "0 sets" in both colour schemes.

Screenshots of each page kind (desktop light and dark, phone) go to SHOTS_DIR for a person to
look at; README.md ("Browser tests") names the folder.
"""

import argparse
import pathlib
import sys

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

import layout_checks
from chart_checks import desktop_chart_failures, phone_chart_failures
import heatmap_checks
import calendar_checks
import muscle_checks

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def page_kinds(site: pathlib.Path) -> dict[str, pathlib.Path]:
    """One page of each kind, picked from the site as built."""

    def first(folder: str, skip: tuple[str, ...] = ("index.html",)) -> pathlib.Path | None:
        pages = sorted(p for p in (site / folder).glob("*.html") if p.name not in skip)
        return pages[-1] if pages else None

    kinds = {
        "dashboard": site / "index.html",
        "history": site / "history" / "index.html",
        "year": first("history"),
        # A single workout (`2026-11-24-1806.html`), not a year's list (`2026.html`).
        "workout": max((p for p in (site / "workouts").glob("*.html") if p.stem[:4].isdigit() and len(p.stem) > 4), default=None),
        "exercises": site / "exercises" / "index.html",
        "exercise": site / "exercises" / "bench-press-barbell.html",
        "records": site / "records" / "index.html",
        "records-year": first("records"),
        # The year in review: the year in progress ("so far") and a complete year before it.
        "year-review": first("years"),
        "year-review-past": (sorted((site / "years").glob("*.html"))[-2:-1] or [None])[0] if (site / "years").is_dir() else None,
        "not-found": site / "404.html",
        # Only when there are findings or ignored sets (docs/product.md "The Data quality page").
        "quality": site / "quality.html",
        "muscles": site / "muscles.html",
    }
    if not kinds["exercise"].exists():
        kinds["exercise"] = first("exercises")
    return {name: path for name, path in kinds.items() if path is not None and path.exists()}


def check(site: pathlib.Path, shots: pathlib.Path, chromium: str) -> list[str]:
    failures: list[str] = []
    shots.mkdir(parents=True, exist_ok=True)
    kinds = page_kinds(site)
    for required in ("dashboard", "history", "year", "year-review", "workout", "exercise", "records", "not-found", "muscles"):
        if required not in kinds:
            failures.append(f"{required}: no such page in {site}")
    axe = Axe()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for kind, path in kinds.items():
            url = path.resolve().as_uri()
            for scheme in ("light", "dark"):
                context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
                page = context.new_page()
                problems: list[str] = []
                page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
                page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
                page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url}"))
                page.goto(url, wait_until="load")
                failures += [f"{kind} ({scheme}): {p}" for p in problems]
                results = axe.run(page)
                for violation in results.response.get("violations", []):
                    targets = [", ".join(node.get("target", [])) for node in violation.get("nodes", [])][:3]
                    failures.append(
                        f"{kind} ({scheme}): axe {violation['id']} ({violation.get('impact')}): "
                        f"{violation.get('help')} at {targets}")
                failures += heatmap_checks.check(page, f"{kind} ({scheme})", path)
                failures += muscle_checks.check(page, f"{kind} ({scheme})")
                if scheme == "light":
                    failures += desktop_chart_failures(page, kind)
                page.screenshot(path=str(shots / f"{kind}-desktop-{scheme}.png"), full_page=True)
                context.close()
            context = browser.new_context(viewport=PHONE, color_scheme="light", is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(url, wait_until="load")
            overflow = page.evaluate(
                "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
            if overflow > 0:
                failures.append(f"{kind} (390 px): the page scrolls sideways by {overflow} px")
            failures += layout_checks.phone(page, kind)
            failures += phone_chart_failures(page, kind)
            page.screenshot(path=str(shots / f"{kind}-phone.png"), full_page=True)
            page.emulate_media(media="print")
            pdf = page.pdf(format="A4", print_background=True)
            if not pdf.startswith(b"%PDF") or len(pdf) < 1000:
                failures.append(f"{kind}: printing gave no PDF")
            else:
                (shots / f"{kind}-print.pdf").write_bytes(pdf)
            failures += layout_checks.printed(page, kind, shots)
            context.close()
        failures += calendar_checks.check(browser, site)
        browser.close()
    print(f"checked {len(kinds)} page kinds: {', '.join(kinds)}; screenshots in {shots}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("shots", type=pathlib.Path)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    failures = check(args.site, args.shots, args.chromium)
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print(f"browser checks: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
