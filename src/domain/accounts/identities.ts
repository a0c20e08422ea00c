import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { isUniqueViolation } from '../shared/errors';
import { newId } from '../shared/ids';

/**
 * People who sign in through an OpenID Connect provider. An identity (issuer and `sub`) signs in
 * to the account it was first linked to. A new identity is linked to the local account with the
 * same email when the provider says the email is verified; otherwise it gets an account of its
 * own (the provider, which the operator configured, decides who may sign in).
 */

export interface ProviderIdentity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
}

/** A sign-in at the provider under way, kept until the browser comes back (10 minutes at most). */
export interface PendingSignIn {
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly returnTo: string;
}

const PENDING_MS = 10 * 60 * 1000;
const NAME_MAX = 100;
const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

export class ProviderIdentities {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async remember(state: string, pending: PendingSignIn): Promise<void> {
    const now = this.clock.now();
    await this.db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('oidc_sign_ins')
      .values({
        state_hash: hashState(state),
        code_verifier: pending.codeVerifier,
        nonce: pending.nonce,
        return_to: pending.returnTo,
        expires_at: new Date(now.getTime() + PENDING_MS),
      })
      .execute();
  }

  /** The sign-in this state began, taken (it can be completed once), or null when unknown or too old. */
  async take(state: string): Promise<PendingSignIn | null> {
    const row = await this.db
      .deleteFrom('oidc_sign_ins')
      .where('state_hash', '=', hashState(state))
      .returning(['code_verifier', 'nonce', 'return_to', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now()) return null;
    return { codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to };
  }

  /** The account this identity signs in to, linked or created on its first sign-in. */
  async accountFor(identity: ProviderIdentity): Promise<string> {
    const known = await this.find(identity);
    if (known) return known;
    const now = this.clock.now();
    const name = identity.name ? identity.name.slice(0, NAME_MAX) : null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const sameEmail =
          identity.email && identity.emailVerified
            ? await trx.selectFrom('local_credentials').select('account_id').where('email_lower', '=', identity.email.toLowerCase()).executeTakeFirst()
            : undefined;
        let accountId = sameEmail?.account_id;
        if (!accountId) {
          accountId = newId('account', now.getTime());
          await trx.insertInto('accounts').values({ id: accountId, external_id: accountId, display_name: name, created_at: now }).execute();
        }
        await trx.insertInto('account_identities').values({ issuer: identity.issuer, subject: identity.subject, account_id: accountId, created_at: now }).execute();
        return accountId;
      });
    } catch (err) {
      // The same identity's first two sign-ins at once: the other one linked it.
      if (isUniqueViolation(err)) {
        const linked = await this.find(identity);
        if (linked) return linked;
      }
      throw err;
    }
  }

  private async find(identity: ProviderIdentity): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_identities')
      .select('account_id')
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    return row?.account_id ?? null;
  }
}
