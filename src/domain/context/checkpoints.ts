import type { DomainContext } from '../context';
import { AppError } from '../shared/errors';

const PURPOSE = 'checkpoint';
const LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

interface CheckpointPayload {
  readonly a: string;
  readonly s: number;
  readonly t: number;
}

/** An opaque, signed position in the account's change feed. */
export function issueCheckpoint(ctx: DomainContext, accountId: string, seq: number): Promise<string> {
  const payload: CheckpointPayload = { a: accountId, s: seq, t: ctx.clock.now().getTime() };
  return ctx.signer.sign(PURPOSE, payload);
}

/** The feed position of a checkpoint this account was given in the last 30 days. */
export async function readCheckpoint(ctx: DomainContext, accountId: string, token: string): Promise<number> {
  const payload = (await ctx.signer.verify(PURPOSE, token)) as Partial<CheckpointPayload> | null;
  if (
    !payload ||
    payload.a !== accountId ||
    typeof payload.s !== 'number' ||
    !Number.isSafeInteger(payload.s) ||
    typeof payload.t !== 'number'
  ) {
    throw new AppError('invalid_checkpoint', 'This checkpoint was not issued to this account.', { parameter: 'checkpoint' });
  }
  if (ctx.clock.now().getTime() - payload.t > LIFETIME_MS) {
    throw new AppError('checkpoint_expired', 'This checkpoint is older than 30 days; load startup context again.', {
      parameter: 'checkpoint',
    });
  }
  return payload.s;
}
