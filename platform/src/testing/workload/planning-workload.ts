/**
 * A realistic event log for read-side benchmarks and fault tests: commands on applications,
 * comments and accounts of two tenants, decided by the real deciders of `contracts/` (so every event
 * is one the command service could have stored) and appended to the streams the handlers use.
 */
import {
  accountDecider,
  applicationDecider,
  applicationStatuses,
  commentDecider,
  streamName,
} from '@fahrplan/contracts';
import type {
  AccountCommand,
  AccountEntry,
  AccountOwner,
  AccountState,
  ApplicationCommand,
  ApplicationState,
  DecisionContext,
} from '@fahrplan/contracts';
import type { SqliteEventStore } from '@fahrplan/platform';
import { seeded } from './random';
import { appendChunk, workloadContext } from './workload';
import type { Append } from './workload';

export interface WorkloadOptions {
  readonly events: number;
  /** Same seed, same commands (ids of events and correlations are random all the same). */
  readonly seed?: number;
  /** Commands appended per group commit. */
  readonly chunk?: number;
}

interface Application {
  readonly tenant: string;
  readonly id: number;
  state: ApplicationState;
  account: number | null;
}

type ActiveApplication = Application & { state: { status: 'active' } };

interface Account {
  readonly tenant: string;
  state: AccountState;
}

const tenants = ['acme', 'globex'];
const users = ['anna.keller', 'marco.rossi', 'lea.meier', 'tom.berger'];
const vendors = ['SAP', 'Microsoft', 'Atlassian', 'Salesforce', 'Adobe', 'in-house', 'ServiceNow'];
const words = [
  'Billing',
  'Payroll',
  'Portal',
  'Archive',
  'Gateway',
  'Analytics',
  'CRM',
  'Ledger',
  'Intranet',
];
const sichten = ['Budget', 'Ist', 'Forecast'];

/** Appends about `options.events` events (never fewer) to `store`; returns how many and the log's head. */
export async function appendPlanningWorkload(
  store: SqliteEventStore,
  options: WorkloadOptions,
): Promise<{ events: number; position: number }> {
  const { next, pick } = seeded(options.seed ?? 4711);
  const year = (from: number, years: number) => from + Math.floor(next() * years);
  /** Applications not deleted, and those of them without a parent (kept as lists: picked from often). */
  const active: ActiveApplication[] = [];
  const roots: ActiveApplication[] = [];
  const accounts: Account[] = [];
  let lastId = 1000;
  let step = 0;

  const context = (tenant: string): DecisionContext => workloadContext(tenant, pick(users), step);
  /** An application stream's revision is its version (§3). */
  const revisionOf = (state: ApplicationState | AccountState) =>
    state.status === 'absent' ? ('no_stream' as const) : state.version;

  const createApplication = (): Append => {
    const word = pick(words);
    const parent = roots.length > 0 && next() < 0.3 ? pick(roots) : undefined;
    const app: Application = {
      tenant: parent?.tenant ?? pick(tenants),
      id: (lastId += 1),
      state: applicationDecider.initialState,
      account: null,
    };
    const created = changeApplication(app, {
      type: 'SaveApplication',
      data: {
        name: `${word} ${app.id}`,
        release: `${year(2024, 3)}.${year(1, 4)}`,
        shortname: `${word.slice(0, 3).toUpperCase()}${app.id % 1000}`,
        status: pick(applicationStatuses),
        assetNr: next() < 0.7 ? `A-${app.id}` : null,
        vendor: pick(vendors),
        contact: pick(users),
        start: '2025-01-01',
        description: `${word} for ${app.tenant}: ${'planning and operations '.repeat(year(1, 4))}`.trim(),
        parent: parent?.id ?? null,
        attributes: [
          { key: 'criticality', value: pick(['low', 'medium', 'high']) },
          { key: 'users', value: year(0, 5000) },
        ],
      },
    });
    active.push(app as ActiveApplication);
    if (!parent) roots.push(app as ActiveApplication);
    return created;
  };

  const changeApplication = (app: Application, command: ApplicationCommand): Append => {
    const parent = command.type === 'SaveApplication' ? command.data.parent : undefined;
    const ctx = context(app.tenant);
    const events = applicationDecider.decide(command, app.state, {
      ...ctx,
      newId: app.id,
      parentChain: parent ? [parent] : [],
    });
    const expected = revisionOf(app.state);
    for (const event of events) app.state = applicationDecider.evolve(app.state, event);
    return {
      stream: streamName('application', app.id),
      expected,
      context: ctx,
      command: command.type,
      events,
    };
  };

  const updateApplication = (app: ActiveApplication) =>
    changeApplication(app, {
      type: 'SaveApplication',
      data: {
        id: app.id,
        version: app.state.version,
        ...pick([
          { status: pick(applicationStatuses) },
          { release: `${year(2025, 3)}.${year(0, 10)}` },
          { contact: pick(users), description: `Reviewed at step ${step}` },
          { name: `${pick(words)} ${app.id}` },
        ]),
      },
    });

  const deleteApplication = (app: ActiveApplication) => {
    for (const list of [active, roots]) if (list.includes(app)) list.splice(list.indexOf(app), 1);
    return changeApplication(app, {
      type: 'DeleteApplication',
      data: { id: app.id, version: app.state.version },
    });
  };

  const comment = (app: Application): Append => {
    const ctx = context(app.tenant);
    const events = commentDecider.decide(
      {
        type: 'CreateComment',
        data: { refType: 'application', refId: app.id, description: `Note ${step}: ${pick(words)} reviewed` },
      },
      commentDecider.initialState,
      { ...ctx, newId: (lastId += 1), refExists: true },
    );
    return {
      stream: streamName('comment', lastId),
      expected: 'no_stream',
      context: ctx,
      command: 'CreateComment',
      events,
    };
  };

  const changeAccount = (
    account: Account,
    id: number,
    command: AccountCommand,
    owner: AccountOwner | null,
  ) => {
    const ctx = context(account.tenant);
    const events = accountDecider.decide(command, account.state, { ...ctx, newId: id, owner });
    const expected = revisionOf(account.state);
    for (const event of events) account.state = accountDecider.evolve(account.state, event);
    return { stream: streamName('account', id), expected, context: ctx, command: command.type, events };
  };

  const createAccount = (app: Application): Append | undefined => {
    if (app.state.status !== 'active' || !app.state.fields.assetNr || app.account !== null) return undefined;
    const account: Account = { tenant: app.tenant, state: accountDecider.initialState };
    accounts.push(account);
    app.account = lastId += 1;
    const { name, assetNr } = app.state.fields;
    return changeAccount(
      account,
      app.account,
      { type: 'CreateAccount', data: { refType: 'application', refId: app.id } },
      {
        name,
        assetNr,
        account: null,
      },
    );
  };

  const addEntries = (account: Account): Append | undefined => {
    if (account.state.status !== 'active') return undefined;
    const entries: AccountEntry[] = Array.from({ length: year(1, 4) }, () => ({
      sicht: pick(sichten),
      periode: String(year(2025, 3)),
      amount: Math.round(next() * 100_000),
      projekt: null,
      typ: pick(['Opex', 'Capex']),
      gruppe: null,
    }));
    const { id } = account.state;
    return changeAccount(account, id, { type: 'AddAccountEntries', data: { accountId: id, entries } }, null);
  };

  /** The next command, weighted roughly like planning work: many edits and comments, few deletions. */
  const command = (): Append | undefined => {
    const roll = next();
    if (active.length < 10 || roll < 0.25) return createApplication();
    if (roll < 0.55) return updateApplication(pick(active));
    if (roll < 0.58) return deleteApplication(pick(active));
    if (roll < 0.78) return comment(pick(active));
    if (roll < 0.88 || accounts.length === 0) return createAccount(pick(active));
    return addEntries(pick(accounts));
  };

  const chunkSize = options.chunk ?? 500;
  let written = 0;
  let position = 0;
  while (written < options.events) {
    const chunk: Append[] = [];
    while (chunk.length < chunkSize && written < options.events) {
      step += 1;
      const append = command();
      if (!append || append.events.length === 0) continue;
      chunk.push(append);
      written += append.events.length;
    }
    position = (await appendChunk(store, chunk)) ?? position;
  }
  return { events: written, position };
}
