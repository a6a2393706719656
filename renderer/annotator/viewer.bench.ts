// `npx tsx build/bench.ts viewer` (after `npm run build`): the document viewer on a
// 1,000,000-line source in Chromium — time to first render, scroll frame time, and selection to
// citation shown — each beside a peer measured in the same run.
//
// The measuring needs Node (a served temp workspace) and Playwright, which renderer/ must not
// import (lint and tsconfig.renderer.json keep Node out of the page's code). So the driver
// lives with the e2e helpers, typechecked there, and is loaded here by a computed URL that
// neither the renderer's typecheck nor Vite follows.
interface BenchResultLike {
  name: string;
  unit: string;
  value: number;
}

const DRIVER = new URL('../../e2e/viewer-bench-driver.ts', import.meta.url).href;

export default async function benchViewerInChromium(): Promise<BenchResultLike[]> {
  const driver = (await import(/* @vite-ignore */ DRIVER)) as { benchViewer: () => Promise<BenchResultLike[]> };
  return driver.benchViewer();
}
