import type { GroupView } from '@fahrplan/contracts';
import { sortRecords } from '../common/sortRecords';

export type SortableColumn =
  'title' | 'shortname' | 'status' | 'phase' | 'healthStatus' | 'start' | 'end' | 'duration' | 'priority';

/** sortRecords by a project column; ties keep the server's order (by title). */
export const sortProjects = (
  projects: readonly GroupView[],
  column: SortableColumn,
  direction: 'asc' | 'desc',
): GroupView[] => sortRecords(projects, column, direction);
