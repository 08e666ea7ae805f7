import { createCommandService, seedDemoIfMissing } from './services/command-service';
import { commandServiceEnv, parseEnv } from './config/config';
import { DEMO_TENANT } from './demo/demo-data';
import { exitOnStartFailure, runService } from './services/lifecycle';

/** `npm run start:command-service`: the command and auth API, configured by environment variables. */
const main = async () => {
  const config = parseEnv(commandServiceEnv);
  await runService(
    'command-service',
    async () => {
      const service = await createCommandService(config);
      if (config.FAHRPLAN_DEMO) {
        const password = await seedDemoIfMissing(service, config.FAHRPLAN_DEMO_PASSWORD);
        if (password)
          console.log(
            `Demo login: tenant "${DEMO_TENANT}", user "admin", "viewer" or "auditor", password "${password}" — shown only this once.`,
          );
      }
      return service;
    },
    { port: config.PORT, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
  );
};

main().catch(exitOnStartFailure);
