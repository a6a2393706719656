import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { InstalledCli } from '../harness-adapter.ts';
import { writeRunFile } from '../../run-file.ts';

/**
 * The model catalog a Codex run reads (`model_catalog_json` in its config.toml): the one shipped
 * with the binary, with every model's `supports_search_tool` off.
 *
 * Why: Codex decides per turn whether MCP tools are listed to the model or deferred behind its
 * `tool_search` tool. It defers them when the model's catalog entry says `supports_search_tool`
 * and the provider takes namespaced tools (codex-rs `search_tool_enabled` in
 * core/src/tools/spec_plan.rs; `build_mcp_tool_exposure` in core/src/mcp_tool_exposure.rs), and
 * 0.171 defers them however few there are (its `tool_search_always_defer_mcp_tools` feature is
 * "removed" and on; `tool_search` itself is "removed", so `[features]` cannot turn it off). The
 * bundled catalog says `supports_search_tool: true` for every model, gpt-5.5 included, so the
 * task's MCP tools (and the verifier's verify_build) were missing from the first request: the
 * model had to search for a tool it was told about. A catalog given by `model_catalog_json` is
 * authoritative (Codex's StaticModelsManager), so this one is the bundled catalog verbatim save
 * that one flag: the model's instructions, tools and limits are what the binary ships.
 *
 * Printing it costs a Codex start and ~1 MB per run, so it is kept per installed version.
 */

const CATALOG_FILE = 'model-catalog.json';
const CATALOG_TIMEOUT_MS = 30_000;
/** The bundled catalog is about 1 MB of JSON; room for it to grow. */
const CATALOG_MAX_BYTES = 64 * 1024 * 1024;

const CatalogSchema = z.object({ models: z.array(z.object({ slug: z.string() }).passthrough()).min(1) }).passthrough();

/** The bundled catalog as a run reads it: what `codex debug models --bundled` prints (no network), every model's tool search off. */
async function readCodexModelCatalog(binary: string, env: Record<string, string>): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(binary, ['debug', 'models', '--bundled'], { env, timeout: CATALOG_TIMEOUT_MS, maxBuffer: CATALOG_MAX_BYTES, encoding: 'utf8' }));
  } catch (error) {
    throw new Error(`Codex (${binary}) did not print its model catalog (codex debug models --bundled): ${(error as Error).message.split('\n')[0]}. Install the pinned version with lhb harnesses install codex.`, { cause: error });
  }
  let catalog: z.infer<typeof CatalogSchema>;
  try {
    catalog = CatalogSchema.parse(JSON.parse(stdout));
  } catch (error) {
    throw new Error(`Codex (${binary}) printed a model catalog that is not one (codex debug models --bundled): ${(error as Error).message.slice(0, 200)}.`, { cause: error });
  }
  return JSON.stringify({ ...catalog, models: catalog.models.map((model) => ({ ...model, supports_search_tool: false })) });
}

/**
 * `<cache>/codex/model-catalog-<version>.json`: one catalog per installed version, as each version
 * ships its own. A change to how the catalog is edited must change this name too, or runs would
 * go on reading catalogs kept with the old edit.
 */
function keptCatalogPath(installed: InstalledCli): string {
  return join(installed.cacheDir, 'codex', `model-catalog-${installed.version.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

/**
 * Keeps `catalog` at `path` for later runs: written beside it under a name of its own, then
 * renamed, so a run of another process never reads half a file. False when the folder cannot be
 * written (a tools folder installed read-only), and the run keeps a catalog of its own instead.
 */
async function keepCatalog(path: string, catalog: string): Promise<boolean> {
  const partial = `${path}.${process.pid}-${randomUUID()}.partial`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(partial, catalog);
    await rename(partial, path);
    return true;
  } catch {
    // Nothing may be there to remove, nor a folder to remove it from (ENOTDIR, which `force` does not cover).
    await rm(partial, { force: true }).catch(() => undefined);
    return false;
  }
}

/**
 * The path of the catalog the run reads. With the CLI's version known it is the one kept for that
 * version (asked of the CLI the first time only); else, or when it cannot be kept, it is written
 * into `codexHome` for this run. The path is a real one: the run's sandbox mounts the tools folder
 * at its real path.
 */
export async function codexModelCatalog(binary: string, codexHome: string, env: Record<string, string>, installed?: InstalledCli): Promise<string> {
  const kept = installed ? keptCatalogPath(installed) : undefined;
  if (kept && existsSync(kept)) return realpathSync(kept);
  const catalog = await readCodexModelCatalog(binary, env);
  if (kept && (await keepCatalog(kept, catalog))) return realpathSync(kept);
  const path = join(codexHome, CATALOG_FILE);
  writeRunFile(path, catalog); // in the agent's HOME: never through a link planted there
  return path;
}
