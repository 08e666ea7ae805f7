import { DatabaseSync } from 'node:sqlite';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { StatementSync } from 'node:sqlite';
import type { ItemCreated, ItemUpdated, StoredEvent } from '@fahrplan/contracts';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { openDurableSqlite } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';

const PAGE = 1000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS item_ranks (
    item   INTEGER PRIMARY KEY,
    tenant TEXT,
    grp    INTEGER,
    rank   TEXT
  );
  CREATE INDEX IF NOT EXISTS item_ranks_by_group ON item_ranks (tenant, grp, rank);
  CREATE TABLE IF NOT EXISTS item_ranks_position (
    id       INTEGER PRIMARY KEY CHECK (id = 0),
    position INTEGER NOT NULL
  );
  INSERT OR IGNORE INTO item_ranks_position (id, position) VALUES (0, 0);
`;

/**
 * The ranks of each project's live items, for a new item's rank (§9: after the highest existing rank,
 * else the middle), so that SaveItem needs no read model. A deleted, moved or re-ranked top item leaves
 * the next highest as the highest, so every live item's rank is kept: in a SQLite file indexed by
 * project and rank, not in memory, so the process does not grow with the items, and with the log's
 * position it reflects, so a restart reads on from there. Without a file it is a temporary database,
 * built anew at every start.
 *
 * Each question first reads the item events appended since the last one: the answer reflects the whole
 * log as this process sees it. Two items created at the same moment may still get the same rank, which
 * ranks allow (ties sort by id).
 */
export class ItemRanks implements OnModuleInit, OnModuleDestroy {
  private readonly db: DatabaseSync;
  private readonly statements: Record<
    'position' | 'savePosition' | 'place' | 'move' | 'rerank' | 'remove' | 'clear' | 'highest',
    StatementSync
  >;
  private reading: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: EventStore,
    /** The SQLite file the index lives in; a temporary database when absent. */
    file = '',
  ) {
    // an index the log rebuilds: a lost last transaction on a power cut costs a re-read, not data
    const pragmas = 'PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384;';
    if (file) this.db = openDurableSqlite(file, { schema: SCHEMA, pragmas });
    else {
      this.db = new DatabaseSync('');
      this.db.exec(`${pragmas} ${SCHEMA}`);
    }
    const prepare = (sql: string) => this.db.prepare(sql);
    this.statements = {
      position: prepare('SELECT position FROM item_ranks_position WHERE id = 0'),
      savePosition: prepare('UPDATE item_ranks_position SET position = ? WHERE id = 0'),
      place: prepare(
        `INSERT INTO item_ranks (item, tenant, grp, rank) VALUES (?, ?, ?, ?)
         ON CONFLICT (item) DO UPDATE SET tenant = excluded.tenant, grp = excluded.grp, rank = excluded.rank`,
      ),
      move: prepare('UPDATE item_ranks SET tenant = ?, grp = ? WHERE item = ?'),
      rerank: prepare('UPDATE item_ranks SET rank = ? WHERE item = ?'),
      remove: prepare('DELETE FROM item_ranks WHERE item = ?'),
      clear: prepare('DELETE FROM item_ranks'),
      // NULL and '' are no rank (rankForNewItem ignores them); ranks are ASCII, so SQLite's byte order
      // is JavaScript's string order
      highest: prepare(
        `SELECT rank FROM item_ranks WHERE tenant = ? AND grp = ? AND rank > ''
         ORDER BY rank DESC LIMIT 1`,
      ),
    };
  }

  /** Starts reading the log in the background, so that the first new item need not wait for all of it. */
  onModuleInit(): void {
    this.catchUp().catch(() => undefined);
  }

  onModuleDestroy(): Promise<void> {
    return this.stop();
  }

  /** Reads the item events appended since the last read; one reader at a time. */
  catchUp(): Promise<void> {
    const read = this.reading.catch(() => undefined).then(() => this.readNew());
    this.reading = read;
    return read;
  }

  /** The highest rank of the tenant's live items in the project, null when none has one. */
  async highestRank(tenant: string, group: number): Promise<string | null> {
    await this.catchUp();
    const row = this.statements.highest.get(tenant, group) as { rank: string } | undefined;
    return row?.rank ?? null;
  }

  /** Waits for a read in flight, then closes the index. */
  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.reading.catch(() => undefined);
    this.db.close();
  }

  private async readNew(): Promise<void> {
    if (this.closed) return;
    // every item event up to the head is in the pages read after it: the index has read the log that far
    const head = await this.store.headPosition();
    let position = (this.statements.position.get() as { position: number }).position;
    // a log that is shorter than the index (a data folder whose log was replaced): build anew
    if (head < position) position = this.transaction(() => this.statements.clear.run(), 0);
    for (;;) {
      const page = await this.store.readAll({ after: position, maxCount: PAGE, categories: ['item'] });
      if (this.closed) return;
      const last = page.length < PAGE ? Math.max(head, page.at(-1)?.position ?? 0) : page.at(-1)!.position;
      if (last > position)
        position = this.transaction(() => page.forEach((event) => this.apply(event)), last);
      if (page.length < PAGE) return;
      // the pages resolve as microtasks: let the server answer between them
      await yieldToEventLoop();
    }
  }

  /** Runs `work` and stores `position` in one transaction; returns the position. */
  private transaction(work: () => void, position: number): number {
    this.db.exec('BEGIN');
    try {
      work();
      this.statements.savePosition.run(position);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    return position;
  }

  private apply(event: StoredEvent): void {
    const { place, move, rerank, remove } = this.statements;
    if (event.type === 'ItemCreated') {
      const { id, group, rank } = event.data as ItemCreated['data'];
      place.run(id, event.metadata.tenant, group ?? null, rank ?? null);
    } else if (event.type === 'ItemUpdated') {
      const { id, changes } = event.data as ItemUpdated['data'];
      // a move takes the item to the project in the tenant that moved it
      if (changes.group !== undefined) move.run(event.metadata.tenant, changes.group, id);
      if (changes.rank !== undefined) rerank.run(changes.rank, id);
    } else if (event.type === 'ItemDeleted') {
      remove.run((event.data as { id: number }).id);
    }
  }
}
