import { Get } from '@nestjs/common';
import { trackerRepositoryId, validationError } from '@fahrplan/contracts';
import type { TrackerProjectMessage, TrackerReleaseView, TrackerVersionMessage } from '@fahrplan/contracts';
import { z } from 'zod';
import { requireView } from '../http/query-helpers';
import { single } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import type { ReadDocument } from '../read-store/read-store';
import type { TrackerObjectDoc } from './tracker-folding';
import { TrackerController, TrackerQueries, byText, compareCodes } from './tracker-queries';

/** Undated releases last. */
const NO_DATE = '9999-12-31~';

const dateParam = (name: string, value: string | string[] | undefined): string | null => {
  const text = single(name, value);
  if (text === undefined || text === '') return null;
  if (!z.iso.date().safeParse(text).success)
    throw validationError(`the query parameter ${name} must be a date (YYYY-MM-DD)`, [
      { field: name, message: 'YYYY-MM-DD' },
    ]);
  return text;
};

/** Which tracker repositories the projects link, and which of the mirrored projects they are. */
const linksOf = (
  groups: readonly ReadDocument[],
  projects: readonly TrackerObjectDoc<TrackerProjectMessage>[],
) => {
  // repository id → the projects linking it; versions name their project by key
  const linking = new Map<string, number[]>();
  for (const group of groups) {
    const id = String((group.jirarepo as { id: string | number }).id);
    linking.set(id, [...(linking.get(id) ?? []), group.id as number]);
  }
  const repositoryOf = new Map<string, string>();
  const linkedConnections = new Set<number>();
  for (const p of projects) {
    const id = trackerRepositoryId(p.connectionId, p.id);
    if (!linking.has(id)) continue;
    repositoryOf.set(`${p.connectionId}/${p.key}`, id);
    linkedConnections.add(p.connectionId);
  }
  return { linking, repositoryOf, linkedConnections };
};

/** Whether a version's dates meet the window [from, to] (always, without a window). */
const meets = (v: TrackerVersionMessage, from: string | null, to: string | null) => {
  const first = v.startDate ?? v.releaseDate;
  const last = v.releaseDate ?? v.startDate;
  // a window leaves out what ends before it, starts after it, or has no date to draw
  if ((from !== null || to !== null) && (first === null || last === null)) return false;
  return !((from !== null && last! < from) || (to !== null && first! > to));
};

const byDate = (a: TrackerReleaseView, b: TrackerReleaseView) =>
  compareCodes(a.releaseDate ?? a.startDate ?? NO_DATE, b.releaseDate ?? b.startDate ?? NO_DATE) ||
  byText(a.name, b.name) ||
  byText(a.id, b.id);

/** Releases on the timeline: the tracker versions of the repositories the tenant's projects link. */
@TrackerController()
export class TrackerReleasesController extends TrackerQueries {
  /**
   * The versions of the repositories the tenant's live projects link (`jirarepo.id`), optionally
   * those whose dates meet the window [from, to]; by date.
   */
  @Get('releases')
  async releases(@Asked() { principal, query }: ReadRequest): Promise<TrackerReleaseView[]> {
    requireView(this.directory, principal, 'group-details', 'items');
    const from = dateParam('from', query.from);
    const to = dateParam('to', query.to);
    const { tenant } = principal;
    const connections = await this.connections(tenant);
    const projects = await this.live<TrackerProjectMessage>('trackerProjects', tenant, connections);
    if (projects.length === 0) return [];
    const groups = await this.store.find('groups', {
      tenant,
      deleted: false,
      'jirarepo.id': { $in: projects.map((p) => trackerRepositoryId(p.connectionId, p.id)) },
    });
    const { linking, repositoryOf, linkedConnections } = linksOf(groups, projects);
    if (repositoryOf.size === 0) return [];
    const versions = await this.live<TrackerVersionMessage>(
      'trackerVersions',
      tenant,
      connections.filter((c) => linkedConnections.has(c.id)),
    );
    return versions
      .flatMap((v) => {
        const repositoryId = repositoryOf.get(`${v.connectionId}/${v.projectKey}`);
        if (repositoryId === undefined || !meets(v, from, to)) return [];
        return [
          {
            id: `${v.connectionId}/${v.id}`,
            repositoryId,
            projectKey: v.projectKey,
            name: v.name,
            description: v.description,
            startDate: v.startDate,
            releaseDate: v.releaseDate,
            released: v.released,
            archived: v.archived,
            url: v.url,
            groups: [...linking.get(repositoryId)!].sort((a, b) => a - b),
          },
        ];
      })
      .sort(byDate);
  }
}
