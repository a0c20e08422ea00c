import { sql, type RawBuilder } from 'kysely';

/** A text[] parameter (Kysely would otherwise expand a JS array into a list of values). */
export function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`cast(${sql.val(values)} as text[])`;
}
