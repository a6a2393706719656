import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { killByRunMarker, killProcessTree, RUN_MARKER_VARIABLE, untilEnded } from '../executors/process-tree.ts';
import { isHttpMcpServer, type HttpMcpServerSpec, type McpServerSpec, type StdioMcpServerSpec } from '../harnesses/harness-adapter.ts';
import { launchSandbox, type LaunchedSandbox } from '../sandbox/launch-sandbox.ts';
import type { SandboxPlan } from '../sandbox/sandbox-plan.ts';

/** The revision we ask for; servers answer with the one they speak, and tools/list is the same in all. */
const PROTOCOL_VERSION = '2025-06-18';
const CLIENT_INFO = { name: 'lhb-setup-check', version: '1.0.0' };
/** Servers that page their tool list: enough pages for any real server, and a bound for a broken one. */
const MAX_PAGES = 50;
const STDERR_KEPT = 2_000;

export interface ProbeContext {
  /** The stdio server's working folder (the run's work folder, as the harness starts it there). */
  cwd: string;
  /** The stdio server's whole environment (what the harness's own environment would give it, plus its env). */
  env: Record<string, string>;
  timeoutMs: number;
  /**
   * The run's sandbox, for a stdio server: it is the task's code, so the check starts it where
   * the harness will, under the run's network and limits, and stops the whole sandbox after.
   * Absent only when the study runs without a sandbox.
   */
  sandbox?: { plan: SandboxPlan; runKey: string };
}

interface JsonRpcReply {
  id?: unknown;
  result?: { tools?: { name?: unknown }[]; nextCursor?: unknown };
  error?: { message?: unknown };
}

/**
 * Starts the server as the harness would, initialises an MCP session and lists its tools, then
 * stops it: so a server that cannot start fails the run before the agent starts, saying why,
 * and the run records the tools it offered whichever harness runs it. Resolves with the tool
 * names; rejects with what the server printed or answered.
 */
export function probeMcpServer(server: McpServerSpec, context: ProbeContext): Promise<string[]> {
  return isHttpMcpServer(server) ? probeHttp(server, context) : probeStdio(server, context);
}

type Ask = (method: string, params: Record<string, unknown>) => Promise<JsonRpcReply['result']>;

async function listTools(ask: Ask, notify: (method: string) => Promise<void>): Promise<string[]> {
  await ask('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO });
  await notify('notifications/initialized');
  const names: string[] = [];
  let cursor: unknown;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await ask('tools/list', typeof cursor === 'string' ? { cursor } : {});
    for (const tool of result?.tools ?? []) if (typeof tool.name === 'string') names.push(tool.name);
    cursor = result?.nextCursor;
    if (typeof cursor !== 'string' || cursor === '') break;
  }
  return names;
}

function rpcError(reply: JsonRpcReply, method: string): Error | undefined {
  return reply.error ? new Error(`it answered ${method} with an error: ${String(reply.error.message ?? JSON.stringify(reply.error))}`) : undefined;
}

async function probeStdio(server: StdioMcpServerSpec, context: ProbeContext): Promise<string[]> {
  const invocation = { command: server.command, args: server.args, cwd: context.cwd, env: { ...context.env, ...server.env } };
  let sandbox: LaunchedSandbox | undefined;
  try {
    sandbox = context.sandbox ? await launchSandbox(context.sandbox.plan, invocation, context.sandbox.runKey) : undefined;
  } catch (error) {
    throw new Error(`its sandbox could not be set up (${(error as Error).message})`, { cause: error });
  }
  try {
    return await talkToStdio(server, sandbox ?? invocation, context);
  } finally {
    await sandbox?.close();
  }
}

/** Starts the command (the server, or the sandbox that holds it), lists the tools, and stops every process it started. */
function talkToStdio(server: StdioMcpServerSpec, launched: { command: string; args: string[]; env: Record<string, string> }, context: ProbeContext): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // Its own process group, so the server and whatever it started stop with it; and the marker
    // every process it starts inherits, for one that left the group and the tree.
    const marker = randomUUID();
    const child = spawn(launched.command, launched.args, { cwd: context.cwd, env: { ...launched.env, [RUN_MARKER_VARIABLE]: marker }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    let settled = false;
    const waiting = new Map<number, { method: string; resolve: (result: JsonRpcReply['result']) => void; reject: (error: Error) => void }>();
    const finish = (error: Error | undefined, tools?: string[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Killed before its stdin closes: a server that exits at the end of its input would leave
      // what it started to init before the tree was read.
      const killed = [...(child.pid !== undefined ? killProcessTree(child.pid, 'SIGKILL') : []), ...killByRunMarker(marker)];
      child.stdin.destroy();
      // Settled once the server and all it started are gone (so nothing it started outlives the
      // check, and the sandbox's cgroups can be removed after).
      const done = () => void untilEnded(killed).then(() => (error ? reject(error) : resolve(tools ?? [])));
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) done();
      else child.once('close', done);
    };
    const timer = setTimeout(() => finish(new Error(`it did not list its tools within ${Math.round(context.timeoutMs / 1000)} s${stderrTail(stderr)}`)), context.timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT)));
    child.on('error', (error) => finish(new Error(`${server.command} could not be started (${error.message})`)));
    child.on('exit', (code, signal) => finish(new Error(`it exited with ${signal ? `signal ${signal}` : `code ${code}`} before listing its tools${stderrTail(stderr)}`)));
    child.stdin.on('error', () => {}); // a server that exits at once: its exit says why
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      let reply: JsonRpcReply;
      try {
        reply = JSON.parse(line) as JsonRpcReply;
      } catch {
        return; // a log line on stdout: not ours to read
      }
      const pending = typeof reply.id === 'number' ? waiting.get(reply.id) : undefined;
      if (!pending) return;
      waiting.delete(reply.id as number);
      const error = rpcError(reply, pending.method);
      if (error) pending.reject(error);
      else pending.resolve(reply.result);
    });
    let nextId = 1;
    const write = (message: Record<string, unknown>) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const ask: Ask = (method, params) =>
      new Promise((resolveAsk, rejectAsk) => {
        const id = nextId++;
        waiting.set(id, { method, resolve: resolveAsk, reject: rejectAsk });
        write({ id, method, params });
      });
    listTools(ask, async (method) => void write({ method })).then(
      (tools) => finish(undefined, tools),
      (error: Error) => finish(error),
    );
  });
}

const stderrTail = (stderr: string): string => (stderr.trim() ? `; it printed: ${stderr.trim().slice(-500)}` : '');

async function probeHttp(server: HttpMcpServerSpec, context: ProbeContext): Promise<string[]> {
  const signal = AbortSignal.timeout(context.timeoutMs);
  let sessionId: string | undefined;
  let nextId = 1;
  const post = async (message: Record<string, unknown>): Promise<Response> => {
    const headers: Record<string, string> = { ...server.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL_VERSION };
    if (sessionId) headers['mcp-session-id'] = sessionId;
    let response: Response;
    try {
      // A redirect is not followed: its headers (the secrets headers_from names) go to the server's own address only.
      response = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...message }), signal, redirect: 'manual' });
    } catch (error) {
      const why = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message;
      throw new Error(signal.aborted ? `${server.url} did not answer within ${Math.round(context.timeoutMs / 1000)} s` : `${server.url} could not be reached (${why})`, { cause: error });
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new Error(`${server.url} answered HTTP ${response.status}, a redirect to ${response.headers.get('location') ?? 'an address it did not give'}, which the check does not follow (nothing is sent beyond the address task.json gives); give the server's final address as its url`);
    }
    if (!response.ok) throw new Error(`${server.url} answered HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (check the variable its headers_from names)' : ''}: ${(await response.text()).slice(0, 300)}`);
    sessionId = response.headers.get('mcp-session-id') ?? sessionId;
    return response;
  };
  const ask: Ask = async (method, params) => {
    const id = nextId++;
    const response = await post({ id, method, params });
    const reply = await replyFrom(response, id);
    const error = rpcError(reply, method);
    if (error) throw error;
    return reply.result;
  };
  const tools = await listTools(ask, async (method) => void (await (await post({ method })).body?.cancel()));
  // Ends the session we opened; a server that keeps none may refuse, which changes nothing.
  if (sessionId) await fetch(server.url, { method: 'DELETE', headers: { ...server.headers, 'mcp-session-id': sessionId }, signal, redirect: 'manual' }).then((r) => r.body?.cancel(), () => {});
  return tools;
}

/** The JSON-RPC reply with `id`: the body itself, or the event-stream message that carries it. */
async function replyFrom(response: Response, id: number): Promise<JsonRpcReply> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text) as JsonRpcReply;
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    const message = JSON.parse(data) as JsonRpcReply;
    if (message.id === id) return message;
  }
  throw new Error(`its event stream carried no answer to request ${id}`);
}
