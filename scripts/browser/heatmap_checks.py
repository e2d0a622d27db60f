"""Heatmap checks of one page in a real browser, called by check_site.py for every page kind and
colour scheme (docs/product.md "Heatmap shading"):

* every trained level (l1…l4) of every heatmap on the page differs from the empty day (l0) by a
  contrast of at least 3:1 (WCAG 1.4.11, non-text contrast), measured on the computed fills;
* each heatmap that has trained days shows them (a heatmap without any is reported, as the
  demo trains every week);
* every day link of a heatmap points to a page that exists, relative to the page.
"""

import pathlib
import urllib.parse

# Per heatmap: its figure id, the computed fill of the first square of each level among the
# days and in the legend, as [r, g, b] (null when absent; a transparent fill resolves to the page
# background), and the hrefs of its day links.
HEATMAPS = """
() => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(',').map(Number);
    return parts.length === 4 && parts[3] === 0 ? null : parts.slice(0, 3);
  };
  const background = parse(getComputedStyle(document.body).backgroundColor) || [255, 255, 255];
  return [...document.querySelectorAll('svg.year-heatmap')].map((svg) => {
    const fills = {};
    for (const level of ['l0', 'l1', 'l2', 'l3', 'l4']) {
      const cell = svg.querySelector('.days .' + level) || svg.querySelector('.legend .' + level);
      fills[level] = cell ? parse(getComputedStyle(cell).fill) || background : null;
    }
    const links = [...svg.querySelectorAll('.days a')].map((a) => a.getAttribute('href'));
    const trained = svg.querySelectorAll('.days .l1, .days .l2, .days .l3, .days .l4').length;
    return { id: (svg.closest('figure') || {}).id || '?', fills, links, trained };
  });
}
"""


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: list[float], b: list[float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def check(page, label: str, path: pathlib.Path) -> list[str]:
    """Failures of the heatmaps on `page` (loaded from `path`), each prefixed by `label`."""
    failures: list[str] = []
    for heatmap in page.evaluate(HEATMAPS):
        name = f"{label}: heatmap {heatmap['id']}"
        fills = heatmap["fills"]
        if fills["l0"] is None:
            failures.append(f"{name} has no empty-day square to compare with")
            continue
        if heatmap["trained"] == 0:
            failures.append(f"{name} shows no trained day")
        for level in ("l1", "l2", "l3", "l4"):
            if fills[level] is not None:
                ratio = contrast(fills["l0"], fills[level])
                if ratio < 3:
                    failures.append(f"{name} {level} against empty days has contrast {ratio:.2f}:1, below 3:1")
        for href in heatmap["links"]:
            target = (path.parent / urllib.parse.unquote(href or "")).resolve()
            if not href or not target.is_file():
                failures.append(f"{name} links a day to {href!r}, which does not exist")
    return failures
