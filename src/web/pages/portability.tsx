import { Readable } from 'node:stream';
import { pipeline as pipe } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, Response, Router } from 'express';
import { AppError, bodyTooLarge } from '../../domain/shared/errors';
import { errorBody } from '../../pipeline/envelope';
import { bodyLimitOf } from '../../pipeline/operations';
import type { OperationResult } from '../../pipeline/pipeline';
import { frame, page, type WebContext } from '../context';
import { sendPage } from '../render';
import { ErrorPanel } from '../views/common';
import { Csrf, Radios } from '../views/forms';
import { Layout } from '../views/layout';
import { assertCsrfToken, CSRF_FIELD, webLocals } from '../web-session';

/** Export (a download of the account's file) and import (an upload of one, as a copy or a restore), through the API's operations. */

interface Streamed {
  readonly streamed: string;
  readonly chunks: AsyncIterable<string | Buffer> & { return?: () => Promise<unknown> };
}

const MODES = [
  { value: 'copy', label: 'Copy: add everything in the file as new records' },
  { value: 'restore', label: 'Restore: keep the file’s IDs and skip what is still here' },
];

interface ImportSummary {
  readonly imported: Record<string, number>;
  readonly merged_subjects: number;
  readonly skipped: { readonly workspace_profile: number; readonly superseded_facts: number; readonly existing?: Record<string, number> };
}

/** The upload's fields (the CSRF token and the mode come before the file in the form) and its file, handed to the import as it arrives. */
function receiveImport(req: Request, res: Response, context: WebContext): Promise<OperationResult> {
  const limit = bodyLimitOf('importAccount');
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: limit } });
    } catch {
      reject(new AppError('invalid_request', 'The form must be sent as multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let received = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, file, info) => {
      received = true;
      try {
        assertCsrfToken(res, fields[CSRF_FIELD]);
      } catch (err) {
        file.resume();
        reject(err);
        return;
      }
      if (!info.filename) {
        file.resume();
        reject(new AppError('invalid_request', 'Choose the export file to import.', { errors: [{ in: 'body', path: '/file', message: 'is required' }] }));
        return;
      }
      file.on('limit', () => file.destroy(bodyTooLarge(limit)));
      const mode = fields.mode === 'restore' ? 'restore' : 'copy';
      context.operations.stream(res, 'importAccount', { query: { mode }, upload: { chunks: file } }).then(resolve, reject);
    });
    parser.on('close', () => {
      if (!received) reject(new AppError('invalid_request', 'Choose the export file to import.', { errors: [{ in: 'body', path: '/file', message: 'is required' }] }));
    });
    parser.on('error', () => reject(new AppError('invalid_request', 'The upload could not be read.')));
    req.pipe(parser);
  });
}

export function portabilityPages(router: Router, context: WebContext): void {
  router.get(
    '/memories/export',
    page(async (req, res) => {
      sendPage(
        res,
        200,
        <Layout {...frame(req, res, 'Export', 'memories')}>
          <h1>Export</h1>
          <p>
            One file (JSON lines) with everything of this account: Memories with their revisions, Subjects and links, Facts and suggestions, the
            workspace profile and your Templates. Secret Memories are in it: keep the file safe.
          </p>
          <p>
            <a class="button-link" href="/memories/export/download" download>
              Download export
            </a>
          </p>
          <p>
            To bring it back, here or on another instance, use <a href="/memories/import">Import</a>.
          </p>
        </Layout>,
      );
    }),
  );

  router.get(
    '/memories/export/download',
    page(async (req, res) => {
      const result = await context.operations.stream(res, 'exportAccount', {});
      const body = result.body as Streamed | { error: unknown };
      if (result.status >= 400 || !('streamed' in body)) {
        sendPage(
          res,
          result.status,
          <Layout {...frame(req, res, 'Export', 'memories')}>
            <h1>Export</h1>
            <ErrorPanel result={result} />
          </Layout>,
        );
        return;
      }
      const day = new Date().toISOString().slice(0, 10);
      res.status(200).type('application/x-ndjson');
      res.setHeader('Content-Disposition', `attachment; filename="mtl-export-${day}.ndjson"`);
      try {
        await pipe(Readable.from(body.chunks, { highWaterMark: 1 }), res);
      } catch (err) {
        res.destroy();
        context.logger.warn({ request_id: res.locals.requestId, error: { name: (err as Error).name } }, 'export download cut short');
      }
    }),
  );

  const importPage = (req: Request, res: Response, status: number, result: OperationResult | null) => {
    const summary = result && result.status < 400 ? ((result.body as { data: ImportSummary }).data) : null;
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Import', 'memories')}>
        <h1>Import</h1>
        {result && result.status >= 400 ? <ErrorPanel result={result} /> : null}
        {summary ? (
          <section class="notice" role="status" aria-labelledby="import-done">
            <h2 id="import-done">Imported</h2>
            <ul>
              {Object.entries(summary.imported).map(([kind, count]) => (
                <li>
                  {count} {kind.replace(/_/g, ' ')}
                </li>
              ))}
              {summary.merged_subjects > 0 ? <li>{summary.merged_subjects} Subjects merged into ones of the same name</li> : null}
            </ul>
            {summary.skipped.existing && Object.values(summary.skipped.existing).some((count) => count > 0) ? (
              <p>
                Already here, so skipped:{' '}
                {Object.entries(summary.skipped.existing)
                  .filter(([, count]) => count > 0)
                  .map(([kind, count]) => `${count} ${kind.replace(/_/g, ' ')}`)
                  .join(', ')}
                .
              </p>
            ) : null}
          </section>
        ) : null}
        <form method="post" action="/memories/import" enctype="multipart/form-data">
          <Csrf token={webLocals(res).csrfToken} />
          <Radios name="mode" legend="How" options={MODES} value="restore" />
          <div class="field">
            <label for="field-file">Export file</label>
            <input id="field-file" type="file" name="file" accept=".ndjson,.jsonl,application/x-ndjson" required />
          </div>
          <button type="submit">Import</button>
        </form>
      </Layout>,
    );
  };

  router.get(
    '/memories/import',
    page(async (req, res) => importPage(req, res, 200, null)),
  );
  router.post(
    '/memories/import',
    page(async (req, res) => {
      let result: OperationResult;
      try {
        result = await receiveImport(req, res, context);
      } catch (err) {
        if (err instanceof AppError && err.code === 'csrf_failed') throw err;
        if (!(err instanceof AppError)) throw err;
        result = { status: err.status, body: errorBody(err, res.locals.requestId as string), headers: {} };
      }
      if (!req.complete) res.setHeader('Connection', 'close');
      importPage(req, res, result.status < 400 ? 200 : result.status, result);
    }),
  );
}
