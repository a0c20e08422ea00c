import type { Router } from 'express';
import { frame, page, type WebContext } from '../context';
import { sendPage } from '../render';
import { ErrorPanel, formatTime, Pager } from '../views/common';
import { Field } from '../views/forms';
import { Layout } from '../views/layout';

interface PublicTemplate {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly version: number;
  readonly published_at: string;
  readonly creator: { readonly display_name: string };
}

/** The published Templates of the Library, searched through the same operation as `GET /v1/library/templates`. */
export function libraryPages(router: Router, context: WebContext): void {
  router.get(
    '/library',
    page(async (req, res) => {
      const q = typeof req.query.q === 'string' && req.query.q !== '' ? req.query.q : undefined;
      const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
      const templates = await context.operations.call<PublicTemplate[]>(res, 'search_library_templates', { query: q, cursor, limit: 30 });
      sendPage(
        res,
        templates.ok ? 200 : templates.status,
        <Layout {...frame(req, res, 'Library', 'library')}>
          <h1>Library</h1>
          <p>Templates creators have published for everyone.</p>
          <form method="get" action="/library" class="filters" role="search">
            <Field name="q" label="Search templates" type="search" value={q} />
            <button type="submit">Search</button>
          </form>
          {!templates.ok ? <ErrorPanel result={templates.result} /> : null}
          {templates.ok && templates.data.length === 0 ? <p>No published Template matches.</p> : null}
          {templates.ok && templates.data.length > 0 ? (
            <ul class="cards">
              {templates.data.map((template) => (
                <li class="card">
                  <p class="card-title">{template.name}</p>
                  <p>{template.summary}</p>
                  <p class="meta">
                    {template.category} · version {template.version} · by {template.creator.display_name} · published {formatTime(template.published_at)}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
          {templates.ok ? <Pager base="/library" query={{ q }} next={templates.nextCursor} label="More Templates" /> : null}
        </Layout>,
      );
    }),
  );
}
