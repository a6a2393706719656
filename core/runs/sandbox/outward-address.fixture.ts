import { networkInterfaces } from 'node:os';

/**
 * This machine's first IPv4 address that is not loopback: in tests it stands for a remote host
 * (a provider's API), since a sandbox bridges loopback in but must reach other hosts otherwise.
 * Undefined on a machine with no network; tests that need it are skipped there.
 */
export const OUTWARD_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
