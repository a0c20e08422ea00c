import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Derived state has one home: the projections (src/domain/projections/). The layer check keeps
 * other modules from importing a projection's writers; this keeps them from writing a derived
 * table themselves, in Kysely or in SQL.
 */

const SRC = join(__dirname, '../../src');
const DERIVED = ['search_terms', 'search_postings', 'search_stats', 'memory_insights', 'changes', 'memory_section_counts', 'subject_memory_counts'];
const table = `(${DERIVED.join('|')})`;
const WRITES = [
  new RegExp(`\\.(insertInto|updateTable|deleteFrom)\\(\\s*'${table}\\b`, 'g'),
  new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${table}\\b`, 'gi'),
];
/** Where another module may write: the user's own decision on an insight (dismissing it), which the projection keeps. */
const ALLOWED = new Map([['domain/insights/insights.repository.ts', ["updateTable('memory_insights"]]]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each write of a derived table in `text`, as written. */
function writesIn(text: string): string[] {
  return WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0].replace(/^\./, '').replace(/\s+/g, ' ')));
}

describe('derived state', () => {
  test('when a module outside the projections writes a table of derived state, then this names it', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file);
      if (/^(generated|db\/migrations|domain\/projections)\//.test(path)) continue;
      const allowed = ALLOWED.get(path) ?? [];
      for (const write of writesIn(readFileSync(file, 'utf8'))) if (!allowed.includes(write)) found.push(`${path}: ${write}`);
    }
    expect(found).toEqual([]);
  });

  test('when the check reads a write, then it recognises it in Kysely and in SQL', () => {
    expect(writesIn("db.insertInto('memory_insights').values(row)")).toEqual(["insertInto('memory_insights"]);
    expect(writesIn('sql`update   subject_memory_counts set links = 0`')).toEqual(['update subject_memory_counts']);
    expect(writesIn("db.selectFrom('changes')")).toEqual([]);
  });
});
