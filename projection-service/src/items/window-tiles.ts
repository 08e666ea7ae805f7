import type { GroupDoc } from '../groups/groups.projection';
import type { OwnerLevels } from './timeline';
import type { ListedItem } from './timeline-json';

/** The days of a tile: a month's window meets one or two tiles of a project, a year's twelve or thirteen. */
export const tileDays = 32;

/** What a tile costs beside its items' JSON: their objects and fields, roughly. */
const ITEM_OVERHEAD_CHARS = 96;

/** The most smaller answers kept beside the tiles (a walk's batch of projects, a row's project). */
const MAX_KEPT = 4_096;

/**
 * A query thread's tiles of the timeline (issue 17): per project and run of `tileDays` days, the listed
 * items that overlap those days, as a page read them. Planners scroll and zoom over the same first
 * rows, so a window's page is mostly tiles read before: they cost a lookup instead of a read of the
 * interval index and SQLite's JSON of each item. Tiles hold for one position of the read models, as
 * the answer cache's answers do: any write drops them all (`at`). The oldest go first once their
 * items' JSON passes `maxChars` (a lookup does not reorder them: a page looks up hundreds). Beside
 * them, for the same position, the smaller reads every page repeats: the walk's batches of projects in
 * title order, the rows' projects, the owners' levels.
 */
export class WindowTiles {
  private readonly tiles = new Map<
    number,
    { readonly items: readonly ListedItem[]; readonly chars: number }
  >();
  private held = 0;
  private position: number | undefined;
  private readonly kept = new Map<string, unknown>();
  /** The interval levels of each owner's items (`levelsOf`). */
  readonly levels: OwnerLevels = new Map();

  constructor(private readonly maxChars = 12 * 2 ** 20) {}

  /** These tiles for a query at `position`: emptied first when the read models moved since. */
  at(position: number): this {
    if (position !== this.position) {
      this.tiles.clear();
      this.held = 0;
      this.kept.clear();
      this.levels.clear();
      this.position = position;
    }
    return this;
  }

  /** The items of the tile `key` (`tileKey`), if held. */
  get(key: number): readonly ListedItem[] | undefined {
    return this.tiles.get(key)?.items;
  }

  set(key: number, items: readonly ListedItem[]): void {
    if (this.tiles.has(key)) return;
    const chars = items.reduce((sum, item) => sum + item.json.length + ITEM_OVERHEAD_CHARS, 0);
    this.tiles.set(key, { items, chars });
    this.held += chars;
    for (const [oldest, tile] of this.tiles) {
      if (this.held <= this.maxChars) break;
      this.tiles.delete(oldest);
      this.held -= tile.chars;
    }
  }

  /** What `keep` kept for `key` at this position. */
  recall<T>(key: string): T | undefined {
    return this.kept.get(key) as T | undefined;
  }

  /** Keeps `value` for `key` at this position (the oldest kept goes first past `MAX_KEPT`). */
  keep(key: string, value: unknown): void {
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, value);
  }

  get size(): number {
    return this.tiles.size;
  }

  /** What the tiles hold, counted as `set` counts it. */
  get chars(): number {
    return this.held;
  }
}

type Project = Pick<GroupDoc, 'tenant' | 'id'>;

/**
 * A tile's key: its project's id (ids are unique across tenants, docs/design/ids.md) and its number,
 * in one number (2^19 tiles either side of 1970 are 45,000 years; a date has four digits).
 */
const tileKey = (project: number, tile: number) => project * 2 ** 20 + tile + 2 ** 19;

/** Reads the listed items of `projects` that overlap the days [fromDay, toDay), in no order. */
export type WindowReader = (
  projects: readonly Project[],
  fromDay: number,
  toDay: number,
) => Promise<ListedItem[]>;

/**
 * The listed items of `projects` that overlap the days [fromDay, toDay), in no order, from `tiles`:
 * the tiles missing are read first, one read (`read`) per run of days for all the projects missing it.
 * An item that overlaps several tiles of the window is taken from the first of them.
 */
export const tiledItems = async (
  tiles: WindowTiles,
  projects: readonly Project[],
  fromDay: number,
  toDay: number,
  read: WindowReader,
): Promise<ListedItem[]> => {
  const [first, last] = [Math.floor(fromDay / tileDays), Math.floor((toDay - 1) / tileDays)];
  const held = new Map<number, readonly ListedItem[]>();
  for (let tile = first; tile <= last; tile++) {
    const missing = projects.filter(({ id }) => {
      const items = tiles.get(tileKey(id, tile));
      if (items) held.set(tileKey(id, tile), items);
      return !items;
    });
    if (missing.length === 0) continue;
    const found = await read(missing, tile * tileDays, (tile + 1) * tileDays);
    const byTile = new Map<number, ListedItem[]>(missing.map(({ id }) => [tileKey(id, tile), []]));
    for (const item of found) byTile.get(tileKey(item.group, tile))?.push(item);
    for (const [key, items] of byTile) {
      held.set(key, items);
      tiles.set(key, items);
    }
  }
  const answer: ListedItem[] = [];
  for (const project of projects)
    for (let tile = first; tile <= last; tile++)
      for (const item of held.get(tileKey(project.id, tile)) ?? [])
        if (
          item._startDay < toDay &&
          item._endDay > fromDay &&
          (tile === first || item._startDay >= tile * tileDays)
        )
          answer.push(item);
  return answer;
};
