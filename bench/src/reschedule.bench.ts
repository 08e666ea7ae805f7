/**
 * Reschedule benchmark (issue 21: "rescheduling a chain of 1,000 dependent items (and a fan-out of
 * 1,000 successors) after one drag: server p95 ≤ 200 ms from command to confirmed read-your-writes").
 * The embedded one-process platform on 127.0.0.1, an automatic project built over HTTP: a chain
 * A1 → A2 → … → AN and a fan-out R → S1 … SN (finish-to-start). Each measured drag moves the first
 * item one working day later, so that every successor moves: `POST /api/commands/Reschedule`, then `GET /api/items/<last moved>` with
 * `X-Fahrplan-After` until it shows the move. Beside it the peer the design replaced: the same moves
 * as one SaveItem per item, one after the other (the client-side saga; with BENCH_RESCHEDULE_UNDO=1
 * the console's undo instead: one Reschedule of the reverse moves), and the preview alone. First,
 * without a server, the browser's preview while dragging: contracts' `previewContext` and
 * `previewMoves`, the functions the console runs, at most one computation per frame (≤ 16 ms).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { addWorkingDays, previewContext, previewMoves } from '@fahrplan/contracts';
import type { ChainItem, CommandResult, DependencyLink, ItemView } from '@fahrplan/contracts';
import { createEmbedded } from '@fahrplan/server';
import { format, load, ms, percentile, printTable, seconds, setting } from './figures';
import { createBenchTenants, listenLocally } from './workload-support';

const config = {
  /** Items after the first one, in the chain and in the fan-out. */
  size: setting('BENCH_RESCHEDULE_SIZE', 1000),
  warmup: setting('BENCH_RESCHEDULE_WARMUP', 3),
  drags: setting('BENCH_RESCHEDULE_DRAGS', 30),
  /** Snapped dates a measured drag passes in the browser's preview. */
  frames: setting('BENCH_RESCHEDULE_FRAMES', 200),
  /** 1: each drag is undone as the console undoes it (one Reschedule of the reverse moves), not by the peer. */
  undo: setting('BENCH_RESCHEDULE_UNDO', 0),
};
const TARGET_MS = 200;
/** The browser's budget for one preview computation: one frame at 60 Hz. */
const FRAME_MS = 16;
const TENANT = 'bench';
const USERNAME = 'planner';

interface Move {
  readonly item: number;
  readonly version: number;
  readonly start: string;
  readonly end: string | null;
}
type DoneMove = Move & { readonly before: { readonly start: string; readonly end: string | null } };

class Unauthorized extends Error {}

class Session {
  private token = '';
  private password = '';
  constructor(private readonly baseUrl: string) {}

  async login(password: string): Promise<void> {
    this.password = password;
    const body = await this.request<{ accessToken: string }>('POST', '/api/auth/login', {
      tenant: TENANT,
      username: USERNAME,
      password,
    });
    this.token = body.accessToken;
  }

  async request<T>(method: 'GET' | 'POST', path: string, json?: unknown, after?: number): Promise<T> {
    try {
      return await this.send<T>(method, path, json, after);
    } catch (error) {
      // the access token is short-lived and a run takes longer: sign in again once, then retry
      if (!(error instanceof Unauthorized) || path === '/api/auth/login') throw error;
      await this.login(this.password);
      return this.send<T>(method, path, json, after);
    }
  }

  private async send<T>(method: 'GET' | 'POST', path: string, json?: unknown, after?: number): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (after !== undefined) headers['x-fahrplan-after'] = String(after);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    const text = await response.text();
    if (response.status === 401) throw new Unauthorized(`${method} ${path}: 401 ${text.slice(0, 300)}`);
    if (response.status !== 200)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  command<T = CommandResult>(type: string, data: unknown): Promise<T> {
    return this.request<T>('POST', `/api/commands/${type}`, data);
  }
}

type Shape = 'chain' | 'fan-out';

/** An automatic project with the shape's items (one working day each, back to back) and dependencies. */
async function build(session: Session, shape: Shape): Promise<{ first: Move; last: number }> {
  const project = await session.command('SaveGroup', {
    title: `${shape} ${randomUUID().slice(0, 8)}`,
    scheduling: 'automatic',
  });
  const task = (start: string, end: string) =>
    session.command('SaveItem', {
      title: `T ${randomUUID().slice(0, 8)}`,
      group: project.id,
      subgroup: 'tasks',
      start: `${start}T00:00`,
      end: `${end}T00:00`,
    });
  const first = await task('2031-01-06', '2031-01-07');
  let previous = first.id;
  let last = first.id;
  for (let i = 0; i < config.size; i++) {
    // the items start where their predecessor ends or later: the drag decides where they go
    const item = await task('2031-01-07', '2031-01-08');
    await session.command('AddDependency', {
      predecessor: shape === 'chain' ? previous : first.id,
      successor: item.id,
    });
    previous = item.id;
    last = item.id;
  }
  return {
    first: { item: first.id, version: first.version, start: '2031-01-06T00:00', end: '2031-01-07T00:00' },
    last,
  };
}

/** The shape's items as the timeline answers them (ids from 1, the first one first), linked both ways. */
function chainItems(shape: Shape): ChainItem[] {
  const items = [
    { id: 1, group: 1, start: '2031-01-06T00:00', end: '2031-01-07T00:00', predecessors: [], successors: [] },
  ] as (ChainItem & { predecessors: DependencyLink[]; successors: DependencyLink[] })[];
  const link = (id: number, item: number): DependencyLink => ({
    id,
    item,
    type: 'finish-to-start',
    lag: 0,
    version: 0,
  });
  for (let i = 1; i <= config.size; i++) {
    const id = i + 1;
    const predecessor = shape === 'chain' ? i : 1;
    items.push({
      id,
      group: 1,
      start: '2031-01-07T00:00',
      end: '2031-01-08T00:00',
      predecessors: [link(i, predecessor)],
      successors: [],
    });
    items[predecessor - 1]!.successors.push(link(i, id));
  }
  return items;
}

/**
 * The browser's side of a drag (issue 21), in node: the rule's context built once at drag start
 * (`previewContext`), then `previewMoves` once per snapped date the drag passes, each a working day
 * further than the last, so that every successor moves each time.
 */
function previewFigures(
  shape: Shape,
  row: (shape: string, moved: number, measure: string, values: number[]) => void,
) {
  const items = chainItems(shape);
  const starts: number[] = [];
  const computations: number[] = [];
  let moved = 0;
  for (let i = 0; i < config.warmup + config.frames; i++) {
    const s0 = performance.now();
    const context = previewContext(items, new Set([1]), 1);
    const s1 = performance.now();
    const day = addWorkingDays('2031-01-06', 1 + (i % 20));
    const c0 = performance.now();
    const moves = previewMoves(context, {
      item: 1,
      start: `${day}T00:00`,
      end: `${addWorkingDays(day, 1)}T00:00`,
    });
    const c1 = performance.now();
    moved = moves.length + 1;
    if (i >= config.warmup) {
      starts.push(s1 - s0);
      computations.push(c1 - c0);
    }
  }
  row(shape, moved, 'browser: drag start (previewContext)', starts);
  row(shape, moved, `browser: preview per snapped date (target ≤ ${FRAME_MS} ms)`, computations);
}

async function main() {
  const log = (line: string) => console.log(line);
  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-reschedule-bench-'));
  const began = performance.now();
  log(`Fahrplan reschedule benchmark — ${new Date().toISOString()}`);
  log(
    `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${format(totalmem() / 2 ** 30, 1)} GiB`,
  );
  log(
    `settings: ${JSON.stringify(config)}; target: p95 ≤ ${TARGET_MS} ms command to confirmed read; load ${load()}`,
  );
  const embedded = await createEmbedded({ dataDir: join(directory, 'data'), logger: false });
  const rows: string[][] = [['shape', 'items moved', 'measure', 'p50 ms', 'p95 ms', 'max ms', 'n']];
  const row = (shape: string, moved: number, measure: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    rows.push([
      shape,
      format(moved),
      measure,
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1)!),
      format(sorted.length),
    ]);
  };
  try {
    const password = await createBenchTenants(embedded.store, embedded.ids, [TENANT], {
      username: USERNAME,
      displayName: 'Reschedule Bench Planner',
    });
    const session = new Session(await listenLocally(embedded.app));
    await session.login(password);
    for (const shape of ['chain', 'fan-out'] as const) previewFigures(shape, row);
    for (const shape of ['chain', 'fan-out'] as const) {
      const setup = performance.now();
      const { first, last } = await build(session, shape);
      let current = first;
      log(
        `${shape}: built ${format(config.size + 1)} items and ${format(config.size)} dependencies in ${format(seconds(setup), 1)} s`,
      );
      let moved = 0;
      const confirmed: number[] = [];
      // the whole process's CPU (server, projection and this client): load-independent, unlike the times
      const cpu: number[] = [];
      const previews: number[] = [];
      const sagas: number[] = [];
      for (let i = 0; i < config.warmup + config.drags; i++) {
        const move = { ...current, start: '2031-01-07T00:00', end: '2031-01-08T00:00' };
        const p0 = performance.now();
        const preview = await session.request<{ moves: Move[] }>('POST', '/api/commands/Reschedule/preview', {
          moves: [move],
        });
        const p1 = performance.now();
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const done = await session.command<CommandResult & { moves: DoneMove[] }>('Reschedule', {
          id: randomUUID(),
          moves: [move],
        });
        const read = await session.request<ItemView>('GET', `/api/items/${last}`, undefined, done.position);
        const t1 = performance.now();
        const c1 = process.cpuUsage(c0);
        const expected = done.moves.find((m) => m.item === last);
        if (!expected || read.start !== expected.start)
          throw new Error(`item ${last} does not show the reschedule`);
        moved = done.moves.length;
        // the peer: the same moves, undone, as one SaveItem per item (what a client would do without
        // Reschedule); or the console's undo: one Reschedule of the reverse moves with the answered versions
        const s0 = performance.now();
        let position = 0;
        if (config.undo === 1) {
          const undone = await session.command('Reschedule', {
            id: randomUUID(),
            cascade: false,
            moves: done.moves.map((m) => ({ item: m.item, version: m.version, ...m.before })),
          });
          position = undone.position;
        } else
          for (const m of done.moves) {
            const saved = await session.command('SaveItem', {
              id: m.item,
              version: m.version,
              start: m.before.start,
              end: m.before.end,
            });
            position = saved.position;
          }
        await session.request<ItemView>('GET', `/api/items/${last}`, undefined, position);
        const s1 = performance.now();
        // the first item is back where it was, one version later than the reschedule left it
        current = { ...first, version: done.moves[0]!.version + 1 };
        if (i >= config.warmup) {
          confirmed.push(t1 - t0);
          cpu.push((c1.user + c1.system) / 1000);
          previews.push(p1 - p0);
          sagas.push(s1 - s0);
        }
        if (preview.moves.length !== done.moves.length)
          throw new Error('the preview and the reschedule differ');
      }
      row(shape, moved, 'Reschedule → confirmed read', confirmed);
      row(shape, moved, 'Reschedule → confirmed read: CPU time of the process', cpu);
      row(shape, moved, 'preview', previews);
      row(
        shape,
        moved,
        config.undo === 1
          ? 'undo: Reschedule of the reverse moves → confirmed'
          : 'peer: SaveItem per item → confirmed',
        sagas,
      );
      log(`${shape}: measured; load average ${load()}`);
    }
  } finally {
    await embedded.close();
    rmSync(directory, { recursive: true, force: true });
  }
  log('');
  printTable(log, rows, new Set([0, 2]));
  log('');
  log(
    '- Each drag moves the first item one working day, alternately later and back (backward: true), so every',
  );
  log(
    config.undo === 1
      ? '  successor moves each time; the undo moves them back in one Reschedule (cascade: false) and waits for it.'
      : '  successor moves each time; the peer moves them back one SaveItem at a time and waits for the last.',
  );
  log(`- Whole run: ${format(seconds(began), 0)} s; load average at the end ${load()}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
