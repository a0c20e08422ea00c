import type { RequestQuery } from '../../src/contract-types';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { clientOf, type DataOf } from '../support/client';
import { createMemory, createSubject, linkMemory, type Memory, type Subject } from '../support/factories';
import { UNKNOWN_MEMORY } from '../support/ids';
import { acceptedFact, codePoints, firstCodePoints, hasLoneSurrogate, longText, type Fact } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type ContextMapData = DataOf<'getContextMap'>;
type MapEdge = ContextMapData['edges'][number];

async function contextMap(token: string, memoryId: string, query: RequestQuery<'getContextMap'> = {}): Promise<ContextMapData> {
  const data = await clientOf(t, token).ok('getContextMap', { path: { id: memoryId }, query });
  expectWellFormedMap(data, memoryId);
  return data;
}

/** Root first, each node once, labels of at most 200 code points, every edge between two nodes of the map. */
function expectWellFormedMap(data: ContextMapData, rootId: string): void {
  expect(data.root).toBe(rootId);
  expect(data.nodes[0]).toMatchObject({ id: rootId, kind: 'memory' });
  const ids = data.nodes.map((node) => node.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const node of data.nodes) {
    expect(codePoints(node.label)).toBeLessThanOrEqual(200);
    expect(hasLoneSurrogate(node.label)).toBe(false);
  }
  const kindOf = new Map(data.nodes.map((node) => [node.id, node.kind]));
  const endKinds = { linked_to: ['memory', 'subject'], fact_of: ['fact', 'subject'], sourced_from: ['fact', 'memory'] };
  for (const edge of data.edges) {
    expect([kindOf.get(edge.from), kindOf.get(edge.to)]).toEqual(endKinds[edge.kind]);
  }
  expect(data.truncated).toBe(data.omitted_nodes > 0);
}

const edgeKey = (edge: MapEdge) => `${edge.kind} ${edge.from} -> ${edge.to}`;
const edgeSet = (edges: MapEdge[]) => edges.map(edgeKey).sort();
const edge = (kind: MapEdge['kind'], from: string, to: string): MapEdge => ({ from, to, kind });

describe('the Context Map of a Memory linked to two Subjects', () => {
  let alice: TestAccount;
  let root: Memory;
  let alpha: Subject;
  let beta: Subject;
  let alphaOne: Memory;
  let alphaTwo: Memory;
  let betaOne: Memory;
  let rootAlphaFact: Fact;
  let rootBetaFact: Fact;
  let alphaFact: Fact;
  let betaFact: Fact;
  let depthOf: Map<string, number>;

  beforeAll(async () => {
    alice = await t.account();
    const rw = alice.readWriteKey;
    root = await createMemory(t, rw, { text: longText(3000, 'Root memory: ') });
    alphaOne = await createMemory(t, rw, { text: 'Alpha one: kickoff notes' });
    alphaTwo = await createMemory(t, rw, { text: 'Alpha two: staffing plan' });
    betaOne = await createMemory(t, rw, { text: 'Beta one: vendor shortlist' });
    alpha = await createSubject(t, rw, { name: 'Alpha', kind: 'project' });
    beta = await createSubject(t, rw, { name: 'Beta', kind: 'project' });
    for (const memory of [root, alphaOne, alphaTwo]) await linkMemory(t, rw, alpha.id, memory.id);
    for (const memory of [root, betaOne]) await linkMemory(t, rw, beta.id, memory.id);
    rootAlphaFact = await acceptedFact(t, rw, alice.session, alpha.id, 'Alpha started from the root memory', [root.id]);
    rootBetaFact = await acceptedFact(t, rw, alice.session, beta.id, 'Beta was decided in the root memory', [root.id]);
    alphaFact = await acceptedFact(t, rw, alice.session, alpha.id, `Alpha ${longText(500, 'long statement ')}`, [alphaOne.id]);
    betaFact = await acceptedFact(t, rw, alice.session, beta.id, 'Beta picks a vendor', [betaOne.id]);
    depthOf = new Map([
      [root.id, 0],
      [alpha.id, 1],
      [beta.id, 1],
      [rootAlphaFact.id, 1],
      [rootBetaFact.id, 1],
      [alphaFact.id, 2],
      [betaFact.id, 2],
      [alphaOne.id, 2],
      [alphaTwo.id, 2],
      [betaOne.id, 2],
    ]);
  });

  const depthOneEdges = () => [
    edge('linked_to', root.id, alpha.id),
    edge('linked_to', root.id, beta.id),
    edge('fact_of', rootAlphaFact.id, alpha.id),
    edge('fact_of', rootBetaFact.id, beta.id),
    edge('sourced_from', rootAlphaFact.id, root.id),
    edge('sourced_from', rootBetaFact.id, root.id),
  ];

  test('when depth is 1, then the map holds the root, its Subjects and the Facts it backs, with every edge among them', async () => {
    const data = await contextMap(alice.readWriteKey, root.id, { depth: 1 });

    expect(data.nodes[0]).toEqual({ id: root.id, kind: 'memory', label: firstCodePoints(root.text, 200) });
    expect(codePoints(data.nodes[0]!.label)).toBe(200);
    expect(data.nodes.slice(1).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
      [
        { id: alpha.id, kind: 'subject', label: 'Alpha' },
        { id: beta.id, kind: 'subject', label: 'Beta' },
        { id: rootAlphaFact.id, kind: 'fact', label: rootAlphaFact.statement },
        { id: rootBetaFact.id, kind: 'fact', label: rootBetaFact.statement },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    expect(edgeSet(data.edges)).toEqual(edgeSet(depthOneEdges()));
    expect(data.truncated).toBe(false);
    expect(data.omitted_nodes).toBe(0);
  });

  test('when depth is 2 (the default), then the map adds the Subjects\' other Facts and their other linked Memories', async () => {
    const data = await contextMap(alice.readOnlyKey, root.id);
    const explicit = await contextMap(alice.readOnlyKey, root.id, { depth: 2 });
    expect(explicit).toEqual(data);

    expect(data.nodes.map((node) => node.id).sort()).toEqual([...depthOf.keys()].sort());
    // Breadth-first: no depth-2 node before a depth-1 node.
    const depths = data.nodes.map((node) => depthOf.get(node.id) as number);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));

    const longFact = data.nodes.find((node) => node.id === alphaFact.id);
    expect(longFact).toEqual({ id: alphaFact.id, kind: 'fact', label: firstCodePoints(alphaFact.statement, 200) });
    expect(data.nodes.find((node) => node.id === betaOne.id)).toEqual({ id: betaOne.id, kind: 'memory', label: betaOne.text });

    expect(edgeSet(data.edges)).toEqual(
      edgeSet([
        ...depthOneEdges(),
        edge('linked_to', alphaOne.id, alpha.id),
        edge('linked_to', alphaTwo.id, alpha.id),
        edge('linked_to', betaOne.id, beta.id),
        edge('fact_of', alphaFact.id, alpha.id),
        edge('fact_of', betaFact.id, beta.id),
        edge('sourced_from', alphaFact.id, alphaOne.id),
        edge('sourced_from', betaFact.id, betaOne.id),
      ]),
    );
    expect(data.truncated).toBe(false);
    expect(data.omitted_nodes).toBe(0);
  });

  test('when max_nodes is 3, then the map is cut to the root and its two nearest nodes, and the rest is counted as omitted', async () => {
    const data = await contextMap(alice.readWriteKey, root.id, { max_nodes: 3 });
    expect(data.nodes).toHaveLength(3);
    expect(data.nodes[0]!.id).toBe(root.id);
    for (const node of data.nodes.slice(1)) expect(depthOf.get(node.id)).toBe(1);
    expect(data.truncated).toBe(true);
    expect(data.omitted_nodes).toBe(10 - 3);
    const onMap = new Set(data.nodes.map((node) => node.id));
    expect(edgeSet(data.edges)).toEqual(edgeSet(depthOneEdges().filter((e) => onMap.has(e.from) && onMap.has(e.to))));

    const shallow = await contextMap(alice.readWriteKey, root.id, { max_nodes: 3, depth: 1 });
    expect(shallow.nodes).toHaveLength(3);
    expect(shallow).toMatchObject({ truncated: true, omitted_nodes: 5 - 3 });
  });

  test.each([1, 2, 4, 5, 6, 9, 10, 11, 100])(
    'when max_nodes is %i, then the nodes are the nearest ones and omitted_nodes is exactly what did not fit',
    async (maxNodes) => {
      const data = await contextMap(alice.readWriteKey, root.id, { max_nodes: maxNodes });
      const kept = Math.min(maxNodes, 10);
      expect(data.nodes).toHaveLength(kept);
      expect(data.omitted_nodes).toBe(10 - kept);
      expect(data.truncated).toBe(kept < 10);
      const depths = data.nodes.map((node) => depthOf.get(node.id) as number);
      expect(depths).toEqual([...depths].sort((a, b) => a - b));
      // Every depth-1 node that fits comes before any depth-2 node.
      expect(depths.filter((depth) => depth <= 1)).toHaveLength(Math.min(kept, 5));
    },
  );

  test('when the session loads the same map, then it is the same map', async () => {
    const forKey = await contextMap(alice.readWriteKey, root.id);
    const forSession = await contextMap(alice.session, root.id);
    expect(forSession).toEqual(forKey);
  });
});

describe('sensitive and secret Memories on a Context Map', () => {
  let alice: TestAccount;
  let root: Memory;
  let subject: Subject;
  let normal: Memory;
  let sensitive: Memory;
  let secret: Memory;
  let secretRoot: Memory;
  let sensitiveRoot: Memory;

  beforeAll(async () => {
    alice = await t.account();
    root = await createMemory(t, alice.readWriteKey, { text: 'Root of the sensitivity map' });
    normal = await createMemory(t, alice.readWriteKey, { text: 'A normal neighbour' });
    sensitive = await createMemory(t, alice.readWriteKey, { text: 'A sensitive neighbour', sensitivity: 'sensitive' });
    secret = await createMemory(t, alice.session, { text: 'A secret neighbour', sensitivity: 'secret' });
    secretRoot = await createMemory(t, alice.session, { text: 'A secret root', sensitivity: 'secret' });
    sensitiveRoot = await createMemory(t, alice.readWriteKey, { text: 'A sensitive root', sensitivity: 'sensitive' });
    subject = await createSubject(t, alice.readWriteKey, { name: 'Neighbourhood' });
    for (const memory of [root, normal, sensitive, secret, secretRoot, sensitiveRoot]) await linkMemory(t, alice.session, subject.id, memory.id);
  });

  const memoryIds = (data: ContextMapData) => data.nodes.filter((node) => node.kind === 'memory').map((node) => node.id).sort();

  test('when an API key loads the map, then sensitive and secret neighbours are left out and not counted', async () => {
    const data = await contextMap(alice.readWriteKey, root.id);
    expect(memoryIds(data)).toEqual([root.id, normal.id].sort());
    expect(data).toMatchObject({ truncated: false, omitted_nodes: 0 });
    expect(JSON.stringify(data)).not.toContain('secret neighbour');
  });

  test('when an API key sends include_sensitive=true, then sensitive neighbours appear but secret ones never do', async () => {
    const data = await contextMap(alice.readOnlyKey, root.id, { include_sensitive: true });
    expect(memoryIds(data)).toEqual([root.id, normal.id, sensitive.id, sensitiveRoot.id].sort());
    expect(JSON.stringify(data)).not.toContain(secret.id);
    expect(JSON.stringify(data)).not.toContain(secretRoot.id);
  });

  test('when the session loads the map, then secret neighbours appear only with include_sensitive=true', async () => {
    const plain = await contextMap(alice.session, root.id);
    expect(memoryIds(plain)).toEqual([root.id, normal.id].sort());
    const everything = await contextMap(alice.session, root.id, { include_sensitive: true });
    expect(memoryIds(everything)).toEqual([root.id, normal.id, sensitive.id, secret.id, secretRoot.id, sensitiveRoot.id].sort());
  });

  test('when an API key asks for the map of a secret Memory, then it is 404 memory_not_found, even with include_sensitive=true', async () => {
    for (const token of [alice.readWriteKey, alice.readOnlyKey]) {
      for (const query of [{}, { include_sensitive: 'true' }]) {
        const res = await t.http.get(`/v1/memories/${secretRoot.id}/context-map`).query(query).set(bearer(token));
        expectError(res, 404, 'memory_not_found');
      }
    }
    const forSession = await contextMap(alice.session, secretRoot.id);
    expect(forSession.nodes[0]).toEqual({ id: secretRoot.id, kind: 'memory', label: 'A secret root' });
  });

  test('when a Fact is sourced from a secret Memory, then an API key sees the Fact but no edge to the secret source', async () => {
    const fact = await acceptedFact(t, alice.session, alice.session, subject.id, 'The neighbourhood has a secret', [secret.id, normal.id]);
    const data = await contextMap(alice.readWriteKey, root.id, { include_sensitive: true });
    expect(data.nodes.find((node) => node.id === fact.id)).toEqual({ id: fact.id, kind: 'fact', label: fact.statement });
    expect(data.edges.filter((e) => e.from === fact.id).map(edgeKey).sort()).toEqual(
      [edgeKey(edge('fact_of', fact.id, subject.id)), edgeKey(edge('sourced_from', fact.id, normal.id))].sort(),
    );
  });
});

describe('Context Map validation and ownership', () => {
  let alice: TestAccount;
  let root: Memory;
  beforeAll(async () => {
    alice = await t.account();
    root = await createMemory(t, alice.readWriteKey, { text: 'A lonely root' });
  });

  test('when the Memory has no Subjects, then the map is just the root', async () => {
    const data = await contextMap(alice.readWriteKey, root.id);
    expect(data).toEqual({
      root: root.id,
      nodes: [{ id: root.id, kind: 'memory', label: 'A lonely root' }],
      edges: [],
      truncated: false,
      omitted_nodes: 0,
    });
  });

  test.each([
    { depth: 3 },
    { depth: 0 },
    { depth: 'deep' },
    { max_nodes: 0 },
    { max_nodes: 101 },
    { max_nodes: -1 },
    { max_nodes: 'all' },
  ])('when the query is %p, then it is 400 invalid_request', async (query) => {
    const res = await t.http.get(`/v1/memories/${root.id}/context-map`).query(query).set(bearer(alice.readWriteKey));
    expectError(res, 400, 'invalid_request');
  });

  test('when the Memory ID is unknown, then it is 404 memory_not_found; when malformed, 400 invalid_request', async () => {
    expectError(await t.http.get(`/v1/memories/${UNKNOWN_MEMORY}/context-map`).set(bearer(alice.readWriteKey)), 404, 'memory_not_found');
    expectError(await t.http.get('/v1/memories/not-a-memory/context-map').set(bearer(alice.readWriteKey)), 400, 'invalid_request');
  });

  test("when the Memory belongs to another account, then it is 404 memory_not_found for keys and the session", async () => {
    const bob = await t.account();
    const bobs = await createMemory(t, bob.readWriteKey, { text: 'Bob private memory' });
    for (const token of [alice.readWriteKey, alice.readOnlyKey, alice.session]) {
      const res = await t.http.get(`/v1/memories/${bobs.id}/context-map`).set(bearer(token));
      expectError(res, 404, 'memory_not_found');
    }
  });

  test('when no token is sent, then it is 401 unauthorized', async () => {
    expectError(await t.http.get(`/v1/memories/${root.id}/context-map`), 401, 'unauthorized');
  });
});
