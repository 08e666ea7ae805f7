import './compile-cache';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { listenEarly } from './http/early-listener';

/**
 * The packages the app needs, in the order they load, each in one synchronous step after the listen
 * (at most ~0.1 s each on a loaded 2-core machine; the whole app took ~0.6 s at once): health is
 * answered between them.
 */
const LOAD_STEPS = [
  'reflect-metadata',
  'rxjs',
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  'zod',
  '@fahrplan/contracts',
  '@fahrplan/platform',
  '@nestjs/cqrs',
  '@fahrplan/command-service',
  '@fahrplan/projection-service',
  '@fahrplan/tracker-sync',
];

/** Turns of the event loop after each step: one accepts a connection, the next reads its request, one more answers. */
const TURNS = 3;

/** Loads `name` (through this module's `require`, as `onFirstUse` does), then lets the event loop turn. */
const loadStep = async <T>(name: string, load: NodeJS.Require = require): Promise<T> => {
  const loaded = load(name) as T;
  for (let turn = 0; turn < TURNS; turn++) await yieldToEventLoop();
  return loaded;
};

/**
 * `npm start`: the embedded platform in one process on $PORT, data under $DATA_DIR. It listens before
 * it loads the app's modules (`/api/health` answers, every other request waits for the app) and
 * whatever the log's size; the read models catch up meanwhile (`/api/ready`), and until they have,
 * queries answer 503 while login and commands work.
 */
const main = async () => {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  const early = await listenEarly(port, 'embedded');
  for (const name of LOAD_STEPS) await loadStep(name);
  const { z } = await loadStep<typeof import('zod')>('zod');
  const { embeddedTrackerEnv, oidcConfigOf, oidcEnv, parseEnv } =
    await loadStep<typeof import('./config/config')>('./config/config');
  const { createEmbedded, demoTrackerCredentials, demoTrackerPath } =
    await loadStep<typeof import('./embedded/embedded')>('./embedded/embedded');
  const { DEMO_TENANT } = await loadStep<typeof import('./demo/demo-data')>('./demo/demo-data');
  const { seedDemo } = await loadStep<typeof import('./demo/seed-demo')>('./demo/seed-demo');
  const oidcSettings = parseEnv(z.object(oidcEnv));
  const oidc = oidcConfigOf(oidcSettings, `http://localhost:${port}`);
  const env = parseEnv(embeddedTrackerEnv);
  const embedded = await createEmbedded({
    dataDir,
    ...(oidc ? { oidc } : {}),
    ...(oidcSettings.FAHRPLAN_PUBLIC_URL ? { publicUrl: oidcSettings.FAHRPLAN_PUBLIC_URL } : {}),
    demoTracker: env.FAHRPLAN_DEMO_TRACKER,
    plainReleaseHosts: env.FAHRPLAN_TRACKER_PLAIN_RELEASE_HOSTS,
    trackerIntervalMs: env.FAHRPLAN_TRACKER_SYNC_INTERVAL_MS,
    // the demo's fake tracker is this very server: its address, and no other port of it, is allowed
    trackerPrivateHosts:
      env.FAHRPLAN_DEMO_TRACKER && env.FAHRPLAN_TRACKER_PRIVATE_HOSTS !== '*'
        ? [...env.FAHRPLAN_TRACKER_PRIVATE_HOSTS, `localhost:${port}`]
        : env.FAHRPLAN_TRACKER_PRIVATE_HOSTS,
    webhookPrivateHosts: env.FAHRPLAN_WEBHOOK_PRIVATE_HOSTS ?? [],
    trustedProxies: env.FAHRPLAN_TRUSTED_PROXIES ?? [],
    asOfPerMinute: env.FAHRPLAN_AS_OF_PER_MINUTE,
    queryThreads: env.FAHRPLAN_QUERY_THREADS,
    listenFirst: true,
    early,
  });
  const stop = async () => {
    await embedded.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await embedded.app.listen(port);
  let password: string | undefined;
  if (!embedded.directory.tenant(DEMO_TENANT)) {
    password = process.env.FAHRPLAN_DEMO_PASSWORD || randomBytes(9).toString('base64url');
    await seedDemo(
      embedded,
      password,
      env.FAHRPLAN_DEMO_TRACKER
        ? { tracker: { baseUrl: `http://localhost:${port}${demoTrackerPath}`, ...demoTrackerCredentials } }
        : {},
    );
  }
  // the catch-up counts from the log as it is now, the demo included: ready once the read models reach it
  await embedded.startCatchUp();
  // mirror once the server answers: the demo's fake tracker is served by this very process
  await embedded.trackerSync.start();
  const url = `http://localhost:${port}`;
  console.log(`Fahrplan is running at ${url}  (data in ${dataDir})`);
  if (password && !process.env.FAHRPLAN_DEMO_PASSWORD)
    console.log(
      `Demo login: tenant "${DEMO_TENANT}", user "admin" (every permission) or "viewer" (view only), password "${password}" — shown only this once.`,
    );
  else
    console.log(
      `Demo login: tenant "${DEMO_TENANT}", user "admin", "viewer" or "auditor", password ${process.env.FAHRPLAN_DEMO_PASSWORD ? 'from $FAHRPLAN_DEMO_PASSWORD' : 'as printed on first start'}.`,
    );
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
