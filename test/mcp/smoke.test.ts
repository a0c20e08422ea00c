import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(async () => {
  await app.close();
});

test('smoke', async () => {
  const account = await app.account();
  const client = await app.connect(account.readWriteKey);
  const { tools } = await client.listTools();
  expect(tools.length).toBeGreaterThan(30);
  const created = await callOk(client, 'create_memory', { text: 'Prefers tea over coffee', tags: ['drinks'] });
  expect(created.data.id).toMatch(/^mem_/);
  const found = await callOk(client, 'search_memories', { q: 'tea' });
  expect(found.data[0].memory.id).toBe(created.data.id);
  const error = await callError(client, 'get_memory', { id: 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H' });
  expect(error.code).toBe('memory_not_found');
  const ro = await app.connect(account.readOnlyKey);
  const roTools = await ro.listTools();
  expect(roTools.tools.map((t) => t.name)).not.toContain('create_memory');
  const denied = await callError(ro, 'create_memory', { text: 'x' });
  expect(denied.code).toBe('insufficient_key_mode');
});
