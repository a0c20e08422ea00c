import { foldWord, isQuestionWord, tokenize, type Token } from './analyzer';

/**
 * A search query in web-search syntax:
 *
 * - plain words are optional: ranking decides, and a Memory that matches more of them, and rarer
 *   ones, ranks higher (with `requireAll`, every plain word must match);
 * - a `"quoted phrase"` must occur, its words in order;
 * - `-word` (or `-"phrase"`) excludes the Memories that contain it;
 * - `a or b` is an explicit either: with `requireAll`, or when one side is a phrase, one of the
 *   sides must match;
 * - the words questions put around what they ask for (`type`, `kind`, `ever`, …; see analyzer.ts)
 *   count only in a query that has no other word: "what type of car" looks for `car`, `type` alone
 *   for `type`. Inside a phrase they always count.
 */
export interface ParsedQuery {
  /** Clauses joined by `or`; a lone clause is a group of one. */
  readonly groups: readonly Clause[][];
  readonly excluded: readonly Clause[];
}

export interface Clause {
  readonly kind: 'word' | 'phrase';
  /** The clause's terms in order, with their positions (stop words keep theirs, as null terms). */
  readonly tokens: readonly Token[];
}

/** The first this many distinct words of a query are used; the rest are ignored. */
export const MAX_QUERY_WORDS = 32;

interface RawClause {
  readonly kind: 'word' | 'phrase' | 'or';
  readonly text: string;
  readonly negated: boolean;
}

/** Splits the query into words, quoted phrases (an unclosed quote runs to the end) and `or`s. */
function scan(q: string): RawClause[] {
  const clauses: RawClause[] = [];
  let i = 0;
  while (i < q.length) {
    const char = q[i]!;
    if (/\s/u.test(char)) {
      i += 1;
      continue;
    }
    const negated = char === '-' && i + 1 < q.length && !/\s/u.test(q[i + 1]!);
    const start = negated ? i + 1 : i;
    if (q[start] === '"') {
      const close = q.indexOf('"', start + 1);
      const end = close < 0 ? q.length : close;
      clauses.push({ kind: 'phrase', text: q.slice(start + 1, end), negated });
      i = end + 1;
      continue;
    }
    let end = start;
    while (end < q.length && !/\s/u.test(q[end]!) && q[end] !== '"') end += 1;
    const text = q.slice(start, end);
    clauses.push({ kind: !negated && text.toLowerCase() === 'or' ? 'or' : 'word', text, negated });
    i = end;
  }
  return clauses;
}

export function parseQuery(q: string): ParsedQuery {
  // Each plain word clause, with its question words made stop words (null terms).
  const plain = new Map<Clause, readonly Token[]>();
  const groups: Clause[][] = [];
  const excluded: Clause[] = [];
  const seen = new Set<string>();
  let joinNext = false;
  const raw = scan(q);
  for (const [index, clause] of raw.entries()) {
    if (clause.kind === 'or') {
      // An `or` between two clauses joins them; anywhere else it is an ordinary (stop) word.
      const prev = raw[index - 1];
      const next = raw[index + 1];
      joinNext = groups.length > 0 && prev !== undefined && !prev.negated && prev.kind !== 'or' && next !== undefined && !next.negated && next.kind !== 'or';
      continue;
    }
    const key = `${clause.negated ? '-' : ''}${clause.kind}:${clause.text.toLowerCase()}`;
    if (seen.has(key)) {
      joinNext = false;
      continue;
    }
    if (seen.size >= MAX_QUERY_WORDS) break;
    seen.add(key);
    const tokens = tokenize(clause.text);
    if (!tokens.some((token) => token.term !== null)) {
      joinNext = false;
      continue;
    }
    const parsed: Clause = { kind: clause.kind === 'phrase' ? 'phrase' : 'word', tokens };
    if (parsed.kind === 'word') plain.set(parsed, withoutQuestionWords(clause.text, tokens));
    if (clause.negated) excluded.push(parsed);
    else if (joinNext) groups[groups.length - 1]!.push(parsed);
    else groups.push([parsed]);
    joinNext = false;
  }
  const hasTerms = (clause: Clause) => (plain.get(clause) ?? clause.tokens).some((token) => token.term !== null);
  if (!groups.some((group) => group.some(hasTerms))) return { groups, excluded };
  const narrowed = groups
    .map((group) => group.filter(hasTerms).map((clause) => (plain.has(clause) ? { ...clause, tokens: plain.get(clause)! } : clause)))
    .filter((group) => group.length > 0);
  return { groups: narrowed, excluded };
}

function withoutQuestionWords(text: string, tokens: readonly Token[]): readonly Token[] {
  const isQuestion = (token: Token) => token.term !== null && isQuestionWord(foldWord(text.slice(token.start, token.end)));
  return tokens.some(isQuestion) ? tokens.map((token) => (isQuestion(token) ? { ...token, term: null } : token)) : tokens;
}

/** The distinct terms of a clause, in order. */
export function clauseTerms(clause: Clause): string[] {
  return [...new Set(clause.tokens.flatMap((token) => (token.term === null ? [] : [token.term])))];
}
