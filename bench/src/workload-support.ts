/** The benches' tenants and their user. */
import { randomBytes } from 'node:crypto';
import { createTenant, createUser } from '@fahrplan/command-service';
import { allPermissions } from '@fahrplan/contracts';
import type { EventStore, IdAllocator } from '@fahrplan/platform';
import { createEmbedded } from '@fahrplan/server';

/** The tenant a workload measures, and the other tenant whose data it must not see. */
export const TENANT = 'acme';
export const NOISE = 'globex';

/**
 * The benches' tenants (every feature a planner uses) and one user with every permission in the first,
 * through the provisioning path of `npm start`. Returns the user's password.
 */
export async function createBenchTenants(
  store: EventStore,
  ids: IdAllocator,
  tenants: readonly [string, ...string[]],
  user: { readonly username: string; readonly displayName: string },
): Promise<string> {
  const features = {
    admin: true,
    jira: true,
    alm: true,
    hermes: false,
    financialPlanning: true,
    agileLifecycle: false,
  };
  for (const name of tenants) await createTenant(store, ids, { name, features, applicationAttributes: [] });
  const password = randomBytes(18).toString('base64');
  await createUser(store, ids, { tenant: tenants[0], ...user, password, permissions: allPermissions });
  return password;
}

/**
 * A new embedded data folder with the bench tenant `tenant` and its user, then closed so that the seed
 * CLI (`npm run seed`) owns the file. Returns the user's password.
 */
export async function benchDataFolder(
  dataDir: string,
  tenant: string,
  user: { readonly username: string; readonly displayName: string },
): Promise<string> {
  const first = await createEmbedded({ dataDir, logger: false });
  try {
    return await createBenchTenants(first.store, first.ids, [tenant], user);
  } finally {
    await first.close();
  }
}
