import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import { lockAccount } from '../accounts/accounts.repository';
import { findLegacyCredentialAccount } from '../api-keys/api-keys.repository';
import { generateOAuthToken, parseOAuthToken } from '../api-keys/key-format';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/ids';
import type { ApiKeyMode, Principal } from '../shared/principal';
import type { Signer } from '../shared/signer';
import {
  countActiveConnections,
  findAccessToken,
  findClient,
  findClientToken,
  findCode,
  findRefreshTokenForUpdate,
  insertClient,
  revokeConnectionRow,
  type ClientRow,
} from './oauth.repository';

/** The error codes of RFC 6749, 7591 and 8707 this server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_grant'
  | 'invalid_target'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri'
  | 'unsupported_response_type'
  | 'access_denied';

/** A refusal in OAuth's terms; the transport turns it into the protocol's answer. */
export class OAuthRefusal extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthRefusal';
  }
}

export interface OAuthSettings {
  /** How long an access token is good for. */
  readonly accessTokenSeconds: number;
  /** How long a refresh token is good for; each refresh makes a new one. */
  readonly refreshTokenSeconds: number;
}

/** What registration accepts and keeps (RFC 7591): public clients, the code grant, exact redirect URIs. */
export const REGISTRATION_LIMITS = { redirectUris: 10, redirectUriLength: 2000, nameLength: 100 } as const;
/** The most connections in force an account may have. */
export const CONNECTIONS_MAX = 100;
const CODE_SECONDS = 300;
const CONSENT_SECONDS = 600;
const STATE_MAX_LENGTH = 1024;
/** RFC 6749's VSCHAR: what `state` is made of (so its sealed form stays bounded) and a redirect URI is written in. */
const VSCHARS = /^[\x20-\x7E]*$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** A sealed consent request: its fields are bounded (VSCHAR state and redirect URIs), so it is at most about 9,000 characters. */
const SEALED_MAX_LENGTH = 12_000;
/**
 * A refresh token presented again this soon after its rotation is a client's requests crossing
 * (two calls refreshing at once), not a copy in other hands: it gets a new pair too. Later, it
 * revokes the connection.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
const CONSENT_PURPOSE = 'oauth-consent';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes a redirect may never use: they run or show content rather than reach a client. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'ftp:', 'ws:', 'wss:', 'mailto:', 'tel:', 'sms:', 'news:', 'filesystem:', 'view-source:', 'chrome:', 'intent:']);

export interface RegisteredClient {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly registeredAt: Date;
}

export interface ClientMetadata {
  readonly client_name?: string | undefined;
  readonly redirect_uris: readonly string[];
  readonly grant_types?: readonly string[] | undefined;
  readonly response_types?: readonly string[] | undefined;
}

export interface TokenSet {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token: string;
  /** The connection's mode: `read_only` or `read_write`. */
  readonly scope: ApiKeyMode;
}

/** An authorization the consent page is asked to approve, sealed into its URL and its form. */
export interface ConsentRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | null;
  readonly resource: string;
  /** When the request stops being good, in milliseconds since the epoch. */
  readonly expiresAt: number;
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** An authorization code: its account's ID, a dot and 32 random bytes (base64url), so that it is looked up within its account. */
function codeFor(accountId: string): string {
  return `${accountId}.${randomBytes(32).toString('base64url')}`;
}

const CODE_PATTERN = /^(acc_[0-9A-HJKMNP-TV-Z]{26})\.[A-Za-z0-9_-]{43}$/;

/** The account a code names, or null when it is not shaped like one. */
function accountOfCode(code: string): string | null {
  return CODE_PATTERN.exec(code)?.[1] ?? null;
}

const toClient = (row: ClientRow): RegisteredClient => ({
  id: row.id,
  name: row.name,
  redirectUris: row.redirect_uris,
  registeredAt: row.registered_at,
});

/**
 * Why a redirect URI cannot be registered, or null when it can: an https address, an http address
 * on this machine (a native client's loopback listener), or an application's own scheme; never a
 * fragment, never a scheme that runs or shows content.
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > REGISTRATION_LIMITS.redirectUriLength) return `is longer than ${REGISTRATION_LIMITS.redirectUriLength} characters`;
  if (!/^[\x21-\x7E]+$/.test(uri)) return 'holds spaces, control or non-ASCII characters (percent-encode them)';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash || uri.includes('#')) return 'has a fragment';
  if (url.username || url.password) return 'holds credentials';
  if (url.protocol === 'https:') return url.hostname ? null : 'has no host';
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? null : 'uses http: on a host other than localhost, 127.0.0.1 or [::1]';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `uses the ${url.protocol} scheme`;
  return null;
}

/** What a page's `form-action` must allow for a form whose answer redirects to this URI. */
export function redirectSource(uri: string): string {
  const url = new URL(uri);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
}

/**
 * The authorization server of OAuth 2.1 for MCP clients: registration, the consent request, the
 * code grant with PKCE, rotating refresh tokens, revocation, and the access token's check on
 * every request. Access tokens belong to one resource (the MCP endpoint's URL) and a connection:
 * an `api_keys` row of the account, so a token acts as a key of the connection's mode.
 */
export class AuthorizationServer {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly signer: Signer,
    private readonly settings: OAuthSettings,
  ) {}

  async registerClient(metadata: ClientMetadata): Promise<RegisteredClient> {
    const uris = metadata.redirect_uris;
    if (uris.length === 0 || uris.length > REGISTRATION_LIMITS.redirectUris) {
      throw new OAuthRefusal('invalid_redirect_uri', `Register between 1 and ${REGISTRATION_LIMITS.redirectUris} redirect_uris.`);
    }
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new OAuthRefusal('invalid_redirect_uri', `The redirect URI ${JSON.stringify(uri.slice(0, 200))} ${problem}.`);
    }
    const grants = metadata.grant_types ?? ['authorization_code'];
    if (!grants.includes('authorization_code') || grants.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
      throw new OAuthRefusal('invalid_client_metadata', 'grant_types may hold only authorization_code and refresh_token, and must hold authorization_code.');
    }
    if (metadata.response_types && metadata.response_types.some((type) => type !== 'code')) {
      throw new OAuthRefusal('invalid_client_metadata', 'response_types may hold only code.');
    }
    const name = (metadata.client_name ?? '').replace(/\s+/g, ' ').trim();
    if (name.length > REGISTRATION_LIMITS.nameLength) {
      throw new OAuthRefusal('invalid_client_metadata', `client_name is longer than ${REGISTRATION_LIMITS.nameLength} characters.`);
    }
    // Control and format characters could disguise the name on the consent page.
    if (/[\p{Cc}\p{Cf}]/u.test(name)) throw new OAuthRefusal('invalid_client_metadata', 'client_name holds control or format characters.');
    const now = this.clock.now();
    const row: ClientRow = {
      id: newId('oauthClient', now.getTime()),
      name: name || 'Unnamed client',
      redirect_uris: [...new Set(uris)],
      registered_at: now,
    };
    await insertClient(this.db, row);
    return toClient(row);
  }

  async findClient(clientId: string): Promise<RegisteredClient | undefined> {
    if (clientId.length > 64) return undefined;
    const row = await findClient(this.db, clientId);
    return row ? toClient(row) : undefined;
  }

  /**
   * Checks an authorization request whose client and (exactly registered) redirect URI are known,
   * and seals it for the consent page. Its refusals go back to the client by its redirect URI.
   */
  async beginAuthorization(
    client: RegisteredClient,
    request: { redirectUri: string; codeChallenge: string; state: string | undefined; resource: string | undefined },
    expectedResource: string,
  ): Promise<string> {
    if (request.resource !== undefined && request.resource !== expectedResource) {
      throw new OAuthRefusal('invalid_target', `This server's only resource is ${expectedResource}.`);
    }
    if (!/^[A-Za-z0-9_-]{43}$/.test(request.codeChallenge)) {
      throw new OAuthRefusal('invalid_request', 'code_challenge must be the S256 challenge: 43 base64url characters.');
    }
    if (!stateIsValid(request.state)) {
      throw new OAuthRefusal('invalid_request', `state must be at most ${STATE_MAX_LENGTH} printable ASCII characters.`);
    }
    const consent: ConsentRequest = {
      clientId: client.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      state: request.state ?? null,
      resource: expectedResource,
      expiresAt: this.clock.now().getTime() + CONSENT_SECONDS * 1000,
    };
    return this.signer.seal(CONSENT_PURPOSE, consent);
  }

  /** The request and its client, or null when the sealed request is not ours, has expired or its client is gone. */
  async openConsent(sealed: string): Promise<{ request: ConsentRequest; client: RegisteredClient } | null> {
    if (sealed.length > SEALED_MAX_LENGTH) return null;
    const request = (await this.signer.open(CONSENT_PURPOSE, sealed)) as ConsentRequest | null;
    if (!request || typeof request.expiresAt !== 'number' || request.expiresAt <= this.clock.now().getTime()) return null;
    const client = await this.findClient(request.clientId);
    if (!client?.redirectUris.includes(request.redirectUri)) return null;
    return { request, client };
  }

  /** The account allows the client: a one-time code, returned to the client by its redirect URI. */
  async approve(accountId: string, request: ConsentRequest, mode: ApiKeyMode, issuer: string): Promise<string> {
    const others = await countActiveConnections(this.db, accountId);
    if (others >= CONNECTIONS_MAX) {
      throw new OAuthRefusal(
        'access_denied',
        `An account can have at most ${CONNECTIONS_MAX} connected clients; disconnect one in Settings to connect another.`,
      );
    }
    const code = codeFor(accountId);
    const now = this.clock.now();
    await this.db
      .insertInto('oauth_codes')
      .values({
        code_hash: hashSecret(code),
        client_id: request.clientId,
        account_id: accountId,
        mode,
        redirect_uri: request.redirectUri,
        code_challenge: request.codeChallenge,
        resource: request.resource,
        created_at: now,
        expires_at: new Date(now.getTime() + CODE_SECONDS * 1000),
      })
      .execute();
    return answerUrl(request, issuer, { code });
  }

  /** The account refuses: the client is told `access_denied`. */
  deny(request: ConsentRequest, issuer: string): string {
    return answerUrl(request, issuer, { error: 'access_denied', error_description: 'The account did not allow this client.' });
  }

  /** The PKCE challenge of an unused, unexpired code of this client. */
  async challengeFor(clientId: string, code: string): Promise<string> {
    const accountId = accountOfCode(code);
    const row = accountId ? await findCode(this.db, accountId, hashSecret(code)) : undefined;
    if (!row || row.client_id !== clientId || row.used_at || row.expires_at <= this.clock.now()) throw invalidGrant();
    return row.code_challenge;
  }

  /**
   * Exchanges a code and its PKCE verifier for a new connection's tokens. The verifier is checked
   * first: only the holder of the verifier can set off what a replayed code does (revoking what
   * the code made).
   */
  async exchangeCode(clientId: string, code: string, verifier: string, redirectUri: string | undefined, resource: string | undefined): Promise<TokenSet> {
    const client = await this.findClient(clientId);
    if (!client) throw invalidGrant();
    // A refusal is thrown once the transaction has committed: a reused code's revocation stays.
    const outcome = await this.db.transaction().execute(async (trx): Promise<{ refusal: OAuthRefusal } | { tokens: TokenSet }> => {
      const checked = await this.checkCode(trx, clientId, code, verifier);
      if (!checked.row) return { refusal: checked.refusal };
      const row = checked.row;
      if (redirectUri === undefined ? client.redirectUris.length > 1 : redirectUri !== row.redirect_uri) {
        return { refusal: new OAuthRefusal('invalid_grant', 'redirect_uri must be the one the authorization request named.') };
      }
      if (resource !== undefined && resource !== row.resource) {
        return { refusal: new OAuthRefusal('invalid_target', `The code was issued for ${row.resource}.`) };
      }
      const now = this.clock.now();
      // One connection per client and account: connecting again replaces the earlier one (two
      // exchanges at once for one account take turns).
      await lockAccount(trx, row.account_id);
      await trx
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('account_id', '=', row.account_id)
        .where('oauth_client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .execute();
      const connectionId = newId('connection', now.getTime());
      await trx
        .insertInto('api_keys')
        .values({
          id: connectionId,
          account_id: row.account_id,
          name: client.name,
          mode: row.mode,
          prefix: 'mtl_at_',
          // Never a key's hash (those are hex): no key can match a connection.
          key_hash: `oauth:${randomBytes(16).toString('hex')}`,
          created_at: now,
          oauth_client_id: clientId,
        })
        .execute();
      await trx
        .updateTable('oauth_codes')
        .set({ used_at: now, connection_id: connectionId })
        .where('account_id', '=', row.account_id)
        .where('code_hash', '=', row.code_hash)
        .execute();
      return { tokens: await this.issueTokens(trx, row.account_id, connectionId, row.mode, row.resource, now) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.tokens;
  }

  /**
   * A refresh token for a new pair. The old one is used up; presenting it again (someone else
   * holds a copy) revokes the whole connection.
   */
  async refresh(clientId: string, refreshToken: string, resource: string | undefined): Promise<TokenSet> {
    const claimed = parseOAuthToken(refreshToken);
    if (claimed?.kind !== 'refresh') throw invalidGrant();
    const accountId = await this.accountOf(claimed, refreshToken);
    if (!accountId) throw invalidGrant();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await findRefreshTokenForUpdate(trx, accountId, hashSecret(refreshToken));
      if (!row || row.oauth_client_id !== clientId) return { refusal: invalidGrant() };
      const now = this.clock.now();
      if (row.revoked_at || row.expires_at <= now) return { refusal: invalidGrant() };
      if (row.used_at && now.getTime() - row.used_at.getTime() > REFRESH_REUSE_GRACE_MS) {
        await revokeConnectionRow(trx, accountId, row.connection_id, now);
        return { refusal: new OAuthRefusal('invalid_grant', 'The refresh token was already used: the connection is revoked. Connect again.') };
      }
      if (resource !== undefined && resource !== row.resource) {
        return { refusal: new OAuthRefusal('invalid_target', `The token was issued for ${row.resource}.`) };
      }
      // A reuse within the grace keeps the first use's time, so the grace never stretches.
      if (!row.used_at) {
        await trx
          .updateTable('oauth_tokens')
          .set({ used_at: now })
          .where('account_id', '=', accountId)
          .where('token_hash', '=', hashSecret(refreshToken))
          .execute();
      }
      return { tokens: await this.issueTokens(trx, row.account_id, row.connection_id, row.mode, row.resource, now) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.tokens;
  }

  /** RFC 7009: a refresh token revokes its connection; an access token, itself. Unknown tokens are ignored. */
  async revoke(clientId: string, token: string): Promise<void> {
    const claimed = parseOAuthToken(token);
    const accountId = claimed && (await this.accountOf(claimed, token));
    if (!accountId) return;
    const row = await findClientToken(this.db, accountId, hashSecret(token), clientId);
    if (!row) return;
    if (row.kind === 'refresh') await revokeConnectionRow(this.db, accountId, row.connection_id, this.clock.now());
    else await this.db.deleteFrom('oauth_tokens').where('account_id', '=', accountId).where('token_hash', '=', hashSecret(token)).execute();
  }

  /**
   * The principal of an access token for this resource, or why it is refused. Revocation is read
   * from the database on every request, so it holds at once on every instance.
   */
  async authenticate(token: string, resource: string): Promise<Principal | string> {
    const row = await this.findAccessToken(token);
    if (row === null) return 'The access token is malformed.';
    if (!row) return 'The access token is invalid or revoked.';
    if (row.revoked_at) return 'The connection of this access token is revoked.';
    if (row.expires_at <= this.clock.now()) return 'The access token has expired; refresh it.';
    if (row.resource !== resource) return `The access token was issued for ${row.resource}, not ${resource}.`;
    return { kind: 'api_key', accountId: row.account_id, keyId: row.connection_id, lineId: row.connection_id, mode: row.mode };
  }

  /** What an access token in force is (its client, mode, expiry in seconds since the epoch and resource), or null. */
  async describeAccessToken(token: string): Promise<{ clientId: string; mode: ApiKeyMode; expiresAt: number; resource: string } | null> {
    const row = await this.findAccessToken(token);
    if (!row?.oauth_client_id || row.revoked_at || row.expires_at <= this.clock.now()) return null;
    return { clientId: row.oauth_client_id, mode: row.mode, expiresAt: Math.floor(row.expires_at.getTime() / 1000), resource: row.resource };
  }

  private async checkCode(db: Transaction<DB>, clientId: string, code: string, verifier: string) {
    const accountId = accountOfCode(code);
    const row = accountId ? await findCode(db, accountId, hashSecret(code), { forUpdate: true }) : undefined;
    if (!row || row.client_id !== clientId) return { refusal: invalidGrant() };
    if (!CODE_VERIFIER.test(verifier) || createHash('sha256').update(verifier).digest('base64url') !== row.code_challenge) {
      return { refusal: new OAuthRefusal('invalid_grant', 'code_verifier does not match the code_challenge (S256).') };
    }
    if (row.used_at) {
      // A code presented twice was intercepted: what it made is revoked (RFC 6749 §4.1.2).
      if (row.connection_id) await revokeConnectionRow(db, row.account_id, row.connection_id, this.clock.now());
      return { refusal: invalidGrant() };
    }
    if (row.expires_at <= this.clock.now()) return { refusal: invalidGrant() };
    return { row };
  }

  /** The account a token names, or for a token made before tokens named their account, the one the directory gives. */
  private async accountOf(claimed: { accountId: string | null }, token: string): Promise<string | undefined> {
    return claimed.accountId ?? findLegacyCredentialAccount(this.db, hashSecret(token));
  }

  /** A well-formed access token's row (undefined when unknown), or null when the token is malformed. */
  private async findAccessToken(token: string) {
    const claimed = parseOAuthToken(token);
    if (claimed?.kind !== 'access') return null;
    const accountId = await this.accountOf(claimed, token);
    return accountId ? findAccessToken(this.db, accountId, hashSecret(token)) : undefined;
  }

  private async issueTokens(db: Queryable, accountId: string, connectionId: string, mode: ApiKeyMode, resource: string, now: Date): Promise<TokenSet> {
    const access = generateOAuthToken('access', accountId);
    const refresh = generateOAuthToken('refresh', accountId);
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    await db
      .insertInto('oauth_tokens')
      .values([
        { account_id: accountId, token_hash: hashSecret(access), connection_id: connectionId, kind: 'access', resource, created_at: now, expires_at: at(this.settings.accessTokenSeconds) },
        { account_id: accountId, token_hash: hashSecret(refresh), connection_id: connectionId, kind: 'refresh', resource, created_at: now, expires_at: at(this.settings.refreshTokenSeconds) },
      ])
      .execute();
    return { access_token: access, token_type: 'Bearer', expires_in: this.settings.accessTokenSeconds, refresh_token: refresh, scope: mode };
  }
}

function invalidGrant(): OAuthRefusal {
  return new OAuthRefusal('invalid_grant', 'The authorization code or refresh token is invalid, expired, revoked or already used.');
}

/** Whether a request's `state` may be kept and sent back: absent, or VSCHARs within the bound. */
export function stateIsValid(state: string | undefined): boolean {
  return state === undefined || (state.length <= STATE_MAX_LENGTH && VSCHARS.test(state));
}

/** A redirect URI with the answer's parameters, the request's `state` and this server's `iss` (RFC 9207). */
export function redirectWith(redirectUri: string, params: Record<string, string>, state: string | null, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== null) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.href;
}

function answerUrl(request: ConsentRequest, issuer: string, params: Record<string, string>): string {
  return redirectWith(request.redirectUri, params, request.state, issuer);
}
