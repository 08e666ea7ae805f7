import type { ApplicationCreated, ApplicationFields } from '@fahrplan/contracts';
import { anApplication } from '@fahrplan/contracts/testing';
import { aStoredEvent } from '../../projections/testing/stored-event';

/** The shared builder, trimmed to what an application created in a test usually has. */
export const fields = (overrides: Partial<ApplicationFields> = {}): ApplicationFields =>
  anApplication({
    provider: null,
    vendor: null,
    cockpitid: null,
    docUrl: null,
    parent: null,
    parentOrder: null,
    rank: null,
    status: 'PRODUKTIV',
    attributes: [],
    account: null,
    ...overrides,
  });
export const applicationCreated = (id: number, revision = 0, tenant = 'acme') =>
  aStoredEvent<ApplicationCreated>(
    { type: 'ApplicationCreated', data: { id, ...fields() } },
    {
      streamId: `application-${id}`,
      revision,
      metadata: { tenant },
    },
  );
export const applicationUpdated = (
  id: number,
  revision: number,
  changes: Partial<ApplicationFields>,
  position?: number,
) =>
  aStoredEvent(
    { type: 'ApplicationUpdated', data: { id, changes } },
    { streamId: `application-${id}`, revision, ...(position === undefined ? {} : { position }) },
  );
export const applicationDeleted = (id: number, revision: number) =>
  aStoredEvent({ type: 'ApplicationDeleted', data: { id } }, { streamId: `application-${id}`, revision });
