"""Phone layout and print checks of a built wkt-site site (docs/product.md "Phones and print").

Called by check_site.py; every function returns a list of failure strings.

* phone(page, kind): at 390 x 844 the dashboard's "This week" calendar is fully inside the first
  viewport and its stat cards form two columns; on every page kind every table either fits or sits
  in a box that scrolls sideways, shows it can scroll (edge shadows), keeps its first column in
  view when scrolled right and shows its last column at the end (no column silently cut off).
* printed(page, kind, shots): the dashboard and a workout page print to PDF on A4 and Letter with
  every page carrying text, a page count within PRINT_MAX_PAGES, and, laid out for print, no two
  cards, charts or fact boxes overlapping.
"""

import io
import pathlib

from pypdf import PdfReader

# Most pages a printed page kind may take (the 3-year demo: dashboard 5-6 A4 pages, workout 2).
PRINT_MAX_PAGES = {"dashboard": 9, "workout": 6}
PRINT_FORMATS = ("A4", "Letter")

# Every table, after opening every <details>: where it scrolls and what scrolling right shows.
TABLES = """
() => {
  const closed = [...document.querySelectorAll('details')].filter((d) => !d.open);
  for (const d of closed) d.open = true;
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const out = [];
  document.querySelectorAll('table').forEach((table, index) => {
    const rect = table.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    let box = scrolls(table) ? table : table.parentElement;
    while (box && box !== document.body && !scrolls(box)) box = box.parentElement;
    if (box === document.body) box = null;
    const name = (table.querySelector('caption')?.textContent
      || table.closest('section')?.querySelector('h2')?.textContent
      || table.previousElementSibling?.textContent || '').trim().slice(0, 40);
    // The element that clips the table when nothing scrolls it: an overflow-hidden ancestor or the screen.
    let clip = table;
    while (clip && clip !== document.body && !['hidden', 'clip'].includes(getComputedStyle(clip).overflowX)) clip = clip.parentElement;
    const edge = clip && clip !== document.body ? clip.getBoundingClientRect().right : document.documentElement.clientWidth;
    const lastHead = table.querySelector('tr > :last-child');
    const row = { index, name, cut: lastHead ? Math.round(lastHead.getBoundingClientRect().right - edge) : 0,
                  viewport: document.documentElement.clientWidth, box: !!box };
    if (box) {
      row.client = box.clientWidth;
      row.scrollWidth = box.scrollWidth;
      row.cue = getComputedStyle(box).backgroundImage.includes('gradient');
      const first = table.querySelector('tbody tr > :first-child') || table.querySelector('tr > :first-child');
      if (first) window.scrollBy(0, first.getBoundingClientRect().top - window.innerHeight / 2);
      box.scrollLeft = box.scrollWidth;
      const boxRect = box.getBoundingClientRect();
      const last = table.querySelector('tr > :last-child');
      if (first) {
        const r = first.getBoundingClientRect();
        const hit = document.elementFromPoint(Math.max(0, r.left + 2), r.top + r.height / 2);
        row.firstLeft = Math.round(r.left - boxRect.left);
        row.firstVisible = !!hit && (hit === first || first.contains(hit));
      }
      if (last) row.lastCut = Math.round(last.getBoundingClientRect().right - boxRect.right);
      box.scrollLeft = 0;
    }
    out.push(row);
  });
  for (const d of closed) d.open = false;
  window.scrollTo(0, 0);
  return out;
}
"""

# Laid out for print: pairs of cards, charts and fact boxes (none inside another) that overlap.
OVERLAPS = """
() => {
  const items = [...document.querySelectorAll('.card, .chart, .facts > div, .lift-trend')];
  const found = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i], items[j]];
      if (a.contains(b) || b.contains(a)) continue;
      const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
      const x = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const y = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (x > 1 && y > 1) found.push(`${a.className} #${i} and ${b.className} #${j} by ${Math.round(x)}x${Math.round(y)} px`);
    }
  }
  return found.slice(0, 5);
}
"""


def phone(page, kind: str) -> list[str]:
    """Checks one page at 390 x 844 (the page is loaded in a phone-sized context)."""
    failures: list[str] = []
    if kind == "dashboard":
        failures += _dashboard_first_screen(page)
    for table in page.evaluate(TABLES):
        where = f"{kind} (390 px): table {table['index']} ({table['name']!r})"
        if not table["box"]:
            if table["cut"] > 1:
                failures.append(f"{where}: its last column is cut off by {table['cut']} px and nothing scrolls it")
            continue
        if table["scrollWidth"] <= table["client"] + 1:
            continue
        if not table["cue"]:
            failures.append(f"{where} scrolls sideways but its box does not show it (no edge shadow)")
        if table.get("firstLeft") is None or table["firstLeft"] < -1 or not table.get("firstVisible"):
            failures.append(f"{where}: scrolled right, its first column is out of view (left {table.get('firstLeft')} px)")
        if table.get("lastCut", 0) > 1:
            failures.append(f"{where}: scrolled to the end, its last column is still cut by {table['lastCut']} px")
    return failures


def _dashboard_first_screen(page) -> list[str]:
    failures: list[str] = []
    geometry = page.evaluate("""
    () => {
      const week = document.querySelector('[aria-labelledby="this-week"]');
      const stats = [...document.querySelectorAll('.cards > .card')].filter((c) => c.querySelector('.stat'));
      return {
        height: window.innerHeight,
        week: week ? (({ top, bottom }) => ({ top, bottom }))(week.getBoundingClientRect()) : null,
        stats: stats.map((c) => { const r = c.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; }),
      };
    }
    """)
    week = geometry["week"]
    if week is None:
        failures.append("dashboard (390 px): no 'This week' section")
    elif week["top"] < 0 or week["bottom"] > geometry["height"]:
        failures.append(
            f"dashboard (390 px): 'This week' spans {week['top']:.0f}-{week['bottom']:.0f} px, "
            f"not inside the first {geometry['height']} px screen")
    columns = sorted({left for left, _ in geometry["stats"]})
    rows = sorted({top for _, top in geometry["stats"]})
    if len(geometry["stats"]) < 4 or len(columns) != 2 or len(rows) != (len(geometry["stats"]) + 1) // 2:
        failures.append(
            f"dashboard (390 px): the {len(geometry['stats'])} stat cards form {len(columns)} column(s) "
            f"and {len(rows)} row(s), not 2 columns")
    return failures


def printed(page, kind: str, shots: pathlib.Path) -> list[str]:
    """Prints the dashboard and a workout page (print media already emulated) on A4 and Letter."""
    if kind not in PRINT_MAX_PAGES:
        return []
    failures: list[str] = []
    page.set_viewport_size({"width": 720, "height": 1000})  # about A4 / Letter minus margins at 96 dpi
    for overlap in page.evaluate(OVERLAPS):
        failures.append(f"{kind} (print layout): {overlap} overlap")
    for paper in PRINT_FORMATS:
        pdf = page.pdf(format=paper, print_background=True)
        (shots / f"{kind}-print-{paper.lower()}.pdf").write_bytes(pdf)
        failures += pdf_pages(pdf, f"{kind} ({paper})", PRINT_MAX_PAGES[kind])
    return failures


def pdf_pages(pdf: bytes, where: str, max_pages: int) -> list[str]:
    """A PDF whose every page has text and that has at most `max_pages` pages."""
    reader = PdfReader(io.BytesIO(pdf))
    failures: list[str] = []
    count = len(reader.pages)
    if count == 0 or count > max_pages:
        failures.append(f"{where}: prints to {count} pages, expected 1-{max_pages}")
    for number, pdf_page in enumerate(reader.pages, start=1):
        if not (pdf_page.extract_text() or "").strip():
            failures.append(f"{where}: printed page {number} of {count} is blank")
    return failures
