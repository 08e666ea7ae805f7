/**
 * Issue 8 "as of" benchmark: how long the whole timeline takes as of an instant, at 100,000 events.
 * The embedded one-process app (createEmbedded, as `npm start` runs it) on 127.0.0.1 over real HTTP:
 * `GET /api/timeline?from&to` over the widest window the query allows (covering every item), live and
 * with `?asOf=<ISO>` (AsOfInterceptor → AsOfStores.positionAt → storeAt: a MemoryReadStore folded by a
 * ProjectionRunner up to that position, LRU of 4), cold (the first request at an instant folds) and
 * warm (the cached fold). In-process on the same event store: positionAt alone, the fold alone and, as
 * the peer, a full rebuild of the same log; then the memory one cached as-of store holds.
 *
 * The log: the portfolio workload (projects, goals, re-ratings, moves, shares, deletions of two
 * tenants) and the planning workload (applications, comments, accounts) written by their generators
 * into a staging log, interleaved with items created, moved, renamed, re-statused and deleted on those
 * projects (decided by the real item decider), and every command stamped on one clock over two years
 * of working hours (Mon–Fri 08:00–18:00 UTC), so that time travel finds history spread as in a real
 * log. Scale with the BENCH_ASOF_* variables below.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Logger } from '@nestjs/common';
import {
  fromDayNumber,
  groupDecider,
  itemDecider,
  saveItemSchema,
  streamName,
  subgroupsOf,
  toDayNumber,
  withSchemaVersion,
} from '@fahrplan/contracts';
import type {
  GroupEvent,
  GroupState,
  ItemCommand,
  ItemEvent,
  ItemState,
  StoredEvent,
  TimelineView,
} from '@fahrplan/contracts';

import { IdAllocator, SqliteEventStore, TokenService, eventMetadata } from '@fahrplan/platform';
import type { EventStore, ExpectedRevision, NewEvent } from '@fahrplan/platform';
import { AsOfStores, MemoryReadStore, allProjections, rebuild } from '@fahrplan/projection-service';
import { appendPlanningWorkload, seeded } from '@fahrplan/platform/testing';
import { createEmbedded } from '@fahrplan/server';
import type { Embedded } from '@fahrplan/server';
import { format, load, median, ms, percentile, printTable, seconds, setting } from './figures';
import { appendPortfolioWorkload } from './portfolio-workload';
import { NOISE, TENANT, createBenchTenants, listenLocally } from './workload-support';

const config = {
  /** Events of the whole log (about: identity, portfolio and planning events, the rest items). */
  events: setting('BENCH_ASOF_EVENTS', 100_000),
  /** Calendar days the log's timestamps span. */
  days: setting('BENCH_ASOF_DAYS', 730),
  /** Projects of the queried tenant (the other tenant creates half as many). */
  projects: setting('BENCH_ASOF_PROJECTS', 4000),
  /** Events of the planning workload (applications, comments, accounts of both tenants). */
  planningEvents: setting('BENCH_ASOF_PLANNING_EVENTS', 20_000),
  /** Instants per as-of figure: each one's first request is a cold fold. */
  instants: setting('BENCH_ASOF_INSTANTS', 7),
  /** Warm requests per instant, after its cold one. */
  warm: setting('BENCH_ASOF_WARM', 5),
  /** Live requests (after `warmup` unmeasured ones). */
  live: setting('BENCH_ASOF_LIVE', 20),
  warmup: setting('BENCH_ASOF_WARMUP', 3),
  /** In-process rounds of positionAt (first call, then calls on the built index), fold and rebuild. */
  rounds: setting('BENCH_ASOF_ROUNDS', 5),
  seed: setting('BENCH_ASOF_SEED', 4711),
};

const USERNAME = 'auditor';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The log's first day (a Monday); its timestamps run `config.days` from here. */
const START = Date.UTC(2024, 10, 18);
/** Items start between these days; the queried window [FROM, TO) covers them (at most 5 × 366 days). */
const ITEM_FIRST = toDayNumber('2024-09-01');
const ITEM_LAST = toDayNumber('2028-12-31');
const FROM = '2024-07-01';
const TO = '2029-07-01';
const users = ['anna.keller', 'marco.rossi', 'lea.meier', 'tom.berger', 'sara.huber'];
const words = ['Analysis', 'Design', 'Build', 'Test', 'Rollout', 'Training', 'Cutover', 'Review'];

// ---- The log. ----

/** One command's events as stored in the staging log, or decided here for an item. */
interface Command {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  /** Events with their metadata, the timestamp replaced when written to the log. */
  readonly events: readonly NewEvent[];
}

/** The staging log's commands: consecutive events of one stream and one correlation. */
async function commandsOf(store: EventStore, after: number, until: number): Promise<Command[]> {
  const commands: { stream: string; correlation: string; expected: ExpectedRevision; events: NewEvent[] }[] =
    [];
  for (let position = after; position < until;) {
    const page: StoredEvent[] = await store.readAll({ after: position, maxCount: 10_000 });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > until) break;
      const last = commands.at(-1);
      const { id, type, data, metadata } = event;
      if (last && last.stream === event.streamId && last.correlation === metadata.correlationId)
        last.events.push({ id, type, data, metadata });
      else
        commands.push({
          stream: event.streamId,
          correlation: metadata.correlationId,
          expected: event.revision === 0 ? 'no_stream' : event.revision - 1,
          events: [{ id, type, data, metadata }],
        });
    }
    position = page.at(-1)!.position;
  }
  return commands;
}

/** Working hours (Mon–Fri 08:00–18:00 UTC) of the span: command `index` of `total` falls at its share of them. */
const clock = (total: number, next: () => number) => {
  const days: number[] = [];
  for (let day = 0; day < config.days; day += 1) {
    const at = START + day * DAY;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(at + 8 * HOUR);
  }
  const workday = 10 * HOUR;
  // a random point in the command's own slot: monotonic, like one clock deciding them in turn
  return (index: number) => {
    const offset = ((index + next()) / total) * days.length * workday;
    const day = Math.min(days.length - 1, Math.floor(offset / workday));
    return new Date(days[day]! + (offset - day * workday)).toISOString();
  };
};

interface Project {
  readonly id: number;
  readonly tenant: string;
  state: GroupState;
  /** Ranks of its items, for the rank of a new one (after the highest, as the handler gives). */
  readonly ranks: (string | null)[];
  readonly items: Set<Item>;
}

interface Item {
  readonly id: number;
  readonly tenant: string;
  project: Project;
  state: ItemState;
}

/** A list with O(1) removal of any member and a random pick. */
class Bag<T> {
  private readonly members: T[] = [];
  private readonly index = new Map<T, number>();
  get size() {
    return this.members.length;
  }
  add(member: T) {
    this.index.set(member, this.members.length);
    this.members.push(member);
  }
  delete(member: T) {
    const at = this.index.get(member);
    if (at === undefined) return;
    const last = this.members.pop()!;
    if (last !== member) {
      this.members[at] = last;
      this.index.set(last, at);
    }
    this.index.delete(member);
  }
  pick(next: () => number): T | undefined {
    return this.members[Math.floor(next() * this.members.length)];
  }
}

interface Log {
  readonly file: string;
  readonly events: number;
  readonly head: number;
  readonly userId: number;
  readonly counts: Record<string, number>;
  readonly first: string;
  readonly last: string;
  readonly writeSeconds: number;
}

/**
 * Writes the log into `file`: identity, portfolio and planning by their generators into a staging
 * log, then every command in one interleaved order with items, each stamped by one clock.
 */
async function buildLog(directory: string, file: string): Promise<Log> {
  const began = performance.now();
  const staging = new SqliteEventStore(join(directory, 'staging.db'));
  let identity: Command[];
  let portfolio: Command[];
  let planning: Command[];
  let userId: number;
  try {
    const ids = new IdAllocator(staging);
    await createBenchTenants(staging, ids, [TENANT, NOISE], {
      username: USERNAME,
      displayName: 'As-of Bench Auditor',
    });
    const identityHead = await staging.headPosition();
    const portfolioHead = (
      await appendPortfolioWorkload(staging, {
        tenant: TENANT,
        projects: config.projects,
        noiseTenant: NOISE,
        noiseProjects: Math.round(config.projects / 2),
        seed: config.seed,
      })
    ).position;
    const planningHead = (
      await appendPlanningWorkload(staging, { events: config.planningEvents, seed: config.seed })
    ).position;
    identity = await commandsOf(staging, 0, identityHead);
    // createUser answers the log's position; the user's id is in its event
    const created = identity.flatMap((c) => c.events).find((event) => event.type === 'UserCreated');
    if (!created) throw new Error('the bench user was not created');
    userId = (created.data as { id: number }).id;
    portfolio = await commandsOf(staging, identityHead, portfolioHead);
    planning = await commandsOf(staging, portfolioHead, planningHead);
  } finally {
    await staging.close();
  }

  const { next, pick } = seeded(config.seed + 1);
  const between = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const eventsOf = (commands: readonly Command[]) => commands.reduce((sum, c) => sum + c.events.length, 0);
  const staged = eventsOf(identity) + eventsOf(portfolio) + eventsOf(planning);
  // every item command decides exactly one event
  const itemCommands = Math.max(0, config.events - staged);
  const total = identity.length + portfolio.length + planning.length + itemCommands;
  const timeAt = clock(total, next);
  const counts: Record<string, number> = {};

  const projects = new Map<string, Project>();
  const activeProjects = new Map<string, Bag<Project>>([
    [TENANT, new Bag()],
    [NOISE, new Bag()],
  ]);
  const activeItems = new Bag<Item>();
  let lastItemId = 10_000_000;

  /** Follows the portfolio's project streams, so items are planned in projects that exist then. */
  const follow = (command: Command) => {
    const first = command.events[0]!;
    let project = projects.get(command.stream);
    if (first.type === 'GroupCreated') {
      const id = (first.data as { id: number }).id;
      project = {
        id,
        tenant: first.metadata.tenant,
        state: groupDecider.initialState,
        ranks: [],
        items: new Set(),
      };
      projects.set(command.stream, project);
    }
    if (!project) return;
    const wasActive = project.state.status === 'active';
    for (const event of command.events)
      project.state = groupDecider.evolve(project.state, {
        type: event.type,
        data: event.data,
      } as GroupEvent);
    const isActive = project.state.status === 'active';
    if (!wasActive && isActive) activeProjects.get(project.tenant)?.add(project);
    if (wasActive && !isActive) {
      activeProjects.get(project.tenant)?.delete(project);
      // a deleted project's items are left as they were: nobody plans in it any more
      for (const item of project.items) activeItems.delete(item);
    }
  };

  const facts = (project: Project) => ({
    subgroups: project.state.status === 'active' ? subgroupsOf(project.state.subgroups).map((s) => s.id) : [],
    sprint: false,
  });

  /** Decides one item command at `now`; undefined when there is nothing to do it on. */
  const itemCommand = (now: string): Command | undefined => {
    const roll = next();
    const tenant = next() < 2 / 3 ? TENANT : NOISE;
    const user = pick(users);
    const context = { tenant, user, now, systemEditor: false };
    let item: Item;
    let command: ItemCommand;
    let kind: string;
    let project: Project | undefined;
    if (roll < 0.3 || activeItems.size < 100) {
      project = activeProjects.get(tenant)!.pick(next);
      if (!project) return undefined;
      item = { id: (lastItemId += 1), tenant, project, state: itemDecider.initialState };
      const start = between(ITEM_FIRST, ITEM_LAST - 60);
      const milestone = next() < 0.15;
      const days = between(1, 60);
      kind = 'created';
      command = {
        type: 'SaveItem',
        data: saveItemSchema.parse({
          title: `${pick(words)} ${item.id}`,
          group: project.id,
          subgroup: milestone ? 'milestones' : 'tasks',
          start: `${fromDayNumber(start)}T00:00`,
          end: milestone ? null : `${fromDayNumber(start + days)}T00:00`,
          effort: milestone ? null : between(1, days * 2),
          status: between(0, 5),
        }),
      };
    } else {
      item = activeItems.pick(next)!;
      if (item.state.status !== 'active') return undefined;
      const { version, fields } = item.state;
      project = item.project;
      if (roll < 0.75) {
        // moved: by up to 30 days either way; one move in ten to another project of the tenant
        const shift = between(1, 30) * (next() < 0.5 ? -1 : 1);
        const other = next() < 0.1 ? activeProjects.get(item.tenant)!.pick(next) : undefined;
        if (other) project = other;
        kind = other ? 'moved to another project' : 'moved';
        command = {
          type: 'SaveItem',
          data: saveItemSchema.parse({
            id: item.id,
            version,
            start: `${fromDayNumber(toDayNumber(fields.start.slice(0, 10)) + shift)}${fields.start.slice(10)}`,
            ...(other ? { group: other.id } : {}),
          }),
        };
      } else if (roll < 0.87) {
        kind = 'renamed';
        command = {
          type: 'SaveItem',
          data: saveItemSchema.parse({
            id: item.id,
            version,
            title: `${pick(words)} ${item.id} (${now.slice(0, 10)})`,
          }),
        };
      } else if (roll < 0.93) {
        kind = 'status changed';
        command = {
          type: 'SaveItem',
          data: saveItemSchema.parse({ id: item.id, version, status: (fields.status + between(1, 5)) % 6 }),
        };
      } else {
        kind = 'deleted';
        command = { type: 'DeleteItem', data: { id: item.id, version } };
      }
    }
    const events: ItemEvent[] = itemDecider.decide(command, item.state, {
      ...context,
      tenant: item.tenant,
      newId: item.id,
      group: facts(project),
      groupRanks: project.ranks,
    });
    if (events.length !== 1) return undefined;
    const expected = item.state.status === 'absent' ? ('no_stream' as const) : item.state.version;
    const created = item.state.status === 'absent';
    const state = events.reduce(itemDecider.evolve, item.state);
    item.state = state;
    if (state.status === 'active' && item.project !== project) {
      item.project.items.delete(item);
      item.project = project;
    }
    if (state.status === 'active') {
      project.items.add(item);
      if (created) {
        project.ranks.push(state.fields.rank);
        activeItems.add(item);
      }
    } else {
      project.items.delete(item);
      activeItems.delete(item);
    }
    counts[`items ${kind}`] = (counts[`items ${kind}`] ?? 0) + 1;
    const metadata = eventMetadata({ tenant: item.tenant, user, timestamp: now, command: command.type });
    return {
      stream: streamName('item', item.id),
      expected,
      events: events.map((event) => ({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: withSchemaVersion(metadata, event.type),
      })),
    };
  };

  const restamp = (command: Command, now: string): Command => ({
    ...command,
    events: command.events.map((event) => ({ ...event, metadata: { ...event.metadata, timestamp: now } })),
  });

  // one order: the sources drawn in proportion to what each has left, so they spread over the span
  const ordered: Command[] = [];
  let [p, a, itemsLeft] = [0, 0, itemCommands];
  for (const command of identity) ordered.push(restamp(command, timeAt(ordered.length)));
  while (p < portfolio.length || a < planning.length || itemsLeft > 0) {
    const now = timeAt(ordered.length);
    const roll = next() * (portfolio.length - p + (planning.length - a) + itemsLeft);
    if (roll < itemsLeft) {
      const decided = itemCommand(now);
      if (decided) {
        ordered.push(decided);
        itemsLeft -= 1;
        continue;
      }
      if (p === portfolio.length && a === planning.length) {
        itemsLeft = 0; // nothing left to plan items in
        continue;
      }
    }
    if (
      p < portfolio.length &&
      (a === planning.length || next() * (portfolio.length - p + planning.length - a) < portfolio.length - p)
    ) {
      const command = portfolio[p++]!;
      follow(command);
      ordered.push(restamp(command, now));
    } else if (a < planning.length) ordered.push(restamp(planning[a++]!, now));
  }
  for (const command of portfolio) {
    const kind = `portfolio ${command.events[0]!.type}`;
    counts[kind] = (counts[kind] ?? 0) + command.events.length;
  }
  for (const command of planning) {
    const kind = `planning ${command.events[0]!.type}`;
    counts[kind] = (counts[kind] ?? 0) + command.events.length;
  }

  const store = new SqliteEventStore(file);
  try {
    // in chunks requested in one turn: SqliteEventStore commits each in one transaction, in call order
    for (let i = 0; i < ordered.length; i += 500)
      await Promise.all(
        ordered
          .slice(i, i + 500)
          .map((command) => store.append(command.stream, command.events, command.expected)),
      );
    const head = await store.headPosition();
    return {
      file,
      events: ordered.reduce((sum, command) => sum + command.events.length, 0),
      head,
      userId,
      counts,
      first: ordered[0]!.events[0]!.metadata.timestamp,
      last: ordered.at(-1)!.events[0]!.metadata.timestamp,
      writeSeconds: seconds(began),
    };
  } finally {
    await store.close();
  }
}

// ---- Measuring. ----

/** Wall milliseconds, and this process's CPU milliseconds (all threads: server, client, GC) meanwhile. */
interface Sample {
  readonly ms: number;
  readonly cpu: number;
}

/**
 * `work` timed in wall and CPU time. On a loaded 2-core machine the wall time also measures the
 * neighbours; the CPU time is what the work itself costs.
 */
const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; sample: Sample }> => {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  const { user, system } = process.cpuUsage(cpuStart);
  return { result, sample: { ms, cpu: (user + system) / 1000 } };
};

class Client {
  constructor(
    private readonly baseUrl: string,
    private readonly token: () => string,
  ) {}

  /** One request, timed until the last byte of the answer arrived (parsing it is not timed). */
  async get(path: string): Promise<{ sample: Sample; text: string; position: string | null }> {
    const headers = { authorization: `Bearer ${this.token()}` };
    const { result, sample } = await timed(async () => {
      const response = await fetch(`${this.baseUrl}${path}`, { headers });
      return { response, text: await response.text() };
    });
    const { response, text } = result;
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { sample, text, position: response.headers.get('x-fahrplan-as-of-position') };
  }
}

/** The items of the first 1,000 projects (the timeline answers a page of rows, issue 17). */
const timelinePath = `/api/timeline?from=${FROM}&to=${TO}&detail=items&limit=1000`;
const asOfPath = (instant: string) => `${timelinePath}&asOf=${encodeURIComponent(instant)}`;

interface Row {
  readonly figure: string;
  readonly samples: readonly Sample[];
  /** What else the row says: items in the answer, events per second… */
  readonly note: string;
}

const summary = ({ figure, samples, note }: Row): string[] => {
  const wall = samples.map((s) => s.ms).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpu).sort((a, b) => a - b);
  return [
    figure,
    ms(percentile(wall, 50)),
    ms(percentile(wall, 95)),
    ms(wall.at(-1)!),
    ms(percentile(cpu, 50)),
    ms(percentile(cpu, 95)),
    format(wall.length),
    note,
  ];
};

const items = (text: string) => {
  const view = JSON.parse(text) as TimelineView;
  return `${format(view.items.length)} items, ${format(view.groups.length)} projects, ${format(text.length / 1024, 0)} KB`;
};

/** A garbage collection on demand (the npm script starts node without --expose-gc). */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
})();

const mb = (bytes: number) => `${format(bytes / 1024 / 1024, 1)} MB`;
const signedMb = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mb(Math.abs(bytes))}`;

async function main() {
  Logger.overrideLogger(['error', 'warn']);
  const log = (line: string) => console.log(line);
  const directory = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'fahrplan-as-of-bench-'));
  const dataDir = join(directory, 'data');
  mkdirSync(dataDir);
  const rows: Row[] = [];
  const mismatches: string[] = [];
  const began = performance.now();
  let embedded: Embedded | undefined;
  try {
    log(`Fahrplan as-of (time travel) benchmark — ${new Date().toISOString()}`);
    log(
      `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${mb(totalmem())} RAM; server: the ` +
        'embedded app (createEmbedded: SQLite event store, memory read store) on 127.0.0.1, requests one at a ' +
        'time from the same process',
    );
    log(`settings: ${JSON.stringify(config)}; load average at start ${load()}`);

    const built = await buildLog(directory, join(dataDir, 'events.db'));
    log('');
    log(
      `log: ${format(built.events)} events (head position ${format(built.head)}), ${built.first} … ${built.last}, ` +
        `written in ${format(built.writeSeconds, 1)} s`,
    );
    log(
      `  ${Object.entries(built.counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, count]) => `${kind} ${format(count)}`)
        .join(', ')}`,
    );

    // the token key where createEmbedded looks for it, so the bench issues its own access tokens
    const secret = randomBytes(32);
    writeFileSync(join(dataDir, 'token.key'), secret.toString('base64'), { mode: 0o600 });
    const tokens = new TokenService(secret);
    const token = () =>
      tokens.issueAccessToken({
        userId: built.userId,
        tenant: TENANT,
        username: USERNAME,
        session: randomUUID(),
      });
    const started = performance.now();
    embedded = await createEmbedded({ dataDir, logger: false });
    const startSeconds = seconds(started);
    const client = new Client(await listenLocally(embedded.app), token);
    log(`embedded app started (live read models caught up with the log) in ${format(startSeconds, 1)} s`);

    const first = Date.parse(built.first);
    const last = Date.parse(built.last);
    const store = embedded.store;
    /** The timestamp of the event at `position`: as of it, the log up to that event. */
    const timestampAt = async (position: number) =>
      (await store.readAll({ after: position - 1, maxCount: 1 }))[0]!.metadata.timestamp;
    /** `config.instants` events 97 positions apart from `share` of the log on: each a new position, never cached. */
    const instantsFrom = (share: number) =>
      Promise.all(
        Array.from({ length: config.instants }, (_, i) =>
          timestampAt(Math.min(built.head, Math.round(built.head * share) + i * 97)),
        ),
      );
    const mid = first + (last - first) / 2;

    // live: the peer of every as-of figure
    let liveText = '';
    for (let i = 0; i < config.warmup; i += 1) liveText = (await client.get(timelinePath)).text;
    const live: Sample[] = [];
    for (let i = 0; i < config.live; i += 1) live.push((await client.get(timelinePath)).sample);
    rows.push({ figure: 'live, whole timeline', samples: live, note: items(liveText) });

    // the very first as-of request also reads every event's timestamp once (the positionAt index)
    const firstAsOf = await client.get(asOfPath(await timestampAt(Math.round(built.head * 0.45))));
    rows.push({
      figure: 'as of mid, first as-of request since start',
      samples: [firstAsOf.sample],
      note: `index of ${format(built.head)} timestamps + fold to ${format(Number(firstAsOf.position))} + query`,
    });

    // the positions the headers name, checked against positionAt of an AsOfStores of this process
    const reference = new AsOfStores(embedded.store, allProjections);
    /** Cold (the first request at each instant) and warm (the next ones at it). */
    const asOf = async (name: string, instants: readonly string[]) => {
      const cold: Sample[] = [];
      const warm: Sample[] = [];
      let text = '';
      const positions: number[] = [];
      for (const instant of instants) {
        const reply = await client.get(asOfPath(instant));
        cold.push(reply.sample);
        positions.push(Number(reply.position));
        text = reply.text;
        const inProcess = await reference.positionAt(new Date(instant));
        if (inProcess !== Number(reply.position))
          mismatches.push(`${name} ${instant}: header position ${reply.position}, positionAt ${inProcess}`);
        for (let j = 0; j < config.warm; j += 1) warm.push((await client.get(asOfPath(instant))).sample);
      }
      const range = `positions ${format(Math.min(...positions))}…${format(Math.max(...positions))}`;
      rows.push({
        figure: `as of ${name}, cold (fold + query)`,
        samples: cold,
        note: `${range}; ${items(text)}`,
      });
      rows.push({ figure: `as of ${name}, warm (cached fold)`, samples: warm, note: items(text) });
      return positions;
    };
    const midPositions = await asOf('mid', await instantsFrom(0.5));
    const endPositions = await asOf('near the end', await instantsFrom(0.99));

    // as of after the last event: the same answer as live, at the head
    const now = await client.get(asOfPath(new Date(last + HOUR).toISOString()));
    if (Number(now.position) !== built.head)
      mismatches.push(`as of after the last event: position ${now.position}, head ${built.head}`);
    if (!isDeepStrictEqual(JSON.parse(now.text), JSON.parse(liveText)))
      mismatches.push('as of after the last event answers differently from live');

    // in-process on the app's event store
    const indexing: Sample[] = [];
    const lookups: Sample[] = [];
    const instants = Array.from(
      { length: 100 },
      (_, i) => new Date(first + ((last - first) * (i + 0.5)) / 100),
    );
    for (let round = 0; round < config.rounds; round += 1) {
      const stores = new AsOfStores(embedded.store, allProjections);
      indexing.push((await timed(() => stores.positionAt(new Date(mid)))).sample);
      for (const instant of instants) lookups.push((await timed(() => stores.positionAt(instant))).sample);
    }
    rows.push({
      figure: 'positionAt, first call (reads every timestamp)',
      samples: indexing,
      note: `${format(built.head)} events`,
    });
    rows.push({
      figure: 'positionAt, on the built index',
      samples: lookups,
      note: 'one readAll after the last known position, then a binary search',
    });

    const midPosition = median(midPositions);
    const endPosition = median(endPositions);
    // positions of a fresh log are 1…head without gaps: the events up to p are p
    const rate = (events: number, samples: readonly Sample[]) =>
      `${format(events)} events; events/s: ${format((events / median(samples.map((s) => s.ms))) * 1000)} ` +
      `at wall p50, ${format((events / median(samples.map((s) => s.cpu))) * 1000)} at CPU p50`;
    for (const [name, position] of [
      ['mid', midPosition],
      ['near the end', endPosition],
    ] as const) {
      const folds: Sample[] = [];
      for (let round = 0; round < config.rounds; round += 1) {
        const stores = new AsOfStores(embedded.store, allProjections);
        folds.push((await timed(() => stores.storeAt(position))).sample);
      }
      rows.push({ figure: `fold alone (storeAt), ${name}`, samples: folds, note: rate(position, folds) });
    }
    const rebuilds: Sample[] = [];
    for (let round = 0; round < config.rounds; round += 1)
      rebuilds.push((await timed(() => rebuild(store, new MemoryReadStore(), allProjections))).sample);
    rows.push({
      figure: 'peer: rebuild of the whole log',
      samples: rebuilds,
      note: rate(built.head, rebuilds),
    });

    // memory one cached fold holds: heap and RSS after a collection, with and without it
    collect();
    const before = process.memoryUsage();
    let held: Awaited<ReturnType<AsOfStores['storeAt']>> | undefined = await new AsOfStores(
      embedded.store,
      allProjections,
    ).storeAt(endPosition);
    collect();
    const after = process.memoryUsage();
    const dump = await held.dump();
    const documents = Object.values(dump).reduce((sum, docs) => sum + docs.length, 0);
    held = undefined;

    log('');
    printTable(
      log,
      [
        ['figure', 'p50 ms', 'p95 ms', 'max ms', 'CPU p50 ms', 'CPU p95 ms', 'samples', 'note'],
        ...rows.map(summary),
      ],
      new Set([0, 7]),
    );
    log('');
    log(
      `memory of one cached as-of store (near the end, position ${format(endPosition)}, ${format(documents)} ` +
        `documents in ${format(Object.keys(dump).length)} collections): heap ${signedMb(after.heapUsed - before.heapUsed)}, ` +
        `RSS ${signedMb(after.rss - before.rss)} (after a collection; the app caches up to 4)`,
    );
    log(
      `process at the end: RSS ${mb(process.memoryUsage().rss)}, heap ${mb(process.memoryUsage().heapUsed)}`,
    );
    log('');
    log(
      `- Whole timeline: GET ${timelinePath} (a window covering every item, every item of the first 1,000 ` +
        'projects), as the ' +
        `user ${USERNAME} of ${TENANT} with every permission incl. history VIEW; latency from sending the request ` +
        'until the last byte arrived.',
    );
    log(
      `- Cold: the first request at each of ${config.instants} instants (the timestamps of events 97 positions apart ` +
        'from the middle of the log, resp. from 99 % of it: each a new position, so the fold runs: ' +
        `positionAt + storeAt + query); warm: ${config.warm} more requests at each instant ` +
        '(the cached fold, LRU of 4).',
    );
    log(
      "- CPU: this process's CPU time (all threads: server, client, GC) per sample; on a loaded machine it is " +
        'steadier than wall time. Events/s at CPU p50 is what the fold costs without the neighbours.',
    );
    log(
      `- In-process figures on the app's event store with a fresh AsOfStores per round (${config.rounds} rounds); ` +
        'the fold and rebuild run the ProjectionRunner into a MemoryReadStore in pages of 5,000.',
    );
    log(
      mismatches.length === 0
        ? `- As of after the last event answered exactly as live at the head; every as-of header position equals ` +
            `positionAt in-process. Whole run: ${format(seconds(began), 0)} s; load average at the end ${load()}.`
        : `- MISMATCH: ${mismatches.join('; ')}`,
    );
    if (mismatches.length > 0) process.exitCode = 1;
  } finally {
    await embedded?.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
