import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { ServiceProcess, freePort } from '../server/src/testing/service-process';

export { freePort };

/** `npm start`'s process, exactly as a user runs it (built by `npm run build` first). */
export class FahrplanProcess extends ServiceProcess {
  constructor(port: number, dataDir: string, password: string) {
    super({
      entry: 'server/dist/main.js',
      port,
      env: { DATA_DIR: dataDir, FAHRPLAN_DEMO_PASSWORD: password },
    });
  }
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
