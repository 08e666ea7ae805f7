import { parseEnv, trackerSyncEnv } from './config/config';
import { exitOnStartFailure, runService } from './services/lifecycle';
import { createTrackerSyncService } from './services/tracker-sync';

/** `npm run start:tracker-sync`: the tracker mirror worker, configured by environment variables. */
const main = async () => {
  const config = parseEnv(trackerSyncEnv);
  await runService('tracker-sync', () => createTrackerSyncService(config), {
    port: config.PORT,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
};

main().catch(exitOnStartFailure);
