import { calendarFeedWindow, toDayNumber } from '@fahrplan/contracts';
import type { CalendarFeedFilters } from '@fahrplan/contracts';
import type { GroupDoc } from '../groups/groups.projection';
import { fieldsPageOf } from '../http/paging';
import { itemsOf, rowFilters } from '../items/timeline';
import type { OwnerLevels } from '../items/timeline';
import type { TimelineItemDoc } from '../items/items.projection';
import type { ReadView } from '../read-store/read-store';

/** One item of a feed, as its VEVENT shows it. */
export interface FeedEvent {
  readonly id: number;
  /** The tenant the item is stored under: its owner's, for a project shared with the feed's tenant. */
  readonly tenant: string;
  readonly title: string;
  readonly project: string;
  readonly start: string;
  /** Exclusive; null for a milestone. */
  readonly end: string | null;
  readonly version: number;
}

/** The days [from, to) a feed fetched on `today` (YYYY-MM-DD) covers. */
export const feedWindow = (today: string): { from: string; to: string } => {
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-calendarFeedWindow.pastDays), to: day(calendarFeedWindow.futureDays) };
};

/** Projects are walked in title order this many at a time. */
const projectBatch = 500;
/** At most this many batches: 20,000 projects, a bound on what one poll reads. */
const maxProjectBatches = 40;

const projectFields = ['id', 'tenant', 'title'] as const;
type ProjectRead = Pick<GroupDoc, (typeof projectFields)[number]> & { readonly _id: string };

/** Whether `item` belongs in a feed: a milestone, or a task when tasks are asked for; never a background. */
const shows = (item: TimelineItemDoc, includeTasks: boolean) =>
  item.type === null && (item.end === null || includeTasks);

/**
 * The events of a feed of `tenant` for the days [from, to): the items of the projects its filters
 * choose (the timeline's: its own and those shared with it, by project, resource and application),
 * read a batch of projects at a time from the items' interval index, at most `maxEvents`, by start.
 */
export const feedEvents = async (
  store: ReadView,
  tenant: string,
  filters: CalendarFeedFilters,
  window: { from: string; to: string },
): Promise<FeedEvent[]> => {
  const { maxEvents } = calendarFeedWindow;
  const projectFilters = rowFilters(tenant, {
    groups: filters.projects ?? undefined,
    status: undefined,
    resource: filters.resources ?? undefined,
    application: filters.applications ?? undefined,
  });
  const [fromDay, toDay] = [toDayNumber(window.from), toDayNumber(window.to)];
  const levels: OwnerLevels = new Map();
  const events: FeedEvent[] = [];
  let after: readonly unknown[] | null = null;
  for (let batch = 0; batch < maxProjectBatches && events.length < maxEvents; batch++) {
    const page = await fieldsPageOf(
      store,
      'groups',
      projectFilters,
      [['_title', 1]],
      { limit: projectBatch, after },
      projectFields,
    );
    const projects = page.docs as unknown as ProjectRead[];
    const titles = new Map(projects.map((p) => [`${p.tenant}/${p.id}`, p.title]));
    for (const item of await itemsOf(store, projects, fromDay, toDay, levels)) {
      if (!shows(item, filters.includeTasks)) continue;
      const { id, tenant: owner, title, start, end, version } = item;
      const project = titles.get(`${owner}/${item.group}`) ?? '';
      events.push({ id, tenant: owner, title, project, start, end, version });
    }
    const last = projects.at(-1) as (ProjectRead & { _title?: unknown }) | undefined;
    if (page.nextCursor === null || !last) break;
    after = [last._title, last._id];
  }
  return events
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id))
    .slice(0, maxEvents);
};
