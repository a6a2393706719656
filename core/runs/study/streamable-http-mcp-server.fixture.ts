import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A task's MCP server over streamable HTTP, for the real-CLI tests: a real HTTP server on
 * 127.0.0.1 (port 0) speaking MCP's JSON-RPC at `/mcp`, one tool, `search_docs`. Every request
 * must carry `Authorization: <authorization>` (what the task's headers_from names); each POST is
 * answered as JSON or, when `sse` is set, as a one-event stream; notifications get 202, a GET
 * (no server-to-client stream is offered) 405, a DELETE ends the session. It records each method
 * it was asked and the arguments of each call, so a test can see what reached it, and counts
 * every request it got (refused ones too) with the Authorization header each carried.
 */

export const SEARCH_DOCS_TOOL = { name: 'search_docs', description: 'Searches the course documentation and returns the best passage.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } };

export interface StreamableHttpMcpServer {
  readonly url: string;
  /** The JSON-RPC methods asked, in order (notifications included). */
  readonly methods: string[];
  /** The arguments of each tools/call, in order. */
  readonly calls: Record<string, unknown>[];
  /** Requests refused for a missing or wrong Authorization header. */
  readonly refused: number;
  /** The Authorization header of every request that reached it, in order (null when it carried none): how many requests, and what they carried. */
  readonly authorizations: (string | null)[];
  close(): Promise<void>;
}

export async function startStreamableHttpMcpServer(options: { authorization: string; sse?: boolean }): Promise<StreamableHttpMcpServer> {
  const methods: string[] = [];
  const calls: Record<string, unknown>[] = [];
  const sessions = new Set<string>();
  const authorizations: (string | null)[] = [];
  let refused = 0;
  const reply = (res: ServerResponse, message: Record<string, unknown>, session?: string) => {
    const headers: Record<string, string> = session ? { 'mcp-session-id': session } : {};
    const body = JSON.stringify({ jsonrpc: '2.0', ...message });
    if (options.sse) res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' }).end(`event: message\ndata: ${body}\n\n`);
    else res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(body);
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    authorizations.push(req.headers.authorization ?? null);
    if (req.headers.authorization !== options.authorization) {
      refused += 1;
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorised');
      return;
    }
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/mcp') return void res.writeHead(404).end();
    if (req.method === 'GET') return void res.writeHead(405, { allow: 'POST, DELETE' }).end();
    const session = req.headers['mcp-session-id'];
    if (req.method === 'DELETE') {
      if (typeof session === 'string') sessions.delete(session);
      return void res.writeHead(204).end();
    }
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const message = JSON.parse(body) as { id?: number | string; method: string; params?: Record<string, unknown> };
    methods.push(message.method);
    if (message.id === undefined) return void res.writeHead(202).end();
    if (message.method === 'initialize') {
      const id = randomUUID();
      sessions.add(id);
      const protocolVersion = typeof message.params?.protocolVersion === 'string' ? message.params.protocolVersion : '2025-06-18';
      return reply(res, { id: message.id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'docs', version: '1.0.0' } } }, id);
    }
    if (typeof session !== 'string' || !sessions.has(session)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown session');
    if (message.method === 'tools/list') return reply(res, { id: message.id, result: { tools: [SEARCH_DOCS_TOOL] } });
    if (message.method === 'tools/call') {
      const args = (message.params?.arguments ?? {}) as Record<string, unknown>;
      calls.push(args);
      return reply(res, { id: message.id, result: { content: [{ type: 'text', text: `Best passage for "${String(args.query)}": GRPO normalises rewards within a group.` }] } });
    }
    if (message.method === 'ping') return reply(res, { id: message.id, result: {} });
    reply(res, { id: message.id, error: { code: -32601, message: `unknown method ${message.method}` } });
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    methods,
    calls,
    authorizations,
    get refused() {
      return refused;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
