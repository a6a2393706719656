import { html, type Html } from './html-escape.ts';
import { REPORT_STYLES } from './report-styles.ts';

/**
 * Nothing a page of the report may load: styles only from its own <style>, images only from the
 * folder (frames) or inline, no script, no font, no frame, no fetch. A page opened from disk (or
 * put on any web server) makes no request beyond its own folder, and a transcript that slipped
 * past escaping still could not run or call out.
 */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

/** A whole page: the policy first (before anything that could load), the styles inline, a skip link, then `main`. */
export function reportPage(page: { title: string; body: Html; nav?: Html }): string {
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<style>${REPORT_STYLES}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
${page.nav ?? ''}
<main id="main">
${page.body}
</main>
</body>
</html>`}\n`;
}
