// The MCP server on this process's stdin/stdout, until the client closes stdin or a signal arrives.
// Nothing else may write to stdout while it runs: it carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PassThrough, type Readable } from 'node:stream';
import { createMcpServer, type McpOptions } from './server';

/** The longest request line taken (bytes); every text a tool takes is far shorter (see BOUNDS). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** The JSON-RPC id of a request, when the start of its line names one (clients write it early). */
function idOf(head: string): string | number | null {
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})/.exec(head);
  if (!m) return null;
  return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
}

/**
 * The lines of `input` passed on to the server, except a line longer than `max` bytes: that one is
 * dropped as it streams in (never held whole) and answered through `reply` with a JSON-RPC error,
 * under the request's id when its start names one. The SDK's own reader would otherwise close
 * the connection, and the agent host would silently lose its tools.
 */
export function boundedLines(input: Readable, reply: (message: JSONRPCMessage) => void, max = MAX_REQUEST_BYTES): Readable {
  const lines = new PassThrough();
  let held: Buffer[] = [];
  let length = 0;
  let head = '';
  let dropping = false;
  input.on('data', (chunk: Buffer) => {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(10, from);
      const end = nl < 0 ? chunk.length : nl + 1;
      const piece = chunk.subarray(from, end);
      if (length < 1024) head += piece.subarray(0, 1024 - length).toString('utf8');
      length += piece.length;
      if (!dropping && length > max + 1) {
        dropping = true;
        held = [];
      }
      if (!dropping) held.push(piece);
      if (nl >= 0) {
        if (dropping) {
          const error = { code: -32600, message: `request line longer than ${max} bytes; it was discarded` };
          // JSON-RPC answers a request it cannot read under the id null.
          reply({ jsonrpc: '2.0', id: idOf(head), error } as unknown as JSONRPCMessage);
        } else lines.write(Buffer.concat(held));
        held = [];
        length = 0;
        head = '';
        dropping = false;
      }
      from = end;
    }
  });
  input.on('end', () => {
    if (!dropping && held.length > 0) lines.write(Buffer.concat(held));
    lines.end();
  });
  return lines;
}

export async function serveStdio(options: McpOptions, stop: Promise<void>): Promise<void> {
  const server = createMcpServer(options);
  // The protocol's output is the transport's own (this process's stdout); it also carries the error for a line too long.
  const transport: StdioServerTransport = new StdioServerTransport(boundedLines(process.stdin, (message) => void transport.send(message)));
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  const ended = new Promise<void>((resolve) => process.stdin.once('end', () => resolve()));
  await Promise.race([closed, ended, stop]);
  await server.close();
  // The client is gone or asked us to stop: work still in flight (a call waiting for the memory
  // lock) has nobody to answer, and must not keep the process alive. What was written is whole.
  process.stdin.destroy();
  setTimeout(() => process.exit(), 100).unref();
}
