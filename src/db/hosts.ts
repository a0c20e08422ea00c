import pg from 'pg';

/**
 * A PostgreSQL URL may name several hosts, as libpq's do
 * (`postgres://user@primary:5432,standby:5432/mtl`): the service then writes to whichever of them
 * accepts writes, in the order given, and finds the new one by itself after a failover (what
 * libpq calls `target_session_attrs=read-write`). node-postgres takes one host per URL, so the URL
 * is split into one URL per host here.
 */
export function splitHosts(url: string): string[] {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url.trim());
  if (!match) return [url];
  const [, scheme, userinfo = '', hostList = '', rest = ''] = match;
  const hosts = hostList.split(',').filter((host) => host.length > 0);
  if (hosts.length <= 1) return [url];
  const query = new URLSearchParams(rest.includes('?') ? rest.slice(rest.indexOf('?') + 1) : '');
  // Chosen here, not by node-postgres (which does not know the parameter).
  query.delete('target_session_attrs');
  const path = rest.includes('?') ? rest.slice(0, rest.indexOf('?')) : rest;
  const search = query.toString();
  return hosts.map((host) => `${scheme}${userinfo}${host}${path}${search ? `?${search}` : ''}`);
}

/** Whether a server takes writes: not a standby in recovery, nor set to read-only. */
async function takesWrites(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ read_only: string }>("select current_setting('transaction_read_only') as read_only");
  return rows[0]?.read_only === 'off';
}

/**
 * One pool per host, used as one: a connection comes from the host that took writes last, and a
 * new connection is checked to take writes (a standby, or a primary demoted since, is skipped).
 * When that host refuses, or has become a standby, the next hosts are tried in turn; when none
 * takes writes, the error says why, and the caller answers that the database is unavailable
 * (503 with Retry-After) until one does.
 */
export class FailoverPool {
  private current = 0;
  private readonly checked = new WeakSet<pg.PoolClient>();

  constructor(private readonly pools: readonly pg.Pool[]) {}

  async connect(): Promise<pg.PoolClient> {
    const errors: unknown[] = [];
    for (let tried = 0; tried < this.pools.length; tried += 1) {
      const index = (this.current + tried) % this.pools.length;
      const pool = this.pools[index]!;
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        if (!this.checked.has(client)) {
          if (!(await takesWrites(client))) {
            client.release(true);
            errors.push(Object.assign(new Error(`host ${index + 1} does not take writes (a standby)`), { code: '57P03' }));
            continue;
          }
          this.checked.add(client);
        }
        this.current = index;
        return client;
      } catch (err) {
        client?.release(true);
        errors.push(err);
      }
    }
    throw new AggregateError(errors, 'no host of DATABASE_URL takes writes now');
  }

  async end(): Promise<void> {
    await Promise.all(this.pools.map((pool) => pool.end()));
  }
}
