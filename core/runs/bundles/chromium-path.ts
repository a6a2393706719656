import { accessSync, constants } from 'node:fs';

/**
 * How every headless Chromium of ours starts (frame capture here, the e2e tests through
 * playwright.config.ts): no sandbox as root, and no background traffic to hosts this machine
 * cannot reach.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * How long a browser may take to start. Separate from any page's load budget: a start is slow on
 * a busy machine (two cores, many processes) through no fault of the page, and a check that
 * reports "did not run" because Chromium took 16 s to come up tells the agent nothing.
 */
export const CHROMIUM_LAUNCH_TIMEOUT_MS = 90_000;

/** Debian's Chromium; the same default as playwright.config.ts. We never download a browser. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * The Chromium binary frame capture (and `lhb report --pdf`) launches: `LHB_CHROMIUM` when set, else Debian's. Throws an
 * error naming the path it looked at and how to fix it, rather than letting Playwright fail
 * later with a message about its own (never installed) browser cache; `without` says what cannot
 * happen then.
 */
export function resolveChromiumPath(env: NodeJS.ProcessEnv = process.env, without = 'frames cannot be captured'): string {
  const fromEnv = env.LHB_CHROMIUM?.trim();
  const path = fromEnv ? fromEnv : DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    const where = fromEnv ? `LHB_CHROMIUM points to ${path}` : `No Chromium at ${path}`;
    throw new Error(
      `${where}, which is missing or not executable, so ${without}. ` +
        'Install it with `apt-get install chromium`, or set LHB_CHROMIUM to a Chromium binary.',
    );
  }
  return path;
}
