// The MCP server on this process's stdin/stdout, until the client closes stdin or a signal arrives.
// Nothing else may write to stdout while it runs: it carries the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpOptions } from './server';

export async function serveStdio(options: McpOptions, stop: Promise<void>): Promise<void> {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
  });
  await server.connect(transport);
  const ended = new Promise<void>((resolve) => process.stdin.once('end', () => resolve()));
  await Promise.race([closed, ended, stop]);
  await server.close();
}
