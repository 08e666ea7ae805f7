import type { ApplicationView } from '@fahrplan/contracts';
import { sortRecords } from '../common/sortRecords';

export type SortableColumn =
  'name' | 'release' | 'shortname' | 'status' | 'contact' | 'assetNr' | 'vendor' | 'end';

/** sortRecords by an application column (all text); the end date sorts by its server value. */
export const sortApplications = (
  applications: readonly ApplicationView[],
  column: SortableColumn,
  direction: 'asc' | 'desc',
): ApplicationView[] => sortRecords(applications, column, direction);
