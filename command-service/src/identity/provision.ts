import { randomUUID } from 'node:crypto';
import { createTenantEvents, streamName } from '@fahrplan/contracts';
import type { AttributeDefinition, FeatureFlags, Permissions } from '@fahrplan/contracts';
import { eventMetadata, hashPassword } from '@fahrplan/platform';
import type { EventStore, IdAllocator } from '@fahrplan/platform';

const systemMetadata = (tenant: string) =>
  eventMetadata({ tenant, user: 'system', timestamp: new Date().toISOString(), source: 'provisioning' });

/**
 * Creates a tenant with its built-in roles Administrator, Viewer and Auditor, outside the command API: for the
 * first start, the seed and tests (in the console, CreateTenant does it for a signed-in operator).
 */
export const createTenant = async (
  store: EventStore,
  ids: IdAllocator,
  tenant: {
    name: string;
    features: FeatureFlags;
    applicationAttributes: readonly AttributeDefinition[];
    taskAttributes?: readonly AttributeDefinition[];
    projectAttributes?: readonly AttributeDefinition[];
  },
): Promise<number> => {
  const [id, administrator, viewer, auditor] = [
    await ids.allocate(),
    await ids.allocate(),
    await ids.allocate(),
    await ids.allocate(),
  ];
  const [created, ...roles] = createTenantEvents(
    { name: tenant.name, features: tenant.features },
    { tenant: id, administrator, viewer, auditor },
  );
  const metadata = systemMetadata(tenant.name);
  const result = await store.append(
    streamName('tenant', id),
    [
      {
        id: randomUUID(),
        type: 'TenantCreated',
        data: {
          ...(created!.data as object),
          applicationAttributes: tenant.applicationAttributes,
          taskAttributes: tenant.taskAttributes ?? [],
          projectAttributes: tenant.projectAttributes ?? [],
        },
        metadata,
      },
      ...roles.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
    ],
    'no_stream',
  );
  return result.position;
};

export const createUser = async (
  store: EventStore,
  ids: IdAllocator,
  user: {
    tenant: string;
    username: string;
    displayName: string;
    password: string;
    permissions: Permissions;
    /** Role ids of the home tenant. */
    roles?: readonly number[];
  },
): Promise<number> => {
  const id = await ids.allocate();
  const { password, ...rest } = user;
  const result = await store.append(
    streamName('user', id),
    [
      {
        id: randomUUID(),
        type: 'UserCreated',
        data: { id, ...rest, passwordHash: await hashPassword(password) },
        metadata: systemMetadata(user.tenant),
      },
    ],
    'no_stream',
  );
  return result.position;
};
