import type { TrackerRepositoryView } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';

export interface RepositoryOption {
  value: string;
  label: string;
}
export interface RepositoryOptionGroup {
  group: string;
  items: RepositoryOption[];
}

export const repositoryLabel = (repository: Pick<TrackerRepositoryView, 'key' | 'name'>): string =>
  `${repository.key} — ${repository.name}`;

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * The repository chooser's options: grouped by connection name (sorted), each group by key. A stored
 * id the tenant no longer sees (`current`) stays choosable as 'unknown repository <id>', so the field
 * shows what the record holds instead of an empty box.
 */
export const repositoryOptions = (
  repositories: readonly TrackerRepositoryView[],
  current: string | null,
  t: TFunction,
): RepositoryOptionGroup[] => {
  const groups = new Map<string, RepositoryOption[]>();
  for (const repository of repositories) {
    const items = groups.get(repository.connectionName) ?? [];
    items.push({ value: repository.id, label: repositoryLabel(repository) });
    groups.set(repository.connectionName, items);
  }
  const options = [...groups]
    .sort(([a], [b]) => byText(a, b))
    .map(([group, items]) => ({ group, items: items.sort((a, b) => byText(a.label, b.label)) }));
  const id = current?.trim() ?? '';
  if (id && !repositories.some((r) => r.id === id))
    options.push({
      group: t('tracker:repositories.gone'),
      items: [{ value: id, label: unknownRepository(id, t) }],
    });
  return options;
};

// the keys name their namespace: the choosers of other features pass their own `t`
export const unknownRepository = (id: string, t: TFunction) => t('tracker:repositories.unknown', { id });

/** The repository of an id, or null (unknown, or none chosen). */
export const repositoryOf = (
  repositories: readonly TrackerRepositoryView[] | undefined,
  id: string | number | null | undefined,
): TrackerRepositoryView | null => {
  const wanted = String(id ?? '').trim();
  return wanted === '' ? null : ((repositories ?? []).find((r) => r.id === wanted) ?? null);
};
