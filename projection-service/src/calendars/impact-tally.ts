import { calendarDaysEnd, firstCalendarDay, maxScheduledItems } from '@fahrplan/contracts';
import type { AffectedItem, PreviewCandidate, ProjectImpact, RulesPair } from '@fahrplan/contracts';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { fieldError } from '../http/query-params';

const byProjectAndId = (a: AffectedItem, b: AffectedItem) => a.project - b.project || a.id - b.id;

/** The position after which a page starts, from its cursor (by project and id); a 400 for a foreign cursor. */
const pageStart = (page: PageRequest): { project: number; id: number } => {
  const after = page.after;
  if (after && (after.length !== 2 || typeof after[0] !== 'number'))
    throw fieldError(
      'cursor',
      'a cursor from nextCursor',
      'the query parameter cursor is not one this list gave',
    );
  return after ? { project: after[0] as number, id: Number(after[1]) } : { project: -1, id: -1 };
};

/**
 * The impact of a change, tallied batch by batch as the candidates are read, in memory that follows
 * the page, not the change: the totals per project, the page's items (the first `limit` + 1 after the
 * cursor, by project and id) and, for the milestones, the affected tasks of automatic projects up to
 * the most a reschedule walks (`seedsComplete` false beyond). A task's change is `delta` of its dates
 * (`changedDaysDelta`); only the items kept are counted before the change.
 */
export class ImpactTally {
  private readonly totals = new Map<number, { items: number; delta: number }>();
  private kept: AffectedItem[] = [];
  private readonly start: { project: number; id: number };
  readonly seeds: AffectedItem[] = [];
  seedsComplete = true;

  constructor(
    private readonly page: PageRequest,
    private readonly rulesOf: (project: number) => RulesPair | null,
    private readonly delta: (start: string, end: string) => number,
    private readonly automatic: (project: number) => boolean,
  ) {
    this.start = pageStart(page);
  }

  /** Tallies the tasks among `candidates` (each item once over all batches) whose working days change. */
  add(candidates: readonly PreviewCandidate[]): void {
    const { project: afterProject, id: afterId } = this.start;
    for (const { id, group: project, title = '', start, end } of candidates) {
      const rules = end === null ? null : this.rulesOf(project);
      if (!rules || end === null) continue;
      const [from, to] = [start.slice(0, 10), end.slice(0, 10)];
      // as the rules count: days outside theirs are no duration
      if (from < firstCalendarDay || to > calendarDaysEnd) continue;
      const delta = this.delta(from, to);
      if (delta === 0) continue;
      const total = this.totals.get(project) ?? { items: 0, delta: 0 };
      total.items++;
      total.delta += delta;
      this.totals.set(project, total);
      const onPage = project > afterProject || (project === afterProject && id > afterId);
      const seed = this.automatic(project);
      if (!onPage && !seed) continue;
      const before = rules.before.countWorkingDays(from, to);
      const item = { id, project, title, start, end, before, after: before + delta };
      if (onPage) this.kept.push(item);
      if (seed)
        if (this.seeds.length < maxScheduledItems) this.seeds.push(item);
        else this.seedsComplete = false;
    }
    // bounded: past twice a page, only the first page's worth (and one to tell a next page) stays
    if (this.kept.length > 2 * (this.page.limit + 1))
      this.kept = this.kept.sort(byProjectAndId).slice(0, this.page.limit + 1);
  }

  /** The totals per project, by project. */
  projects(): ProjectImpact[] {
    return [...this.totals]
      .map(([project, { items, delta }]) => ({ project, items, delta }))
      .sort((a, b) => a.project - b.project);
  }

  /** The page of affected items after the cursor, and the cursor of the next page (null on the last). */
  pageOfItems(): { items: AffectedItem[]; nextCursor: string | null } {
    const rest = this.kept.sort(byProjectAndId);
    const items = rest.slice(0, this.page.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        rest.length > this.page.limit && last ? encodeCursor([last.project, String(last.id)]) : null,
    };
  }
}
