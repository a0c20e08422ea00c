import type { Services } from '../services';
import { AppError } from '../shared/errors';

const PURPOSE = 'checkpoint';
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

interface CheckpointPayload {
  readonly a: string;
  readonly s: number;
  readonly t: number;
}

/**
 * A position in the account's change feed, sealed: the feed counts every change of the account,
 * secret Memories' too, so its position must not be readable by a key that holds the checkpoint.
 */
export function issueCheckpoint(services: Services, accountId: string, seq: number): Promise<string> {
  const payload: CheckpointPayload = { a: accountId, s: seq, t: services.clock.now().getTime() };
  return services.signer.seal(PURPOSE, payload);
}

/** Checkpoints issued before they were sealed were signed only (`<payload>.<mac>`); they stay valid for their 30 days. */
function openCheckpoint(services: Services, token: string): Promise<unknown> {
  return token.includes('.') ? services.signer.verify(PURPOSE, token) : services.signer.open(PURPOSE, token);
}

/** The feed position of a checkpoint this account was given in the last 30 days. */
export async function readCheckpoint(services: Services, accountId: string, token: string): Promise<number> {
  const payload = (await openCheckpoint(services, token)) as Partial<CheckpointPayload> | null;
  if (
    !payload ||
    payload.a !== accountId ||
    typeof payload.s !== 'number' ||
    !Number.isSafeInteger(payload.s) ||
    typeof payload.t !== 'number'
  ) {
    throw new AppError('invalid_checkpoint', 'This checkpoint was not issued to this account.', { parameter: 'checkpoint' });
  }
  if (services.clock.now().getTime() - payload.t > LIFETIME_MS) {
    throw checkpointExpired('This checkpoint is older than 30 days; load startup context again.');
  }
  return payload.s;
}

export function checkpointExpired(
  message = 'Changes since this checkpoint are older than the change feed keeps; load startup context again.',
): AppError {
  return new AppError('checkpoint_expired', message, { parameter: 'checkpoint' });
}
