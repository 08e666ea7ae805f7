import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { AttributeDefinition, FeatureFlags, Permissions } from '@fahrplan/contracts';
import { eventMetadata, hashPassword } from '@fahrplan/platform';
import type { EventStore, IdAllocator } from '@fahrplan/platform';

const systemMetadata = (tenant: string) =>
  eventMetadata({ tenant, user: 'system', timestamp: new Date().toISOString(), source: 'provisioning' });

/** Creates a tenant (administration of tenants arrives with the identity issue; this serves first start and tests). */
export const createTenant = async (
  store: EventStore,
  ids: IdAllocator,
  tenant: {
    name: string;
    features: FeatureFlags;
    applicationAttributes: readonly AttributeDefinition[];
    taskAttributes?: readonly AttributeDefinition[];
  },
): Promise<number> => {
  const id = await ids.allocate();
  const result = await store.append(
    streamName('tenant', id),
    [
      {
        id: randomUUID(),
        type: 'TenantCreated',
        data: { id, ...tenant, taskAttributes: tenant.taskAttributes ?? [] },
        metadata: systemMetadata(tenant.name),
      },
    ],
    'no_stream',
  );
  return result.position;
};

export const createUser = async (
  store: EventStore,
  ids: IdAllocator,
  user: { tenant: string; username: string; displayName: string; password: string; permissions: Permissions },
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
