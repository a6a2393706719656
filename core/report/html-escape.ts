/**
 * Text as HTML: every character that could open a tag, an entity or end an attribute is escaped,
 * so a transcript, a judge's evidence or a file name is shown as words and never read as markup.
 * The report's pages pass every string they did not write themselves through this.
 */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Tagged template: every interpolated value escaped unless it is markup this room built (`Html`). */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

const partMarkup = (part: Part): string =>
  part === null || part === undefined || part === false ? '' : part instanceof Html ? part.markup : Array.isArray(part) ? part.map(partMarkup).join('') : escapeHtml(String(part));

/** `html\`<p>${words}</p>\`` escapes `words`; an `Html` (or a list of them) goes in as it is. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(strings.reduce((out, literal, i) => out + literal + (i < parts.length ? partMarkup(parts[i]!) : ''), ''));
}

/** Markup this room made by other means (an SVG serialiser that escapes its own text). */
export const trustedMarkup = (markup: string): Html => new Html(markup);
