import { join } from 'node:path';
// The bare baseline of the benchmark: a minimal Express app on the same database that runs the
// same domain queries as the service, without validation, authentication, limits or logging.
// Its search runs the service's legs: the embedder the service's settings name (EMBEDDINGS and the
// rest, read as the service reads them; off for words alone).
import express from 'express';
import { sql } from 'kysely';
import { Fragment, h, type VNode } from 'preact';
import pino from 'pino';
import { ExportSlots } from '../src/domain/portability/export-slots';
import { AccountQueue } from '../src/domain/shared/account-queue';
import { RunningImports } from '../src/domain/portability/running-imports';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connect';
import { embedderFor } from '../src/domain/embeddings/embedders';
import { ActivityRecorder } from '../src/domain/api-keys/activity';
import { ApiKeyAuthenticator } from '../src/domain/api-keys/authenticator';
import type { Services } from '../src/domain/services';
import { startupContext } from '../src/domain/context/startup';
import { subjectContext } from '../src/domain/context/subject-context';
import { getLibraryTemplate, searchLibrary } from '../src/domain/library/public';
import { batchGetMemories } from '../src/domain/memories/batch';
import { createMemory, getMemory, listMemories } from '../src/domain/memories/memories';
import { searchMemories } from '../src/domain/memories/search';
import { VectorIndex } from '../src/domain/embeddings/vector-index';
import { systemClock } from '../src/domain/shared/clock';
import type { Principal } from '../src/domain/shared/principal';
import { Signer } from '../src/domain/shared/signer';
import { filePath, templatePath } from '../src/web/pages/library';
import { pageHtml } from '../src/web/render';
import { formatTime } from '../src/web/views/common';
import { Layout } from '../src/web/views/layout';
import { renderReadme } from '../src/web/views/markdown';

async function main(): Promise<void> {
  const accountId = process.env.BENCH_ACCOUNT_ID;
  if (!accountId) throw new Error('BENCH_ACCOUNT_ID is required');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: process.env.DATA_DIR ?? './data',
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    preparedStatements: Number(process.env.DATABASE_PREPARED_STATEMENTS ?? 200),
  });
  const logger = pino({ level: 'silent' });
  const embedder = embedderFor(loadConfig().embeddings);
  const services: Services = {
    db: database.db,
    clock: systemClock,
    logger,
    activity: new ActivityRecorder(database.db, systemClock, logger, 1000),
    apiKeys: new ApiKeyAuthenticator(database.db, systemClock),
    signer: new Signer(database.db),
    exports: new ExportSlots(1),
    imports: new RunningImports(),
    accountWrites: new AccountQueue(1, 10_000),
    singleConnection: database.kind === 'pglite',
    spoolDirectory: join(process.env.DATA_DIR ?? './data', 'spool'),
    trashRetentionDays: 30,
    embedder,
    vectors: new VectorIndex(database.db, { singleConnection: database.kind === 'pglite' }),
  };
  const principal: Principal = { kind: 'session', accountId };
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  const route = (handler: (req: express.Request) => Promise<unknown>, status = 200): express.RequestHandler =>
    async (req, res) => {
      res.status(status).json({ ok: true, data: await handler(req) });
    };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  app.get('/v1/memories/search', route((req) => searchMemories(services, principal, { q: text(req.query.q) ?? '' })));
  app.get('/v1/memories/batch', route((req) => batchGetMemories(services, principal, (text(req.query.ids) ?? '').split(','))));
  app.get('/v1/memories/:id', route((req) => getMemory(services, principal, String(req.params.id))));
  app.get('/v1/memories', route(async (req) => (await listMemories(services, principal, { limit: Number(req.query.limit ?? 20) })).items));
  app.post('/v1/memories', route((req) => createMemory(services, principal, req.body), 201));
  app.get('/v1/subjects/:id/context', route((req) => subjectContext(services, principal, String(req.params.id), {})));
  app.get('/v1/context/startup', route(() => startupContext(services, principal, {})));
  app.get('/v1/library/templates/:id', route((req) => getLibraryTemplate(services, String(req.params.id))));
  app.get('/v1/library/templates', route(async (req) => (await searchLibrary(services, { query: text(req.query.query) })).items));
  // The Library's page of a published Template, for a visitor: the same rows read by plain queries,
  // rendered to the same HTML as the service's page (src/web/pages/library.tsx) with the same views
  // and README renderer.
  app.get('/library/:template_id', async (req, res) => {
    const db = services.db;
    const listing = await db
      .selectFrom('public_templates as p')
      .leftJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['p.template_id', 'p.revision', 'p.version', 'p.name', 'p.summary', 'p.category', 'p.tags', 'p.license', 'p.published_at', 'p.uses', 'a.display_name'])
      .where('p.template_id', '=', String(req.params.template_id))
      .executeTakeFirst();
    if (!listing) {
      res.status(404).send('not found');
      return;
    }
    const files = db.selectFrom('template_files').where('template_id', '=', listing.template_id).where('revision', '=', listing.revision);
    const [list, versions, readme] = await Promise.all([
      files.select(['path', 'size']).orderBy(sql`path collate "C"`).execute(),
      db
        .selectFrom('template_versions')
        .select(['version', 'published_at', 'release_notes'])
        .where('template_id', '=', listing.template_id)
        .orderBy('version', 'desc')
        .limit(100)
        .execute(),
      files.select('content').where('path', '=', 'README.md').executeTakeFirst(),
    ]);
    const html = pageHtml(
      h(Layout, {
        title: listing.name,
        csrfToken: '',
        signedIn: null,
        section: 'library',
        notice: null,
        visitor: true,
        children: templatePage(listing, list, versions, readme?.content),
      }) as VNode,
    );
    res.type('html').send(html);
  });
  app.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () => process.stdout.write('baseline listening\n'));
  // An orderly exit on SIGTERM, so that Node.js options such as --cpu-prof can write their output;
  // the embedder's model thread is stopped first.
  process.once('SIGTERM', () => {
    void (embedder?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}

interface Listing {
  readonly template_id: string;
  readonly name: string;
  readonly summary: string;
  readonly category: string;
  readonly tags: string[];
  readonly license: string;
  readonly version: number;
  readonly published_at: Date;
  readonly uses: number;
  readonly display_name: string | null;
}

/** The markup of the service's TemplatePage for a visitor, element for element. */
function templatePage(
  template: Listing,
  files: ReadonlyArray<{ path: string; size: number }>,
  versions: ReadonlyArray<{ version: number; published_at: Date; release_notes: string }>,
  readme: string | undefined,
) {
  const id = template.template_id;
  const tags = h(
    'ul',
    { class: 'tags', 'aria-label': 'Tags' },
    template.tags.map((tag) => h('li', null, h('a', { href: `/library?tag=${encodeURIComponent(tag)}` }, tag))),
  );
  return h(
    Fragment,
    null,
    h('p', { class: 'breadcrumbs' }, h('a', { href: '/library' }, 'Library')),
    h('h1', null, template.name),
    template.summary ? h('p', { class: 'lead' }, template.summary) : null,
    h(
      'dl',
      { class: 'fields' },
      h('dt', null, 'Creator'),
      h('dd', null, template.display_name ?? 'A creator'),
      h('dt', null, 'Licence'),
      h('dd', null, template.license),
      h('dt', null, 'Version'),
      h('dd', null, template.version, ', published ', formatTime(template.published_at.toISOString())),
      h('dt', null, 'Category'),
      h('dd', null, h('a', { href: `/library?category=${encodeURIComponent(template.category)}` }, template.category)),
      h('dt', null, 'Used by'),
      h('dd', null, template.uses === 1 ? '1 account' : `${template.uses} accounts`),
    ),
    template.tags.length > 0 ? tags : null,
    h(
      'div',
      { class: 'actions' },
      h('a', { class: 'button-link', href: `${templatePath(id)}/download` }, 'Download'),
      h('a', { href: `/sign-in?return_to=${encodeURIComponent(templatePath(id))}` }, 'Sign in to copy it into your templates'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'readme-heading' },
      h('h2', { id: 'readme-heading' }, 'README'),
      readme === undefined
        ? h('p', null, 'This Template has no README.')
        : h('div', { class: 'readme', dangerouslySetInnerHTML: { __html: renderReadme(readme, (path) => filePath(id, path)) } }),
    ),
    h(
      'section',
      { 'aria-labelledby': 'files-heading' },
      h('h2', { id: 'files-heading' }, 'Files'),
      h(
        'table',
        null,
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'File'), h('th', { scope: 'col' }, 'Characters'))),
        h(
          'tbody',
          null,
          files.map((file) => h('tr', null, h('td', null, h('a', { href: filePath(id, file.path) }, file.path)), h('td', null, file.size))),
        ),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'versions-heading' },
      h('h2', { id: 'versions-heading' }, 'Versions'),
      h(
        'ol',
        { class: 'versions', reversed: true },
        versions.map((version) =>
          h(
            'li',
            null,
            h('p', null, h('strong', null, 'Version ', version.version), ' · ', formatTime(version.published_at.toISOString())),
            version.release_notes ? h('p', { class: 'notes' }, version.release_notes) : null,
          ),
        ),
      ),
    ),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
