import type { ApplicationView } from '@fahrplan/contracts';

export type SortableColumn =
  'name' | 'release' | 'shortname' | 'status' | 'contact' | 'assetNr' | 'vendor' | 'end';

/** Case-insensitive, empty values last in either direction; the end date sorts by its server value. */
export const sortApplications = (
  applications: readonly ApplicationView[],
  column: SortableColumn,
  direction: 'asc' | 'desc',
): ApplicationView[] => {
  const factor = direction === 'asc' ? 1 : -1;
  return [...applications].sort((a, b) => {
    const x = a[column] ?? '';
    const y = b[column] ?? '';
    if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
    return factor * x.localeCompare(y, undefined, { sensitivity: 'base', numeric: true });
  });
};
