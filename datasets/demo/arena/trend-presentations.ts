// Two synthetic HTML presentations of the demo chapter "Weekly trend with a marked partial week"
// (data room "Operations dashboard data room", see ../workspace.json). Both are single files with
// inline CSS, SVG and script, moved with the arrow keys, and fetch nothing. The first follows the
// chapter's design notes (the partial week carries a hatch pattern and a label, which survive a
// greyscale printout); the second is the weaker answer the chapter warns about (a thin coloured
// outline only, fewer slides, no judge checklist).

/** Orders per week, oldest first; the last week is partial (Monday to Wednesday). Invented. */
const WEEKLY_ORDERS = [412, 438, 455, 430, 471, 489, 502, 495, 518, 534, 547, 231];
const WEEK_LABELS = WEEKLY_ORDERS.map((_, i) => `W${i + 1}`);

interface Slide {
  title: string;
  body: string;
}

export function strongTrendDeck(): string {
  const slides: Slide[] = [
    {
      title: 'Weekly trend with a marked partial week',
      body: '<p class="kicker">Operations dashboard data room · chapter walkthrough</p><p>What the twelve-week order trend must show, and how a judge can tell whether a build got the partial week right.</p>',
    },
    {
      title: 'What the brief asks for',
      body: '<ul><li>Orders per week for the last <strong>twelve weeks</strong>, oldest on the left.</li><li>The current week is still running: mark it as <strong>partial</strong>.</li><li>The mark must survive a <strong>greyscale printout</strong>: half the team prints the page.</li></ul>',
    },
    {
      title: 'The chart, with the partial week marked',
      body: `${chartSvg('strong')}<p class="note">Week 12 covers Monday to Wednesday only. It is hatched and labelled, so it reads as unfinished in colour, in greyscale and on a dim projector.</p>`,
    },
    {
      title: 'Why a label and a pattern, not an outline',
      body: '<ul><li>The earlier review found a thin outline easy to miss on a projector.</li><li>Colour alone disappears in a greyscale print.</li><li>A text label also tells a screen-reader user what the hatch means.</li><li>Do not extrapolate the partial week to a full week: show what is known.</li></ul>',
    },
    {
      title: 'What a judge should check',
      body: '<ol><li>Exactly twelve weeks are plotted.</li><li>The current week is visibly different <em>without colour</em> (print preview in greyscale).</li><li>The difference is explained in words on or next to the chart.</li><li>The partial bar shows the real count, not a projection.</li></ol>',
    },
  ];
  return deck('Weekly trend: chapter walkthrough', slides, 'strong');
}

export function weakTrendDeck(): string {
  const slides: Slide[] = [
    { title: 'Weekly trend', body: '<p>Orders over the last weeks.</p>' },
    { title: 'Chart', body: chartSvg('weak') },
    { title: 'Summary', body: '<p>Orders went up most weeks. The last week is lower.</p>' },
  ];
  return deck('Weekly trend', slides, 'weak');
}

function chartSvg(kind: 'strong' | 'weak'): string {
  const width = 720;
  const height = 300;
  const left = 48;
  const bottom = 260;
  const max = 600;
  const step = (width - left - 40) / WEEKLY_ORDERS.length;
  const barWidth = step * 0.64;
  const y = (value: number) => bottom - (value / max) * (bottom - 20);
  const bars = WEEKLY_ORDERS.map((value, i) => {
    const x = left + i * step + (step - barWidth) / 2;
    const partial = i === WEEKLY_ORDERS.length - 1;
    const top = y(value);
    const fill = partial ? (kind === 'strong' ? 'url(#partial-hatch)' : '#9fb8d6') : kind === 'strong' ? '#2f5d8a' : '#9fb8d6';
    const stroke = partial && kind === 'weak' ? ' stroke="#e0a43a" stroke-width="1"' : partial ? ' stroke="#2f5d8a" stroke-width="2" stroke-dasharray="6 4"' : '';
    const label = partial && kind === 'strong' ? `<text x="${x + barWidth / 2}" y="${top - 24}" text-anchor="middle" class="flag">Partial week</text><text x="${x + barWidth / 2}" y="${top - 8}" text-anchor="middle" class="flag-sub">Mon–Wed · ${value}</text>` : '';
    const value_ = kind === 'strong' && !partial ? `<text x="${x + barWidth / 2}" y="${top + 16}" text-anchor="middle" class="value">${value}</text>` : '';
    return `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(bottom - top).toFixed(1)}" fill="${fill}"${stroke}/>${value_}${label}<text x="${(x + barWidth / 2).toFixed(1)}" y="${bottom + 18}" text-anchor="middle" class="axis">${WEEK_LABELS[i]}</text>`;
  }).join('');
  const grid = [0, 200, 400, 600]
    .map((v) => `<line x1="${left}" x2="${width - 8}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="${left - 8}" y="${y(v) + 4}" text-anchor="end" class="axis">${v}</text>`)
    .join('');
  const title = kind === 'strong' ? 'Orders per week, last twelve weeks; week 12 is partial (Monday to Wednesday)' : 'Orders per week';
  return `<svg viewBox="0 0 ${width} ${height + 10}" role="img" aria-label="${title}" class="chart">
<defs><pattern id="partial-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffffff"/><rect width="3" height="8" fill="#2f5d8a"/></pattern></defs>
${grid}${bars}
</svg>`;
}

function deck(title: string, slides: Slide[], kind: 'strong' | 'weak'): string {
  const sections = slides
    .map((slide, i) => `<section class="slide" aria-roledescription="slide" aria-label="${i + 1} of ${slides.length}: ${slide.title}"${i === 0 ? '' : ' hidden'}><h1>${slide.title}</h1>${slide.body}</section>`)
    .join('\n');
  const style =
    kind === 'strong'
      ? `body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#17212b}.slide{max-width:820px;margin:0 auto;padding:56px 48px}h1{font-size:38px;margin-bottom:20px}p,li{font-size:21px;line-height:1.5}.kicker{color:#4a5a6a;font-size:16px;text-transform:uppercase;letter-spacing:.08em}.note{font-size:17px;color:#4a5a6a}.chart{width:100%;height:auto;background:#fff;border:1px solid #d8dde3;border-radius:8px;margin-bottom:12px}.axis{font-size:12px;fill:#4a5a6a}.value{font-size:11px;fill:#fff}.flag{font-size:13px;font-weight:700;fill:#17212b}.flag-sub{font-size:11px;fill:#4a5a6a}.grid{stroke:#e3e7ec}footer{position:fixed;bottom:0;left:0;right:0;display:flex;justify-content:center;gap:16px;align-items:center;padding:12px;background:#fff;border-top:1px solid #d8dde3}button{font:inherit;padding:6px 14px}`
      : `body{font-family:sans-serif;margin:20px}.slide{padding:20px}h1{font-size:26px}.chart{width:600px}.axis{font-size:10px}.grid{stroke:#eee}footer{margin-top:10px;font-size:12px;color:#888}`;
  const controls =
    kind === 'strong'
      ? '<footer><button type="button" id="prev" aria-label="Previous slide">←</button><span id="count" aria-live="polite"></span><button type="button" id="next" aria-label="Next slide">→</button></footer>'
      : '<footer><span id="count"></span> (use arrow keys)</footer>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>*{box-sizing:border-box;margin:0}ul,ol{padding-left:1.3em;display:grid;gap:10px}${style}</style>
</head>
<body>
<main>
${sections}
</main>
${controls}
<script>
(() => {
  const slides = Array.from(document.querySelectorAll('.slide'));
  const count = document.getElementById('count');
  let at = 0;
  const show = (next) => {
    at = Math.max(0, Math.min(slides.length - 1, next));
    slides.forEach((slide, i) => { slide.hidden = i !== at; });
    count.textContent = (at + 1) + ' / ' + slides.length;
  };
  document.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown' || event.key === 'PageDown' || event.key === ' ') show(at + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp' || event.key === 'PageUp') show(at - 1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(slides.length - 1);
    else return;
    event.preventDefault();
  });
  for (const [id, delta] of [['prev', -1], ['next', 1]]) {
    const button = document.getElementById(id);
    if (button) button.addEventListener('click', () => show(at + delta));
  }
  show(0);
})();
</script>
</body>
</html>
`;
}
