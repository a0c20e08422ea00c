import { AppError } from '../domain/shared/errors';
import { openExport } from '../domain/portability/export';
import { assertImportModeAllowed, importAccount } from '../domain/portability/import';
import { spooledUpload } from '../domain/portability/spool';
import { linesOf } from '../domain/portability/lines';
import { bodyLimitOf } from '../pipeline/operations';
import { ok, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';

/**
 * One line of an import may hold up to 8 MiB: twice the longest line an export writes (a Template
 * with its draft and published files, or a Memory with 32 revisions, at most about 4 MiB each; a
 * longer history goes on in memory_history records). A line is parsed whole, so its size bounds
 * the memory and time one record costs: about six times its size in memory while it is parsed,
 * checked and written.
 */
const IMPORT_LINE_BYTES = 8 * 1024 * 1024;

export const portabilityHandlers: HandlerGroup<TaggedOperations<'Export and import'>> = {
  exportAccount: async (services, { principal }) => ({
    status: 200,
    body: { streamed: 'application/x-ndjson', chunks: await openExport(services, principal) },
  }),
  importAccount: async (services, { principal, upload, query }) => {
    if (!upload) throw new AppError('invalid_request', 'The import has no body.');
    const mode = query.mode ?? 'copy';
    assertImportModeAllowed(principal, mode);
    const limits = { maxBytes: bodyLimitOf('importAccount'), maxLineBytes: IMPORT_LINE_BYTES };
    // The body is received whole into a temporary file first, so that a client sending slowly
    // holds no transaction, lock or connection; the import reads it twice (checked, then written).
    return ok(
      await services.imports.run(principal.accountId, async () => {
        const received = await spooledUpload(upload.chunks, services.spoolDirectory, limits.maxBytes);
        try {
          return await importAccount(services, principal, () => linesOf(received.read(), limits), mode);
        } finally {
          await received.close();
        }
      }),
    );
  },
};
