import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { callOk, startMcpTestApp, type McpTestApp } from './helpers';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(async () => {
  await app.close();
});

test('stdio smoke', async () => {
  const account = await app.account();
  const root = join(__dirname, '..', '..');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['-r', join(root, 'test/support/register-ts.cjs'), join(root, 'src/mcp/stdio.ts')],
    env: { PATH: process.env.PATH ?? '', MTL_BASE_URL: app.baseUrl, MTL_API_KEY: account.readOnlyKey },
    cwd: root,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'stdio-test', version: '1' });
  await client.connect(transport);
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain('search_memories');
  expect(tools.map((t) => t.name)).not.toContain('create_memory');
  const r = await callOk(client, 'list_memories', {});
  expect(r.data).toEqual([]);
  await client.close();
});
