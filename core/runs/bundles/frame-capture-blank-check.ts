/**
 * The blank-render heuristic, run in the page after load. A page is blank when nothing in it
 * would show up in a screenshot: no element with a non-zero box that is visible (not
 * display:none / visibility:hidden / opacity:0) AND carries content, where content is
 * non-whitespace text of its own, a replaced or drawn element (img, svg, canvas, video, iframe,
 * form controls), or a box decoration (a background colour or image, a border, a shadow).
 * The body's and html's own backgrounds do not count: a page that is only a colour is blank.
 *
 * Why a DOM check rather than decoding the PNG: it needs no image library, and it never calls a
 * page with one large uniform hero image blank. Its blind spot is content that is present but
 * invisible for reasons it does not model (e.g. white text on white, clipped off-screen); those
 * are left to the judges. The page is untrusted and could fake this answer; that only hides
 * its own blankness, so it cannot harm anyone but itself.
 *
 * A string (not a function) because core is typechecked without DOM types.
 */
export const BLANK_CHECK_SCRIPT = `(() => {
  const MEDIA = new Set(['IMG', 'SVG', 'CANVAS', 'VIDEO', 'IFRAME', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'OBJECT', 'EMBED', 'PICTURE']);
  const body = document.body;
  if (!body) return true;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden' && s.visibility !== 'collapse' && Number(s.opacity) > 0;
  };
  const decorated = (s) =>
    (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent') ||
    s.backgroundImage !== 'none' ||
    (s.borderStyle !== 'none' && parseFloat(s.borderWidth) > 0) ||
    s.boxShadow !== 'none';
  const ownText = (el) => Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
  for (const el of body.querySelectorAll('*')) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'NOSCRIPT' || el.tagName === 'TEMPLATE') continue;
    if (!visible(el)) continue;
    if (MEDIA.has(el.tagName.toUpperCase()) || ownText(el) || decorated(getComputedStyle(el))) return false;
  }
  return !(ownText(body) && visible(body));
})()`;
