import type { Request, Response, Router } from 'express';
import { frame, page, textField, type WebContext } from '../context';
import type { OperationResult } from '../../pipeline/pipeline';
import { problemsOf, type Answer } from '../operations';
import { redirectTo, sendPage } from '../render';
import { ActionButton, Csrf, Field, FormError, NO_PROBLEMS, Radios, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { clearSessionCookie, webLocals } from '../web-session';
import { ErrorPanel, formatTime, Pager } from '../views/common';

/** Settings → Developers & API: the account's keys and each key's activity, its sessions and its invitations. */

interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly mode: 'read_only' | 'read_write';
  readonly prefix: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly expires_at: string | null;
  readonly revoked_at: string | null;
  readonly secret?: string;
}

interface ActivityEntry {
  readonly id: string;
  readonly at: string;
  readonly method: string;
  readonly route: string | null;
  readonly operation: string | null;
  readonly status: number;
  readonly request_id: string;
  readonly duration_ms: number;
}

/** An MCP client connected by OAuth (Settings lists it beside the keys). */
interface Connection {
  readonly id: string;
  readonly client_id: string;
  readonly client_name: string;
  readonly mode: 'read_only' | 'read_write';
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
}

const MODES = [
  { value: 'read_only', label: 'Read-only' },
  { value: 'read_write', label: 'Read-write' },
];
const modeLabel = (mode: string) => (mode === 'read_write' ? 'Read-write' : 'Read-only');

export function SettingsTabs(props: { readonly current: 'api-keys' | 'sessions' | 'invitations' }) {
  const tabs = [
    { key: 'api-keys', href: '/settings/api-keys', label: 'Developers & API' },
    { key: 'sessions', href: '/settings/sessions', label: 'Sessions' },
    { key: 'invitations', href: '/settings/invitations', label: 'Invitations' },
  ];
  return (
    <nav aria-label="Settings" class="tabs">
      <ul>
        {tabs.map((tab) => (
          <li>
            <a href={tab.href} aria-current={tab.key === props.current ? 'page' : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function keyState(key: ApiKey, now: number): string {
  if (key.revoked_at) return `Revoked ${formatTime(key.revoked_at)}`;
  if (key.expires_at && Date.parse(key.expires_at) <= now) return `Expired ${formatTime(key.expires_at)}`;
  return 'Active';
}

/** The new secret, shown this once, with a copy button (which needs the page's script; the text can be selected without it). */
function NewSecret(props: { readonly secret: string; readonly name: string }) {
  return (
    <section class="secret" aria-labelledby="new-secret-heading">
      <h2 id="new-secret-heading">Your new key “{props.name}”</h2>
      <p class="warning">Copy it now: it will not be shown again. Only its prefix is kept.</p>
      <label for="new-key-secret">New key secret</label>
      <div class="copyable">
        <output id="new-key-secret">{props.secret}</output>
        <button type="button" class="copy" data-copy="new-key-secret" hidden>
          Copy
        </button>
      </div>
    </section>
  );
}

/** The MCP clients connected by OAuth: each acts as a key of its mode on /mcp, and can be disconnected at once. */
function ConnectionsSection(props: { readonly connections: Answer<Connection[]>; readonly csrfToken: string }) {
  const { connections } = props;
  return (
    <section aria-labelledby="connections-heading">
      <h2 id="connections-heading">Connected MCP clients</h2>
      <p>
        An MCP client added by this service's URL (<code>/mcp</code>) connects with OAuth once you allow it: it acts as a key of the mode you chose,
        on <code>/mcp</code> only.
      </p>
      {!connections.ok ? <ErrorPanel result={connections.result} /> : null}
      {connections.ok && connections.data.length === 0 ? <p>No client connected yet.</p> : null}
      {connections.ok && connections.data.length > 0 ? (
        <table>
          <caption class="visually-hidden">MCP clients connected to this account</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Mode</th>
              <th scope="col">Connected</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {connections.data.map((connection) => (
              <tr data-connection-id={connection.id}>
                <th scope="row">{connection.client_name}</th>
                <td>{modeLabel(connection.mode)}</td>
                <td>{formatTime(connection.created_at)}</td>
                <td>{connection.last_used_at ? formatTime(connection.last_used_at) : 'Never'}</td>
                <td>{connection.revoked_at ? `Disconnected ${formatTime(connection.revoked_at)}` : 'Connected'}</td>
                <td class="actions">
                  <a href={`/settings/connections/${encodeURIComponent(connection.id)}/activity`}>Activity</a>
                  {connection.revoked_at ? null : (
                    <ActionButton
                      action={`/settings/connections/${encodeURIComponent(connection.id)}/revoke`}
                      csrfToken={props.csrfToken}
                      label="Disconnect"
                      accessibleLabel={`Disconnect ${connection.client_name}`}
                      danger
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {connections.ok ? <Pager base="/settings/api-keys" query={{}} next={connections.nextCursor} label="More connected clients" /> : null}
    </section>
  );
}

export function settingsPages(router: Router, context: WebContext): void {
  const { operations, sessions, accounts } = context;

  const keysPage = async (req: Request, res: Response, status: number, options: { created?: ApiKey; problems?: FormProblems; form?: Record<string, string> }) => {
    const [keys, connections] = await Promise.all([
      operations.call<ApiKey[]>(res, 'list_api_keys', { limit: 100 }),
      operations.call<Connection[]>(res, 'list_connections', { limit: 50, cursor: typeof req.query.cursor === 'string' ? req.query.cursor : undefined }),
    ]);
    const problems = options.problems ?? NO_PROBLEMS;
    const now = Date.now();
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'API keys', 'settings')}>
        <h1>Settings</h1>
        <SettingsTabs current="api-keys" />
        {options.created?.secret ? <NewSecret secret={options.created.secret} name={options.created.name} /> : null}
        <section aria-labelledby="keys-heading">
          <h2 id="keys-heading">API keys</h2>
          <p>
            A key lets an agent or a script call the API (<a href="/docs">reference</a>) and <code>/mcp</code> as this account. A read-only key can
            only read; neither kind sees secret Memories.
          </p>
          {!keys.ok ? <ErrorPanel result={keys.result} /> : null}
          {keys.ok && keys.data.length === 0 ? <p>No keys yet.</p> : null}
          {keys.ok && keys.data.length > 0 ? (
            <table>
              <caption class="visually-hidden">Your API keys</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Prefix</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => {
                  const active = keyState(key, now) === 'Active';
                  return (
                    <tr data-key-id={key.id}>
                      <th scope="row">{key.name}</th>
                      <td>{modeLabel(key.mode)}</td>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>{formatTime(key.created_at)}</td>
                      <td>{key.last_used_at ? formatTime(key.last_used_at) : 'Never'}</td>
                      <td>{key.expires_at ? formatTime(key.expires_at) : 'Never'}</td>
                      <td>{keyState(key, now)}</td>
                      <td class="actions">
                        <a href={`/settings/api-keys/${encodeURIComponent(key.id)}/activity`}>Activity</a>
                        {active ? <ActionButton action={`/settings/api-keys/${encodeURIComponent(key.id)}/rotate`} csrfToken={webLocals(res).csrfToken} label="Rotate" /> : null}
                        {active ? (
                          <ActionButton action={`/settings/api-keys/${encodeURIComponent(key.id)}/revoke`} csrfToken={webLocals(res).csrfToken} label="Revoke" danger />
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </section>
        <ConnectionsSection connections={connections} csrfToken={webLocals(res).csrfToken} />
        <section aria-labelledby="create-heading">
          <h2 id="create-heading">Create a key</h2>
          <form method="post" action="/settings/api-keys" novalidate>
            <FormError problems={problems} />
            <Csrf token={webLocals(res).csrfToken} />
            <Field name="name" label="Name" required maxLength={100} value={options.form?.name} problems={problems} hint="Which agent or script will use it." />
            <Radios name="mode" legend="Mode" options={MODES} value={options.form?.mode ?? 'read_only'} problems={problems} />
            <Field
              name="expires_in_days"
              label="Expires after (days, optional)"
              type="number"
              min={1}
              max={3650}
              value={options.form?.expires_in_days}
              problems={problems}
              hint="Leave empty for a key that does not expire."
            />
            <button type="submit">Create key</button>
          </form>
        </section>
      </Layout>,
    );
  };

  router.get('/settings', (_req, res) => redirectTo(res, '/settings/api-keys'));
  router.get(
    '/settings/api-keys',
    page((req, res) => keysPage(req, res, 200, {})),
  );
  router.post(
    '/settings/api-keys',
    page(async (req, res) => {
      const form = { name: textField(req.body, 'name') ?? '', mode: textField(req.body, 'mode') ?? '', expires_in_days: textField(req.body, 'expires_in_days') ?? '' };
      const days = form.expires_in_days.trim();
      const created = await operations.call<ApiKey>(res, 'create_api_key', {
        name: form.name,
        mode: form.mode,
        expires_in_days: days === '' ? undefined : /^\d+$/.test(days) ? Number(days) : days,
      });
      if (!created.ok) return keysPage(req, res, created.status, { problems: problemsOf(created.result), form });
      await keysPage(req, res, 201, { created: created.data });
    }),
  );

  router.post(
    '/settings/api-keys/:keyId/revoke',
    page(async (req, res) => {
      const keyId = String(req.params.keyId);
      if (textField(req.body, 'confirm') !== 'yes') {
        const key = await operations.call<ApiKey>(res, 'get_api_key', { key_id: keyId });
        if (!key.ok) return errorPage(req, res, key.result);
        return sendPage(
          res,
          200,
          <Layout {...frame(req, res, 'Revoke key', 'settings')}>
            <h1>Revoke “{key.data.name}”?</h1>
            <p>
              Requests with the key <code>{key.data.prefix}…</code> are refused from the moment you revoke it, on every instance. This cannot be undone.
            </p>
            <ActionButton action={`/settings/api-keys/${encodeURIComponent(keyId)}/revoke`} csrfToken={webLocals(res).csrfToken} label="Revoke" fields={{ confirm: 'yes' }} danger />
            <a href="/settings/api-keys">Cancel</a>
          </Layout>,
        );
      }
      const revoked = await operations.call(res, 'revoke_api_key', { key_id: keyId });
      if (!revoked.ok) return errorPage(req, res, revoked.result);
      redirectTo(res, '/settings/api-keys?notice=key-revoked');
    }),
  );
  router.post(
    '/settings/api-keys/:keyId/rotate',
    page(async (req, res) => {
      const rotated = await operations.call<ApiKey>(res, 'rotate_api_key', { key_id: String(req.params.keyId) });
      if (!rotated.ok) return errorPage(req, res, rotated.result);
      await keysPage(req, res, 201, { created: rotated.data });
    }),
  );

  /** The activity of a key or a connection: one page, filtered by status class. */
  const activityPage = async (
    req: Request,
    res: Response,
    credential: Answer<{ readonly name: string }>,
    activity: Answer<ActivityEntry[]>,
    base: string,
    statusClass: string | undefined,
  ) => {
    if (!credential.ok) return errorPage(req, res, credential.result);
    sendPage(
      res,
      activity.ok ? 200 : activity.status,
      <Layout {...frame(req, res, `Activity of ${credential.data.name}`, 'settings')}>
        <p>
          <a href="/settings/api-keys">← Developers &amp; API</a>
        </p>
        <h1>Activity of “{credential.data.name}”</h1>
        <p>Newest first, kept for 90 days. Entries never hold what was sent or answered.</p>
        <form method="get" action={base} class="filters">
          <label for="status_class">Status</label>
          <select id="status_class" name="status_class">
            {[
              ['', 'All'],
              ['2xx', 'Successes (2xx)'],
              ['4xx', 'Refusals (4xx)'],
              ['5xx', 'Failures (5xx)'],
            ].map(([value, label]) => (
              <option value={value} selected={(statusClass ?? '') === value}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit">Filter</button>
        </form>
        {!activity.ok ? <ErrorPanel result={activity.result} /> : null}
        {activity.ok && activity.data.length === 0 ? <p>No activity{statusClass ? ' of this status' : ''} yet.</p> : null}
        {activity.ok && activity.data.length > 0 ? (
          <table>
            <caption class="visually-hidden">Requests made with this credential</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Request</th>
                <th scope="col">Operation</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">Request ID</th>
              </tr>
            </thead>
            <tbody>
              {activity.data.map((entry) => (
                <tr>
                  <td>{formatTime(entry.at)}</td>
                  <td>
                    <code>
                      {entry.method} {entry.route ?? ''}
                    </code>
                  </td>
                  <td>{entry.operation ?? ''}</td>
                  <td>{entry.status}</td>
                  <td>{entry.duration_ms} ms</td>
                  <td>
                    <code>{entry.request_id}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {activity.ok ? <Pager base={base} query={{ status_class: statusClass }} next={activity.nextCursor} label="Older entries" /> : null}
      </Layout>,
    );
  };
  const activityFilters = (req: Request) => ({
    statusClass: typeof req.query.status_class === 'string' && req.query.status_class !== '' ? req.query.status_class : undefined,
    cursor: typeof req.query.cursor === 'string' ? req.query.cursor : undefined,
  });

  router.get(
    '/settings/api-keys/:keyId/activity',
    page(async (req, res) => {
      const keyId = String(req.params.keyId);
      const { statusClass, cursor } = activityFilters(req);
      const [key, activity] = await Promise.all([
        operations.call<ApiKey>(res, 'get_api_key', { key_id: keyId }),
        operations.call<ActivityEntry[]>(res, 'list_api_key_activity', { key_id: keyId, status_class: statusClass, cursor, limit: 50 }),
      ]);
      await activityPage(req, res, key, activity, `/settings/api-keys/${encodeURIComponent(keyId)}/activity`, statusClass);
    }),
  );

  router.get(
    '/settings/connections/:connectionId/activity',
    page(async (req, res) => {
      const connectionId = String(req.params.connectionId);
      const { statusClass, cursor } = activityFilters(req);
      const [connection, activity] = await Promise.all([
        operations.call<Connection>(res, 'get_connection', { connection_id: connectionId }),
        operations.call<ActivityEntry[]>(res, 'list_connection_activity', { connection_id: connectionId, status_class: statusClass, cursor, limit: 50 }),
      ]);
      await activityPage(req, res, { ...connection, data: { name: connection.data?.client_name } }, activity, `/settings/connections/${encodeURIComponent(connectionId)}/activity`, statusClass);
    }),
  );

  router.post(
    '/settings/connections/:connectionId/revoke',
    page(async (req, res) => {
      const connectionId = String(req.params.connectionId);
      if (textField(req.body, 'confirm') !== 'yes') {
        const connection = await operations.call<Connection>(res, 'get_connection', { connection_id: connectionId });
        if (!connection.ok) return errorPage(req, res, connection.result);
        return sendPage(
          res,
          200,
          <Layout {...frame(req, res, 'Disconnect client', 'settings')}>
            <h1>Disconnect “{connection.data.client_name}”?</h1>
            <p>Its tokens are refused from the moment you disconnect it, on every instance. To use it again, connect it again from the client.</p>
            <ActionButton
              action={`/settings/connections/${encodeURIComponent(connectionId)}/revoke`}
              csrfToken={webLocals(res).csrfToken}
              label="Disconnect"
              fields={{ confirm: 'yes' }}
              danger
            />
            <a href="/settings/api-keys">Cancel</a>
          </Layout>,
        );
      }
      const revoked = await operations.call(res, 'revoke_connection', { connection_id: connectionId });
      if (!revoked.ok) return errorPage(req, res, revoked.result);
      redirectTo(res, '/settings/api-keys?notice=connection-revoked');
    }),
  );

  router.get(
    '/settings/sessions',
    page(async (req, res) => {
      const { session } = webLocals(res);
      const list = await sessions.list(session!.accountId);
      sendPage(
        res,
        200,
        <Layout {...frame(req, res, 'Sessions', 'settings')}>
          <h1>Settings</h1>
          <SettingsTabs current="sessions" />
          <h2>Signed-in sessions</h2>
          <table>
            <caption class="visually-hidden">Browsers signed in to this account</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last seen</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((item) => (
                <tr>
                  <th scope="row">
                    {describeDevice(item.userAgent)}
                    {item.id === session!.id ? <span class="badge"> (this browser)</span> : null}
                  </th>
                  <td>
                    {formatTime(item.createdAt.toISOString())} ({item.authMethod === 'oidc' ? 'single sign-on' : 'password'})
                  </td>
                  <td>{formatTime(item.lastSeenAt.toISOString())}</td>
                  <td>
                    <ActionButton action={`/settings/sessions/${encodeURIComponent(item.id)}/sign-out`} csrfToken={webLocals(res).csrfToken} label="Sign out" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ActionButton action="/settings/sessions/sign-out-others" csrfToken={webLocals(res).csrfToken} label="Sign out all other sessions" />
        </Layout>,
      );
    }),
  );
  router.post(
    '/settings/sessions/:sessionId/sign-out',
    page(async (req, res) => {
      const { session } = webLocals(res);
      await sessions.end(session!.accountId, String(req.params.sessionId));
      if (req.params.sessionId === session!.id) {
        clearSessionCookie(req, res);
        return redirectTo(res, '/sign-in?notice=signed-out');
      }
      redirectTo(res, '/settings/sessions?notice=session-ended');
    }),
  );
  router.post(
    '/settings/sessions/sign-out-others',
    page(async (_req, res) => {
      const { session } = webLocals(res);
      await sessions.endAllBut(session!.accountId, session!.id);
      redirectTo(res, '/settings/sessions?notice=sessions-ended');
    }),
  );

  const invitationsPage = async (req: Request, res: Response, status: number, link: string | null) => {
    const accountId = webLocals(res).principal!.accountId;
    const [mayInvite, list] = await Promise.all([accounts.mayInvite(accountId), accounts.invitations(accountId)]);
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Invitations', 'settings')}>
        <h1>Settings</h1>
        <SettingsTabs current="invitations" />
        <h2>Invitations</h2>
        {link ? (
          <section class="secret" aria-labelledby="invitation-heading">
            <h3 id="invitation-heading">New invitation link</h3>
            <p class="warning">Send it to one person: it creates one account, within 7 days. It will not be shown again.</p>
            <label for="invitation-link">Invitation link</label>
            <div class="copyable">
              <output id="invitation-link">{link}</output>
              <button type="button" class="copy" data-copy="invitation-link" hidden>
                Copy
              </button>
            </div>
          </section>
        ) : null}
        {mayInvite ? (
          <ActionButton action="/settings/invitations" csrfToken={webLocals(res).csrfToken} label="Create invitation link" />
        ) : (
          <p>Only the owner of this instance can invite people to it.</p>
        )}
        {list.length > 0 ? (
          <table>
            <caption class="visually-hidden">Your invitations</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {list.map((invitation) => (
                <tr>
                  <td>{formatTime(invitation.created_at.toISOString())}</td>
                  <td>{formatTime(invitation.expires_at.toISOString())}</td>
                  <td>{invitation.used_at ? `Used ${formatTime(invitation.used_at.toISOString())}` : invitation.expires_at.getTime() <= Date.now() ? 'Expired' : 'Unused'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </Layout>,
    );
  };
  router.get(
    '/settings/invitations',
    page((req, res) => invitationsPage(req, res, 200, null)),
  );
  router.post(
    '/settings/invitations',
    page(async (req, res) => {
      const { token } = await accounts.invite(webLocals(res).principal!.accountId);
      await invitationsPage(req, res, 201, `${req.protocol}://${req.host}/sign-up?invitation=${token}`);
    }),
  );
}

/** A browser's name and system from its User-Agent, as a person would recognise them. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : /curl\//.test(userAgent)
            ? 'curl'
            : 'Browser';
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent)
      ? 'macOS'
      : /Android/.test(userAgent)
        ? 'Android'
        : /iPhone|iPad/.test(userAgent)
          ? 'iOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** A refusal of an operation, as its own page (an unknown key, another account's key). */
export function errorPage(req: Request, res: Response, result: OperationResult): void {
  sendPage(
    res,
    result.status,
    <Layout {...frame(req, res, 'Not possible')}>
      <h1>{result.status === 404 ? 'Not found' : 'Not possible'}</h1>
      <ErrorPanel result={result} />
      <p>
        <a href="/">Back to the console</a>
      </p>
    </Layout>,
  );
}
