import type { RankedDoc } from './ranking';

/** What search reads of a document it ranked: its index number and its text, with the rest of its row. */
export interface IndexedDocument {
  readonly search_doc: number;
  readonly text: string;
}

/** Reads the rows of documents by ID; those no longer there are left out. */
export type DocumentSource<Row extends IndexedDocument> = (ids: readonly string[]) => Promise<Row[]>;

/** The rows of a search's ranked documents, each read from the source once however often it is asked for. */
export class DocumentRows<Row extends IndexedDocument> {
  private readonly rows = new Map<number, Row>();

  constructor(private readonly source: DocumentSource<Row>) {}

  /** Reads the rows of those of `docs` not read yet. */
  async read(docs: readonly RankedDoc[]): Promise<void> {
    const missing = docs.filter((doc) => !this.rows.has(doc.doc));
    if (missing.length === 0) return;
    for (const row of await this.source(missing.map((doc) => doc.id))) this.rows.set(row.search_doc, row);
  }

  /** The row of a document read. */
  of(doc: RankedDoc): Row {
    return this.rows.get(doc.doc)!;
  }
}
