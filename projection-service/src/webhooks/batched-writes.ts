import type { DocumentWrite, ReadStore } from '../read-store/read-store';

/** Each document's latest write of `writes`: a document written twice in a batch is written once. */
const latest = (writes: readonly DocumentWrite[]): DocumentWrite[] => {
  const byDocument = new Map<string, DocumentWrite>();
  for (const write of writes) {
    const key = `${write.collection}\u0000${write.id}`;
    if ((byDocument.get(key)?.position ?? -Infinity) < write.position) byDocument.set(key, write);
  }
  return [...byDocument.values()];
};

/**
 * Writes to the read store gathered for `delayMs` and then written together, in one write (one
 * transaction on SQLite, one bulk on MongoDB): many small records that finish close together (a
 * webhook's attempts) cost one write instead of one each.
 */
export class BatchedWrites {
  private batch: { readonly writes: DocumentWrite[]; readonly written: Promise<void> } | undefined;

  constructor(
    private readonly store: ReadStore,
    private readonly delayMs: number,
  ) {}

  /** Adds `writes` to the next batch; resolves once that batch is written (rejects if it failed). */
  add(...writes: DocumentWrite[]): Promise<void> {
    if (!this.batch) {
      const batch: DocumentWrite[] = [];
      const written = new Promise<void>((resolve) => setTimeout(resolve, this.delayMs)).then(() => {
        this.batch = undefined;
        return this.store.write(latest(batch));
      });
      this.batch = { writes: batch, written };
    }
    this.batch.writes.push(...writes);
    return this.batch.written;
  }
}
