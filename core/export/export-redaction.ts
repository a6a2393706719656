import { homedir } from 'node:os';
import type { Database } from 'better-sqlite3';
import { rememberedSecrets } from '../secret-values.ts';
import { listStudies } from '../store/study-repository.ts';
import { knownLocalPaths, REDACTED_PATH } from './local-paths.ts';

export const REDACTED_HOME = '<home>';
export const REDACTED_SECRET = '<secret>';

/** A variable whose name says it holds a credential (OPENAI_API_KEY, HF_TOKEN, DB_PASSWORD, …). */
const SECRET_NAME = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$/i;

/** A value shorter than this is not treated as a secret: replacing every `1` or `true` would garble the records. */
const SECRET_MIN_LENGTH = 8;

export interface RedactionSources {
  db: Database;
  projectId: string;
  workspaceDir: string;
  /** The exporting process's environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The user's home folder (default the system's). */
  home?: string;
}

/**
 * The one redaction every exported text goes through: each row's strings, the card, and the
 * copied transcripts. It replaces
 * - the values of secrets this process can know: each environment variable a study names for a
 *   key (`apiKeyEnv`, a task's allowed MCP variables) or whose name says it holds one
 *   (`…KEY`, `…TOKEN`, `…SECRET`, `…PASSWORD`), and the server's launch token
 *   (core/secret-values.ts), with `<secret>`;
 * - the folders of this machine the workspace knows of (local-paths.ts: the workspace and so every
 *   run and sandbox folder of a local study, study, skill and task folders, where runs were
 *   imported from), with `<local path>`;
 * - the user's home folder, wherever else it appears (the harness tools, a cache), with `<home>`.
 * Secrets first, then the longest paths first, so a folder inside another is replaced whole. A
 * path is replaced only where it ends (a `/`, a quote, a space, the end), so `/home/al` leaves
 * `/home/alice` alone. What an agent read from elsewhere (a secret in a task's inputs) is not
 * known here and travels as the transcript has it.
 */
export function exportRedactor(sources: RedactionSources): (text: string) => string {
  const env = sources.env ?? process.env;
  const secrets = [...secretValues(sources.db, sources.projectId, env), ...rememberedSecrets()].filter((value) => value.length >= SECRET_MIN_LENGTH);
  const home = sources.home ?? homedir();
  const replacements: [string, string][] = [
    ...knownLocalPaths(sources.db, sources.projectId, sources.workspaceDir).map((path): [string, string] => [path, REDACTED_PATH]),
    ...(home.length > 1 && home.startsWith('/') ? [[home, REDACTED_HOME] as [string, string]] : []),
  ].sort(([x], [y]) => y.length - x.length);
  const uniqueSecrets = [...new Set(secrets)].sort((x, y) => y.length - x.length);
  if (uniqueSecrets.length === 0 && replacements.length === 0) return (text) => text;
  const pathPattern = replacements.length === 0 ? null : new RegExp(`(${replacements.map(([path]) => escapeRegExp(path)).join('|')})(?![A-Za-z0-9_~-]|\\.[A-Za-z0-9_~-])`, 'g');
  const byPath = new Map(replacements);
  return (text) => {
    let out = text;
    for (const secret of uniqueSecrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED_SECRET);
    if (pathPattern && replacements.some(([path]) => out.includes(path))) out = out.replace(pathPattern, (path) => byPath.get(path) ?? REDACTED_PATH);
    return out;
  };
}

/** The environment's secret values: the variables the project's studies name for keys, and those named like a credential. */
function secretValues(db: Database, projectId: string, env: NodeJS.ProcessEnv): string[] {
  const names = new Set(Object.keys(env).filter((name) => SECRET_NAME.test(name)));
  for (const study of listStudies(db, projectId)) for (const name of keyVariablesOf(study.spec_json)) names.add(name);
  return [...names].flatMap((name) => (env[name] ? [env[name]] : []));
}

function keyVariablesOf(specJson: string): string[] {
  try {
    const spec = JSON.parse(specJson) as { apiKeyEnv?: unknown; allowMcpEnv?: unknown; configurations?: { apiKeyEnv?: unknown }[] };
    const names = [spec.apiKeyEnv, ...(Array.isArray(spec.allowMcpEnv) ? spec.allowMcpEnv : []), ...(Array.isArray(spec.configurations) ? spec.configurations.map((configuration) => configuration?.apiKeyEnv) : [])];
    return names.filter((name): name is string => typeof name === 'string');
  } catch {
    return [];
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
