"""Calendar day links in a real browser (docs/product.md "Calendar days").

On the dashboard, the history index and every history year page:

* every day cell carries a `title` containing its ISO date (`data-date`);
* a day marked done is a link, any other day is not;
* every day link's target file exists, and its lead line shows that day (`Monday 2026-11-23`);
  every "Also on this day" link there shows the same day;
* a deterministic sample of the links (all of the dashboard's, and on each history page up to
  SAMPLE evenly spaced, first and last included) is followed in the browser: the page that loads
  must be a workout page whose lead line shows the day.

`check(browser, site)` returns the failures as strings; check_site.py calls it.
"""

import datetime
import pathlib
import re
import urllib.parse

SAMPLE = 24

# Every calendar cell of the page: its date, state, title and the link's resolved URL.
CELLS = """
() => Array.from(document.querySelectorAll('.week-days li.day')).map((li) => {
  const link = li.querySelector('a');
  return { date: li.dataset.date, state: li.dataset.state, title: li.getAttribute('title'),
           href: link ? link.href : null, links: li.querySelectorAll('a').length };
})
"""

LEAD = "() => { const p = document.querySelector('main .lead, .lead'); return p ? p.textContent : null; }"
SAME_DAY = re.compile(r'<p class="same-day">(.*?)</p>', re.S)
HREF = re.compile(r'href="([^"]+)"')
LEAD_HTML = re.compile(r'<p class="lead">(.*?)</p>', re.S)


def long_day(iso: str) -> str:
    """`Monday 2026-11-23`: how a workout page's lead line names its day."""
    return datetime.date.fromisoformat(iso).strftime("%A ") + iso


def file_of(url: str) -> pathlib.Path:
    return pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(url).path))


def pages(site: pathlib.Path) -> list[pathlib.Path]:
    years = sorted(p for p in (site / "history").glob("*.html") if p.stem.isdigit())
    return [p for p in [site / "index.html", site / "history" / "index.html", *years] if p.exists()]


def sample(items: list, size: int) -> list:
    """Up to `size` items evenly spaced, the first and the last included: the same every run."""
    if len(items) <= size:
        return items
    step = (len(items) - 1) / (size - 1)
    return [items[round(i * step)] for i in range(size)]


def check_target(where: str, date: str, target: pathlib.Path) -> list[str]:
    """The target file exists and names `date` in its lead line; so do its same-day links."""
    if not target.is_file():
        return [f"{where}: {date} links to {target}, which does not exist"]
    text = target.read_text(encoding="utf-8")
    lead = LEAD_HTML.search(text)
    if not lead or long_day(date) not in lead.group(1):
        return [f"{where}: {date} links to {target.name}, whose lead line does not show {long_day(date)}"]
    failures = []
    for block in SAME_DAY.findall(text):
        for href in HREF.findall(block):
            other = (target.parent / href).resolve()
            other_lead = LEAD_HTML.search(other.read_text(encoding="utf-8")) if other.is_file() else None
            if not other_lead or long_day(date) not in other_lead.group(1):
                failures.append(f"{where}: {target.name} lists {href} as on {date}, but it is not")
    return failures


def check(browser, site: pathlib.Path) -> list[str]:
    failures: list[str] = []
    followed = 0
    context = browser.new_context()
    page = context.new_page()
    for path in pages(site):
        where = f"calendar {path.relative_to(site)}"
        page.goto(path.resolve().as_uri(), wait_until="load")
        cells = page.evaluate(CELLS)
        if not cells:
            failures.append(f"{where}: no calendar cells")
        links = []
        for cell in cells:
            date, title = cell["date"], cell["title"] or ""
            if date not in title:
                failures.append(f"{where}: the cell of {date} has title {title!r} without its date")
            if cell["links"] > 1:
                failures.append(f"{where}: the cell of {date} holds {cell['links']} links")
            if (cell["state"] == "done") != (cell["href"] is not None):
                failures.append(f"{where}: {date} is {cell['state']} but {'has' if cell['href'] else 'has no'} link")
            if cell["href"]:
                links.append((date, cell["href"]))
                failures += check_target(where, date, file_of(cell["href"]))
        for date, href in (links if path.name == "index.html" and path.parent == site else sample(links, SAMPLE)):
            page.goto(href, wait_until="load")
            lead = page.evaluate(LEAD) or ""
            followed += 1
            if "/workouts/" not in page.url or long_day(date) not in lead:
                failures.append(f"{where}: following {date} reached {page.url} showing {lead.strip()!r}")
    context.close()
    print(f"calendar: followed {followed} day links in the browser")
    return failures
