#!/usr/bin/env python3
"""Checks a built wkt-site site in a real browser (Chromium from Debian, driven by Playwright).

    check_site.py SITE_DIR SHOTS_DIR [--chromium PATH]

For one page of every kind (dashboard, history, year view, workout, exercises, exercise, records,
records of a year, 404) it checks, and exits 1 listing every failure:

* no console error, no page error and no failed request (file:// loads of CSS and icons);
* axe-core (bundled by axe-playwright-python) reports 0 violations, in light and in dark mode;
* at 390 px (a phone) the page does not scroll sideways (wide tables and charts scroll inside
  their own boxes);
* the year heatmap's trained days differ from empty days by a contrast of at least 3:1 in both
  colour schemes (WCAG 1.4.11, non-text contrast);
* the page prints to a PDF;
* calendar day links reach the right workout (calendar_checks.py).

Screenshots of each page kind (desktop light and dark, phone) go to SHOTS_DIR for a person to
look at; README.md ("Browser tests") names the folder.
"""

import argparse
import pathlib
import sys

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

import calendar_checks

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
        "not-found": site / "404.html",
    }
    if not kinds["exercise"].exists():
        kinds["exercise"] = first("exercises")
    return {name: path for name, path in kinds.items() if path is not None and path.exists()}


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# The computed fill of the first heatmap square of each level, as [r, g, b] (null when absent);
# a transparent fill resolves to the page background.
HEATMAP_FILLS = """
() => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(',').map(Number);
    return parts.length === 4 && parts[3] === 0 ? null : parts.slice(0, 3);
  };
  const background = parse(getComputedStyle(document.body).backgroundColor) || [255, 255, 255];
  const fill = (level) => {
    const cell = document.querySelector('svg.year-heatmap .' + level + ', .year-heatmap svg .' + level
      + ', svg .' + level);
    if (!cell) return null;
    return parse(getComputedStyle(cell).fill) || background;
  };
  return { l0: fill('l0'), l1: fill('l1'), l2: fill('l2'), l3: fill('l3') };
}
"""


def check(site: pathlib.Path, shots: pathlib.Path, chromium: str) -> list[str]:
    failures: list[str] = []
    shots.mkdir(parents=True, exist_ok=True)
    kinds = page_kinds(site)
    for required in ("dashboard", "history", "year", "workout", "exercise", "records", "not-found"):
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
                fills = page.evaluate(HEATMAP_FILLS)
                if fills.get("l0") is not None:
                    for level in ("l1", "l2", "l3"):
                        if fills.get(level) is not None:
                            ratio = contrast(tuple(fills["l0"]), tuple(fills[level]))
                            if ratio < 3:
                                failures.append(
                                    f"{kind} ({scheme}): heatmap {level} against empty days has contrast "
                                    f"{ratio:.2f}:1, below 3:1")
                page.screenshot(path=str(shots / f"{kind}-desktop-{scheme}.png"), full_page=True)
                context.close()
            context = browser.new_context(viewport=PHONE, color_scheme="light", is_mobile=True, has_touch=True)
            page = context.new_page()
            page.goto(url, wait_until="load")
            overflow = page.evaluate(
                "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
            if overflow > 0:
                failures.append(f"{kind} (390 px): the page scrolls sideways by {overflow} px")
            page.screenshot(path=str(shots / f"{kind}-phone.png"), full_page=True)
            page.emulate_media(media="print")
            pdf = page.pdf(format="A4", print_background=True)
            if not pdf.startswith(b"%PDF") or len(pdf) < 1000:
                failures.append(f"{kind}: printing gave no PDF")
            else:
                (shots / f"{kind}-print.pdf").write_bytes(pdf)
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
