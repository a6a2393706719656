import type { PreloadBridge } from '../schemas/rpc.ts';

// The names the preload exposes on `window.lhb`. The sandboxed preload cannot import this file
// (it may only require electron), so preload-bridge.test.ts reads the preload's source and checks
// that it exposes exactly these; `satisfies` makes tsc refuse a name missing from or foreign to
// the bridge type. The Electron e2e spec expects the same list.
const BRIDGE_KEY_SET = { call: true, putBlob: true, onEvent: true } satisfies Record<keyof PreloadBridge, true>;

/** Sorted, as `Object.keys(window.lhb).sort()` gives them. */
export const PRELOAD_BRIDGE_KEYS: readonly string[] = Object.keys(BRIDGE_KEY_SET).sort();
