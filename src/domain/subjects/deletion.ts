import { createHash, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { components, DeletionImpact as Impact } from '../../generated/openapi';
import { applyChanges } from '../projections/projections';
import type { Services } from '../services';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { isMemoryVisibleTo } from '../memories/visibility';
import { deletionFootprint, insertDeletionToken, useDeletionToken } from './deletion.repository';
import { deleteSubjectRow, lockOwnedSubject } from './subjects.repository';

type Preparation = components['schemas']['SubjectDeletionResponse']['data'];

const TOKEN_LIFETIME_MS = 10 * 60 * 1000;
const TOKEN_PREFIX = 'sdc_';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What the deletion would remove, as the principal may see it (secret Memories, and the insights,
 * Facts and suggestions that exist only through them, are not counted for API keys), and a
 * fingerprint of all links and Facts.
 */
async function impactOf(
  trx: Transaction<DB>,
  principal: Principal,
  subjectId: string,
): Promise<{ impact: Impact; fingerprint: string }> {
  const { links, facts, suggestions, insights } = await deletionFootprint(trx, principal, subjectId);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([links.map((l) => l.memory_id), facts.map((fact) => fact.id)]))
    .digest('hex');
  return {
    impact: {
      linked_memories: links.filter((link) => isMemoryVisibleTo(principal, link)).length,
      facts: facts.filter((fact) => fact.visible).length,
      fact_suggestions: suggestions,
      insights,
    },
    fingerprint,
  };
}

/** Step one: a single-use token, valid for ten minutes, and the impact to show the user. */
export async function prepareSubjectDeletion(services: Services, principal: Principal, subjectId: string): Promise<Preparation> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    const { impact, fingerprint } = await impactOf(trx, principal, subjectId);
    const now = services.clock.now();
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    await insertDeletionToken(trx, {
      token_hash: hashToken(token),
      account_id: principal.accountId,
      subject_id: subjectId,
      state_fingerprint: fingerprint,
      created_at: now,
      expires_at: expiresAt,
    });
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
  await writeInAccount(services, principal.accountId, async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    if (!confirmationToken) {
      throw new AppError(
        'confirmation_required',
        'Deleting a Subject needs a confirmation_token from POST /subjects/{subject_id}/deletion/prepare.',
        { parameter: 'confirmation_token' },
      );
    }
    const now = services.clock.now();
    const token = await useDeletionToken(trx, principal.accountId, subjectId, hashToken(confirmationToken), now);
    if (!token) {
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
    await deleteSubjectRow(trx, principal.accountId, subjectId);
    await applyChanges(trx, principal.accountId, [{ kind: 'subject_removed', subjectId }], now);
  });
}
