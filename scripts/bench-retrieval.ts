// `npm run bench:retrieval`: how well Memory search finds what a question needs. Stores each turn of
// a few long conversations (LoCoMo format) as one Memory through the HTTP API of a real server,
// sends each question unchanged to GET /v1/memories/search, and scores the hits against the turns
// the data marks as evidence. The same texts and questions go through an in-process BM25 library
// (MiniSearch, with stemming and stop words) as a reference for what plain lexical search reaches.
// Prints the figures and writes docs/retrieval.md (the marked results region) and docs/retrieval.json.
//
// Options: --data PATH (../shared/retrieval/locomo-dev.json from the repository root),
// --database postgres|embedded|both (both), --database-url URL (BENCH_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created there and dropped),
// --limit N (10), --conversations N (only the first N, for quick runs), --no-write (print only),
// --embeddings off|local|both (both: lexical search alone, and with search by meaning beside it).
// Besides LoCoMo, the paraphrase set of test/fixtures/paraphrase.json (questions that share no
// content word with the Memory that answers them) is run the same way.
//
// The data is not in the repository: LoCoMo is licensed CC BY-NC 4.0 (non-commercial use only).
// Nothing from it may be copied here, not even as an example.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import MiniSearch from 'minisearch';
import { eng } from 'stopword';
import stem from 'wink-porter2-stemmer';
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';
import { clientFor, commitLabel, must, ROOT, untilEmbedded, withServer, type DatabaseKind } from './support/server';

// The reference's stop words: a library's English list, as its users would take.
const STOP_WORDS = new Set<string>(eng);

const SECRET = randomBytes(32).toString('hex');
const CATEGORIES: Record<number, string> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };
// Requests in flight while storing turns: faster than one at a time, yet close to conversation order.
const STORE_CONCURRENCY = 4;

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run bench:retrieval -- [--data PATH] [--database postgres|embedded|both] ` +
    '[--database-url URL] [--limit N] [--conversations N] [--no-write]\n');
  process.exit(2);
}

function parseOptions(args: string[]) {
  const { values } = (() => {
    try {
      return parseArgs({
        args,
        options: {
          data: { type: 'string' },
          database: { type: 'string', default: 'both' },
          'database-url': { type: 'string' },
          limit: { type: 'string', default: '10' },
          conversations: { type: 'string' },
          'no-write': { type: 'boolean', default: false },
          embeddings: { type: 'string', default: 'both' },
        },
      });
    } catch (err) {
      return usage(err instanceof Error ? err.message : String(err));
    }
  })();
  const positive = (name: string, raw: string, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) usage(`--${name} must be an integer from 1 to ${max}`);
    return value;
  };
  if (!['postgres', 'embedded', 'both'].includes(values.database)) usage('--database must be postgres, embedded or both');
  if (!['off', 'local', 'both'].includes(values.embeddings)) usage('--embeddings must be off, local or both');
  return {
    data: values.data === undefined ? join(ROOT, '..', 'shared', 'retrieval', 'locomo-dev.json') : resolve(values.data),
    dataGiven: values.data !== undefined,
    databases: (values.database === 'both' ? ['postgres', 'embedded'] : [values.database]) as DatabaseKind[],
    databaseUrl: values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    limit: positive('limit', values.limit, 50), // the contract's maximum
    conversations: values.conversations === undefined ? Infinity : positive('conversations', values.conversations, 1_000_000),
    write: !values['no-write'],
    embeddings: (values.embeddings === 'both' ? ['off', 'local'] : [values.embeddings]) as Embeddings[],
  };
}
type Options = ReturnType<typeof parseOptions>;
type Embeddings = 'off' | 'local';
const MODES: Record<Embeddings, string> = { off: 'words alone', local: 'words and meaning' };

/** The paraphrase set, as one conversation whose questions are all of one category (0). */
function loadParaphrases(): Conversation {
  const data = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'paraphrase.json'), 'utf8')) as {
    memories: Array<{ id: string; text: string }>;
    questions: Array<{ question: string; answers: string[] }>;
  };
  return {
    turns: data.memories.map((memory) => ({ id: memory.id, text: memory.text })),
    questions: data.questions.map((question) => ({ text: question.question, category: 0, evidence: new Set(question.answers) })),
  };
}

interface Turn { readonly id: string; readonly text: string }
interface Question { readonly text: string; readonly category: number; readonly evidence: ReadonlySet<string> }
interface Conversation { readonly turns: Turn[]; readonly questions: Question[] }

/** "D8:6", "D:11:26", "D30:05" -> "D<session>:<turn>" with plain integers; null when unreadable. */
function normaliseId(raw: string): string | null {
  const match = /(\d+)\D+(\d+)/.exec(raw);
  return match ? `D${Number(match[1])}:${Number(match[2])}` : null;
}

/** The conversations in the order of the file, each turn as "Speaker: text", questions of categories 1-4. */
function loadData(file: string, limit: number) {
  type Raw = { conversation: Record<string, unknown>; qa: { question: string; evidence?: string[]; category: number }[] };
  const raw = (JSON.parse(readFileSync(file, 'utf8')) as Raw[]).slice(0, limit);
  let skipped = 0;
  let adversarial = 0;
  const conversations: Conversation[] = raw.map((item) => {
    const sessions = Object.keys(item.conversation)
      .map((key) => /^session_(\d+)$/.exec(key))
      .filter((match): match is RegExpExecArray => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    const turns: Turn[] = sessions.flatMap((match) =>
      (item.conversation[match[0]] as { speaker: string; dia_id: string; text: string }[]).map((turn) => ({
        id: normaliseId(turn.dia_id) ?? turn.dia_id,
        text: `${turn.speaker}: ${turn.text}`,
      })),
    );
    const known = new Set(turns.map((turn) => turn.id));
    const questions: Question[] = [];
    for (const qa of item.qa) {
      if (!CATEGORIES[qa.category]) {
        adversarial += 1; // category 5 has no answer in the conversation, so nothing to retrieve
        continue;
      }
      const ids = (qa.evidence ?? []).flatMap((entry) => entry.split(';')).map(normaliseId);
      const evidence = new Set(ids.filter((id): id is string => id !== null && known.has(id)));
      if (evidence.size === 0) skipped += 1;
      else questions.push({ text: qa.question, category: qa.category, evidence });
    }
    return { turns, questions };
  });
  return { conversations, skipped, adversarial };
}

/** One question's scores for a ranked list of turn IDs. */
function score(hits: readonly string[], evidence: ReadonlySet<string>, limit: number) {
  const found = (n: number) => hits.slice(0, n).filter((id) => evidence.has(id)).length / evidence.size;
  const first = hits.findIndex((id) => evidence.has(id));
  return {
    recall5: found(Math.min(5, limit)),
    recallK: found(limit),
    hitK: found(limit) > 0 ? 1 : 0,
    rr: first >= 0 ? 1 / (first + 1) : 0,
    empty: hits.length === 0 ? 1 : 0,
  };
}
type Score = ReturnType<typeof score>;
interface Answer { readonly category: number; readonly score: Score; readonly ms: number }

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function summarise(answers: readonly Answer[]) {
  const mean = (pick: (a: Answer) => number, of = answers) => (of.length ? round(of.reduce((sum, a) => sum + pick(a), 0) / of.length) : 0);
  const metrics = (of: readonly Answer[]) => ({
    questions: of.length,
    recall_at_5: mean((a) => a.score.recall5, of),
    recall_at_k: mean((a) => a.score.recallK, of),
    hit_at_k: mean((a) => a.score.hitK, of),
    mrr: mean((a) => a.score.rr, of),
    empty: mean((a) => a.score.empty, of),
  });
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    ...metrics(answers),
    mean_ms: round(mean((a) => a.ms), 2),
    p99_ms: round(times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0, 2), // nearest rank
    by_category: Object.fromEntries(
      Object.entries(CATEGORIES).map(([category, name]) => [name, metrics(answers.filter((a) => a.category === Number(category)))]),
    ),
  };
}
type Summary = ReturnType<typeof summarise>;

/** The reference: MiniSearch's defaults (BM25+, OR of the terms) over lower-cased, stemmed words without stop words. */
function reference(conversations: readonly Conversation[], limit: number): Answer[] {
  const processTerm = (term: string) => {
    const word = term.toLowerCase();
    return STOP_WORDS.has(word) ? null : stem(word);
  };
  return conversations.flatMap((conversation) => {
    const index = new MiniSearch<Turn>({ fields: ['text'], processTerm });
    index.addAll(conversation.turns);
    return conversation.questions.map((question) => {
      const started = performance.now();
      const hits = index.search(question.text).slice(0, limit).map((hit) => String(hit.id));
      const ms = performance.now() - started;
      return { category: question.category, score: score(hits, question.evidence, limit), ms };
    });
  });
}

/** Each conversation in its own account: a session mints a read-write key, the key stores and searches. */
async function runServer(port: number, conversations: readonly Conversation[], limit: number, runId: string): Promise<Answer[]> {
  const session = loadConfig({ APP_JWT_SECRET: SECRET }).session;
  const answers: Answer[] = [];
  for (const [c, conversation] of conversations.entries()) {
    const token = await mintSessionToken(session, `retrieval-${runId}-${c}`);
    const key = await must(clientFor(port, token).POST('/account/api-keys', { body: { name: 'retrieval benchmark', mode: 'read_write' } }));
    const client = clientFor(port, key.secret);
    const turnOf = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < conversation.turns.length; i = next++) {
        const turn = conversation.turns[i] as Turn;
        const memory = await must(client.POST('/memories', { body: { text: turn.text } }));
        turnOf.set(memory.id, turn.id);
      }
    };
    await Promise.all(Array.from({ length: STORE_CONCURRENCY }, worker));
    await untilEmbedded(port);
    for (const question of conversation.questions) {
      const started = performance.now();
      const hits = await must(client.GET('/memories/search', { params: { query: { q: question.text, limit } } }));
      const ms = performance.now() - started;
      const ids = hits.map((hit) => turnOf.get(hit.memory.id) ?? '');
      answers.push({ category: question.category, score: score(ids, question.evidence, limit), ms });
    }
    process.stdout.write(`  conversation ${c + 1}/${conversations.length}: ${conversation.turns.length} Memories, ${conversation.questions.length} questions\n`);
  }
  return answers;
}

/** Starts the server on a fresh database of the given kind, runs every conversation, then removes it all. */
async function runTarget(kind: DatabaseKind, embeddings: Embeddings, options: Options, conversations: readonly Conversation[]): Promise<Answer[]> {
  const runId = `${Date.now()}`;
  return withServer({ kind, prefix: 'mtl_retrieval', serverUrl: options.databaseUrl, secret: SECRET, env: { EMBEDDINGS: embeddings } },
    ({ port }) => runServer(port, conversations, options.limit, runId));
}

// Short labels for table rows, and how the headings say where MTL ran.
const LABELS: Record<string, [string, string]> = { postgres: ['PostgreSQL', 'on PostgreSQL'], embedded: ['embedded database', 'on the embedded database'] };
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const fixed = (value: number, digits = 3) => value.toFixed(digits);
const percent = (value: number) => `${Math.round(value * 100)}%`;

function overallTable(mtl: Summary, ref: Summary, k: number): string {
  const row = (label: string, s: Summary) =>
    `| ${label} | ${fixed(s.recall_at_5)} | ${fixed(s.recall_at_k)} | ${fixed(s.hit_at_k)} | ${fixed(s.mrr)} | ${percent(s.empty)} | ${fixed(s.mean_ms, 1)} | ${fixed(s.p99_ms, 1)} |`;
  return [
    `| | recall@5 | recall@${k} | hit@${k} | MRR | empty answers | mean ms | p99 ms |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('MTL search', mtl),
    row('reference (MiniSearch, stemmed, stop words)', ref),
  ].join('\n');
}

/** Every metric per category: printed, since the document shows only recall per category. */
function categoryTable(runs: [string, Summary][], k: number): string {
  const rows = runs.flatMap(([label, s]) => Object.entries(s.by_category).map(([name, m]) =>
    `| ${label} | ${name} | ${m.questions} | ${fixed(m.recall_at_5)} | ${fixed(m.recall_at_k)} | ${fixed(m.hit_at_k)} | ${fixed(m.mrr)} | ${percent(m.empty)} |`));
  return [`| | category | questions | recall@5 | recall@${k} | hit@${k} | MRR | empty |`, '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |', ...rows].join('\n');
}

function recallByCategory(runs: [string, Summary][], ref: Summary, k: number): string {
  const names = Object.keys(ref.by_category);
  const cell = (s: Summary, name: string) => fixed(s.by_category[name]?.recall_at_k ?? 0);
  return [
    `| recall@${k} | ${names.map((name) => `${name} (${ref.by_category[name]?.questions})`).join(' | ')} |`,
    `| --- |${' ---: |'.repeat(names.length)}`,
    ...runs.map(([label, s]) => `| MTL search, ${label} | ${names.map((name) => cell(s, name)).join(' | ')} |`),
    `| reference | ${names.map((name) => cell(ref, name)).join(' | ')} |`,
  ].join('\n');
}

const INTRO = `# Retrieval quality

How well Memory search finds the Memories a question needs, measured on long conversations with
questions whose answers are marked turn by turn. \`npm run bench:retrieval\` writes the region
below (and \`docs/retrieval.json\`); text outside it is kept. Options are listed at the top of
\`scripts/bench-retrieval.ts\`.

<!-- results -->
<!-- /results -->
`;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(options.data)) {
    usage(options.dataGiven
      ? `No retrieval data at ${options.data}.`
      : `No retrieval data: the default ${options.data} does not exist. Pass --data PATH to a LoCoMo-format JSON file.`);
  }
  const { conversations, skipped, adversarial } = loadData(options.data, options.conversations);
  const k = options.limit;
  const memories = conversations.reduce((sum, c) => sum + c.turns.length, 0);
  const questions = conversations.reduce((sum, c) => sum + c.questions.length, 0);
  process.stdout.write(`${basename(options.data)}: ${conversations.length} conversations, ${memories} Memories, ${questions} questions ` +
    `(${adversarial} adversarial left out, ${skipped} skipped: no evidence among the turns)\n`);
  const started = Date.now();
  const ref = summarise(reference(conversations, k));
  const paraphrases = loadParaphrases();
  const paraphraseRef = summarise(reference([paraphrases], k));
  const runs: { kind: string; label: string; where: string; summary: Summary; paraphrase: Summary; seconds: number }[] = [];
  for (const kind of options.databases) {
    for (const mode of options.embeddings) {
      const [label, where] = (LABELS[kind] as [string, string]).map((text) => `${text}, ${MODES[mode]}`) as [string, string];
      process.stdout.write(`MTL ${where}:\n`);
      const began = Date.now();
      const answers = await runTarget(kind, mode, options, [...conversations, paraphrases]);
      const summary = summarise(answers.filter((answer) => answer.category !== 0));
      const paraphrase = summarise(answers.filter((answer) => answer.category === 0));
      runs.push({ kind: `${kind}-${mode}`, label, where, summary, paraphrase, seconds: Math.round((Date.now() - began) / 1000) });
    }
  }
  const commit = commitLabel();
  const machine = { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? 'unknown', node: process.version };
  const at = new Date().toISOString();
  const labelled = runs.map((run): [string, Summary] => [run.label, run.summary]);
  const sections = runs.map((run) => `### MTL ${run.where} (${run.seconds} s to store, embed and search)\n\n${overallTable(run.summary, ref, k)}`);
  const paraphraseTable = [
    `| paraphrase set (${paraphrases.questions.length} questions, ${paraphrases.turns.length} Memories) | recall@${k} | hit@${k} | MRR | empty answers |`,
    '| --- | ---: | ---: | ---: | ---: |',
    ...runs.map((run) => `| MTL ${run.where} | ${fixed(run.paraphrase.recall_at_k)} | ${fixed(run.paraphrase.hit_at_k)} | ${fixed(run.paraphrase.mrr)} | ${percent(run.paraphrase.empty)} |`),
    `| reference (MiniSearch) | ${fixed(paraphraseRef.recall_at_k)} | ${fixed(paraphraseRef.hit_at_k)} | ${fixed(paraphraseRef.mrr)} | ${percent(paraphraseRef.empty)} |`,
  ].join('\n');
  const footnote = 'The reference runs in process, one index per conversation: its times leave out HTTP, authentication and ' +
    'the database, so they are not comparable with MTL\'s.';
  process.stdout.write(`\n${sections.join('\n\n')}\n\n${footnote}\n\n${categoryTable([...labelled, ['reference', ref]], k)}\n\n${paraphraseTable}\n\n` +
    `Total ${Math.round((Date.now() - started) / 1000)} s.\n`);
  if (!options.write) return;

  const region = [
    '## Method',
    `Data: \`${basename(options.data)}\`, ${plural(conversations.length, 'conversation')} of LoCoMo (Maharana et al., "Evaluating ` +
      'Very Long-Term Conversational Memory of LLM Agents", ACL 2024). It is not in this repository because its licence, ' +
      'CC BY-NC 4.0, allows only non-commercial use; the script reads it from outside (`--data`, by default ' +
      '`../shared/retrieval/locomo-dev.json` next to the repository).',
    `Each conversation gets its own account; each of its turns becomes one Memory with the text "Speaker: text", stored ` +
      `through \`POST /v1/memories\` in conversation order (${memories} Memories). Each question of categories 1-4 ` +
      `(${plural(questions, 'question')}; category 5, adversarial, has no answer to find, and ${plural(skipped, 'question')} ` +
      `whose evidence names no turn are skipped) is sent unchanged as \`q\` to \`GET /v1/memories/search\` with \`limit=${k}\`, one at a ` +
      'time; the time is the client\'s, from request to parsed answer.',
    `Measured per question and averaged: recall@5 and recall@${k} (the share of its evidence turns among the first 5 and ${k} ` +
      `hits), hit@${k} (any evidence turn among them), MRR (the reciprocal rank of the first evidence turn, 0 when none is ` +
      'returned) and empty answers (no hits at all). The reference runs MiniSearch with its defaults (BM25+, any term may ' +
      'match) over the same texts, lower-cased, without English stop words and stemmed with Porter2.',
    '## Results',
    `Run ${at}, commit ${commit}, ${machine.cpus} × ${machine.cpu_model}, Node ${machine.node}.`,
    sections.join('\n\n'),
    footnote,
    `### recall@${k} by question category (questions)`,
    recallByCategory(labelled, ref, k),
    '### Questions that share no word with their answer',
    'The paraphrase set (`test/fixtures/paraphrase.json`, written for this project): each question shares no content word ' +
      '(after stop words are removed and words stemmed) with the Memory that answers it, and most share one with a Memory that ' +
      'does not. It is stored and asked as the conversations are, in an account of its own.',
    paraphraseTable,
  ].join('\n\n');
  const docs = join(ROOT, 'docs');
  mkdirSync(docs, { recursive: true });
  const file = join(docs, 'retrieval.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : INTRO;
  const marked = /<!-- results -->[\s\S]*<!-- \/results -->/;
  const base = marked.test(current) ? current : `${current.trimEnd()}\n\n<!-- results -->\n<!-- /results -->\n`;
  writeFileSync(file, base.replace(marked, () => `<!-- results -->\n${region}\n<!-- /results -->`));
  const report = {
    at, commit, machine,
    data: { file: basename(options.data), conversations: conversations.length, memories, questions, skipped, adversarial },
    limit: k,
    reference: ref,
    mtl: Object.fromEntries(runs.map((run) => [run.kind, { ...run.summary, paraphrase: run.paraphrase, seconds: run.seconds }])),
    paraphrase_reference: paraphraseRef,
  };
  writeFileSync(join(docs, 'retrieval.json'), JSON.stringify(report, null, 2) + '\n');
  process.stdout.write('Wrote docs/retrieval.md and docs/retrieval.json\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`retrieval benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
