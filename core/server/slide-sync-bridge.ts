import { SLIDE_KEYS, SLIDE_SYNC_TAG } from '../../schemas/slide-sync.ts';

/**
 * The relay the arena's asset server adds to the HTML of an agent's build, so the two sides of a
 * presentation pair turn slides together (schemas/slide-sync.ts has the messages). It holds no
 * secret and reaches nothing: it tells the embedding page that the voter pressed a slide key
 * inside this deck (real key presses only, so the keys it replays itself never echo back), and
 * replays "turn" from the embedding page as that key press, which is how any deck listens. It
 * answers only the frame's own parent, at the parent's origin, and only messages of the exact shape.
 * The build's own scripts could send the same messages; the most they can do is turn the other
 * deck, which the voter sees.
 */
const RELAY = `(function () {
  'use strict';
  var TAG = ${JSON.stringify(SLIDE_SYNC_TAG)};
  var KEYS = ${JSON.stringify(SLIDE_KEYS)};
  var CODES = { ArrowRight: 39, ArrowLeft: 37 };
  var up = window.parent;
  if (!up || up === window) return;
  var origins = window.location.ancestorOrigins;
  var upOrigin = origins && origins.length > 0 && origins[0] !== 'null' ? origins[0] : '*';
  var turnOf = function (key) { return KEYS.next.indexOf(key) >= 0 ? 'next' : KEYS.previous.indexOf(key) >= 0 ? 'previous' : null; };
  var typing = function (el) { return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)); };
  window.addEventListener('keydown', function (event) {
    if (!event.isTrusted || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typing(event.target)) return;
    var turned = turnOf(event.key);
    if (turned) { var out = {}; out[TAG] = 1; out.turned = turned; up.postMessage(out, upOrigin); }
  }, true);
  window.addEventListener('message', function (event) {
    if (event.source !== up || (upOrigin !== '*' && event.origin !== upOrigin)) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || Object.keys(data).length !== 2 || data[TAG] !== 1 || (data.turn !== 'next' && data.turn !== 'previous')) return;
    var key = data.turn === 'next' ? 'ArrowRight' : 'ArrowLeft';
    var target = document.activeElement || document.body || document.documentElement;
    ['keydown', 'keyup'].forEach(function (type) {
      var press = new KeyboardEvent(type, { key: key, code: key, bubbles: true, cancelable: true });
      Object.defineProperty(press, 'keyCode', { get: function () { return CODES[key]; } });
      Object.defineProperty(press, 'which', { get: function () { return CODES[key]; } });
      target.dispatchEvent(press);
    });
  });
})();`;

export const SLIDE_SYNC_SCRIPT = `<script data-lhb-slide-sync>${RELAY}</script>`;

/** The largest HTML page the relay is added to; a larger one is served as it is (a deck is far smaller). */
export const MAX_BRIDGED_HTML_BYTES = 8 * 1024 * 1024;

/**
 * The page with the relay as its first script: right after `<head …>`, else after `<html …>`, else
 * first of all, so it is listening before any of the page's own scripts run.
 */
export function withSlideSyncBridge(html: Buffer): Buffer {
  // Latin-1 maps each byte to one character, so offsets found in the text are byte offsets and
  // the page's own bytes go out untouched, whatever its encoding.
  const text = html.toString('latin1');
  const opening = /<head(\s[^>]*)?>/i.exec(text) ?? /<html(\s[^>]*)?>/i.exec(text);
  const at = opening ? opening.index + opening[0].length : leadingDoctypeEnd(text);
  return Buffer.concat([html.subarray(0, at), Buffer.from(SLIDE_SYNC_SCRIPT, 'utf8'), html.subarray(at)]);
}

/** After a leading `<!doctype …>` (a script before it would switch the page to quirks mode). */
function leadingDoctypeEnd(text: string): number {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(text);
  return doctype ? doctype[0].length : 0;
}
