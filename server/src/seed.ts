import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  addSubgroupSchema,
  can,
  fromDayNumber,
  groupDecider,
  isServerDate,
  itemDecider,
  itemRanks,
  saveGroupSchema,
  saveItemSchema,
  streamName,
  subgroupsOf,
  toDayNumber,
  withSchemaVersion,
} from '@fahrplan/contracts';
import type { DomainEvent, GroupCommand, GroupState, ItemCommand } from '@fahrplan/contracts';
import {
  DirectoryCache,
  IdAllocator,
  SqliteEventStore,
  createEventStore,
  eventMetadata,
} from '@fahrplan/platform';
import type { EventStore, NewEvent } from '@fahrplan/platform';

/** What `npm run seed` generates; every field has the default the CLI documents. */
export interface SeedOptions {
  readonly projects: number;
  readonly items: number;
  readonly tenant: string;
  /** The seed of the pseudo-random generator: the same seed and options give the same data. */
  readonly seed: number;
  /** First and last day items may start on, YYYY-MM-DD. */
  readonly from: string;
  readonly to: string;
  /** INDIVIDUAL lanes added to every project. */
  readonly lanes: number;
  /** Share of items that are milestones (end null). */
  readonly milestones: number;
  /** Background items (system type 'background'), spread over the projects. */
  readonly backgrounds: number;
  /** Recorded as the user of every event, as a command of that user would be. */
  readonly user: string;
  /** Appends in flight at once: the SQLite store commits each such batch in one transaction. */
  readonly batch: number;
  /** Progress lines (every ~1,000 items); silent when absent. */
  readonly log?: (line: string) => void;
  /** The clock of the event timestamps. */
  readonly now?: () => Date;
}

export interface SeedSummary {
  readonly projects: number;
  readonly lanes: number;
  readonly items: number;
  readonly milestones: number;
  readonly backgrounds: number;
  readonly events: number;
  readonly seconds: number;
  /** Ids of the projects created, in creation order. */
  readonly groupIds: readonly number[];
}

export class SeedError extends Error {
  override readonly name = 'SeedError';
}

const addMonths = (date: Date, months: number): string => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
  return d.toISOString().slice(0, 10);
};

export const defaultSeedOptions = (today = new Date()): SeedOptions => ({
  projects: 100,
  items: 1000,
  tenant: 'demo',
  seed: 1,
  from: addMonths(today, -6),
  to: addMonths(today, 18),
  lanes: 1,
  milestones: 0.15,
  backgrounds: 5,
  user: 'admin',
  batch: 1000,
});

/** mulberry32: a tiny seeded generator; Math.random cannot be seeded, and no dependency is needed for this. */
const generator = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return { next, int, pick };
};

const adjectives = [
  'Cloud',
  'Core',
  'Digital',
  'Global',
  'Lean',
  'Mobile',
  'Secure',
  'Smart',
  'Open',
  'Agile',
];
const nouns = ['Migration', 'Rollout', 'Upgrade', 'Platform', 'Portal', 'Integration', 'Renewal', 'Pilot'];
const taskWords = [
  'Analysis',
  'Design',
  'Build',
  'Test',
  'Rollout',
  'Training',
  'Cutover',
  'Review',
  'Go-live',
];
const milestoneWords = ['Kick-off', 'Approval', 'Release', 'Go-live', 'Sign-off', 'Gate'];

/** A project as generated: its command stream and, once decided, its state. */
interface PlannedGroup {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly state: GroupState;
  readonly events: NewEvent[];
}

/** The write path's metadata (AggregateRunner): one correlation per command, the command type, the source. */
const metadataFor = (options: SeedOptions, command: string, now: string) =>
  eventMetadata({
    tenant: options.tenant,
    user: options.user,
    timestamp: now,
    correlationId: randomUUID(),
    command,
    source: 'seed',
  });

const toNewEvents = (events: readonly DomainEvent[], metadata: NewEvent['metadata']): NewEvent[] =>
  events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: withSchemaVersion(metadata, event.type),
  }));

/**
 * Parsed like the HTTP API parses a command body (the command catalogue's schemas): validated, with
 * their defaults and normalisations.
 */
const parse = {
  SaveGroup: (data: unknown) => saveGroupSchema.parse(data),
  AddSubgroup: (data: unknown) => addSubgroupSchema.parse(data),
  SaveItem: (data: unknown) => saveItemSchema.parse(data),
};

/**
 * Writes `options.projects` projects (with `options.lanes` INDIVIDUAL lanes each) and `options.items`
 * items into the tenant through the real write path: each command is parsed by the command catalogue's
 * schema and decided by the contracts' decider, ids come from the shared IdAllocator, and the events
 * carry the metadata the command service writes. Appends run `options.batch` at a time.
 */
export const seed = async (store: EventStore, options: SeedOptions): Promise<SeedSummary> => {
  validate(options);
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const directory = new DirectoryCache(store);
  await directory.start();
  const tenant = directory.tenant(options.tenant);
  const user = directory.user(options.tenant, options.user);
  await directory.stop();
  if (!tenant)
    throw new SeedError(
      `tenant '${options.tenant}' does not exist: start the server once (npm start creates the demo tenant) or pass --tenant`,
    );
  if (!user)
    throw new SeedError(`user '${options.user}' does not exist in tenant '${options.tenant}': pass --user`);
  // as the item handler decides: only a system editor may set the background type (§6)
  const systemEditor = can(user.permissions, 'item-details-system', 'EDIT');
  if (options.backgrounds > 0 && !systemEditor)
    throw new SeedError(
      `user '${options.user}' may not create background items (EDIT on item-details-system): pass --backgrounds 0 or another --user`,
    );
  const ids = new IdAllocator(store, Math.min(10_000, Math.max(100, options.projects + options.items)));
  const random = generator(options.seed);
  const now = () => (options.now ?? (() => new Date()))().toISOString();
  const context = { tenant: options.tenant, user: options.user };
  const [first, last] = [toDayNumber(options.from), toDayNumber(options.to)];
  const span = last - first;
  let events = 0;

  const appendAll = async (writes: readonly { stream: string; events: NewEvent[] }[]) => {
    for (let i = 0; i < writes.length; i += options.batch) {
      await Promise.all(
        writes.slice(i, i + options.batch).map((w) => store.append(w.stream, w.events, 'no_stream')),
      );
      for (const w of writes.slice(i, i + options.batch)) events += w.events.length;
    }
  };

  // projects: SaveGroup, then AddSubgroup per lane, all in the project's stream
  const groups: PlannedGroup[] = [];
  for (let n = 1; n <= options.projects; n++) {
    const id = await ids.allocate();
    const start = first + random.int(0, Math.max(0, span - 90));
    const end = Math.min(last, start + random.int(90, 540));
    const title = `${random.pick(adjectives)} ${random.pick(nouns)} ${String(n).padStart(4, '0')}`;
    const save = parse.SaveGroup({
      title,
      shortname: `S${n}`,
      projectNr: `SEED-${String(n).padStart(5, '0')}`,
      description: `Synthetic project ${n} (seed ${options.seed}).`,
      start: fromDayNumber(start),
      end: fromDayNumber(Math.max(start, end - 1)),
      status: random.int(0, 5),
      phase: random.int(0, 5),
      healthStatus: random.int(0, 3),
    });
    const at = now();
    let state = groupDecider.initialState;
    const written: NewEvent[] = [];
    const decide = (command: GroupCommand, type: string) => {
      const decided = groupDecider.decide(command, state, {
        ...context,
        now: at,
        newId: id,
        parentChain: [],
        alm: tenant.features.alm,
      });
      state = decided.reduce<GroupState>((s, e) => groupDecider.evolve(s, e), state);
      written.push(...toNewEvents(decided, metadataFor(options, type, at)));
    };
    decide({ type: 'SaveGroup', data: save }, 'SaveGroup');
    for (let lane = 1; lane <= options.lanes; lane++) {
      const data = parse.AddSubgroup({ id, name: `Lane ${lane}` });
      decide({ type: 'AddSubgroup', data }, 'AddSubgroup');
    }
    groups.push({ id, start, end, state, events: written });
  }
  await appendAll(groups.map((g) => ({ stream: streamName('group', g.id), events: g.events })));
  log(`${groups.length} projects with ${options.lanes} lane(s) each written`);

  // items: which project each goes to first, so that ranks can be spread evenly per project
  const kinds = Array.from({ length: options.items }, (_, i) => {
    const background = i < options.backgrounds;
    const group = background ? groups[i % groups.length]! : random.pick(groups);
    return {
      group,
      kind: background ? 'background' : random.next() < options.milestones ? 'milestone' : 'task',
    };
  });
  const perGroup = new Map<number, number>();
  for (const { group } of kinds) perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + 1);
  const ranked = new Map<number, number>();
  const rankOf = (groupId: number) => {
    const index = (ranked.get(groupId) ?? 0) + 1;
    ranked.set(groupId, index);
    // evenly between min and max, so that later inserts find room anywhere (§9 10-base ranks)
    const step = Math.floor(999_999 / (perGroup.get(groupId)! + 1));
    return itemRanks.format('0', String(step * index));
  };

  let milestones = 0;
  let backgrounds = 0;
  let pending: { stream: string; events: NewEvent[] }[] = [];
  for (const [i, { group, kind }] of kinds.entries()) {
    const id = await ids.allocate();
    if (group.state.status !== 'active') throw new Error('a seeded project is not active');
    const lanes = subgroupsOf(group.state.subgroups);
    const individual = lanes.filter((l) => l.type === 'INDIVIDUAL').map((l) => l.id);
    const startDay = random.int(group.start, Math.max(group.start, group.end - 1));
    let data: Record<string, unknown>;
    if (kind === 'background') {
      backgrounds++;
      data = {
        title: `Freeze ${i + 1}`,
        type: 'background',
        start: `${fromDayNumber(startDay)}T00:00`,
        end: `${fromDayNumber(startDay + random.int(3, 14))}T00:00`,
      };
    } else if (kind === 'milestone') {
      milestones++;
      data = {
        title: `${random.pick(milestoneWords)} ${i + 1}`,
        subgroup: individual.length > 0 && random.next() < 0.3 ? random.pick(individual) : 'milestones',
        start: `${fromDayNumber(startDay)}T00:00`,
        end: null,
      };
    } else {
      // day-precise: the exclusive end is 00:00 of the day after the last day (§5)
      const days = random.int(1, 60);
      data = {
        title: `${random.pick(taskWords)} ${i + 1}`,
        subgroup: individual.length > 0 && random.next() < 0.5 ? random.pick(individual) : 'tasks',
        start: `${fromDayNumber(startDay)}T00:00`,
        end: `${fromDayNumber(startDay + days)}T00:00`,
        effort: random.int(1, Math.max(1, days * 2)),
      };
    }
    const command: ItemCommand = {
      type: 'SaveItem',
      data: parse.SaveItem({
        ...data,
        group: group.id,
        status: random.int(0, 5),
        rank: rankOf(group.id),
      }),
    };
    const at = now();
    const decided = itemDecider.decide(command, itemDecider.initialState, {
      ...context,
      now: at,
      newId: id,
      group: { subgroups: lanes.map((l) => l.id), sprint: false },
      systemEditor,
    });
    pending.push({
      stream: streamName('item', id),
      events: toNewEvents(decided, metadataFor(options, 'SaveItem', at)),
    });
    if (pending.length >= options.batch) {
      await appendAll(pending);
      pending = [];
    }
    if ((i + 1) % 1000 === 0) log(`${i + 1} of ${options.items} items`);
  }
  await appendAll(pending);
  const seconds = (performance.now() - started) / 1000;
  return {
    projects: groups.length,
    lanes: groups.length * options.lanes,
    items: options.items,
    milestones,
    backgrounds,
    events,
    seconds,
    groupIds: groups.map((g) => g.id),
  };
};

const validate = (o: SeedOptions) => {
  const problems: string[] = [];
  if (!Number.isInteger(o.projects) || o.projects < 1) problems.push('--projects must be a positive integer');
  if (!Number.isInteger(o.items) || o.items < 0) problems.push('--items must be an integer ≥ 0');
  if (!Number.isInteger(o.lanes) || o.lanes < 0 || o.lanes > 50) problems.push('--lanes must be 0…50');
  if (!Number.isInteger(o.seed)) problems.push('--seed must be an integer');
  if (!Number.isInteger(o.backgrounds) || o.backgrounds < 0) problems.push('--backgrounds must be ≥ 0');
  if (!(o.milestones >= 0 && o.milestones <= 1)) problems.push('--milestones must be a share 0…1');
  if (!Number.isInteger(o.batch) || o.batch < 1) problems.push('--batch must be a positive integer');
  if (!isServerDate(o.from) || !isServerDate(o.to)) problems.push('--from and --to must be dates YYYY-MM-DD');
  else if (o.to <= o.from) problems.push('--to must be after --from');
  if (problems.length > 0) throw new SeedError(problems.join('\n'));
};

const usage = `npm run seed -- [options]
  --projects N     projects to create (default 100)
  --items M        items to create (default 1000)
  --tenant NAME    tenant to seed (default demo; it must exist)
  --seed S         seed of the random generator (default 1): same seed, same data
  --from DATE      first start day, YYYY-MM-DD (default today − 6 months)
  --to DATE        last start day (default today + 18 months)
  --lanes L        INDIVIDUAL lanes per project (default 1)
  --milestones F   share of milestones (default 0.15)
  --backgrounds B  background items (default 5)
  --user NAME      user recorded on the events (default admin)
  --data-dir DIR   data folder of the embedded server (default $DATA_DIR or ./data)
With EVENTSTORE_URL set, the events go to that event store instead.`;

/** The CLI's options; throws SeedError on an unknown or malformed one. */
export const parseSeedArgs = (
  args: readonly string[],
  today = new Date(),
): { options: SeedOptions; dataDir: string; help: boolean } => {
  const defaults = defaultSeedOptions(today);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        projects: { type: 'string' },
        items: { type: 'string' },
        tenant: { type: 'string' },
        seed: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        lanes: { type: 'string' },
        milestones: { type: 'string' },
        backgrounds: { type: 'string' },
        user: { type: 'string' },
        batch: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new SeedError(`${(error as Error).message}\n\n${usage}`);
  }
  const number = (key: keyof SeedOptions) => {
    const value = values[key];
    return typeof value === 'string' ? Number(value.replaceAll('_', '')) : (defaults[key] as number);
  };
  const text = (key: 'tenant' | 'from' | 'to' | 'user') => {
    const value = values[key];
    return typeof value === 'string' ? value : defaults[key];
  };
  const options: SeedOptions = {
    projects: number('projects'),
    items: number('items'),
    tenant: text('tenant'),
    seed: number('seed'),
    from: text('from'),
    to: text('to'),
    lanes: number('lanes'),
    milestones: number('milestones'),
    backgrounds: number('backgrounds'),
    user: text('user'),
    batch: number('batch'),
  };
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? process.env.DATA_DIR ?? 'data');
  return { options, dataDir, help: values.help === true };
};

/** `npm run seed`: synthetic projects and items for benchmarks and load tests. */
const main = async () => {
  const { options, dataDir, help } = parseSeedArgs(process.argv.slice(2));
  if (help) {
    console.log(usage);
    return;
  }
  validate(options);
  const url = process.env.EVENTSTORE_URL?.trim();
  let store: EventStore;
  let where: string;
  if (url) {
    store = createEventStore(url);
    where = 'the event store of EVENTSTORE_URL';
  } else {
    const file = join(dataDir, 'events.db');
    // never create a data folder of its own: without the server's first start there is no tenant either
    if (!existsSync(file))
      throw new SeedError(`no event log at ${file}: start the server once (npm start) or pass --data-dir`);
    store = new SqliteEventStore(file, { busyTimeoutMs: 30_000 });
    where = file;
  }
  console.log(
    `seeding ${options.projects} projects and ${options.items} items into tenant '${options.tenant}' (${where}, seed ${options.seed}, ${options.from} … ${options.to})`,
  );
  try {
    const summary = await seed(store, { ...options, log: (line) => console.log(`  ${line}`) });
    console.log(
      `done: ${summary.projects} projects, ${summary.lanes} lanes, ${summary.items} items (${summary.milestones} milestones, ${summary.backgrounds} background), ${summary.events} events in ${summary.seconds.toFixed(2)} s (${Math.round(summary.events / Math.max(summary.seconds, 1e-9))} events/s)`,
    );
    console.log('a running server picks the events up by itself; a server started later replays them.');
  } finally {
    await store.close();
  }
};

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof SeedError ? error.message : error);
    process.exit(1);
  });
