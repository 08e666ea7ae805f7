import { defaultCalendarId } from '@fahrplan/contracts';
import type { GroupUpdated, ItemCreated, ItemsRescheduled, RecordedMove } from '@fahrplan/contracts';
import type { Join, Projection } from '../projections/projection';
import { foldText, recordProjection, withDerived } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';
import { intervalOf } from './timeline-interval';

/** The item read model (§3 Item); duration, workload and the project title are computed at query time. */
export interface ItemDoc extends Omit<ItemCreated['data'], never>, RecordDoc {}

/**
 * The keys of the item lists (issue 17): `_rank` (a project's items by rank; '' for none, which sorts
 * first as before) and `_search`, the folded title, which the item search both matches and sorts by;
 * and the interval fields of the timeline's window.
 */
export const itemKeys = (doc: ItemDoc) => ({
  _rank: doc.rank ?? '',
  _search: foldText(doc.title),
  ...intervalOf(doc.start, doc.end),
});

/**
 * What a timeline row shows of an item (besides its tenant and project, which the interval index's
 * keys hold): the index holds them too, so that a window's items are read from the index alone.
 */
export const timelineItemFields = [
  'id',
  'title',
  'subgroup',
  'start',
  'end',
  'type',
  'className',
  'rank',
  'status',
  'version',
] as const satisfies readonly (keyof ItemDoc)[];

/** An item as the timeline reads it. */
export type TimelineItemDoc = Pick<ItemDoc, (typeof timelineItemFields)[number] | 'tenant' | 'group'>;

const movesByItem = new WeakMap<ItemsRescheduled['data'], ReadonlyMap<number, RecordedMove>>();

/** A reschedule's moves by item, made once per event: its thousand documents each look theirs up. */
const movesOf = (data: ItemsRescheduled['data']): ReadonlyMap<number, RecordedMove> => {
  let moves = movesByItem.get(data);
  if (!moves) movesByItem.set(data, (moves = new Map(data.moves.map((move) => [move.item, move]))));
  return moves;
};

/**
 * A reschedule moves all its items in the one write of its event (docs/design/scheduling.md), so that
 * no reader sees half of it. It sets the version each item's own `ItemUpdated` (the same dates,
 * appended with it) gives, so that the step leaves the document as it is and costs no write; a
 * reversal carries the versions the item streams have.
 */
const withReschedules = (projection: Projection<ItemDoc>): Projection<ItemDoc> => ({
  ...projection,
  handles: [...projection.handles, 'ItemsRescheduled'],
  documentIds: (event) =>
    event.type === 'ItemsRescheduled'
      ? (event.data as ItemsRescheduled['data']).moves.map((move) => String(move.item))
      : null,
  evolve: (doc, event) => {
    if (event.type !== 'ItemsRescheduled') return projection.evolve(doc, event);
    const data = event.data as ItemsRescheduled['data'];
    const move = doc && movesOf(data).get(doc.id);
    if (!doc || !move || doc.tenant !== event.metadata.tenant) return doc;
    const version = data.reverts === undefined ? move.version + 1 : move.version;
    return { ...doc, start: move.start, end: move.end, version };
  },
});

const byRank = { tenant: 1, deleted: 1, group: 1, _rank: 1, start: 1, id: 1, _id: 1 } as const;
const search = { tenant: 1, deleted: 1, _search: 1, _id: 1 } as const;
/** A project's items by start day: the timeline's short levels. */
const projectDays = { tenant: 1, deleted: 1, group: 1, _startDay: 1, _endDay: 1, _lvl: 1 } as const;
/** A project's items per level by start day: the timeline's longer levels. */
const projectLevelDays = { tenant: 1, deleted: 1, _lvl: 1, group: 1, _startDay: 1, _id: 1 } as const;

/**
 * `_calendar`: the calendar of the item's project as the runner has it (the default without a project
 * document), so that the running totals count the task's working days on it (running-totals.md); a
 * project's change of calendar derives it again for the project's live items (a deleted one derives it
 * when restored).
 */
export const itemCalendarKey: Join = {
  collection: 'groups',
  idOf: (doc) => String(doc.group),
  derive: (doc, project) => ({
    _calendar:
      project && project.tenant === doc.tenant && typeof project.calendar === 'number'
        ? project.calendar
        : defaultCalendarId,
  }),
  handles: ['GroupUpdated'],
  referring: (event) => {
    const { id, changes } = event.data as GroupUpdated['data'];
    return changes.calendar === undefined
      ? null
      : { tenant: event.metadata.tenant, deleted: false, group: id };
  },
};

/** Items, with their lists' keys and their interval derived. */
const itemsWithKeys = withDerived(
  withReschedules(
    recordProjection<ItemDoc>({
      collection: 'items',
      version: 6,
      kind: 'Item',
      // GET /api/items?group= (by rank), ?q= and GET /api/items/:title (both by the folded title, which
      // findByName then tests exactly: no index holds the title itself, docs/design/version-indexes.md),
      // and the timeline window of a page of projects (own ones by tenant, shared ones by their owner):
      // the short levels' items per project by start day, holding what a row shows; the longer levels'
      // per level
      indexes: [
        byRank,
        search,
        { ...projectDays, ...Object.fromEntries(timelineItemFields.map((field) => [field, 1] as const)) },
        projectLevelDays,
        // issue 24's impact preview: per interval level, the tenant's items across its projects by start
        // day, so that a change's window reads its items, and a level's first and last start bound the
        // days its items span (what the preview reads of an item beside the keys: a covering read)
        { tenant: 1, deleted: 1, _lvl: 1, _startDay: 1, _endDay: 1, group: 1, id: 1, start: 1, end: 1 },
      ],
      // as of an instant: the same lists and the timeline; a version is read for its validity anyway, so
      // the timeline's index there holds its keys alone; the impact preview (a POST) never reads the past
      asOfIndexes: [byRank, search, projectDays, projectLevelDays],
      // every indexed field but `deleted`: texts, numbers or null by the items' event schemas
      scalarFields: [
        'tenant',
        'group',
        '_rank',
        '_search',
        '_startDay',
        '_endDay',
        '_lvl',
        ...timelineItemFields,
      ],
    }),
  ),
  itemKeys,
);

/** Items, with their project's calendar joined (`itemCalendarKey`). */
export const itemsProjection: Projection<ItemDoc> = { ...itemsWithKeys, join: itemCalendarKey };
