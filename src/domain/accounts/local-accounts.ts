import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { AppError, isUniqueViolation } from '../shared/errors';
import { newId } from '../shared/ids';
import { hashCostOf, hashPassword, PASSWORD_HASH_COST, passwordProblem, verifyPassword } from './passwords';

/**
 * Local accounts: an email (unique whatever its case) and a password. The first one, made at
 * `/setup` on a new instance and only then, is the owner's. Others sign up as `SIGNUP` allows:
 * `closed` (with an invitation from the owner), `invite` (with an invitation from any local
 * account) or `open`.
 */

export type SignUpPolicy = 'closed' | 'invite' | 'open';

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

const EMAIL_MAX_LENGTH = 254;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const fieldError = (problems: Array<{ field: string; message: string }>) =>
  new AppError(
    'invalid_request',
    `Invalid request: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    { errors: problems.map((p) => ({ in: 'body', path: `/${p.field}`, message: p.message })) },
  );

/** The email as it is compared (trimmed, lower case), or a field error. */
function checkedCredentials(input: Credentials): { email: string; emailLower: string } {
  const email = input.email.trim();
  const problems: Array<{ field: string; message: string }> = [];
  if (email.length === 0) problems.push({ field: 'email', message: 'is required' });
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) problems.push({ field: 'email', message: 'must be an email address' });
  const password = passwordProblem(input.password);
  if (password) problems.push({ field: 'password', message: password });
  if (problems.length > 0) throw fieldError(problems);
  return { email, emailLower: email.toLowerCase() };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class LocalAccounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly policy: SignUpPolicy,
    /** log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST). */
    private readonly hashCost = PASSWORD_HASH_COST,
  ) {}

  /** Whether the instance still has no owner: only then does `/setup` create one. */
  async needsSetup(): Promise<boolean> {
    const owner = await this.db.selectFrom('local_credentials').select('account_id').where('is_owner', '=', true).executeTakeFirst();
    return owner === undefined;
  }

  /** Creates the owner's account; refused once the instance has one. */
  async createOwner(input: Credentials): Promise<string> {
    const checked = checkedCredentials(input);
    if (!(await this.needsSetup())) throw setupComplete();
    return this.insert(checked, input.password, true);
  }

  /** Creates an account as the sign-up policy allows: with an unused invitation, unless sign-up is open. */
  async signUp(input: Credentials, invitation: string | null): Promise<string> {
    const checked = checkedCredentials(input);
    if (this.policy !== 'open' && invitation === null) throw new AppError('sign_up_closed', 'Sign-up needs an invitation on this instance.');
    // A taken email is said before the password is hashed (the insert checks again, under the unique index).
    const taken = await this.db.selectFrom('local_credentials').select('account_id').where('email_lower', '=', checked.emailLower).executeTakeFirst();
    if (taken) throw emailTaken();
    const password = await hashPassword(input.password, this.hashCost);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      let invitationId: string | null = null;
      if (invitation !== null) {
        const row = await trx
          .selectFrom('invitations')
          .select('id')
          .where('token_hash', '=', hashToken(invitation))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw invitationInvalid();
        invitationId = row.id;
      }
      const accountId = await this.insertWith(trx, checked, password, false, now);
      if (invitationId) await trx.updateTable('invitations').set({ used_at: now, used_by: accountId }).where('id', '=', invitationId).execute();
      return accountId;
    });
  }

  /** The account whose email and password these are; otherwise `invalid_credentials`, whether or not the email exists. */
  async verify(input: Credentials): Promise<string> {
    // No account has a longer email: refused without a lookup (the answer is the same).
    if (input.email.trim().length > EMAIL_MAX_LENGTH) throw invalidCredentials();
    const row = await this.db
      .selectFrom('local_credentials')
      .select(['account_id', 'password_hash'])
      .where('email_lower', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    const password = input.password.slice(0, 4 * 256);
    const valid = await verifyPassword(password, row?.password_hash ?? null, this.hashCost);
    if (!valid || !row) throw invalidCredentials();
    // A hash made at another cost (PASSWORD_HASH_COST changed) is made again at this one, so that
    // signing in takes the time an unknown email's check takes, and tells nothing of the account.
    if (hashCostOf(row.password_hash) !== this.hashCost) {
      const rehashed = await hashPassword(password, this.hashCost);
      await this.db
        .updateTable('local_credentials')
        .set({ password_hash: rehashed })
        .where('account_id', '=', row.account_id)
        .where('password_hash', '=', row.password_hash)
        .execute();
    }
    return row.account_id;
  }

  /** Whether this account may invite: the owner always; any local account when `SIGNUP=invite`; anyone signed in when sign-up is open. */
  async mayInvite(accountId: string): Promise<boolean> {
    if (this.policy === 'open') return true;
    const row = await this.db.selectFrom('local_credentials').select('is_owner').where('account_id', '=', accountId).executeTakeFirst();
    if (!row) return false;
    return row.is_owner || this.policy === 'invite';
  }

  /** A new invitation link's token (shown once), valid for a week and for one account. */
  async invite(accountId: string): Promise<{ token: string; expiresAt: Date }> {
    if (!(await this.mayInvite(accountId))) throw new AppError('sign_up_closed', 'Only the owner of this instance can invite people.');
    const token = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    await this.db
      .insertInto('invitations')
      .values({ id: newId('invitation', now.getTime()), account_id: accountId, token_hash: hashToken(token), created_at: now, expires_at: expiresAt })
      .execute();
    return { token, expiresAt };
  }

  /** Whether an invitation can still be used (for the sign-up page, before the form is filled in). */
  async invitationUsable(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('invitations')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The account's invitations, newest first. */
  async invitations(accountId: string) {
    return this.db
      .selectFrom('invitations')
      .select(['id', 'created_at', 'expires_at', 'used_at'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
  }

  /** The email an account signs in with, if it has local credentials. */
  async emailOf(accountId: string): Promise<string | null> {
    const row = await this.db.selectFrom('local_credentials').select('email').where('account_id', '=', accountId).executeTakeFirst();
    return row?.email ?? null;
  }

  /** How the application names a signed-in account: its email, else its display name, else its external ID (a token's `sub`). */
  async labelOf(accountId: string): Promise<string> {
    const row = await this.db
      .selectFrom('accounts')
      .leftJoin('local_credentials', 'local_credentials.account_id', 'accounts.id')
      .select(['accounts.external_id', 'accounts.display_name', 'local_credentials.email'])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
    return row?.email ?? row?.display_name ?? row?.external_id ?? accountId;
  }

  private async insert(checked: { email: string; emailLower: string }, password: string, owner: boolean): Promise<string> {
    const hash = await hashPassword(password, this.hashCost);
    const now = this.clock.now();
    return this.db.transaction().execute((trx) => this.insertWith(trx, checked, hash, owner, now));
  }

  private async insertWith(
    trx: Kysely<DB>,
    checked: { email: string; emailLower: string },
    passwordHash: string,
    owner: boolean,
    now: Date,
  ): Promise<string> {
    const taken = await trx.selectFrom('local_credentials').select('account_id').where('email_lower', '=', checked.emailLower).executeTakeFirst();
    if (taken) throw emailTaken();
    const accountId = newId('account', now.getTime());
    try {
      // The account's external ID is its own ID: a session token whose `sub` is the account's ID acts as it.
      await trx.insertInto('accounts').values({ id: accountId, external_id: accountId, display_name: null, created_at: now }).execute();
      await trx
        .insertInto('local_credentials')
        .values({
          account_id: accountId,
          email: checked.email,
          email_lower: checked.emailLower,
          password_hash: passwordHash,
          is_owner: owner,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (err) {
      // Another request took the email, or made the owner, between the check and the insert.
      if (isUniqueViolation(err)) throw owner ? setupComplete() : emailTaken();
      throw err;
    }
    return accountId;
  }
}

const invalidCredentials = () => new AppError('invalid_credentials', 'The email or the password is not right.');
const setupComplete = () => new AppError('setup_complete', 'This instance already has its owner; sign in instead.');
const emailTaken = () =>
  new AppError('email_taken', 'An account with this email exists; sign in instead.', {
    errors: [{ in: 'body', path: '/email', message: 'is already used by an account' }],
  });
const invitationInvalid = () => new AppError('invitation_invalid', 'This invitation link is not valid: it was used, or it expired.');
