/** A stored read-model document: `_id` and the global `_position` of the last event it reflects. */
export interface ReadDocument {
  readonly _id: string;
  readonly _position: number;
  readonly [field: string]: unknown;
}

export interface FindOptions {
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly limit?: number;
}

/**
 * The read store port. Queries are MongoDB-style filters written once, which both adapters execute
 * (the embedded one through mingo, the MongoDB one natively).
 */
export interface ReadStore {
  get(collection: string, id: string): Promise<ReadDocument | null>;
  find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options?: FindOptions,
  ): Promise<ReadDocument[]>;
  put(collection: string, document: ReadDocument): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  checkpoint(name: string): Promise<number>;
  saveCheckpoint(name: string, position: number): Promise<void>;
  /** Every collection's documents sorted by id: for comparing a rebuild with the live store. */
  dump(): Promise<Record<string, ReadDocument[]>>;
}
