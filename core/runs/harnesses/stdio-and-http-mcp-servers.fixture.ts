import type { McpServerSpec } from './harness-adapter.ts';

/**
 * A run's MCP servers of both kinds: a stdio one with its env and a streamable-HTTP one with a
 * header. Every adapter that takes MCP servers writes both (harness-adapters.test.ts); each
 * harness's own test pins its CLI's spelling of the HTTP one.
 */
export const STDIO_AND_HTTP_MCP_SERVERS: McpServerSpec[] = [
  { name: 'proof', command: 'node', args: ['proof.mjs'], env: { PROOF_SECRET: 'x' } },
  { name: 'docs', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer tok-123' } },
];
