/** Our renderer's origin inside Electron: app content is served from app://lhb/, never file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'lhb';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Whether an IPC message may reach the API: it must come from our own app origin and from the
 * top frame. A frame (an agent-built UI shown in an iframe, a source preview) never may, even
 * if it was somehow given the bridge. Checked before the input is parsed.
 */
export function isTrustedIpcSender(frameUrl: string | undefined, isTopFrame: boolean): boolean {
  if (!isTopFrame || !frameUrl) return false;
  return isAppUrl(frameUrl);
}

/** True for app://lhb/… only (not app://evil/, not file://, not http://127.0.0.1). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    // Non-special schemes have an opaque origin ("null") in WHATWG URL, so compare the parts.
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}
