import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { compileForNode } from '@fahrplan/platform/testing';

interface Run {
  /** How the child ended: killed, or done by itself. */
  readonly signal: NodeJS.Signals | null;
  readonly lines: readonly string[];
}

/** Where a run was killed, and what the store held afterwards. */
export interface Kill {
  readonly atEvent: number;
  /** The lowest position the killed run wrote first: above the checkpoint it started from. */
  readonly firstWrite: number;
  readonly checkpoint: number;
  /** The highest position any stored document reflects, tombstones included. */
  readonly newestWrite: number;
}

/**
 * Runs the catch-up child (`catch-up-until-killed.ts`); with `kill`, sends SIGKILL `delayMs` after
 * the child announced the bulk write of the page holding that event (so the kill lands in the
 * write, between the write and the checkpoint where the store lets them be apart, or in the next page).
 */
function catchUp(
  script: string,
  args: readonly string[],
  kill?: { readonly atEvent: number; readonly delayMs: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let pending = '';
    let errors = '';
    let aimed = false;
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete) {
        lines.push(line);
        const [step, , last] = line.split(' ');
        if (kill && !aimed && step === 'bulk' && Number(last) >= kill.atEvent) {
          aimed = true;
          setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' || code === 0) resolve({ signal, lines });
      else reject(new Error(`the catch-up child failed (${String(code ?? signal)}): ${errors}`));
    });
  });
}

const firstWrite = (lines: readonly string[]): number =>
  Number(lines.find((line) => line.startsWith('bulk '))?.split(' ')[1] ?? Number.NaN);

/**
 * Kills a catch-up of the log (up to `head`) into a store `kills` times at random events, each run
 * resuming where the one before stopped, then lets a last run finish; `args` name the event log,
 * the page size and the store as the child takes them. Returns what each kill left, and
 * where the last run began writing and its final line.
 */
export async function killWhileCatchingUp(options: {
  readonly args: readonly string[];
  readonly kills: number;
  readonly head: number;
  readonly checkpoint: () => Promise<number>;
  readonly newestWrite: () => Promise<number>;
}): Promise<{
  readonly kills: readonly Kill[];
  readonly lastRun: { readonly firstWrite: number; readonly lastLine: string | undefined };
}> {
  const child = compileForNode(join(__dirname, 'catch-up-until-killed.ts'), [
    'contracts',
    'platform',
    'projection-service',
  ]);
  const kills: Kill[] = [];
  try {
    for (let run = 0; run < options.kills; run += 1) {
      const from = await options.checkpoint();
      // aim within the next share of what is left, so that every run dies mid-catch-up
      const atEvent =
        from + 1 + Math.floor(Math.random() * ((options.head - from) / (options.kills - run + 1)));
      const { signal, lines } = await catchUp(child.script, options.args, {
        atEvent,
        delayMs: Math.random() * 40,
      });
      if (signal !== 'SIGKILL') throw new Error(`run ${run} finished before it was killed`);
      kills.push({
        atEvent,
        firstWrite: firstWrite(lines),
        checkpoint: await options.checkpoint(),
        newestWrite: await options.newestWrite(),
      });
    }
    const last = await catchUp(child.script, options.args);
    return { kills, lastRun: { firstWrite: firstWrite(last.lines), lastLine: last.lines.at(-1) } };
  } finally {
    child.dispose();
  }
}
