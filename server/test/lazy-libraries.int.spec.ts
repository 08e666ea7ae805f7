import { jest } from '@jest/globals';
import type * as Demo from '../src/demo/seed-demo';
import type * as Platform from '../src/testing/platform';
import type { Running } from '../src/testing/platform';

/**
 * The libraries `npm start` must not load before it listens (docs/design/lazy-libraries.md): the
 * sheets', the printouts', the in-memory query engine's, the holidays', and the distributed adapters'
 * (which the embedded shape never loads at all). Each is replaced by itself, recording that it was
 * loaded; the server's module graph is imported only after that (no static import of it here).
 */
const heavy = [
  'exceljs',
  'pdfkit',
  '@resvg/resvg-js',
  'mingo',
  'date-holidays',
  'mongodb',
  'kafkajs',
  '@eventstore/db-client',
] as const;
const distributed = ['mongodb', 'kafkajs', '@eventstore/db-client'];
const loaded = new Set<string>();
for (const name of heavy)
  jest.doMock(name, () => {
    loaded.add(name);
    return jest.requireActual(name);
  });

let platform: typeof Platform;
let dataDir: string;
let running: Running | undefined;

beforeAll(() => {
  // required only now, after the libraries are replaced: its whole module graph sees the records
  platform = jest.requireActual<typeof Platform>('../src/testing/platform');
  dataDir = platform.temporaryDataDir();
});

afterAll(async () => {
  await running?.embedded.close();
  platform.removeDataDir(dataDir);
});

describe('the embedded start', () => {
  it('listens and answers /api/health without loading a heavy library', async () => {
    running = await platform.start(dataDir, undefined, { listenFirst: true });
    await running.embedded.startCatchUp();
    expect((await running.api.get('/api/health')).status).toBe(200);
    expect([...loaded]).toEqual([]);
  });

  it('loads a sheet library with the first sheet, and never a distributed adapter', async () => {
    const { seedDemo } = jest.requireActual<typeof Demo>('../src/demo/seed-demo');
    await seedDemo(running!.embedded, platform.DEMO_PASSWORD);
    const token = await running!.api.token('demo', 'admin', platform.DEMO_PASSWORD);
    // polled here: the platform's testing entry would load EventStoreDB's client (its emulator)
    let sheet = await running!.api.get('/api/exports/applications.xlsx?lang=en', token);
    for (const deadline = Date.now() + 10_000; sheet.status === 503 && Date.now() < deadline;)
      sheet = await running!.api.get('/api/exports/applications.xlsx?lang=en', token);
    expect(sheet.status).toBe(200);
    expect(loaded.has('exceljs')).toBe(true);
    expect(distributed.filter((name) => loaded.has(name))).toEqual([]);
  }, 60_000);
});
