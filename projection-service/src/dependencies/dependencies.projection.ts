import type { Dependency } from '@fahrplan/contracts';
import { byRecordId } from '../projections/projection';
import type { Projection } from '../projections/projection';

/**
 * A dependency as the read side keeps it (issue 21): one document per dependency, of the tenant whose
 * graph holds it; removing it removes the document. Whether its items are live is read with the
 * items at query time (docs/design/dependencies.md).
 */
export interface DependencyDoc extends Dependency {
  readonly tenant: string;
  /** Always 0: a dependency is added and removed, never changed. */
  readonly version: number;
}

export const dependenciesProjection: Projection<DependencyDoc> = {
  collection: 'dependencies',
  version: 1,
  handles: ['DependencyAdded', 'DependencyRemoved'],
  documentId: byRecordId,
  // an item's dependencies, both ways: as predecessor, as successor (a timeline page asks with $in)
  indexes: [
    { tenant: 1, predecessor: 1, _id: 1 },
    { tenant: 1, successor: 1, _id: 1 },
  ],
  evolve: (_doc, event) =>
    event.type === 'DependencyAdded'
      ? { ...(event.data as Dependency), tenant: event.metadata.tenant, version: 0 }
      : null,
};
