import { DatabaseSync } from 'node:sqlite';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { StatementSync } from 'node:sqlite';
import type { ItemCreated, ItemUpdated, StoredEvent } from '@fahrplan/contracts';
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { openDurableSqlite, writeTransaction } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';

const PAGE = 1000;

// version 2 keeps deleted items (a restore brings them back where they were) and each item's lane; the
// tables of version 1 are dropped, so that a file of version 1 builds anew
const SCHEMA = `
  DROP TABLE IF EXISTS item_ranks;
  DROP TABLE IF EXISTS item_ranks_position;
  CREATE TABLE IF NOT EXISTS item_index (
    item   INTEGER PRIMARY KEY,
    tenant TEXT,
    grp    INTEGER,
    lane   TEXT,
    rank   TEXT,
    live   INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX IF NOT EXISTS item_index_by_rank ON item_index (tenant, grp, rank) WHERE live = 1;
  CREATE INDEX IF NOT EXISTS item_index_by_lane ON item_index (tenant, grp, lane) WHERE live = 1;
  CREATE TABLE IF NOT EXISTS item_index_position (
    id       INTEGER PRIMARY KEY CHECK (id = 0),
    position INTEGER NOT NULL
  );
  INSERT OR IGNORE INTO item_index_position (id, position) VALUES (0, 0);
`;

/**
 * The ranks and lanes of each project's live items, for a new item's rank (§9: after the highest existing
 * rank, else the middle) and for RemoveSubgroup's refusal of a lane that holds items, so that neither
 * command needs a read model. A deleted, moved or re-ranked top item leaves
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
  private readonly inTransaction: ReturnType<typeof writeTransaction>;
  private readonly statements: Record<
    | 'position'
    | 'savePosition'
    | 'place'
    | 'move'
    | 'rerank'
    | 'relane'
    | 'live'
    | 'clear'
    | 'highest'
    | 'laneItems',
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
    this.inTransaction = writeTransaction(this.db);
    const prepare = (sql: string) => this.db.prepare(sql);
    this.statements = {
      position: prepare('SELECT position FROM item_index_position WHERE id = 0'),
      savePosition: prepare('UPDATE item_index_position SET position = ? WHERE id = 0'),
      place: prepare(
        `INSERT INTO item_index (item, tenant, grp, lane, rank) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (item) DO UPDATE SET tenant = excluded.tenant, grp = excluded.grp,
           lane = excluded.lane, rank = excluded.rank, live = 1`,
      ),
      move: prepare('UPDATE item_index SET tenant = ?, grp = ? WHERE item = ?'),
      rerank: prepare('UPDATE item_index SET rank = ? WHERE item = ?'),
      relane: prepare('UPDATE item_index SET lane = ? WHERE item = ?'),
      live: prepare('UPDATE item_index SET live = ? WHERE item = ?'),
      clear: prepare('DELETE FROM item_index'),
      // NULL and '' are no rank (rankForNewItem ignores them); ranks are ASCII, so SQLite's byte order
      // is JavaScript's string order
      highest: prepare(
        `SELECT rank FROM item_index WHERE tenant = ? AND grp = ? AND rank > '' AND live = 1
         ORDER BY rank DESC LIMIT 1`,
      ),
      laneItems: prepare(
        'SELECT count(*) AS n FROM item_index WHERE tenant = ? AND grp = ? AND lane = ? AND live = 1',
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

  /** How many of the tenant's live items the project's lane holds. */
  async laneItems(tenant: string, group: number, lane: string): Promise<number> {
    await this.catchUp();
    return (this.statements.laneItems.get(tenant, group, lane) as { n: number }).n;
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
    this.inTransaction(() => {
      work();
      this.statements.savePosition.run(position);
    });
    return position;
  }

  private apply(event: StoredEvent): void {
    const { place, move, rerank, relane, live } = this.statements;
    if (event.type === 'ItemCreated') {
      const { id, group, subgroup, rank } = event.data as ItemCreated['data'];
      place.run(id, event.metadata.tenant, group ?? null, subgroup ?? null, rank ?? null);
    } else if (event.type === 'ItemUpdated') {
      const { id, changes } = event.data as ItemUpdated['data'];
      // a move takes the item to the project in the tenant that moved it
      if (changes.group !== undefined) move.run(event.metadata.tenant, changes.group, id);
      if (changes.rank !== undefined) rerank.run(changes.rank, id);
      if (changes.subgroup !== undefined) relane.run(changes.subgroup, id);
    } else if (event.type === 'ItemDeleted' || event.type === 'ItemRestored') {
      live.run(event.type === 'ItemRestored' ? 1 : 0, (event.data as { id: number }).id);
    }
  }
}
