const STORAGE_KEY = 'lhb.token';

/**
 * Reads the per-launch token from the URL fragment (`#token=…`) once, keeps it for this tab in
 * sessionStorage (so a reload still works) and removes it from the address bar, so it is not
 * left in history or shown on screen.
 */
export function takeSessionToken(location: Location, storage: Storage, history: History): string | undefined {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    storage.setItem(STORAGE_KEY, token);
    history.replaceState(null, '', `${location.pathname}${location.search}#/`);
    return token;
  }
  return storage.getItem(STORAGE_KEY) ?? undefined;
}
