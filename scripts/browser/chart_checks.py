"""Chart layout checks for check_site.py (issue #10 points 4 and 5).

* phone (390 px): in every chart whose plot scrolls sideways, the y-axis labels and the legend
  stay inside the viewport and on top, with the plot scrolled to either end;
* desktop: every chart (and the year heatmap) starts at the left edge of its caption, ±2 px.

Each function takes a loaded Playwright page and returns a list of failure strings.
"""

# For each chart frame that overflows: scroll it to `edge` (0 = left end, 1 = right end), then
# report y-axis labels or legend entries outside the viewport or hidden under the plot.
_PHONE_SCRIPT = """
(edge) => {
  const problems = [];
  const frames = [...document.querySelectorAll('figure.chart .chart-frame')];
  let scrolled = 0;
  for (const frame of frames) {
    if (frame.scrollWidth <= frame.clientWidth + 1) continue;
    // Charts without a value axis (the year heatmap) have no gutter to keep in view.
    if (!frame.querySelector('svg[role="img"] .y-axis')) continue;
    scrolled += 1;
    frame.scrollIntoView({ block: 'center' });
    // Chromium reports scrollLeft 0 at the right end of an rtl box and negative values left of it.
    const rtl = getComputedStyle(frame).direction === 'rtl';
    const span = frame.scrollWidth - frame.clientWidth;
    frame.scrollLeft = rtl ? (edge === 1 ? 0 : -span) : (edge === 1 ? span : 0);
    const id = frame.closest('figure').id;
    const labels = [...frame.querySelectorAll('.chart-axis .y-axis text')];
    if (labels.length === 0) problems.push(`${id}: no y-axis labels beside the scrolling plot`);
    for (const label of labels) {
      const box = label.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) {
        problems.push(`${id}: y-axis label "${label.textContent}" at x ${box.left.toFixed(0)}…${box.right.toFixed(0)} is outside the viewport`);
        continue;
      }
      const frameBox = frame.getBoundingClientRect();
      if (box.left < frameBox.left - 1 || box.right > frameBox.right + 1) {
        problems.push(`${id}: y-axis label "${label.textContent}" is scrolled out of its chart`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !hit.closest('.chart-axis')) {
        problems.push(`${id}: y-axis label "${label.textContent}" is covered by the plot`);
      }
    }
    for (const item of frame.closest('figure').querySelectorAll('.chart-legend li')) {
      const box = item.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) {
        problems.push(`${id}: legend entry "${item.textContent.trim()}" is outside the viewport`);
      }
    }
  }
  return { problems, scrolled };
}
"""

_DESKTOP_SCRIPT = """
() => {
  const problems = [];
  for (const figure of document.querySelectorAll('figure.chart')) {
    const caption = figure.querySelector('figcaption');
    const svg = figure.querySelector('.chart-frame svg[role="img"]');
    if (!caption || !svg) continue;
    const offset = svg.getBoundingClientRect().left - caption.getBoundingClientRect().left;
    if (Math.abs(offset) > 2) {
      problems.push(`${figure.id}: the chart starts ${offset.toFixed(0)} px right of its heading`);
    }
    // The sticky y-axis overlay is drawn at the plot's own height (a broken style sheet once
    // let it grow to 6,000 px of giant labels while every other check passed).
    const axis = figure.querySelector('.chart-plot > svg.chart-axis');
    if (axis) {
      const plotHeight = svg.getBoundingClientRect().height;
      const axisHeight = axis.getBoundingClientRect().height;
      if (Math.abs(axisHeight - plotHeight) > 2) {
        problems.push(`${figure.id}: the y-axis overlay is ${axisHeight.toFixed(0)} px tall, the plot ${plotHeight.toFixed(0)} px`);
      }
    }
  }
  return problems;
}
"""


def phone_chart_failures(page, kind: str) -> list[str]:
    """At 390 px: y-axis labels and legends of scrolling charts stay in view at both scroll ends."""
    failures: list[str] = []
    for edge, name in ((1, "newest end"), (0, "oldest end")):
        result = page.evaluate(_PHONE_SCRIPT, edge)
        failures += [f"{kind} (390 px, {name}): {problem}" for problem in result["problems"]]
    return failures


def desktop_chart_failures(page, kind: str) -> list[str]:
    """On a wide screen: every chart's left edge is its caption's left edge (±2 px), and its y-axis
    overlay is as tall as the plot (±2 px)."""
    return [f"{kind} (desktop): {problem}" for problem in page.evaluate(_DESKTOP_SCRIPT)]
