// `extract init`: what it wrote or kept, then the cron line and the MCP entry to copy.
import type { InitResult } from '../../api';

export function renderInit(r: InitResult): string[] {
  return [
    ...r.files.map((f) => `extract init: ${f.action === 'wrote' ? 'wrote' : 'kept the existing'} ${f.file}`),
    '',
    'Heartbeat: add this line with "crontab -e" to extract every 5 minutes:',
    `  ${r.cron}`,
    '',
    'Agents: add this server under "mcpServers" in your MCP host\'s configuration:',
    ...JSON.stringify({ tongdiscussion: r.mcp }, null, 2).split('\n').map((line) => `  ${line}`),
  ];
}
