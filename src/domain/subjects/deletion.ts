import { createHash, randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { components } from '../../generated/openapi';
import { recordChanges } from '../changes/change-feed';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { allMemoriesVisibleTo, isMemoryVisibleTo } from '../memories/visibility';
import { lockOwnedSubject } from './subjects.repository';

type Preparation = components['schemas']['SubjectDeletionResponse']['data'];
type Impact = components['schemas']['DeletionImpact'];

const TOKEN_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_PREFIX = 'sdc_';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What the deletion would remove, as the principal may see it (secret Memories, and insights that
 * involve them, are not counted for API keys), and a fingerprint of all links and Facts.
 */
async function impactOf(
  trx: Transaction<DB>,
  principal: Principal,
  subjectId: string,
): Promise<{ impact: Impact; fingerprint: string }> {
  const [links, facts, suggestions, insights] = await Promise.all([
    trx
      .selectFrom('memory_links as l')
      .innerJoin('memories as m', 'm.id', 'l.memory_id')
      .select(['l.memory_id', 'm.sensitivity'])
      .where('l.subject_id', '=', subjectId)
      .orderBy('l.memory_id')
      .execute(),
    trx.selectFrom('facts').select('id').where('subject_id', '=', subjectId).orderBy('id').execute(),
    trx
      .selectFrom('fact_suggestions')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('subject_id', '=', subjectId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('memory_insights as i')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('i.subject_id', '=', subjectId)
      .where(allMemoriesVisibleTo(principal, 'i.memory_ids'))
      .executeTakeFirstOrThrow(),
  ]);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([links.map((l) => l.memory_id), facts.map((f) => f.id)]))
    .digest('hex');
  return {
    impact: {
      linked_memories: links.filter((link) => isMemoryVisibleTo(principal, link)).length,
      facts: facts.length,
      fact_suggestions: suggestions.count,
      insights: insights.count,
    },
    fingerprint,
  };
}

/** Step one: a single-use token, valid for ten minutes, and the impact to show the user. */
export async function prepareSubjectDeletion(
  services: Services,
  principal: Principal,
  subjectId: string,
): Promise<Preparation> {
  return services.db.transaction().execute(async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    const { impact, fingerprint } = await impactOf(trx, principal, subjectId);
    const now = services.clock.now();
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    await trx
      .insertInto('subject_deletion_tokens')
      .values({
        token_hash: hashToken(token),
        account_id: principal.accountId,
        subject_id: subjectId,
        state_fingerprint: fingerprint,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return { subject_id: subjectId, confirmation_token: token, expires_at: expiresAt.toISOString(), impact };
  });
}

/** Step two: deletes the Subject with its links, Facts, suggestions and insights; Memories stay. */
export async function deleteSubject(
  services: Services,
  principal: Principal,
  subjectId: string,
  confirmationToken: string | undefined,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    if (!confirmationToken) {
      throw new AppError(
        'confirmation_required',
        'Deleting a Subject needs a confirmation_token from POST /subjects/{subject_id}/deletion/prepare.',
        { parameter: 'confirmation_token' },
      );
    }
    const now = services.clock.now();
    const token = await trx
      .selectFrom('subject_deletion_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(confirmationToken))
      .where('account_id', '=', principal.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!token || token.subject_id !== subjectId || token.used_at || token.expires_at <= now) {
      throw new AppError('invalid_confirmation', 'This confirmation token is unknown, expired, already used or for another Subject.', {
        parameter: 'confirmation_token',
      });
    }
    const { fingerprint } = await impactOf(trx, principal, subjectId);
    if (fingerprint !== token.state_fingerprint) {
      throw new AppError('confirmation_stale', 'Links or Facts of this Subject changed since the deletion was prepared; prepare again.', {
        parameter: 'confirmation_token',
      });
    }
    await trx.updateTable('subject_deletion_tokens').set({ used_at: now }).where('token_hash', '=', token.token_hash).execute();
    await trx.deleteFrom('subjects').where('id', '=', subjectId).execute();
    await recordChanges(trx, principal.accountId, [{ entity: 'subject', entityId: subjectId, op: 'delete' }], now);
  });
}
