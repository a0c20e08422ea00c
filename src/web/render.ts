import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/** Sends a page: preact's renderer escapes every text and attribute it is given. */
export function sendPage(res: Response, status: number, page: VNode): void {
  res.status(status).type('html').send(pageHtml(page));
}

/** After a form that changed something: back to a page (303, so that a reload does not post again). */
export function redirectTo(res: Response, location: string): void {
  res.redirect(303, location);
}

/**
 * Sends a public answer (a page of the Library, a file, an archive) that a browser or a shared
 * cache may keep: to a visitor without a session `Cache-Control: public, no-cache` (kept, but
 * asked again each time, so an unpublished Template is gone at once) with a strong `ETag` of the
 * body, and `304 Not Modified` when the cache already holds it; to
 * someone signed in, whose page names them, nothing is kept (`no-store`). `Vary: Cookie` keeps
 * the two apart in a shared cache.
 */
export function sendPublic(req: Request, res: Response, body: string | Buffer, options: { readonly signedIn: boolean; readonly type: string }): void {
  res.type(options.type);
  res.vary('Cookie');
  // An answer that sets a cookie is one browser's: no cache may keep it for others.
  if (options.signedIn || res.getHeader('set-cookie') !== undefined) {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).send(body);
    return;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  res.setHeader('Cache-Control', 'public, no-cache');
  res.setHeader('ETag', etag);
  const held = req.get('if-none-match');
  if (held !== undefined && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    res.status(304).end();
    return;
  }
  res.status(200).send(body);
}

/** A page's HTML, as sendPage sends it. */
export function pageHtml(page: VNode): string {
  return `<!doctype html>${render(page)}`;
}
