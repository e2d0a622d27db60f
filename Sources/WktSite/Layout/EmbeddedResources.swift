// Generated from Templates/ and Assets/ by EmbeddedResourcesTests; do not edit by hand.
// After changing a template or asset, run:
//   WKT_UPDATE_EMBEDDED=1 swift test --filter WktSiteTests.EmbeddedResourcesTests

/// The default templates and assets, compiled into the binary so `wkt-site` works from any
/// directory. Each is a byte-identical copy of a file in the repository's `Templates/` or
/// `Assets/` folder (a test compares them).
public enum EmbeddedResources {
    /// One embedded file.
    public struct File: Sendable, Hashable {
        /// The path relative to `Templates/` or `Assets/` (`partials/header.mustache`).
        public let path: String
        /// The file's text.
        public let contents: String
    }

    /// The Mustache templates of `Templates/`, sorted by path.
    public static let templates: [File] = [
        File(
            path: "empty-store.mustache",
            contents: #"""
<section class="notice">
<h1>No workouts yet</h1>
<p>This site is built from your workout store, and the store is still empty.</p>
<p>Import an export from Strong, Hevy, FitNotes or Apple Health, then build again:</p>
<pre><code>wkt-site import strong_workouts.csv
wkt-site build</code></pre>
<p>Or try it with a realistic synthetic history: <code>wkt-site demo</code>.</p>
</section>

"""#
        ),
        File(
            path: "layout.mustache",
            contents: ##"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="wkt-build" content="{{buildID}}">
<meta name="description" content="{{description}}">
<meta name="color-scheme" content="light dark">
<title>{{documentTitle}}</title>
<link rel="stylesheet" href="{{root}}assets/style.css">
<link rel="icon" href="{{root}}assets/favicon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
{{> partials/header}}
<main id="main" class="page">
{{{body}}}
</main>
{{> partials/footer}}
</body>
</html>

"""##
        ),
        File(
            path: "not-found.mustache",
            contents: #"""
<section class="notice">
<h1>Page not found</h1>
<p>There is no page at this address. It may belong to an exercise that was renamed or removed since the last build.</p>
<p><a href="{{root}}index.html">Back to the dashboard</a></p>
</section>

"""#
        ),
        File(
            path: "partials/footer.mustache",
            contents: #"""
<footer class="site-footer">
<p>{{footer}}</p>
<p class="footer-links"><a href="{{root}}feed.xml">Atom feed</a> · <a href="{{root}}data/stats.json">stats.json</a></p>
</footer>

"""#
        ),
        File(
            path: "partials/header.mustache",
            contents: #"""
<header class="site-header">
<div class="site-header-inner">
<a class="site-title" href="{{root}}index.html"><img class="site-logo" src="{{root}}assets/favicon.svg" alt="" width="28" height="28">{{siteTitle}}</a>
<nav class="site-nav" aria-label="Main">
<ul>
{{#nav}}
<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a></li>
{{/nav}}
</ul>
</nav>
</div>
</header>

"""#
        ),
    ]

    /// The files of `Assets/` (CSS, favicon), sorted by path.
    public static let assets: [File] = [
        File(
            path: "favicon.svg",
            contents: ##"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="7" fill="#2f5bea"/>
<g fill="#ffffff">
<rect x="3.5" y="10" width="3.5" height="12" rx="1"/>
<rect x="8" y="6.5" width="4" height="19" rx="1"/>
<rect x="12" y="14.5" width="8" height="3" rx="0.5"/>
<rect x="20" y="6.5" width="4" height="19" rx="1"/>
<rect x="25" y="10" width="3.5" height="12" rx="1"/>
</g>
</svg>

"""##
        ),
        File(
            path: "style.css",
            contents: #"""
/* wkt-site default style.
 *
 * No external fonts or resources; works under the page CSP (style-src 'self').
 * Class vocabulary for pages:
 *   layout      .site-header .site-nav .page .site-footer .notice .muted .lead
 *   dashboard   .cards .card .card-wide .card-half .stat .stat-value .stat-label .stat-note
 *   tables      .table-wrap (horizontal scroll) .num (right-aligned numbers) .nowrap
 *   charts      .chart .chart-frame .chart-svg .chart-data (made by WktSite/Charts)
 *   calendar    .week-row .week-label .week-days .day .day-{done,today,planned,missed,rest}
 *               .is-today .calendar-legend .calendar-month
 *   misc        .badge .badge-pr .badge-done .badge-short .badge-pain .sr-only .skip-link
 *   pages       .pager .page-list .facts .flag .note .note-label .set-note .exercise-heading .block-total
 *               .stars .week-row.compact .week-head .year-heading .footer-links
 */

:root {
  color-scheme: light dark;
  --bg: #f5f6f8;
  --surface: #ffffff;
  --surface-2: #f0f2f5;
  --text: #1b2230;
  --muted: #5d6778;
  --border: #dfe3ea;
  --grid: #e8ebf0;
  --accent: #2f5bea;
  --accent-text: #2449c4;
  --accent-soft: #e7edfd;
  --second: #c2410c;
  --good: #16794a;
  --good-soft: #e3f4ea;
  --warn: #b42318;
  --warn-soft: #fdecea;
  --heat-0: #eceff3;
  --heat-1: #b7c8f8;
  --heat-2: #6d8ff0;
  --heat-3: #2f5bea;
  --focus: #f59e0b;
  --shadow: 0 1px 2px rgb(16 24 40 / 0.05), 0 1px 3px rgb(16 24 40 / 0.06);
  --radius: 12px;
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans",
    "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji";
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}

@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0e1116;
    --surface: #161b22;
    --surface-2: #1d232c;
    --text: #e6e9ef;
    --muted: #9aa4b4;
    --border: #2b323d;
    --grid: #242b35;
    --accent: #7096ff;
    --accent-text: #8eacff;
    --accent-soft: #1c2645;
    --second: #f59e6b;
    --good: #4cc38a;
    --good-soft: #14291f;
    --warn: #ff7b72;
    --warn-soft: #33191a;
    --heat-0: #1f252e;
    --heat-1: #223a6e;
    --heat-2: #3b63c9;
    --heat-3: #7096ff;
    --shadow: none;
  }
}

/* Base */

*, *::before, *::after { box-sizing: border-box; }

html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }

body {
  margin: 0;
  background: var(--bg);
  color: var(--text);
  font-family: var(--font);
  font-size: 1rem;
  line-height: 1.55;
}

h1, h2, h3, h4 { line-height: 1.25; margin: 1.6em 0 0.6em; font-weight: 650; }
h1 { font-size: 1.85rem; margin-top: 0.4em; letter-spacing: -0.01em; }
h2 { font-size: 1.3rem; }
h3 { font-size: 1.08rem; }
p, ul, ol, dl, pre, table { margin: 0 0 1rem; }
p, li { max-width: 72ch; }

a { color: var(--accent-text); text-underline-offset: 0.15em; text-decoration-thickness: 1px; }
a:hover { text-decoration-thickness: 2px; }

code, pre { font-family: var(--mono); font-size: 0.9em; }
code { background: var(--surface-2); padding: 0.1em 0.35em; border-radius: 4px; }
pre {
  background: var(--surface-2);
  border: 1px solid var(--border);
  border-radius: 8px;
  padding: 0.8rem 1rem;
  overflow-x: auto;
  max-width: 100%;
}
pre code { background: none; padding: 0; }

blockquote { margin: 0 0 1rem; padding: 0.1rem 1rem; border-left: 3px solid var(--border); color: var(--muted); }
hr { border: 0; border-top: 1px solid var(--border); margin: 2rem 0; }
img, svg { max-width: 100%; }

:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }

.muted { color: var(--muted); }
.lead { font-size: 1.1rem; color: var(--muted); margin-top: -0.3rem; }

.sr-only {
  position: absolute !important;
  width: 1px; height: 1px;
  padding: 0; margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

.skip-link {
  position: absolute;
  left: 1rem; top: -3rem;
  z-index: 10;
  background: var(--surface);
  color: var(--text);
  padding: 0.5rem 1rem;
  border-radius: 8px;
  box-shadow: var(--shadow);
}
.skip-link:focus { top: 0.75rem; }

/* Header, navigation, footer */

.site-header {
  background: var(--surface);
  border-bottom: 1px solid var(--border);
}
.site-header-inner {
  max-width: 72rem;
  margin: 0 auto;
  padding: 0.7rem 1.25rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 2rem;
}
.site-title {
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 700;
  font-size: 1.1rem;
  color: var(--text);
  text-decoration: none;
}
.site-logo { display: block; width: 28px; height: 28px; }
.site-nav ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  list-style: none;
  margin: 0;
  padding: 0;
}
.site-nav li { max-width: none; }
.site-nav a {
  display: block;
  padding: 0.4rem 0.75rem;
  border-radius: 8px;
  color: var(--muted);
  text-decoration: none;
  font-weight: 550;
}
.site-nav a:hover { color: var(--text); background: var(--surface-2); }
.site-nav a[aria-current="page"] { color: var(--accent-text); background: var(--accent-soft); }

.page {
  display: block;
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1.25rem 3rem;
}

.site-footer {
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1.25rem 2.5rem;
  border-top: 1px solid var(--border);
  color: var(--muted);
  font-size: 0.875rem;
}

.notice {
  max-width: 40rem;
  margin: 3rem auto;
  padding: 2rem;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
}
.notice h1 { margin-top: 0; }

/* Dashboard cards and key numbers */

.cards {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  gap: 1rem;
  margin: 0 0 1.5rem;
}
.card {
  min-width: 0;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  padding: 1rem 1.25rem 1.1rem;
}
.card-wide { grid-column: 1 / -1; }
@media (min-width: 52rem) { .card-half { grid-column: span 2; } }
.card > h2, .card > h3 { margin: 0 0 0.75rem; font-size: 1rem; }
.card-half td:first-child { white-space: nowrap; }
.card > :last-child { margin-bottom: 0; }

.stat { display: flex; flex-direction: column; gap: 0.15rem; }
.stat-label { color: var(--muted); font-size: 0.85rem; font-weight: 550; }
.stat-value {
  font-size: 2.1rem;
  font-weight: 700;
  line-height: 1.1;
  letter-spacing: -0.02em;
  font-variant-numeric: tabular-nums;
}
.stat-note { color: var(--muted); font-size: 0.85rem; }

.badge {
  display: inline-block;
  padding: 0.05rem 0.5rem;
  border-radius: 999px;
  border: 1px solid var(--border);
  background: var(--surface-2);
  font-size: 0.78rem;
  font-weight: 600;
  vertical-align: 0.1em;
}
.badge-pr { background: var(--accent-soft); border-color: transparent; color: var(--accent-text); }

/* Tables: tabular numbers, horizontal scroll on small screens */

table {
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  font-size: 0.925rem;
}
/* Tables written by Markdown have no wrapper: let them scroll on their own. */
.page > table, .card > table {
  display: block;
  max-width: 100%;
  width: max-content;
  overflow-x: auto;
}
.table-wrap { max-width: 100%; overflow-x: auto; margin: 0 0 1rem; }
.table-wrap > table { width: 100%; margin: 0; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: 0 0 0.5rem; }
th, td { padding: 0.45rem 0.75rem; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
thead th {
  border-bottom-width: 2px;
  color: var(--muted);
  font-size: 0.8rem;
  font-weight: 650;
  text-transform: uppercase;
  letter-spacing: 0.03em;
  white-space: nowrap;
}
tbody th { font-weight: 550; }
tbody tr:hover { background: var(--surface-2); }
.num, td[align="right"], th[align="right"] { text-align: right; white-space: nowrap; }
.nowrap { white-space: nowrap; }

/* Charts (inline SVG; colours follow CSS `color` through currentColor) */

.chart { margin: 0 0 1.25rem; min-width: 0; }
.chart figcaption { margin: 0 0 0.5rem; }
.chart-title { display: block; font-weight: 650; }
.chart-summary { display: block; color: var(--muted); font-size: 0.875rem; }
.chart-frame { overflow-x: auto; direction: rtl; } /* narrow screens start at the newest (right) end */
.chart-frame > * { direction: ltr; }
.chart-svg {
  display: block;
  width: 100%;
  min-width: 30rem;
  height: auto;
  font-family: var(--font);
  font-size: 12px;
  font-variant-numeric: tabular-nums;
}
.year-heatmap { min-width: 36rem; max-width: 60rem; }
.chart-svg .grid { color: var(--grid); }
.chart-svg .grid line { stroke-width: 1; }
.chart-svg .axis, .chart-svg .legend { color: var(--muted); }
.chart-svg .axis .tick { stroke: currentColor; }
.chart-svg .empty { font-size: 14px; }
.chart-svg .bars { color: var(--accent); }
.chart-svg .bars rect:hover { opacity: 0.75; }
.chart-svg .target { color: var(--second); font-weight: 600; }
.chart-svg .halo { paint-order: stroke; stroke: var(--surface); stroke-width: 4px; stroke-linejoin: round; }
.chart-svg .target-line line { stroke-width: 1.5; }
.chart-svg .series-1 { color: var(--accent); }
.chart-svg .series-2 { color: var(--second); }
.chart-svg .series polyline { stroke-linejoin: round; stroke-linecap: round; }
.chart-svg .markers circle, .chart-svg .markers rect { stroke: var(--surface); stroke-width: 1; }
.chart-svg .days rect { stroke-width: 1; }
.chart-svg .l0 { fill: var(--heat-0); stroke: var(--border); }
.chart-svg .l1 { fill: var(--heat-1); }
.chart-svg .l2 { fill: var(--heat-2); }
.chart-svg .l3 { fill: var(--heat-3); }
.chart-svg .future { fill: none; stroke: var(--border); stroke-dasharray: 2 2; }

.chart-data { margin-top: 0.5rem; font-size: 0.9rem; }
.chart-data > summary { cursor: pointer; color: var(--muted); width: max-content; }
.chart-data > summary:hover { color: var(--text); }
.chart-data[open] > summary { margin-bottom: 0.5rem; }
.chart-data caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }

/* Weekly calendar: mark AND class, never colour alone */

.calendar-month { margin: 0 0 1.5rem; }
.week-row {
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 0 0 0.5rem;
}
.week-label {
  flex: 0 0 6.5rem;
  color: var(--muted);
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
}
.week-days {
  flex: 1;
  display: grid;
  grid-template-columns: repeat(7, minmax(2.4rem, 1fr));
  gap: 0.375rem;
  list-style: none;
  margin: 0;
  padding: 0;
  max-width: 34rem;
}
.day {
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 0.3rem 0 0.35rem;
  border: 1px solid var(--border);
  border-radius: 10px;
  background: var(--surface);
  line-height: 1.2;
  max-width: none;
}
.day-name {
  font-size: 0.68rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: var(--muted);
}
.day-mark { font-size: 1.2rem; font-weight: 700; line-height: 1.35; }
.day-num { font-size: 0.72rem; color: var(--muted); font-variant-numeric: tabular-nums; }
.day.day-done { background: var(--good-soft); border-color: var(--good); }
.day.day-done .day-mark { color: var(--good); }
.day.day-today { border: 2px solid var(--accent); }
.day.day-today .day-mark { color: var(--accent); }
.day.day-planned { border-style: dashed; border-color: var(--muted); }
.day.day-planned .day-mark { color: var(--muted); }
.day.day-missed { background: var(--warn-soft); border-color: var(--warn); }
.day.day-missed .day-mark { color: var(--warn); }
.day.day-rest { background: transparent; }
.day.day-rest .day-mark { color: var(--muted); }
.day.is-today { box-shadow: 0 0 0 2px var(--accent); }
.day.is-today .day-name, .day.is-today .day-num { color: var(--text); }

.calendar-legend {
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1.1rem;
  list-style: none;
  margin: 0.75rem 0 1rem;
  padding: 0;
  color: var(--muted);
  font-size: 0.85rem;
}
.calendar-legend li { display: inline-flex; align-items: center; gap: 0.35rem; }
.calendar-legend .day-mark {
  display: inline-grid;
  place-items: center;
  width: 1.5rem; height: 1.5rem;
  border: 1px solid var(--border);
  border-radius: 6px;
  font-size: 0.9rem;
  line-height: 1;
  background: var(--surface);
}
.calendar-legend .day-done .day-mark { background: var(--good-soft); border-color: var(--good); color: var(--good); }
.calendar-legend .day-today .day-mark { border: 2px solid var(--accent); color: var(--accent); }
.calendar-legend .day-planned .day-mark { border-style: dashed; border-color: var(--muted); }
.calendar-legend .day-missed .day-mark { background: var(--warn-soft); border-color: var(--warn); color: var(--warn); }
.calendar-legend .day-rest .day-mark { background: transparent; }

/* Pages: pager, facts, notes, flags, exercise blocks */

h4 { font-size: 0.95rem; margin: 1.1em 0 0.4em; color: var(--muted); }
.year-heading { font-size: 1.2rem; margin-top: 1.8em; }
.year-heading a { text-decoration: none; }

.pager {
  display: grid;
  grid-template-columns: 1fr auto 1fr;
  gap: 0.5rem 1rem;
  align-items: baseline;
  margin: 0 0 1.5rem;
  font-size: 0.925rem;
}
.pager a { overflow-wrap: anywhere; }
.pager-up { text-align: center; }
.pager-next { text-align: right; }

.page-list ol {
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem 0.6rem;
  list-style: none;
  margin: 0 0 1.25rem;
  padding: 0;
  font-size: 0.925rem;
}
.page-list a[aria-current="page"] { font-weight: 700; text-decoration: none; color: var(--text); }

.facts {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 1.5rem;
}
.facts > div {
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 10px;
  padding: 0.6rem 0.9rem;
  box-shadow: var(--shadow);
}
.facts dt { color: var(--muted); font-size: 0.8rem; font-weight: 600; }
.facts dd { margin: 0.1rem 0 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.stars { color: var(--second); letter-spacing: 0.08em; }
.stars-text { color: var(--muted); font-weight: 500; font-size: 0.875rem; }

.flag {
  border: 1px solid var(--warn);
  background: var(--warn-soft);
  border-radius: 10px;
  padding: 0.55rem 0.9rem;
  max-width: none;
}
.flag-mark { color: var(--warn); font-weight: 700; }

.note {
  background: var(--surface);
  border: 1px solid var(--border);
  border-left: 4px solid var(--accent);
  border-radius: 8px;
  padding: 0.7rem 1rem 0.1rem;
  margin: 0 0 1rem;
  max-width: 72ch;
  overflow-wrap: anywhere;
}
.note pre { white-space: pre-wrap; }
.note-label { margin: 0 0 0.25rem; color: var(--muted); font-size: 0.8rem; font-weight: 600; }
.exercise-note { border-left-color: var(--second); }
.set-note { border-left-color: var(--border); font-size: 0.925rem; }

.exercise-heading { margin-top: 2em; }
.exercise-heading .badge { font-weight: 600; margin-left: 0.25rem; }
.badge-done { background: var(--good-soft); border-color: var(--good); color: var(--good); }
.badge-short, .badge-pain { background: var(--warn-soft); border-color: var(--warn); color: var(--warn); }
.block-total { color: var(--muted); font-size: 0.875rem; margin-top: -0.5rem; }

.site-footer p { margin: 0 0 0.35rem; }
.footer-links a { color: var(--muted); }

/* Compact calendar rows (history index): marks only, one weekday header per month */

.week-row.compact { margin: 0 0 0.25rem; }
.week-row.compact .week-days { max-width: 24rem; gap: 0.25rem; }
.week-row.compact .day { padding: 0.05rem 0; border-radius: 6px; }
.week-row.compact .day-mark { font-size: 0.95rem; line-height: 1.4; }
.week-head .week-days li {
  text-align: center;
  color: var(--muted);
  font-size: 0.68rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
}

/* Small screens */

@media (max-width: 40rem) {
  h1 { font-size: 1.5rem; }
  .page { padding: 1rem 0.9rem 2rem; }
  .site-header-inner { padding: 0.6rem 0.9rem; gap: 0.25rem 1rem; }
  .site-nav a { padding: 0.35rem 0.55rem; }
  .week-row { flex-direction: column; align-items: stretch; gap: 0.25rem; }
  .week-label { flex: none; }
  .week-days { gap: 0.25rem; grid-template-columns: repeat(7, minmax(0, 1fr)); }
  .stat-value { font-size: 1.75rem; }
  .chart-svg { font-size: 16px; min-width: 36rem; }
  .year-heatmap { font-size: 13px; }
}

/* Print: no navigation, black on white, charts kept */

@media print {
  :root {
    --bg: #fff; --surface: #fff; --surface-2: #fff;
    --text: #000; --muted: #333; --border: #999; --grid: #ccc;
    --accent: #222; --accent-text: #000; --accent-soft: #fff; --second: #666;
    --good: #000; --good-soft: #fff; --warn: #000; --warn-soft: #fff;
    --heat-0: #fff; --heat-1: #bbb; --heat-2: #777; --heat-3: #222;
    --shadow: none;
  }
  body { background: #fff; color: #000; font-size: 10.5pt; }
  .site-nav, .skip-link, .chart-data > summary, .pager, .page-list, .footer-links { display: none; }
  .site-header { border-bottom: 1px solid #000; }
  .page { max-width: none; padding: 0.5rem 0; }
  .card, .chart, .week-row, tr { break-inside: avoid; }
  .card { border-color: #999; }
  .chart-frame { overflow: visible; }
  .chart-svg { min-width: 0; }
  .page > table, .card > table { display: table; width: auto; overflow: visible; }
  a { color: #000; }
  .day { border-color: #000; }
}

"""#
        ),
    ]
}
