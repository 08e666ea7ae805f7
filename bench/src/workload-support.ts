/** The benches' tenants and their user. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
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

/** Starts `app` on a free port of 127.0.0.1 and answers its base URL. */
export async function listenLocally(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Signs `credentials` in at `baseUrl`: the access token. */
export async function accessTokenOf(
  baseUrl: string,
  credentials: { readonly tenant: string; readonly username: string; readonly password: string },
): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}
