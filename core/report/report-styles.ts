import { trustedMarkup } from './html-escape.ts';

/**
 * The report's only styles, inline in every page (no stylesheet to fetch). Print: a table row never
 * splits across pages and a long table repeats its header on each, so `--pdf` reads like the
 * screen; pages are landscape, since a leaderboard has a column per judge and per rubric; the
 * navigation is left out of the paper.
 */
export const REPORT_STYLES = trustedMarkup(`
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --rule: #d1d9e0; --panel: #f6f8fa; --accent: #0b57d0; --bad: #b3261e; --good: #1a7f37; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5rem 1.25rem 4rem; }
nav.toc { max-width: 1100px; margin: 0 auto; padding: 1rem 1.25rem 0; }
nav.toc ol { margin: .25rem 0 0; padding-left: 1.4rem; columns: 2; }
h1 { font-size: 1.7rem; margin: 0 0 .5rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 .6rem; padding-top: .6rem; border-top: 1px solid var(--rule); }
h3 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
h4 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
a { color: var(--accent); }
a:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .25rem .5rem; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
pre { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px; padding: .6rem .8rem; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 40rem; overflow: auto; }
.muted { color: var(--muted); }
.headline { font-weight: 600; }
.verdict { font-style: italic; }
.empty { color: var(--muted); font-style: italic; }
.note { border-left: 4px solid var(--rule); padding: .2rem .8rem; color: var(--muted); }
.warning { border-left: 4px solid #bf8700; background: #fff8c5; padding: .4rem .8rem; }
ul.notes { padding-left: 1.2rem; }
.pair { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
.pair > * { flex: 1 1 420px; min-width: 0; }
.table-wrap { overflow-x: auto; margin: .6rem 0 1rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; caption-side: top; }
th, td { border-bottom: 1px solid var(--rule); padding: .3rem .6rem; vertical-align: top; }
thead th { background: var(--panel); border-bottom: 2px solid var(--rule); text-align: left; }
th.num, td.num { text-align: right; white-space: nowrap; }
tbody th { text-align: left; font-weight: 600; }
td .best-note { color: var(--muted); font-size: .85em; }
abbr[title] { text-decoration: underline dotted; cursor: help; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
.status-succeeded { color: var(--good); }
.status-failed, .status-timeout, .status-cancelled { color: var(--bad); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
ol.steps { list-style: none; padding: 0; }
ol.steps > li { border: 1px solid var(--rule); border-radius: 6px; padding: .5rem .8rem; margin: .5rem 0; }
.step-head { font-weight: 600; }
.call { margin: .4rem 0 0 .8rem; }
.call.failed > .call-head { color: var(--bad); }
.frames { display: flex; flex-wrap: wrap; gap: 1rem; }
.frames figure { flex: 0 1 320px; }
.frames img { max-width: 100%; border: 1px solid var(--rule); }
@page { size: A4 landscape; margin: 12mm 12mm 14mm; }
@media print {
  nav.toc, .skip { display: none; }
  table { font-size: 8pt; max-width: 100%; }
  th, td { padding: .15rem .35rem; }
  thead th { overflow-wrap: anywhere; }
  tbody th { min-width: 11em; }
  main { max-width: none; padding: 0; }
  body { font-size: 10.5pt; }
  h2 { break-before: auto; break-after: avoid; }
  h3, h4, caption { break-after: avoid; }
  thead { display: table-header-group; }
  tr, figure, li { break-inside: avoid; page-break-inside: avoid; }
  .table-wrap { overflow: visible; }
  pre { max-height: none; overflow: visible; }
  a { color: inherit; }
}
`);
