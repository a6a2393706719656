#!/usr/bin/env node
// The demo's stand-in for a design-extraction MCP server (what a Figma MCP server gives an agent),
// in plain Node with no network and no key: stdio, newline-delimited JSON-RPC 2.0. It answers from
// the design file named by its first argument, so the demo runs offline and the same every time.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const designFile = process.argv[2];
if (!designFile) {
  process.stderr.write('design server: give the design file (JSON) as the first argument\n');
  process.exit(2);
}
const design = JSON.parse(readFileSync(designFile, 'utf8'));

const TOOLS = [
  { name: 'list_frames', description: "Lists the design file's frames: node id, name and size.", inputSchema: { type: 'object', properties: {} } },
  {
    name: 'get_frame',
    description: "A frame's fills, type styles and layers (text, buttons), by node id.",
    inputSchema: { type: 'object', properties: { node_id: { type: 'string', description: 'The frame, e.g. "1:2" (see list_frames).' } }, required: ['node_id'] },
  },
];

function callTool(name, args) {
  if (name === 'list_frames') return JSON.stringify({ file: design.file, frames: design.frames.map(({ node_id, name: frame, size }) => ({ node_id, name: frame, size })) });
  if (name === 'get_frame') {
    const frame = design.frames.find((candidate) => candidate.node_id === String(args?.node_id ?? ''));
    if (!frame) throw new Error(`No frame ${JSON.stringify(args?.node_id)}; list_frames names them.`);
    return JSON.stringify(frame);
  }
  throw new Error(`No tool ${name}.`);
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const { id, method, params } = JSON.parse(line);
  if (id === undefined || id === null) continue; // notifications need no answer
  if (method === 'initialize') send({ id, result: { protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'design', version: '1.0.0' } } });
  else if (method === 'tools/list') send({ id, result: { tools: TOOLS } });
  else if (method === 'tools/call') {
    try {
      send({ id, result: { content: [{ type: 'text', text: callTool(params?.name, params?.arguments) }], isError: false } });
    } catch (error) {
      send({ id, result: { content: [{ type: 'text', text: error.message }], isError: true } });
    }
  } else if (method === 'ping') send({ id, result: {} });
  else send({ id, error: { code: -32601, message: `Method not found: ${method}` } });
}
