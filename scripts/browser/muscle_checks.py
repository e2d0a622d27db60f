"""Body map checks of one page in a real browser, called by check_site.py for every page kind and
colour scheme (docs/product.md "The Muscles page"):

* every body map draws a region for each of the 17 muscles, each with a tooltip naming it;
* every shading level (l1…l4) of the legend differs from level 0 (no sets) by a contrast of at
  least 3:1 (WCAG 1.4.11, non-text contrast), measured on the computed fills of the legend keys,
  and the regions use the same fills as the legend keys of their level;
* the legend writes all five ranges as text.
"""

from heatmap_checks import contrast

MAPS = """
() => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    return m ? m[1].split(',').map(Number).slice(0, 3) : null;
  };
  return [...document.querySelectorAll('svg.body-map')].map((svg) => {
    const figure = svg.closest('section') || document.body;
    const keys = {};
    const regions = {};
    for (const level of ['l0', 'l1', 'l2', 'l3', 'l4']) {
      const key = figure.querySelector('.body-map-key .' + level);
      keys[level] = key ? parse(getComputedStyle(key).fill) : null;
      const region = svg.querySelector('.mz.' + level);
      regions[level] = region ? parse(getComputedStyle(region).fill) : null;
    }
    const muscles = new Set([...svg.querySelectorAll('.mz > title')].map((t) => t.textContent.split(':')[0]));
    const legend = [...figure.querySelectorAll('.body-map-legend li')].map((li) => li.textContent.trim());
    return { id: svg.id || svg.getAttribute('aria-labelledby'), keys, regions, muscles: muscles.size, legend };
  });
}
"""

RANGES = ["0 sets", "under 5 sets", "5–9.5 sets", "10–20 sets", "over 20 sets"]


def check(page, label: str) -> list[str]:
    """Failures of the body maps on `page`, each prefixed by `label`."""
    failures: list[str] = []
    for body_map in page.evaluate(MAPS):
        name = f"{label}: body map {body_map['id']}"
        if body_map["muscles"] != 17:
            failures.append(f"{name} draws {body_map['muscles']} muscles, not 17")
        if body_map["legend"] != RANGES:
            failures.append(f"{name} legend reads {body_map['legend']}, not {RANGES}")
        keys, regions = body_map["keys"], body_map["regions"]
        if keys["l0"] is None:
            failures.append(f"{name} has no legend key for 0 sets")
            continue
        for level in ("l1", "l2", "l3", "l4"):
            if keys[level] is None:
                failures.append(f"{name} has no legend key for {level}")
                continue
            ratio = contrast(keys["l0"], keys[level])
            if ratio < 3:
                failures.append(f"{name} {level} against 0 sets has contrast {ratio:.2f}:1, below 3:1")
        for level, fill in regions.items():
            if fill is not None and fill != keys[level]:
                failures.append(f"{name} {level} regions are filled {fill}, its legend key {keys[level]}")
    return failures
