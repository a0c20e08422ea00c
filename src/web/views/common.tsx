import type { OperationResult } from '../../pipeline/pipeline';
import { refusalOf } from '../operations';

/** A time as people read it, in UTC (the page does not know the reader's zone): "2026-11-28 09:41 UTC". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An operation's refusal, with its code (the same as the API's) for whoever reports it. */
export function ErrorPanel(props: { readonly result: OperationResult }) {
  const { code, message } = refusalOf(props.result);
  return (
    <div class="error" role="alert">
      <p>{message}</p>
      <p class="code">
        Error code: <code>{code}</code>
      </p>
    </div>
  );
}

/** The link to the next page of a list, keeping its filters. */
export function Pager(props: {
  readonly base: string;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly next: string | null;
  readonly label: string;
}) {
  if (!props.next) return null;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(props.query)) if (value !== undefined && value !== '') params.set(name, value);
  params.set('cursor', props.next);
  return (
    <p class="pager">
      <a href={`${props.base}?${params.toString()}`} rel="next">
        {props.label}
      </a>
    </p>
  );
}
