import './compile-cache';
import { parseEnv, projectionServiceEnv } from './config/config';
import { exitOnStartFailure, runService } from './services/lifecycle';
import { createProjectionService } from './services/projection-service';

/** `npm run start:projection-service`: queries, projections and the planning-event publisher. */
const main = async () => {
  const config = parseEnv(projectionServiceEnv);
  if (!config.MONGODB_URL)
    console.warn('MONGODB_URL is not set: read models live in memory, so run only one instance');
  if (!config.KAFKA_BROKERS) console.warn('KAFKA_BROKERS is not set: planning events are not published');
  await runService('projection-service', () => createProjectionService(config), {
    port: config.PORT,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
};

main().catch(exitOnStartFailure);
