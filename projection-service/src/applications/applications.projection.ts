import type { ApplicationCreated } from '@fahrplan/contracts';
import { recordProjection } from '../projections/projection';
import type { RecordDoc } from '../projections/projection';

/** The application details read model (§2 dialog); parentName and projects are joined at query time. */
export interface ApplicationDoc extends Omit<ApplicationCreated['data'], never>, RecordDoc {
  readonly shared: boolean;
}

export const applicationsProjection = recordProjection<ApplicationDoc>({
  collection: 'applications',
  version: 1,
  kind: 'Application',
  // GET /api/applications (by status, or all of the tenant's for the parent names) and by name
  indexes: [
    { tenant: 1, deleted: 1, status: 1 },
    { tenant: 1, deleted: 1, name: 1 },
  ],
  extra: { shared: false },
});
