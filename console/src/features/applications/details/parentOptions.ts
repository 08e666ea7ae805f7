import type { ApplicationView } from '@fahrplan/contracts';

export const notAssigned = 'not-assigned';

/** An application's label: its name, followed by its release when it has one. */
export const applicationLabel = (app: Pick<ApplicationView, 'name' | 'release'>) =>
  app.release ? `${app.name} ${app.release}` : app.name;

/** §5: parent options exclude the application itself, sorted case-insensitively, 'not assigned' first. */
export const parentOptions = (applications: readonly ApplicationView[], selfId: number | null) => [
  { value: notAssigned, label: 'not assigned' },
  ...applications
    .filter((app) => app.id !== selfId && !app.deleted)
    .map((app) => ({ value: String(app.id), label: applicationLabel(app) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' })),
];
