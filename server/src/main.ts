import './compile-cache';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createEmbedded, demoTrackerCredentials, demoTrackerPath } from './embedded/embedded';
import { embeddedTrackerEnv, oidcConfigOf, oidcEnv, parseEnv } from './config/config';
import { z } from 'zod';
import { DEMO_TENANT } from './demo/demo-data';
import { seedDemo } from './demo/seed-demo';

/**
 * `npm start`: the embedded platform in one process on $PORT, data under $DATA_DIR. It listens at once
 * whatever the log's size; the read models catch up meanwhile (`/api/ready`), and until they have,
 * queries answer 503 while login and commands work.
 */
const main = async () => {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
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
