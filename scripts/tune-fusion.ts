// `npm run tune:fusion`: chooses the weights of search by meaning (src/domain/search/meaning.ts) on
// the development half of the retrieval data, in process. Each LoCoMo conversation (and the
// paraphrase set of test/fixtures/paraphrase.json) is stored in an account of an embedded
// database; every Memory is embedded with the default embedder; then, per question, the lexical
// ranking's first 50 candidates, their vectors and the account's vectors are kept, and every
// combination of weights of the grid is scored from them: recall@10 on LoCoMo (in all and by
// category) and hit@10 on the paraphrase set. Prints the best combinations.
//
// Options: --data PATH (../shared/retrieval/locomo-dev.json), --conversations N, --cache FILE (keeps
// what was collected there, and reads it from there next time instead of collecting it again).
// The data is not in the repository (CC BY-NC 4.0): it is read from outside, never copied.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { AccountDirectory } from '../src/domain/accounts/accounts';
import { createMemory } from '../src/domain/memories/memories';
import { cosine } from '../src/domain/embeddings/embedder';
import { recentVectors, vectorsOf } from '../src/domain/embeddings/embeddings.repository';
import { queryVector } from '../src/domain/embeddings/query-vectors';
import { search } from '../src/domain/search/engine';
import { fuse, RERANK_CANDIDATES, type FusionWeights } from '../src/domain/search/meaning';
import { memoriesWithIndexNumbers } from '../src/domain/memories/memories.repository';
import { MEANING_SCAN_MAX } from '../src/domain/embeddings/vector-index';
import type { Principal } from '../src/domain/shared/principal';
import { ROOT } from './support/server';

const K = 10;
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

interface Case {
  readonly set: 'locomo' | 'paraphrase';
  readonly category: number;
  readonly evidence: ReadonlySet<string>;
  readonly lexical: Array<{ id: string; score: number }>;
  readonly query: Float32Array;
  readonly lexicalVectors: Map<string, Float32Array>;
  readonly recent: Array<{ id: string; vector: Float32Array }>;
  /** The query's cosine with each of `recent`, as the search's meaning leg finds it. */
  readonly closeness: Array<{ id: string; closeness: number }>;
}

const closenessOf = (query: Float32Array, recent: Case['recent']) => recent.map(({ id, vector }) => ({ id, closeness: cosine(query, vector) }));

const normaliseId = (raw: string) => {
  const match = /(\d+)\D+(\d+)/.exec(raw);
  return match ? `D${Number(match[1])}:${Number(match[2])}` : null;
};

async function main() {
  const { values } = parseArgs({ options: { data: { type: 'string' }, conversations: { type: 'string' }, cache: { type: 'string' } } });
  const cases = values.cache && existsSync(values.cache) ? readCases(values.cache) : await collectCases(values);
  if (values.cache && !existsSync(values.cache)) writeCases(values.cache, cases);
  tune(cases);
}

/** Cases as JSON: each account's vectors once, each question with its candidates and query vector. */
function writeCases(file: string, cases: readonly Case[]): void {
  const accounts: Array<Array<{ id: string; vector: number[] }>> = [];
  const index = new Map<Case['recent'], number>();
  for (const c of cases) {
    if (!index.has(c.recent)) {
      index.set(c.recent, accounts.length);
      accounts.push(c.recent.map(({ id, vector }) => ({ id, vector: [...vector] })));
    }
  }
  const questions = cases.map((c) => ({ set: c.set, category: c.category, evidence: [...c.evidence], lexical: c.lexical, query: [...c.query], account: index.get(c.recent)! }));
  writeFileSync(file, JSON.stringify({ accounts, questions }));
}

function readCases(file: string): Case[] {
  const { accounts, questions } = JSON.parse(readFileSync(file, 'utf8')) as {
    accounts: Array<Array<{ id: string; vector: number[] }>>;
    questions: Array<{ set: Case['set']; category: number; evidence: string[]; lexical: Case['lexical']; query: number[]; account: number }>;
  };
  const recent = accounts.map((list) => list.map(({ id, vector }) => ({ id, vector: Float32Array.from(vector) })));
  const byId = recent.map((list) => new Map(list.map(({ id, vector }) => [id, vector])));
  return questions.map((q) => {
    const query = Float32Array.from(q.query);
    return {
      set: q.set,
      category: q.category,
      evidence: new Set(q.evidence),
      lexical: q.lexical,
      query,
      lexicalVectors: new Map(q.lexical.flatMap(({ id }) => (byId[q.account]!.has(id) ? [[id, byId[q.account]!.get(id)!] as const] : []))),
      recent: recent[q.account]!,
      closeness: closenessOf(query, recent[q.account]!),
    };
  });
}

async function collectCases(values: { data?: string | undefined; conversations?: string | undefined }): Promise<Case[]> {
  const dataFile = values.data ?? join(ROOT, '..', 'shared', 'retrieval', 'locomo-dev.json');
  type Raw = { conversation: Record<string, unknown>; qa: { question: string; evidence?: string[]; category: number }[] };
  const raw = (JSON.parse(readFileSync(dataFile, 'utf8')) as Raw[]).slice(0, values.conversations ? Number(values.conversations) : undefined);
  const paraphrase = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'paraphrase.json'), 'utf8')) as {
    memories: Array<{ id: string; text: string }>;
    questions: Array<{ question: string; answers: string[] }>;
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'mtl-tune-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMBEDDINGS: 'local' });
  const database = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1, preparedStatements: 0 });
  await migrateToLatest(database.db);
  const app = createApp({ config, database, logger: pino({ level: 'silent' }), embedInBackground: false });
  const services = app.services;
  const embedder = services.embedder!;
  const accounts = new AccountDirectory(database.db, services.clock);
  const cases: Case[] = [];

  const collect = async (
    set: Case['set'],
    name: string,
    memories: Array<{ key: string; text: string }>,
    questions: Array<{ text: string; category: number; evidence: Set<string> }>,
  ) => {
    const accountId = await accounts.accountFor(name, name);
    const principal: Principal = { kind: 'session', accountId };
    const keyOf = new Map<string, string>();
    for (const memory of memories) keyOf.set((await createMemory(services, principal, { text: memory.text })).id, memory.key);
    const started = Date.now();
    await app.embeddings!.drain();
    process.stdout.write(`  ${name}: ${memories.length} Memories embedded in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    const filter = { accountId, model: embedder.name, keysOnly: false };
    const recent = await recentVectors(database.db, filter, MEANING_SCAN_MAX);
    const recentByKey = recent.map(({ id, vector }) => ({ id: keyOf.get(id)!, vector }));
    for (const question of questions) {
      const found = await search(
        database.db,
        { principal, keysOnly: false, q: question.text, limit: RERANK_CANDIDATES, requireAll: false },
        (ids) => memoriesWithIndexNumbers(database.db, accountId, ids),
      );
      const vectors = await vectorsOf(database.db, filter, found.map(({ row }) => row.id));
      const query = (await queryVector(embedder, accountId, question.text, 60_000))!;
      cases.push({
        set,
        category: question.category,
        evidence: question.evidence,
        lexical: found.map(({ row, score }) => ({ id: keyOf.get(row.id)!, score })),
        query,
        lexicalVectors: new Map([...vectors].map(([id, vector]) => [keyOf.get(id)!, vector])),
        recent: recentByKey,
        closeness: closenessOf(query, recentByKey),
      });
    }
  };

  for (const [c, item] of raw.entries()) {
    const sessions = Object.keys(item.conversation).filter((key) => /^session_\d+$/.test(key)).sort((a, b) => Number(a.split('_')[1]) - Number(b.split('_')[1]));
    const turns = sessions.flatMap((key) =>
      (item.conversation[key] as { speaker: string; dia_id: string; text: string }[]).map((turn) => ({ key: normaliseId(turn.dia_id) ?? turn.dia_id, text: `${turn.speaker}: ${turn.text}` })),
    );
    const known = new Set(turns.map((turn) => turn.key));
    const questions = item.qa
      .filter((qa) => CATEGORIES[qa.category])
      .map((qa) => ({ text: qa.question, category: qa.category, evidence: new Set((qa.evidence ?? []).flatMap((e) => e.split(';')).map(normaliseId).filter((id): id is string => id !== null && known.has(id))) }))
      .filter((q) => q.evidence.size > 0);
    await collect('locomo', `tune-locomo-${c}`, turns, questions);
  }
  await collect(
    'paraphrase',
    'tune-paraphrase',
    paraphrase.memories.map((m) => ({ key: m.id, text: m.text })),
    paraphrase.questions.map((q) => ({ text: q.question, category: 0, evidence: new Set(q.answers) })),
  );

  await app.close();
  await database.close();
  return cases;
}

function tune(cases: readonly Case[]): void {
  const evaluate = (rank: (c: Case) => string[]) => {
    const recall = (c: Case, hits: string[]) => hits.slice(0, K).filter((id) => c.evidence.has(id)).length / c.evidence.size;
    const locomo = cases.filter((c) => c.set === 'locomo');
    const para = cases.filter((c) => c.set === 'paraphrase');
    const mean = (list: readonly Case[], f: (c: Case) => number) => (list.length ? list.reduce((s, c) => s + f(c), 0) / list.length : 0);
    const byCategory = Object.fromEntries(Object.entries(CATEGORIES).map(([n, name]) => [name, mean(locomo.filter((c) => c.category === Number(n)), (c) => recall(c, rank(c)))]));
    return {
      recall: mean(locomo, (c) => recall(c, rank(c))),
      byCategory,
      paraphraseHit: mean(para, (c) => (recall(c, rank(c)) > 0 ? 1 : 0)),
    };
  };
  const lexicalAlone = evaluate((c) => c.lexical.map((hit) => hit.id));
  const fmt = (r: ReturnType<typeof evaluate>) =>
    `recall@10 ${r.recall.toFixed(3)} | ${Object.entries(r.byCategory).map(([n, v]) => `${n} ${v.toFixed(3)}`).join(', ')} | paraphrase hit@10 ${r.paraphraseHit.toFixed(3)}`;
  process.stdout.write(`\nlexical alone: ${fmt(lexicalAlone)}\n`);
  const results: Array<{ weights: FusionWeights; r: ReturnType<typeof evaluate> }> = [];
  for (const cosineWeight of [0.3, 0.4, 0.5, 0.6, 0.7]) {
    for (const rankScale of [10, 20, 40, 80]) {
      for (const semanticFloor of [0.2, 0.3, 0.4, 0.5, 1.1]) {
        for (const semanticWeight of [0.8, 1, 1.2]) {
          const weights = { cosineWeight, rankScale, semanticFloor, semanticWeight };
          results.push({ weights, r: evaluate((c) => fuse(c.query, c.lexical, c.lexicalVectors, c.closeness, weights).map((hit) => hit.id)) });
        }
      }
    }
  }
  const safe = results.filter(({ r }) => Object.entries(r.byCategory).every(([n, v]) => v >= (lexicalAlone.byCategory[n] ?? 0) - 1e-9));
  const show = (title: string, list: typeof results) => {
    process.stdout.write(`\n${title}\n`);
    for (const { weights, r } of list.slice(0, 12)) process.stdout.write(`  ${JSON.stringify(weights)}: ${fmt(r)}\n`);
  };
  show('best recall@10 (no category worse than lexical alone):', [...safe].sort((a, b) => b.r.recall - a.r.recall));
  show('best recall@10 among those with paraphrase hit@10 >= 0.6:', [...safe].filter(({ r }) => r.paraphraseHit >= 0.6).sort((a, b) => b.r.recall - a.r.recall));
  show('best paraphrase hit@10:', [...results].sort((a, b) => b.r.paraphraseHit - a.r.paraphraseHit || b.r.recall - a.r.recall));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
