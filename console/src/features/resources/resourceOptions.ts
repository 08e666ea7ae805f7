import type { ResourceView } from '@fahrplan/contracts';

export interface ResourceOption {
  readonly value: string;
  readonly label: string;
}

/** How a resource id shows when the tenant has no such live resource (deleted, or never known). */
export const unknownResourceLabel = (id: number): string => `#${id}`;

/**
 * The options of a resource picker: the tenant's live resources by name, plus each of `kept` (ids
 * stored on records) that is not among them as "#<id>", so a stored value stays visible.
 */
export function resourceOptions(
  resources: readonly Pick<ResourceView, 'id' | 'name'>[],
  kept: readonly (number | null | undefined)[] = [],
): ResourceOption[] {
  const known = new Set(resources.map((r) => r.id));
  const missing = [...new Set(kept.filter((id): id is number => typeof id === 'number' && !known.has(id)))];
  return [
    ...[...resources]
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id)
      .map((r) => ({ value: String(r.id), label: r.name })),
    ...missing.sort((a, b) => a - b).map((id) => ({ value: String(id), label: unknownResourceLabel(id) })),
  ];
}
