import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response, Router } from 'express';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { enums } from '../../generated/contract';
import { shortenToCodePoints } from '../../domain/shared/text';
import type { components } from '../../generated/openapi';
import { frame, page, type WebContext } from '../context';
import { problemsOf, type Answer } from '../operations';
import { pageHtml, redirectTo, sendPage, sendPublic } from '../render';
import { formatTime, Pager } from '../views/common';
import { ErrorView } from '../views/error';
import { ActionButton, Field, FormError, NO_PROBLEMS, Select } from '../views/forms';
import { Layout } from '../views/layout';
import { PublishedCache } from '../published-cache';
import { renderReadme } from '../views/markdown';
import { webLocals } from '../web-session';

/**
 * The Library website's public pages, for everyone (no account needed): the search of published
 * Templates, a Template's page with its README rendered, each published file, and a download of
 * them all as one archive. They read through the same operations as `GET /v1/library/templates`,
 * `GET /v1/library/templates/{id}` and `GET /v1/library/templates/{id}/files`, as a visitor when
 * no one is signed in, so they show published data only. A visitor's answer is cacheable
 * (see sendPublic).
 */

type PublicTemplate = components['schemas']['PublicTemplate'];
type PublicTemplateDetail = components['schemas']['PublicTemplateResponse']['data'];
type PublishedFiles = components['schemas']['PublishedFilesResponse']['data'];

const TEMPLATE_ID = /^tpl_[0-9A-HJKMNP-TV-Z]{26}$/;
const README = 'README.md';
/** A file's page and the archive read whole files: the largest file, and the largest file set. */
const FILE_CHARS_MAX = 100_000;
/**
 * The README's characters a Template's page renders: a README written to be slow to render costs
 * at most about 0.08 s (20,000 characters of `![`), once per published version while it is kept.
 */
const README_RENDERED_CHARS = 20_000;
const ALL_FILES_CHARS = 500_000;

const SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'newest', label: 'Newest' },
  { value: 'most_used', label: 'Most used' },
];

export const templatePath = (id: string) => `/library/${encodeURIComponent(id)}`;
export const filePath = (id: string, path: string) => `${templatePath(id)}/files/${path.split('/').map(encodeURIComponent).join('/')}`;

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' && req.query[name] !== '' ? (req.query[name] as string) : undefined);

/**
 * A Template's page for a Template ID, drawing on the reader's budget (`limit`); anything else
 * under /library/ (such as `mine`) is left to the routes after, uncharged here.
 */
function forTemplate(limit: RequestHandler, handler: (req: Request, res: Response, id: string) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    const id = String(req.params.template_id);
    if (!TEMPLATE_ID.test(id)) return next();
    limit(req, res, (err?: unknown) => (err ? next(err) : page((req, res) => handler(req, res, id))(req, res, next)));
  };
}

/** Who reads the page: a signed-in account's page is theirs alone; a visitor's may be cached. */
const signedIn = (res: Response) => webLocals(res).principal !== null;

/** A refusal as its own page (404 for a Template that is not published). */
function sendRefusal(req: Request, res: Response, answer: Answer<unknown>): void {
  const { code, message } = (answer.result.body as { error: { code: string; message: string } }).error;
  sendPage(res, answer.status, <ErrorView frame={frame(req, res, 'Not possible', 'library')} status={answer.status} code={code} message={message} />);
}

export function libraryPages(router: Router, context: WebContext): void {
  // Rendered READMEs (8 million characters of HTML) and archives (32 MiB), by published version.
  const readmes = new PublishedCache<string>(8_000_000, (html) => html.length);
  const archives = new PublishedCache<Archive>(32 * 1024 * 1024, (archive) => archive.zip.length);
  // Visitors draw on a budget per address; signed-in people on their account's, as on every page.
  const limit: RequestHandler = (req, res, next) => {
    const { principal } = webLocals(res);
    if (!principal) return context.limitVisitors(req, res, next);
    res.locals.principal = principal;
    context.limit(req, res, (err?: unknown) => {
      if (err) return next(err);
      // The header names the reader, as on every signed-in page.
      context.accounts.labelOf(principal.accountId).then((label) => {
        res.locals.accountLabel = label;
        next();
      }, next);
    });
  };

  /** A published Template's listing and whole files (those of `paths`), read side by side; undefined once a refusal's page is sent. */
  async function published(req: Request, res: Response, id: string, files: { readonly paths: string[]; readonly max_total_chars: number }) {
    const [detail, read] = await Promise.all([
      context.operations.call<PublicTemplateDetail>(res, 'get_library_template', { template_id: id }),
      context.operations.call<PublishedFiles>(res, 'read_library_template_files', { template_id: id, max_chars_per_file: FILE_CHARS_MAX, ...files }),
    ]);
    if (!detail.ok) return sendRefusal(req, res, detail);
    if (!read.ok) return sendRefusal(req, res, read);
    return { detail: detail.data, files: read.data };
  }

  router.get(
    '/library',
    limit,
    page(async (req, res) => {
      const search = { query: query(req, 'query'), category: query(req, 'category'), tag: query(req, 'tag'), sort: query(req, 'sort') };
      const cursor = query(req, 'cursor');
      const answer = await context.operations.call<PublicTemplate[]>(res, 'search_library_templates', { ...search, cursor, limit: 20 });
      const problems = answer.ok ? NO_PROBLEMS : problemsOf(answer.result);
      const html = pageHtml(
        <Layout {...frame(req, res, search.query ? `Library: ${search.query}` : 'Library', 'library')} visitor>
          <h1>Library</h1>
          <p>Templates that creators have published for everyone: read them, download them, or copy one into your own templates.</p>
          {signedIn(res) ? (
            <p>
              <a href="/library/mine">Your templates</a>
            </p>
          ) : null}
          <form method="get" action="/library" class="filters" role="search">
            <FormError problems={problems} />
            <Field name="query" label="Search" type="search" value={search.query} problems={problems} />
            <Select name="category" label="Category" options={enums.templateCategory} value={search.category} any="Any category" problems={problems} />
            <Field name="tag" label="Tag" value={search.tag} problems={problems} />
            <Select name="sort" label="Order" options={SORTS} value={search.sort ?? 'relevance'} problems={problems} />
            <button type="submit">Search</button>
          </form>
          {answer.ok ? <Results templates={answer.data} /> : null}
          {answer.ok ? <Pager base="/library" query={search} next={answer.nextCursor} label="More Templates" /> : null}
        </Layout>,
      );
      if (!answer.ok) {
        res.status(answer.status).type('html').send(html);
        return;
      }
      sendPublic(req, res, html, { signedIn: signedIn(res), type: 'html' });
    }),
  );

  router.get(
    '/library/:template_id',
    forTemplate(limit, async (req, res, id) => {
      const detail = await context.operations.call<PublicTemplateDetail>(res, 'get_library_template', { template_id: id });
      if (!detail.ok) return sendRefusal(req, res, detail);
      const { version } = detail.data.template;
      const readme = await readmes.get(`${id}@${version}@${detail.data.template.published_at}`, async () => {
        const read = await context.operations.call<PublishedFiles>(res, 'read_library_template_files', {
          template_id: id,
          paths: [README],
          max_chars_per_file: FILE_CHARS_MAX,
          max_total_chars: FILE_CHARS_MAX,
        });
        // Unpublished, or another version published, since the first read: shown without it, and not kept.
        if (!read.ok || read.data.version !== version) return undefined;
        const text = read.data.files.find((file) => file.path === README)?.content;
        if (text === undefined) return '';
        // The page renders the README's beginning; the whole of it is on its file's page.
        const shown = shortenToCodePoints(text, README_RENDERED_CHARS);
        const html = renderReadme(shown.text, (path) => filePath(id, path));
        if (!shown.truncated) return html;
        return `${html}<p class="meta">The README continues: <a href="${filePath(id, README)}">read all of README.md</a>.</p>`;
      });
      const html = pageHtml(
        <Layout {...frame(req, res, detail.data.template.name, 'library')} visitor>
          <TemplatePage detail={detail.data} readme={readme} csrfToken={webLocals(res).csrfToken} signedIn={signedIn(res)} />
        </Layout>,
      );
      // A page without the README it should have (a publication in between) is no one's to keep.
      if (readme === undefined) {
        res.status(200).type('html').send(html);
        return;
      }
      sendPublic(req, res, html, { signedIn: signedIn(res), type: 'html' });
    }),
  );

  router.get(
    '/library/:template_id/files/*path',
    forTemplate(limit, async (req, res, id) => {
      const path = (req.params.path as unknown as string[]).join('/');
      const read = await published(req, res, id, { paths: [path], max_total_chars: FILE_CHARS_MAX });
      if (!read) return;
      const file = read.files.files[0];
      if (!file) {
        sendPage(
          res,
          404,
          <ErrorView frame={frame(req, res, 'Not found', 'library')} status={404} code="not_found" message={`This Template's published version has no file ${path}.`} />,
        );
        return;
      }
      const { template } = read.detail;
      const html = pageHtml(
        <Layout {...frame(req, res, `${file.path} · ${template.name}`, 'library')} visitor>
          <p class="breadcrumbs">
            <a href="/library">Library</a> / <a href={templatePath(id)}>{template.name}</a>
          </p>
          <h1>
            <code>{file.path}</code>
          </h1>
          <p class="meta">
            {file.size} characters · version {read.files.version}
          </p>
          <pre class="file" tabIndex={0} aria-label={`Content of ${file.path}`}>
            <code>{file.content}</code>
          </pre>
        </Layout>,
      );
      sendPublic(req, res, html, { signedIn: signedIn(res), type: 'html' });
    }),
  );

  router.get(
    '/library/:template_id/download',
    forTemplate(limit, async (req, res, id) => {
      const detail = await context.operations.call<PublicTemplateDetail>(res, 'get_library_template', { template_id: id });
      if (!detail.ok) return sendRefusal(req, res, detail);
      const { template } = detail.data;
      // Made of another version than the listing's (published in between): sent, not kept.
      let unkept: Archive | undefined;
      let refused: Answer<unknown> | undefined;
      const made =
        (await archives.get(`${id}@${template.version}@${template.published_at}`, async () => {
          const read = await context.operations.call<PublishedFiles>(res, 'read_library_template_files', {
            template_id: id,
            max_chars_per_file: FILE_CHARS_MAX,
            max_total_chars: ALL_FILES_CHARS,
          });
          if (!read.ok) {
            refused = read;
            return undefined;
          }
          const folder = `${slug(template.name)}-v${read.data.version}`;
          const made = { name: `${folder}.zip`, zip: archive(folder, read.data, new Date(template.published_at)) };
          if (read.data.version === template.version) return made;
          unkept = made;
          return undefined;
        })) ?? unkept;
      if (!made) return sendRefusal(req, res, refused!);
      res.setHeader('Content-Disposition', `attachment; filename="${made.name}"`);
      sendPublic(req, res, made.zip, { signedIn: signedIn(res), type: 'application/zip' });
    }),
  );

  router.post(
    '/library/:template_id/copy',
    limit,
    page(async (req, res) => {
      const id = String(req.params.template_id);
      if (!signedIn(res)) {
        redirectTo(res, `/sign-in?return_to=${encodeURIComponent(templatePath(id))}`);
        return;
      }
      const body = req.body as Record<string, unknown>;
      const copy = await context.operations.call<{ id: string }>(res, 'copy_library_template', {
        template_id: id,
        idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined,
      });
      if (!copy.ok) return sendRefusal(req, res, copy);
      redirectTo(res, `/library/mine/${encodeURIComponent(copy.data.id)}?notice=template-copied`);
    }),
  );
}

function Results(props: { readonly templates: readonly PublicTemplate[] }) {
  if (props.templates.length === 0) return <p>No published Template matches.</p>;
  return (
    <ul class="cards" aria-label="Templates">
      {props.templates.map((template) => (
        <li class="card">
          <h2 class="card-title">
            <a href={templatePath(template.id)}>{template.name}</a>
          </h2>
          {template.summary ? <p>{template.summary}</p> : null}
          <p class="meta">
            {template.category} · {template.license} · version {template.version} · by {template.creator.display_name ?? 'a creator'} ·{' '}
            {uses(template.uses)}
          </p>
          {template.tags.length > 0 ? <Tags tags={template.tags} /> : null}
        </li>
      ))}
    </ul>
  );
}

const uses = (count: number) => (count === 1 ? '1 use' : `${count} uses`);

function Tags(props: { readonly tags: readonly string[] }) {
  return (
    <ul class="tags" aria-label="Tags">
      {props.tags.map((tag) => (
        <li>
          <a href={`/library?tag=${encodeURIComponent(tag)}`}>{tag}</a>
        </li>
      ))}
    </ul>
  );
}

/** A Template's page; `readme` is its README's HTML ('' when it has none, undefined when it could not be read). */
function TemplatePage(props: { readonly detail: PublicTemplateDetail; readonly readme: string | undefined; readonly csrfToken: string; readonly signedIn: boolean }) {
  const { template, files, versions } = props.detail;
  const id = template.id;
  return (
    <>
      <p class="breadcrumbs">
        <a href="/library">Library</a>
      </p>
      <h1>{template.name}</h1>
      {template.summary ? <p class="lead">{template.summary}</p> : null}
      <dl class="fields">
        <dt>Creator</dt>
        <dd>{template.creator.display_name ?? 'A creator'}</dd>
        <dt>Licence</dt>
        <dd>{template.license}</dd>
        <dt>Version</dt>
        <dd>
          {template.version}, published {formatTime(template.published_at)}
        </dd>
        <dt>Category</dt>
        <dd>
          <a href={`/library?category=${encodeURIComponent(template.category)}`}>{template.category}</a>
        </dd>
        <dt>Used by</dt>
        <dd>{template.uses === 1 ? '1 account' : `${template.uses} accounts`}</dd>
      </dl>
      {template.tags.length > 0 ? <Tags tags={template.tags} /> : null}
      <div class="actions">
        <a class="button-link" href={`${templatePath(id)}/download`}>
          Download
        </a>
        {props.signedIn ? (
          <ActionButton
            action={`${templatePath(id)}/copy`}
            csrfToken={props.csrfToken}
            label="Copy to my templates"
            fields={{ idempotency_key: randomUUID() }}
          />
        ) : (
          <a href={`/sign-in?return_to=${encodeURIComponent(templatePath(id))}`}>Sign in to copy it into your templates</a>
        )}
      </div>
      <section aria-labelledby="readme-heading">
        <h2 id="readme-heading">README</h2>
        {!props.readme ? (
          <p>{props.readme === '' ? 'This Template has no README.' : 'The README could not be read: reload the page.'}</p>
        ) : (
          // Rendered by renderReadme, which escapes every text and attribute of the README.
          <div class="readme" dangerouslySetInnerHTML={{ __html: props.readme }} />
        )}
      </section>
      <section aria-labelledby="files-heading">
        <h2 id="files-heading">Files</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Characters</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr>
                <td>
                  <a href={filePath(id, file.path)}>{file.path}</a>
                </td>
                <td>{file.size}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="versions-heading">
        <h2 id="versions-heading">Versions</h2>
        <ol class="versions" reversed>
          {versions.map((version) => (
            <li>
              <p>
                <strong>Version {version.version}</strong> · {formatTime(version.published_at)}
              </p>
              {version.release_notes ? <p class="notes">{version.release_notes}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** A published version's files as one zip, and its file name. */
interface Archive {
  readonly name: string;
  readonly zip: Buffer;
}

/** A name as a file name: lower-case letters, digits and dashes ("template" when none is left). */
function slug(name: string): string {
  const text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return text === '' ? 'template' : text;
}

/** The published files in one zip archive, under one folder, dated with the publication (the same bytes for the same version). */
function archive(folder: string, files: PublishedFiles, publishedAt: Date): Buffer {
  const entries: Zippable = {};
  for (const file of files.files) entries[`${folder}/${file.path}`] = [strToU8(file.content), { mtime: publishedAt }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
