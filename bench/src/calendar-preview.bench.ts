/**
 * `npm run bench:calendar-preview` (issue 24): the impact preview of a calendar change at 10,000
 * projects / 1,000,000 items, through the embedded app over HTTP, on a copy of `npm run bench:scale`'s
 * seeded folder (never written), its read models rebuilt once into a prepared folder kept for later
 * runs. Target: a company closing day on the default calendar answers in ≤ 2 s. With
 * `BENCH_PREVIEW_BASELINE` (the root of another built checkout) that build is measured too, after this
 * one, each on a fresh copy, in the same run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, CalendarPreviewAnswer, CompanyDay } from '@fahrplan/contracts';
import { seeded } from '@fahrplan/platform/testing';
import { format, load, ms, printTable, setting } from './figures';
import { existingSeededFolder, seededFolderSettings } from './scale/data-folder';
import { demoAdmin, spread } from './scale/load';
import type { Latency, Session } from './scale/load';
import { copyOf, preparedFolder, startSampled } from './scale/prepared-folder';
import type { Build } from './scale/server';

const repository = resolve(__dirname, '../..');

const config = {
  items: setting('BENCH_PREVIEW_ITEMS', 1_000_000),
  runs: process.env.BENCH_PREVIEW_RUNS_DIR ?? join(tmpdir(), 'fahrplan-preview-runs'),
  /** Timed previews per case, one at a time, after the first (cold) one. */
  repeats: setting('BENCH_PREVIEW_REPEATS', 10),
  ...seededFolderSettings(3_600_000),
  /** Another built checkout to measure beside this one (the build before a change). */
  baseline: process.env.BENCH_PREVIEW_BASELINE,
};

const targetMs = 2_000;
const log = (line = '') => process.stdout.write(`${line}\n`);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const machine = () => `load ${load()}, ${cpus().length} cores`;

/** The CPU seconds the process `pid` used so far, all its threads (utime + stime of /proc/<pid>/stat). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the stat's 14th and 15th fields, in clock ticks (100 a second here)
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** `/api/health` asked one after the other until `done` settles: its latencies in ms. */
const healthDuring = async (url: string, done: Promise<unknown>) => {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => undefined);
  const took: number[] = [];
  while (!settled) {
    const started = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    took.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return took;
};

/**
 * One preview, timed from the send to the body read, with the server's CPU seconds meanwhile and
 * `/api/health`'s latencies while it ran. `name` names the company days: a preview asked again with
 * the same body may answer from a kept answer, a new name asks anew (the work is the same).
 */
const preview = async (session: Session, pid: number, calendar: number, body: unknown) => {
  await session.fresh();
  const cpu = cpuOf(pid);
  const started = performance.now();
  const asked = fetch(`${session.url}/api/calendars/${calendar}/preview?limit=100`, {
    method: 'POST',
    headers: session.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const [{ status, text }, health] = await Promise.all([asked, healthDuring(session.url, asked)]);
  const took = performance.now() - started;
  if (status !== 200) throw new Error(`preview: ${status} ${text.slice(0, 2000)}`);
  return {
    ms: took,
    cpu: cpuOf(pid) - cpu,
    health,
    bytes: text.length,
    answer: JSON.parse(text) as CalendarPreviewAnswer,
  };
};

/** The first Wednesday on or after `date` that Bern works (a day a company would close). */
const wednesdayFrom = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`);
  while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

const companyDay = (date: string, kind: CompanyDay['kind'], yearly = false): CompanyDay => ({
  date,
  kind,
  yearly,
  name: 'Betriebsausflug',
});
const withDays = (...days: CompanyDay[]): CalendarDefinition => ({ ...bernDefinition, companyDays: days });

interface Case {
  readonly name: string;
  readonly calendar: number;
  /** The body of the `n`th ask: the same change, its company days named anew (see `preview`). */
  readonly body: (n: number) => unknown;
  readonly target?: number;
}

/** A change of the default calendar from `effectiveFrom` to Bern with `day`, named for ask `n`. */
const changeOf = (effectiveFrom: string, day: CompanyDay) => (n: number) => ({
  effectiveFrom,
  definition: withDays({ ...day, name: `${day.name} ${n}` }),
});

type Timed = Awaited<ReturnType<typeof preview>>;

/** A row of the table: the build, the case, its target, the cold figure, the repeated ones, CPU, health and what the answer held. */
const row = (build: string, c: Case, cold: Timed, timed: readonly Timed[]): string[] => {
  const { totals, changedDayCount, milestones } = cold.answer;
  const figure: Latency = spread(timed.map((t) => t.ms));
  const met = c.target && figure.value !== undefined ? (figure.value <= c.target ? ' ✓' : ' ✗') : '';
  const cpu = spread(timed.map((t) => t.cpu * 1000));
  return [
    build,
    c.name,
    c.target ? `≤ ${format(c.target)} ms` : '—',
    `${ms(cold.ms)} ms`,
    `${figure.text}${met}`,
    cpu.text,
    spread(timed.flatMap((t) => t.health)).text,
    `${format(changedDayCount)} days, ${format(totals.projects)} projects, ${format(totals.items)} items (Δ ${format(totals.delta, 1)}), ${format(milestones.length)} milestones; ${format(cold.bytes / 1024)} kB`,
  ];
};

/** A case asked once cold, then `repeats` times one after the other: its row. */
const measureCase = async (build: string, session: Session, pid: number, c: Case) => {
  const cold = await preview(session, pid, c.calendar, c.body(0));
  const timed: Timed[] = [];
  for (let i = 1; i <= config.repeats; i++) timed.push(await preview(session, pid, c.calendar, c.body(i)));
  const measured = row(build, c, cold, timed);
  log(
    `  ${build}, ${c.name}: cold ${ms(cold.ms)} ms, then ${measured[4]}, CPU ${measured[5]}, health ${measured[6]}; ${machine()}`,
  );
  return { measured, cold };
};

/** SaveCalendar, waited for until the read models have it; its id. */
const saveCalendar = async (session: Session, definition: CalendarDefinition) => {
  const response = await fetch(`${session.commandUrl}/api/commands/SaveCalendar`, {
    method: 'POST',
    headers: session.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ name: 'Zürich', definition }),
  });
  if (response.status !== 200)
    throw new Error(`SaveCalendar: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const { id, position } = (await response.json()) as { id: number; position: number };
  await fetch(`${session.url}/api/calendars/${id}`, {
    headers: session.headers({ 'x-fahrplan-after': String(position) }),
  });
  return id;
};

const measure = async (build: Build, folder: string) => {
  const { sample, started } = await startSampled(config, build, folder, 1, seeded(config.seed).next);
  log(
    `  ${build.name}: ready after ${format(started.ready / 1000, 1)} s (from the prepared checkpoint); ${machine()}`,
  );
  try {
    const session = await demoAdmin(started.deployment, config.password);
    const pid = started.deployment.pids[0]!;
    const [first, last] = sample.span;
    const middle = new Date((Date.parse(first) + Date.parse(last)) / 2).toISOString().slice(0, 10);
    const closing = wednesdayFrom(middle);
    const effectiveFrom = `${closing.slice(0, 4)}-01-01`;
    const cases: Case[] = [
      {
        name: `a company closing day (${closing}) on the default calendar`,
        calendar: 0,
        body: changeOf(effectiveFrom, companyDay(closing, 'closed')),
        target: targetMs,
      },
      {
        name: `a half day (${closing}) on the default calendar`,
        calendar: 0,
        body: changeOf(effectiveFrom, companyDay(closing, 'half')),
      },
      {
        name: 'a yearly closing day (24 December) on the default calendar',
        calendar: 0,
        body: changeOf(first, companyDay('2020-12-24', 'closed', true)),
      },
    ];
    const rows: string[][] = [];
    let project: number | undefined;
    for (const c of cases) {
      // a case that fails (the server gone, a refusal) is said in its row; the others still run
      const done = await measureCase(build.name, session, pid, c).catch((error: unknown) => {
        log(`  ${build.name}, ${c.name}: failed, ${String(error)}`);
        return null;
      });
      if (!done) {
        rows.push([
          build.name,
          c.name,
          '—',
          'failed',
          String(started.deployment.died() ?? 'no answer').slice(0, 80),
          '',
          '',
          '',
        ]);
        continue;
      }
      project ??= done.cold.answer.items[0]?.project;
      rows.push(done.measured);
    }
    // a calendar of Zürich to switch a project to, made outside the timing (the seeded tenant's roles
    // predate the calendars resource: a refusal is said, not hidden)
    const zurich =
      project === undefined
        ? undefined
        : await saveCalendar(session, { ...bernDefinition, region: 'ZH' }).catch((error: unknown) => {
            log(`  a project's switch: skipped, ${String(error)}`);
            return undefined;
          });
    if (project !== undefined && zurich !== undefined) {
      const c = {
        name: `a project switching to a calendar of Zürich`,
        calendar: zurich,
        body: () => ({ project }),
      };
      rows.push((await measureCase(build.name, session, pid, c)).measured);
    }
    return rows;
  } finally {
    await started.deployment.stop();
  }
};

const main = async () => {
  const seededDir = existingSeededFolder(config.dir, config.items);
  log(`bench:calendar-preview: ${format(config.items)} items (${seededDir}), ${machine()}`);
  log(uptime());
  const runs = { ...config, root: repository, log };
  const prepared = await preparedFolder(runs, seededDir);
  // this build first: a run cut short still has its figures (the baseline's are the slower ones)
  const builds: Build[] = [
    { name: config.baseline ? 'after' : 'this build', root: repository, paged: true },
    ...(config.baseline ? [{ name: 'before', root: resolve(config.baseline), paged: true }] : []),
  ];
  const rows: string[][] = [];
  for (const build of builds) {
    const folder = copyOf(runs, prepared);
    try {
      rows.push(...(await measure(build, folder)));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  log();
  log(
    `${format(config.items)} items, the impact preview over HTTP, ${config.repeats} runs each after a cold one (${machine()})`,
  );
  printTable(
    log,
    [
      [
        'build',
        'preview',
        'target',
        'first (cold)',
        'p50 / p95',
        'CPU p50 / p95',
        'health p50 / p95',
        'answer',
      ],
      ...rows,
    ],
    new Set([0, 1, 7]),
  );
  log(uptime());
};

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
