import { comparedItem, projectTotals, toDayNumber } from '@fahrplan/contracts';
import type {
  BaselineComparison,
  BaselineView,
  ComparedItem,
  PlannedDates,
  ProjectComparison,
  SlipRules,
} from '@fahrplan/contracts';
import { calendarBook } from '../calendars/calendar-book';
import { encodeCursor, fieldsPageOf } from '../http/paging';
import type { PageRequest, SortOrder } from '../http/paging';
import { fieldError } from '../http/query-params';
import type { ReadDocument, ReadView } from '../read-store/read-store';
import { isTombstone } from '../read-store/read-store';
import type { TimelineItemDoc } from '../items/items.projection';
import { itemsOf, maxBatches, rowFilters } from '../items/timeline';
import type { OwnerLevels } from '../items/timeline';

export interface ComparisonQuery {
  readonly tenant: string;
  readonly baseline: BaselineView;
  /** The log position of the baseline's instant: what `then` reflects. */
  readonly position: number;
  readonly from: string;
  readonly to: string;
  /** Only these projects (absent: every project the tenant sees). */
  readonly groups: readonly number[] | undefined;
  readonly page: PageRequest;
}

/** The plan now and as it stood at the baseline's instant. */
export interface ComparedStores {
  readonly now: ReadView;
  readonly then: ReadView;
}

const rowOrder: SortOrder = [['_title', 1]];
const rowFields = ['id', 'tenant', 'title', 'calendar'] as const;
interface Row {
  readonly _id: string;
  readonly _title: unknown;
  readonly id: number;
  readonly tenant: string;
  readonly title: string;
  /** Issue 24: the project's calendar, whose working days count its items' slips (absent: the default). */
  readonly calendar?: number;
}

/**
 * The rows are walked in two phases, each in title order: first the projects live now (with their
 * items now and then), then those the tenant saw at the baseline that are gone now (their items then).
 */
type Phase = 0 | 1;
interface Resume {
  readonly phase: Phase;
  readonly after: readonly unknown[] | null;
}

const resumeOf = (after: readonly unknown[] | null): Resume => {
  if (after === null) return { phase: 0, after: null };
  const [phase, ...key] = after;
  if ((phase !== 0 && phase !== 1) || key.length !== 2)
    throw fieldError(
      'cursor',
      'a cursor from nextCursor',
      'the query parameter cursor is not one this list gave',
    );
  // a phase's start has no key yet
  return { phase, after: key[1] === '' ? null : key };
};
const cursorOf = ({ phase, after }: Resume) => encodeCursor([phase, ...(after ?? ['', ''])]);

interface Found {
  readonly row: Row;
  /** Whether the project is gone now (the second phase): its items are removed unless they moved. */
  readonly gone: boolean;
  readonly now: readonly TimelineItemDoc[];
  readonly then: readonly TimelineItemDoc[];
}

/**
 * The projects asked for (`group=`) that the second phase may still find: those not live now, which the
 * first phase walked. The timeline's overlay names only projects live now, so it skips the walk of the
 * baseline's projects in title order (as of the baseline's position: the versions, or a fold).
 */
const goneOf = async (stores: ComparedStores, query: ComparisonQuery) => {
  const { tenant, groups } = query;
  if (!groups) return undefined;
  const live = await stores.now.findFields(
    'groups',
    rowFilters(tenant, { groups, status: undefined, resource: undefined, application: undefined }),
    ['id'],
  );
  const walked = new Set(live.map((d) => d.id as number));
  return groups.filter((id) => !walked.has(id));
};

/**
 * Up to `limit` + 1 rows of one phase from `resume`, reading the projects a batch at a time (at most
 * `maxBatches`): a project is a row when it has items in the window then or now.
 */
const scanPhase = async (
  stores: ComparedStores,
  query: ComparisonQuery,
  resume: Resume,
  wanted: number,
): Promise<{ found: Found[]; resumeAfter: readonly unknown[] | null }> => {
  const { tenant } = query;
  const [fromDay, toDay] = [toDayNumber(query.from), toDayNumber(query.to)];
  const rowStore = resume.phase === 0 ? stores.now : stores.then;
  const groups = resume.phase === 1 ? await goneOf(stores, query) : query.groups;
  if (groups?.length === 0) return { found: [], resumeAfter: null };
  const filters = rowFilters(tenant, {
    groups,
    status: undefined,
    resource: undefined,
    application: undefined,
  });
  const levels = { now: new Map() as OwnerLevels, then: new Map() as OwnerLevels };
  const found: Found[] = [];
  let after = resume.after;
  for (let batch = 0; batch < maxBatches && found.length < wanted; batch++) {
    // named projects (the overlay's page of rows) are read by id, not found along the title index
    const page = await fieldsPageOf(
      rowStore,
      'groups',
      filters,
      rowOrder,
      { limit: wanted, after },
      rowFields,
      { named: groups !== undefined },
    );
    let docs = page.docs as unknown as Row[];
    if (resume.phase === 1 && docs.length > 0) {
      // gone now: not among the rows the first phase walked
      const live = await stores.now.findFields(
        'groups',
        rowFilters(tenant, {
          groups: docs.map((d) => d.id),
          status: undefined,
          resource: undefined,
          application: undefined,
        }),
        ['id'],
      );
      const walked = new Set(live.map((d) => d.id as number));
      docs = docs.filter((d) => !walked.has(d.id));
    }
    const [now, then] = await Promise.all([
      resume.phase === 0 ? itemsOf(stores.now, docs, fromDay, toDay, levels.now) : [],
      itemsOf(stores.then, docs, fromDay, toDay, levels.then),
    ]);
    for (const row of docs) {
      const rowNow = now.filter((item) => item.group === row.id);
      const rowThen = then.filter((item) => item.group === row.id);
      if (rowNow.length > 0 || rowThen.length > 0)
        found.push({ row, gone: resume.phase === 1, now: rowNow, then: rowThen });
    }
    const last = (page.docs as unknown as Row[]).at(-1);
    if (page.nextCursor === null || !last) return { found, resumeAfter: null };
    after = [last._title, last._id];
  }
  return { found, resumeAfter: after };
};

const datesOf = (item: Pick<TimelineItemDoc, 'start' | 'end'>): PlannedDates => ({
  start: item.start,
  end: item.end,
});

const liveItem = (doc: ReadDocument | undefined): TimelineItemDoc | null =>
  doc && !isTombstone(doc) && doc.deleted !== true ? (doc as unknown as TimelineItemDoc) : null;

/** Whether an item's dates meet the window [from, to) (a milestone: its date in it). */
const inWindow = (item: Pick<TimelineItemDoc, 'start' | 'end'>, from: string, to: string) => {
  const start = item.start.slice(0, 10);
  return item.end === null ? start >= from && start < to : start < to && item.end.slice(0, 10) > from;
};

/**
 * One row's items compared: matched by id; an item in the window only now may have stood elsewhere
 * then (slipped in, or moved from another project), one only then may stand elsewhere now (slipped out;
 * listed under its project now when that one shows it in the window) or be gone (removed).
 */
const compareRow = async (
  stores: ComparedStores,
  query: ComparisonQuery,
  found: Found,
  rules: SlipRules | undefined,
): Promise<ComparedItem[]> => {
  const thenById = new Map(found.then.map((item) => [item.id, item]));
  const nowById = new Map(found.now.map((item) => [item.id, item]));
  const onlyNow = found.now.filter((item) => !thenById.has(item.id));
  const onlyThen = found.then.filter((item) => !nowById.has(item.id));
  const [before, after] = await Promise.all([
    onlyNow.length
      ? stores.then.getMany(
          'items',
          onlyNow.map((i) => String(i.id)),
        )
      : new Map<string, ReadDocument>(),
    onlyThen.length
      ? stores.now.getMany(
          'items',
          onlyThen.map((i) => String(i.id)),
        )
      : new Map<string, ReadDocument>(),
  ]);
  const items: ComparedItem[] = found.now.map((item) => {
    const then = thenById.get(item.id) ?? liveItem(before.get(String(item.id)));
    return comparedItem(item, then && datesOf(then), datesOf(item), rules);
  });
  for (const item of onlyThen) {
    const live = liveItem(after.get(String(item.id)));
    // the items of a deleted project stay live in its stream: gone with it, unless moved out of it
    const now = live && !(found.gone && live.group === item.group) ? live : null;
    if (now && now.group !== item.group && inWindow(now, query.from, query.to)) continue;
    // listed under this row: its project then
    const { group } = item;
    items.push(
      now
        ? comparedItem({ ...now, group }, datesOf(item), datesOf(now), rules)
        : comparedItem(item, datesOf(item), null),
    );
  }
  return items;
};

/**
 * One page of a baseline's comparison: projects in title order (those live now, then those gone), each
 * with its items of the window then and now and its totals. What it reads follows the page: the
 * page's projects and their items in the window, in the live read models and as of the baseline's
 * position, never the tenant.
 */
export const comparisonPage = async (
  stores: ComparedStores,
  query: ComparisonQuery,
): Promise<BaselineComparison> => {
  const { limit } = query.page;
  let resume = resumeOf(query.page.after);
  const found: Found[] = [];
  let next: Resume | null = null;
  for (;;) {
    const scan = await scanPhase(stores, query, resume, limit + 1 - found.length);
    found.push(...scan.found);
    if (found.length > limit) {
      const last = found[limit - 1]!;
      // a page that ends with the first phase's last row goes on with the second from its start
      next =
        last.gone === (resume.phase === 1)
          ? { phase: resume.phase, after: [last.row._title, last.row._id] }
          : { phase: 1, after: null };
      break;
    }
    if (scan.resumeAfter !== null) {
      next = { phase: resume.phase, after: scan.resumeAfter };
      break;
    }
    if (resume.phase === 1) break;
    resume = { phase: 1, after: null };
  }
  const rows = found.slice(0, limit);
  // slips count on each project's calendar as it is now (the default's for one gone with its calendar)
  const rules = await calendarBook(stores.now).rulesOfProjects(rows.map(({ row }) => row));
  const perRow = await Promise.all(rows.map((row) => compareRow(stores, query, row, rules.get(row.row.id))));
  const groups: ProjectComparison[] = rows.map(({ row }, i) =>
    projectTotals({ id: row.id, title: row.title, shared: row.tenant !== query.tenant }, perRow[i]!),
  );
  return {
    baseline: query.baseline,
    from: query.from,
    to: query.to,
    position: query.position,
    groups,
    items: perRow.flat(),
    nextCursor: next && cursorOf(next),
  };
};
