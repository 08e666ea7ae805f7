import { isServerDate } from '@fahrplan/contracts';
import type { TimelineGroup, TrackerReleaseView } from '@fahrplan/contracts';

/** A tracker release as the timeline draws it: a point on its release day. */
export interface ReleaseMilestone {
  id: string;
  name: string;
  projectKey: string;
  /** YYYY-MM-DD */
  date: string;
  /** The release day's start, read as UTC like the timeline's instants. */
  at: number;
  released: boolean;
  description: string | null;
  url: string | null;
}

/** The releases row a project gets under its lanes. */
export interface ReleaseRow {
  kind: 'releases';
  key: string;
  groupId: number;
  groupTitle: string;
}

export const isReleaseRow = (row: object): row is ReleaseRow =>
  (row as { kind?: unknown }).kind === 'releases';

const utcDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
};

/**
 * The milestones per project: every project in `groups` that links a repository gets an entry (empty
 * when its repository has no release in the window, so rows do not come and go while panning). A
 * release shows in each project that links its repository; versions without a release date and
 * archived ones are left out.
 */
export const releasesByGroup = (
  releases: readonly TrackerReleaseView[],
  groups: readonly Pick<TimelineGroup, 'id' | 'jirarepo'>[],
): Map<number, ReleaseMilestone[]> => {
  const byGroup = new Map<number, ReleaseMilestone[]>(
    groups.filter((g) => g.jirarepo !== null).map((g) => [g.id, []]),
  );
  for (const release of releases) {
    if (release.archived || !release.releaseDate || !isServerDate(release.releaseDate)) continue;
    const milestone: ReleaseMilestone = {
      id: release.id,
      name: release.name,
      projectKey: release.projectKey,
      date: release.releaseDate,
      at: utcDay(release.releaseDate),
      released: release.released,
      description: release.description,
      url: release.url,
    };
    for (const group of new Set(release.groups)) byGroup.get(group)?.push(milestone);
  }
  for (const list of byGroup.values())
    list.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name, undefined, { numeric: true }));
  return byGroup;
};

/**
 * The timeline's rows with a releases row after the last lane of each project in `releases`; lanes
 * keep their order.
 */
export const withReleaseRows = <R extends { groupId: number; groupTitle: string; last: boolean }>(
  rows: readonly R[],
  releases: ReadonlyMap<number, unknown> | null | undefined,
): (R | ReleaseRow)[] => {
  if (!releases || releases.size === 0) return [...rows];
  const out: (R | ReleaseRow)[] = [];
  for (const row of rows) {
    out.push(row);
    if (row.last && releases.has(row.groupId))
      out.push({
        kind: 'releases',
        key: `${row.groupId}|releases`,
        groupId: row.groupId,
        groupTitle: row.groupTitle,
      });
  }
  return out;
};

/** 'released', 'unreleased', or 'overdue' (unreleased and its day has passed) on `today` (YYYY-MM-DD). */
export const releaseState = (milestone: Pick<ReleaseMilestone, 'released' | 'date'>, today: string) =>
  milestone.released ? 'released' : milestone.date < today ? 'overdue' : 'unreleased';
