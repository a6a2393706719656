import { posix } from 'node:path';
import type { HarnessId, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { declaredToolOf } from '../harnesses/declared-tool-of.ts';
import type { DeclaredTool, ToolKind } from '../harnesses/declared-tools.ts';
import { shellCommandHead } from './shell-command-head.ts';

/**
 * What a tool call was trying to do, read from its name and arguments, in the harness-neutral
 * terms error→recovery matching needs. Harnesses name things differently (`Bash` with
 * `{command}`, `run_shell_command` with `{command}`, Codex's `command_execution` with a
 * `bash -lc '…'` line, `Edit` with `{file_path}`, `replace` with `{file_path}`, `write_file`
 * with `{file_path}`, `read_file` with `{absolute_path}`): each harness declares its tools
 * (`HarnessAdapter.tools`), and a tool none declares is read by what its name says.
 */
export interface ToolCallAction {
  /** The shell command line, when the call ran one. */
  command: string | null;
  /** Its head (see shell-command-head.ts), when it ran one. */
  commandHead: string | null;
  /** The file or folder the call read or changed, normalised, when it names one. */
  path: string | null;
  /** `build` and `test` for shell commands that build or test; else by what the tool does. */
  family: 'build' | 'test' | 'shell' | 'read' | 'write' | 'search' | 'other';
  /**
   * Two calls are attempts at "the same thing" when their keys are equal:
   * - any build command with any other (`npm run build` failed, `npx vite build` passed);
   * - any test command with any other;
   * - other shell commands by head (`shell:ls`, `shell:npm install`, `shell:python app.py`);
   * - file tools by family and path (`write:src/App.tsx`: a failed Edit, then a Write of it);
   * - anything else by tool name (`tool:web_fetch`).
   */
  key: string;
}

const BUILD_HEAD = /^(?:(?:npm|pnpm|yarn|bun) run (?:build|compile|typecheck|type-check)\b.*|(?:vite|next|astro|parcel|nuxt|svelte-kit|ng|remix|gatsby) build|tsc|vue-tsc|webpack|rollup|esbuild|make(?: .*)?|cargo build|go build|gradle(?: .*)?|mvn (?:package|compile|install|verify)|dotnet build|gcc|g\+\+|clang|clang\+\+|javac|rustc)$/;
const TEST_HEAD = /^(?:(?:npm|pnpm|yarn|bun) (?:run )?(?:test|e2e)\b.*|jest|vitest|mocha|ava|tap|pytest|py\.test|python -m (?:pytest|unittest)|tox|nox|playwright test|go test|cargo test|dotnet test|deno test|rspec|phpunit)$/;

/** The file tools' families: an edit is a write of the file it changes. */
const FILE_FAMILY: Partial<Record<ToolKind, ToolCallAction['family']>> = { read: 'read', write: 'write', edit: 'write', search: 'search' };

function stringField(record: Record<string, unknown>, fields: readonly string[] = []): string | readonly string[] | null {
  for (const field of fields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) return value as string[];
  }
  return null;
}

/** A tool call's arguments as a record: an object as it is, JSON text of one parsed (some harnesses keep the model's text), else empty. */
export function argumentsRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    // Some harnesses keep arguments as the model's JSON text.
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function normalisePath(path: string): string {
  const normal = posix.normalize(path.trim().replace(/\\/g, '/'));
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

function pathOf(tool: DeclaredTool, args: Record<string, unknown>): string | null {
  const direct = stringField(args, tool.args.path);
  if (typeof direct === 'string') return normalisePath(direct);
  // File changes (Codex): {changes: [{path, kind}]}.
  const changes = tool.args.changes?.map((field) => args[field]).find(Array.isArray);
  if (changes && changes.length > 0) {
    const first = argumentsRecord(changes[0]).path;
    if (typeof first === 'string') return normalisePath(first);
  }
  return null;
}

/** What `call` tried to do, read by the tools `harness` declares (the trajectory's harness, when known; see declaredToolOf). */
export function toolCallAction(call: Pick<TrajectoryToolCall, 'name' | 'arguments'>, harness?: HarnessId): ToolCallAction {
  const tool = declaredToolOf(call.name, harness);
  const args = argumentsRecord(call.arguments);
  const rawCommand = stringField(args, tool.args.command);
  // A shell tool runs its command; so does any tool given a `command` to run.
  if (rawCommand !== null && (tool.kind === 'shell' || typeof args.command === 'string' || Array.isArray(args.command))) {
    const command = typeof rawCommand === 'string' ? rawCommand : rawCommand.join(' ');
    const head = shellCommandHead(rawCommand);
    const family = BUILD_HEAD.test(head) ? 'build' : TEST_HEAD.test(head) ? 'test' : 'shell';
    return { command, commandHead: head, path: null, family, key: family === 'shell' ? `shell:${head}` : family };
  }
  const path = pathOf(tool, args);
  const family = FILE_FAMILY[tool.kind];
  if (path !== null && family !== undefined) return { command: null, commandHead: null, path, family, key: `${family}:${path}` };
  return { command: null, commandHead: null, path, family: 'other', key: `tool:${call.name}` };
}
