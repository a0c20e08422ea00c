import { StringDecoder } from 'node:string_decoder';
import { AppError, bodyTooLarge } from '../shared/errors';
import { invalidLine } from './records';

/** A line of an upload: its number (from 1) and its text. */
export interface NumberedLine {
  readonly number: number;
  readonly text: string;
}

export interface LineLimits {
  /** The most bytes the whole upload may hold (`payload_too_large` beyond). */
  readonly maxBytes: number;
  /** The most bytes one line may hold (`invalid_import` beyond). */
  readonly maxLineBytes: number;
}

/**
 * Splits a byte stream into its lines as it arrives (UTF-8; `\n` or `\r\n` ends a line; blank
 * lines are skipped). Only the line being read is held: an upload is never kept whole.
 */
export async function* linesOf(chunks: AsyncIterable<Buffer | string>, limits: LineLimits): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8');
  let total = 0;
  let number = 0;
  let pending = '';
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    total += bytes;
    if (total > limits.maxBytes) {
      throw bodyTooLarge(limits.maxBytes);
    }
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      const piece = pending + text.slice(start, end);
      pending = '';
      pendingBytes = 0;
      start = end + 1;
      number += 1;
      if (Buffer.byteLength(piece) > limits.maxLineBytes) throw lineTooLong(number, limits.maxLineBytes);
      const line = piece.endsWith('\r') ? piece.slice(0, -1) : piece;
      if (line.trim() !== '') yield { number, text: line };
    }
    const rest = text.slice(start);
    pending += rest;
    pendingBytes += Buffer.byteLength(rest);
    if (pendingBytes > limits.maxLineBytes) throw lineTooLong(number + 1, limits.maxLineBytes);
  }
  const last = pending + decoder.end();
  if (last.trim() !== '') yield { number: number + 1, text: last.endsWith('\r') ? last.slice(0, -1) : last };
}

function lineTooLong(number: number, maxLineBytes: number): AppError {
  return invalidLine(number, [{ path: '', message: `is longer than ${maxLineBytes} bytes` }]);
}
