/**
 * Synthetic timeline data in the shape of GET /api/timeline (contracts/src/read-models.ts), the same
 * for every candidate page: deterministic from a seed so every candidate and every run draws the same.
 */
import type { DependencyLink, TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import { random } from '@fahrplan/platform/testing';

export interface BenchData {
  readonly groups: TimelineGroup[];
  readonly items: TimelineItem[];
  /** The initial window: the whole data span, so everything is "in view range" at first paint. */
  readonly window: { readonly from: string; readonly to: string };
}

const DAY = 86_400_000;
/** The fixed date the data is spread around (±1 year). */
const CENTRE = Date.UTC(2026, 0, 1);
const SPAN_DAYS = 2 * 365;
const FIRST_DAY = CENTRE - (SPAN_DAYS / 2) * DAY;

/** YYYY-MM-DDT00:00 of a day `days` after the first day of the data. */
const dayTime = (days: number) => `${new Date(FIRST_DAY + days * DAY).toISOString().slice(0, 10)}T00:00`;

/**
 * G projects with the lanes tasks, milestones and one INDIVIDUAL lane; N items, ~15% milestones; D
 * dependencies between random items (issue 21: ~90% finish-to-start, lags 0–3), each from the lower
 * id to the higher, so the graph has no cycle as the server's would not.
 */
export const syntheticTimeline = (
  groupCount: number,
  itemCount: number,
  seed: number,
  dependencyCount = 0,
): BenchData => {
  const next = random(seed);
  const groups: TimelineGroup[] = Array.from({ length: groupCount }, (_, index) => ({
    id: index + 1,
    content: `Project ${index + 1}`,
    subgroups: [
      { id: 'tasks', name: 'Tasks', type: 'tasks' },
      { id: 'milestones', name: 'Milestones', type: 'milestones' },
      { id: 'team', name: 'Team', type: 'INDIVIDUAL' },
    ],
    shared: false,
    tenant: 'demo',
    status: 1,
    resource: null,
    jirarepo: null,
  }));
  const items: TimelineItem[] = Array.from({ length: itemCount }, (_, index) => {
    const group = 1 + Math.floor(next() * groupCount);
    const milestone = next() < 0.15;
    const startDay = Math.floor(next() * SPAN_DAYS);
    const length = 1 + Math.floor(next() * 60);
    return {
      id: index + 1,
      title: `${milestone ? 'Milestone' : 'Task'} ${index + 1}`,
      group,
      subgroup: milestone ? 'milestones' : next() < 0.5 ? 'tasks' : 'team',
      start: dayTime(startDay),
      end: milestone ? null : dayTime(Math.min(startDay + length, SPAN_DAYS)),
      type: null,
      className: null,
      rank: null,
      status: 1,
      version: 1,
      shared: false,
      predecessors: [] as DependencyLink[],
      successors: [] as DependencyLink[],
    };
  });
  for (let id = 1; id <= (itemCount > 1 ? dependencyCount : 0); id++) {
    const a = Math.floor(next() * itemCount);
    const b = (a + 1 + Math.floor(next() * (itemCount - 1))) % itemCount;
    const [predecessor, successor] = [items[Math.min(a, b)]!, items[Math.max(a, b)]!];
    const link = {
      id,
      type: next() < 0.9 ? 'finish-to-start' : 'start-to-start',
      lag: Math.floor(next() * 4),
      version: 0,
    } as const;
    (predecessor.successors as DependencyLink[]).push({ ...link, item: successor.id });
    (successor.predecessors as DependencyLink[]).push({ ...link, item: predecessor.id });
  }
  return { groups, items, window: { from: dayTime(0), to: dayTime(SPAN_DAYS) } };
};

/** Milliseconds since the epoch of a YYYY-MM-DDTHH:mm (UTC, as the data is generated). */
export const toMillis = (dateTime: string) => Date.parse(`${dateTime}:00Z`);
