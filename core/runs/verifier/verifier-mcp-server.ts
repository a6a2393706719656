import { createInterface } from 'node:readline';
import type { CheckAgentAppOutcome } from './check-agent-app.ts';
import { describeVerification } from './hook-response.ts';
import type { VerifierRequest } from './verifier-service.ts';

/** The MCP revisions this server speaks (Codex 0.171 asks for 2025-06-18); a client asking for another gets the newest. */
const PROTOCOL_VERSIONS = ['2025-06-18', '2025-03-26', '2024-11-05'];
export const VERIFY_TOOL_NAME = 'verify_build';

const VERIFY_TOOL = {
  name: VERIFY_TOOL_NAME,
  title: 'Verify the build',
  description:
    "Builds the app in the working folder (npm run build when package.json has a build script), serves out/dist/ and loads each of the task's routes in a browser. " +
    'Returns the findings (build error, runtime exception, blank render, broken route) and the next required action. Call it after changing the app and before finishing.',
  inputSchema: {
    type: 'object',
    properties: { force: { type: 'boolean', description: 'Check again even when nothing changed since the last check.' } },
    additionalProperties: false,
  },
};

interface JsonRpcRequest {
  jsonrpc?: unknown;
  id?: string | number | null;
  method?: unknown;
  params?: Record<string, unknown>;
}

/** One check of the agent's app: asked of the run's verifier service, or (by hand) done here. */
export type VerifierCheck = (request: VerifierRequest) => Promise<CheckAgentAppOutcome>;

export interface VerifierMcpServerOptions {
  check: VerifierCheck;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * A minimal MCP server over stdio (newline-delimited JSON-RPC 2.0) offering one tool,
 * `verify_build`, for harnesses without a post-tool hook (Codex). Resolves when stdin closes and
 * every call in flight has answered.
 */
export async function serveVerifierMcp(options: VerifierMcpServerOptions): Promise<void> {
  const send = (message: Record<string, unknown>) => options.output.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const inFlight = new Set<Promise<unknown>>();
  const lines = createInterface({ input: options.input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    let request: JsonRpcRequest;
    try {
      request = JSON.parse(line) as JsonRpcRequest;
    } catch {
      send({ id: null, error: { code: -32700, message: 'Parse error: a line on stdin is not JSON' } });
      continue;
    }
    if (request.id === undefined || request.id === null) continue; // a notification (initialized, cancelled): nothing to answer
    const id = request.id;
    const work: Promise<unknown> = answer(request, options)
      .then((result) => send({ id, ...result }))
      .catch((error: unknown) => send({ id, error: { code: -32603, message: error instanceof Error ? error.message : String(error) } }))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  }
  await Promise.all(inFlight);
}

async function answer(request: JsonRpcRequest, options: VerifierMcpServerOptions): Promise<{ result: unknown } | { error: unknown }> {
  switch (request.method) {
    case 'initialize': {
      const asked = request.params?.protocolVersion;
      const protocolVersion = typeof asked === 'string' && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
      return { result: { protocolVersion, capabilities: { tools: { listChanged: false } }, serverInfo: { name: 'lhb-verifier', version: '1.0.0' } } };
    }
    case 'ping':
      return { result: {} };
    case 'tools/list':
      return { result: { tools: [VERIFY_TOOL] } };
    case 'tools/call': {
      const name = request.params?.name;
      if (name !== VERIFY_TOOL_NAME) return { error: { code: -32602, message: `Unknown tool ${JSON.stringify(name)}; this server offers ${VERIFY_TOOL_NAME} only.` } };
      const args = (request.params?.arguments ?? {}) as { force?: unknown };
      return { result: await callVerify(options, args.force === true) };
    }
    default:
      return { error: { code: -32601, message: `Method not found: ${String(request.method)}` } };
  }
}

async function callVerify(options: VerifierMcpServerOptions, force: boolean): Promise<Record<string, unknown>> {
  try {
    const outcome = await options.check({ trigger: `mcp ${VERIFY_TOOL_NAME}`, force });
    if (outcome.status === 'nothing-to-check') return { content: [{ type: 'text', text: 'There is nothing to check yet.' }], isError: false };
    const { ok, findings, nextAction } = outcome.result;
    const text = describeVerification(outcome.result);
    return {
      content: [{ type: 'text', text: outcome.status === 'unchanged' ? `Nothing changed since the last check. ${text}` : text }],
      structuredContent: { ok, findings, nextAction },
      isError: false,
    };
  } catch (error) {
    // Our failure, not the app's: say so, so the agent does not try to fix its app for it.
    return { content: [{ type: 'text', text: `The preview check itself could not run (${error instanceof Error ? error.message : String(error)}); this is not a problem in your app.` }], isError: true };
  }
}
