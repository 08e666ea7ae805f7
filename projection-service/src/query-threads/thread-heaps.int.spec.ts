import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { threadHeaps } from './query-threads';

/** The lookups' thread's bound on its young generation. */
const lookupsBoundMb = threadHeaps.lookups.maxYoungGenerationSizeMb;

/*
 * `npm start` bounds the main thread's young generation with V8's `--max-semi-space-size`, a flag of the
 * whole process that V8 reads again for every heap it creates, before a thread's own `resourceLimits`.
 * The lookups' thread was meant to have a young generation of 4 MB and had 48: its scavenges held the
 * items in flight for 2–10 ms (0.1–0.3 ms at 4 MB). `threadsSizeTheirYoungGeneration`, which
 * `QueryThreads.start` calls before the first thread, clears the flag once the main heap exists.
 * Measured in a process started with the flag, as `npm start` starts one, on the build the server runs.
 */
const built = join(__dirname, '..', '..', 'dist', 'query-threads', 'query-threads.js');

/** The young generation's size, MB, of the main thread and of a lookups' thread after each allocated a few hundred MB. */
const youngGenerations = (clearFirst: boolean): { main: number; lookups: number } => {
  const script = `
    const { Worker } = require('node:worker_threads');
    const { threadHeaps, threadsSizeTheirYoungGeneration } = require(${JSON.stringify(built)});
    const churn = () => {
      let kept = [];
      for (let i = 0; i < 2e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 20000) kept = []; }
      return require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    };
    const main = churn();
    if (${clearFirst}) threadsSizeTheirYoungGeneration();
    const thread = new Worker(\`require('node:worker_threads').parentPort.postMessage((\${churn})())\`, {
      eval: true,
      resourceLimits: threadHeaps.lookups,
    });
    thread.once('message', (lookups) => { console.log(JSON.stringify({ main, lookups })); thread.terminate(); });
  `;
  const out = execFileSync(process.execPath, ['--max-semi-space-size=16', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { main: number; lookups: number };
};

describe("the query threads' heaps under npm start's flags", () => {
  it("give the lookups' thread its own young generation, and leave the main thread's as the flag set it", () => {
    const { main, lookups } = youngGenerations(true);
    // V8 reports the pages its new space holds: 4–6.5 MB for a bound of 4 MB in runs here, never the
    // flag's 32
    expect(lookups).toBeLessThanOrEqual(2 * lookupsBoundMb);
    // the flag's semi-space of 16 MB, twice (V8 reports both halves)
    expect(main).toBe(32);
  });

  it('without clearing the flag, the thread gets the main thread’s young generation instead (what the flag did before)', () => {
    expect(youngGenerations(false).lookups).toBe(32);
  });
});
