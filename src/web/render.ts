import type { Response } from 'express';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/** Sends a page: preact's renderer escapes every text and attribute it is given. */
export function sendPage(res: Response, status: number, page: VNode): void {
  res.status(status).type('html').send(`<!doctype html>${render(page)}`);
}

/** After a form that changed something: back to a page (303, so that a reload does not post again). */
export function redirectTo(res: Response, location: string): void {
  res.redirect(303, location);
}
