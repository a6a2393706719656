#!/usr/bin/env node
// The `lhb` command runs the compiled CLI (no TypeScript loader at run time, so it starts fast).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/core/cli/lhb.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write(`lhb is not built yet. Run "npm run build" in ${fileURLToPath(new URL('..', import.meta.url))} and try again.\n`);
  process.exit(1);
}
await import(entry.href);
