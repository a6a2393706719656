import type { Page } from '@playwright/test';

interface Point {
  x: number;
  y: number;
}

/**
 * Moves fingers on a touch screen the way a hand does, through Chromium's own touch input (the
 * page gets touch and pointer events as from a real screen): each finger lands at its path's
 * start, moves in `steps` even steps to its end, and lifts. Playwright's `tap` has one finger and
 * no movement; swipes and pinches need this.
 */
export async function touchGesture(page: Page, paths: readonly { from: Point; to: Point }[], steps = 10): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (t: number) => paths.map(({ from, to }, id) => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, id }));
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
    for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / steps) });
    // The fingers rest a moment before they lift, so the gesture ends still: lifted while moving it
    // leaves a fling, and the browser takes the next tap as "stop the fling" and clicks nothing
    // (what a phone does to a tap during momentum scrolling too).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(1) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** Two fingers spreading apart sideways around `center`, from `from` px apart to `to` px apart. */
export function pinchPaths(center: Point, from: number, to: number): { from: Point; to: Point }[] {
  return [
    { from: { x: center.x - from / 2, y: center.y }, to: { x: center.x - to / 2, y: center.y } },
    { from: { x: center.x + from / 2, y: center.y }, to: { x: center.x + to / 2, y: center.y } },
  ];
}
