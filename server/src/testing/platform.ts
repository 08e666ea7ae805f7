import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPermissions } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import { createTenant, createUser } from '@fahrplan/command-service';
import { createEmbedded } from '../embedded/embedded';
import type { Embedded, EmbeddedOptions } from '../embedded/embedded';
import { seedDemo } from '../demo/seed-demo';

// Test doubles for HTTP replies: bodies are whatever the server sent, so `any` is honest here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Body;
}

export interface SendOptions {
  readonly token?: string;
  /** Sent as JSON with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** Sent as is, with `contentType` (default application/json). */
  readonly raw?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

/** A client for one listening server, through Node's own fetch (no supertest). */
export class Api {
  constructor(readonly baseUrl: string) {}

  async send(method: string, path: string, options: SendOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) body = JSON.stringify(options.json);
    if (options.raw !== undefined) body = options.raw;
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    const isJson = /json/.test(response.headers.get('content-type') ?? '');
    return {
      status: response.status,
      headers: response.headers,
      body: isJson && text ? JSON.parse(text) : text,
    };
  }

  get(path: string, token?: string, headers?: Record<string, string>): Promise<Reply> {
    return this.send('GET', path, { token, headers });
  }

  command(type: string, data: unknown, token: string, headers?: Record<string, string>): Promise<Reply> {
    return this.send('POST', `/api/commands/${type}`, { token, json: data, headers });
  }

  login(tenant: string, username: string, password: string): Promise<Reply> {
    return this.send('POST', '/api/auth/login', { json: { tenant, username, password } });
  }

  /** Logs in and returns the access token; fails loudly when the login is refused. */
  async token(tenant: string, username: string, password: string): Promise<string> {
    const reply = await this.login(tenant, username, password);
    if (reply.status !== 200)
      throw new Error(`login ${tenant}/${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.accessToken as string;
  }
}

export const temporaryDataDir = (): string => mkdtempSync(join(tmpdir(), 'fahrplan-int-'));
export const removeDataDir = (dataDir: string): void => rmSync(dataDir, { recursive: true, force: true });

export interface Running {
  readonly embedded: Embedded;
  readonly api: Api;
}

/** The one-process platform on a free port of the loopback interface. */
export const start = async (
  dataDir: string,
  clock?: () => Date,
  options: Partial<EmbeddedOptions> = {},
): Promise<Running> => {
  const embedded = await createEmbedded({ dataDir, logger: false, ...(clock ? { clock } : {}), ...options });
  await embedded.app.listen(0, '127.0.0.1');
  const { port } = embedded.app.getHttpServer().address() as AddressInfo;
  return { embedded, api: new Api(`http://127.0.0.1:${port}`) };
};

/** A clock the test moves by hand (STYLE 11). */
export class TestClock {
  constructor(private millis = Date.now()) {}

  readonly now = (): Date => new Date(this.millis);

  advance(seconds: number): void {
    this.millis += seconds * 1000;
  }
}

export const DEMO_PASSWORD = 'demo-password-for-integration-tests';
export const OTHER_PASSWORD = 'other-password-for-integration-tests';

const otherFeatures = {
  admin: true,
  jira: false,
  alm: false,
  hermes: false,
  financialPlanning: true,
  agileLifecycle: false,
};

export interface Platform extends Running {
  readonly dataDir: string;
  readonly clock: TestClock;
  /** Tokens of demo/admin (every permission), demo/viewer (VIEW only) and other/admin (every permission in tenant 'other'). */
  readonly admin: string;
  readonly viewer: string;
  readonly otherAdmin: string;
  /** What tenant 'other' owns: an application with a comment and an account with one entry. */
  readonly other: {
    readonly application: number;
    readonly version: number;
    readonly comment: number;
    readonly account: number;
  };
  stop(): Promise<void>;
}

/**
 * The demo tenant (seeded as on first start) and a second tenant 'other' whose user is also called
 * 'admin', with an application, a comment and an account of its own: the neighbour that must stay invisible.
 */
export const startPlatform = async (
  clock = new TestClock(),
  options: Partial<EmbeddedOptions> = {},
): Promise<Platform> => {
  const dataDir = temporaryDataDir();
  const running = await start(dataDir, clock.now, options);
  const { embedded, api } = running;
  await seedDemo(embedded, DEMO_PASSWORD);
  await createTenant(embedded.store, embedded.ids, {
    name: 'other',
    features: otherFeatures,
    applicationAttributes: [],
  });
  const last = await createUser(embedded.store, embedded.ids, {
    tenant: 'other',
    username: 'admin',
    displayName: 'Other Admin',
    password: OTHER_PASSWORD,
    permissions: allPermissions,
  });
  await embedded.directory.waitFor(last);
  const [admin, viewer, otherAdmin] = await Promise.all([
    api.token('demo', 'admin', DEMO_PASSWORD),
    api.token('demo', 'viewer', DEMO_PASSWORD),
    api.token('other', 'admin', OTHER_PASSWORD),
  ]);
  const ok = async (reply: Promise<Reply>) => {
    const { status, body } = await reply;
    if (status !== 200) throw new Error(`setting up tenant 'other': ${status} ${JSON.stringify(body)}`);
    return body as { id: number; version: number; position: number };
  };
  const application = await ok(
    api.command(
      'SaveApplication',
      { name: 'Other Secret App', assetNr: 'O-1', description: 'only for other' },
      otherAdmin,
    ),
  );
  const comment = await ok(
    api.command(
      'CreateComment',
      { refType: 'application', refId: application.id, description: 'other secret' },
      otherAdmin,
    ),
  );
  const account = await ok(
    api.command('CreateAccount', { refType: 'application', refId: application.id }, otherAdmin),
  );
  const linked = await ok(
    api.command(
      'SaveApplication',
      { id: application.id, version: application.version, account: account.id },
      otherAdmin,
    ),
  );
  await ok(
    api.command(
      'AddAccountEntries',
      { accountId: account.id, entries: [{ sicht: 'Budget', periode: '2026', amount: 1 }] },
      otherAdmin,
    ),
  );
  return {
    ...running,
    dataDir,
    clock,
    admin,
    viewer,
    otherAdmin,
    other: { application: application.id, version: linked.version, comment: comment.id, account: account.id },
    stop: async () => {
      await embedded.close();
      removeDataDir(dataDir);
    },
  };
};

/** Resolves once the projections reflect every event in the log. */
export const caughtUp = async (embedded: Embedded): Promise<void> => {
  const head = await embedded.store.headPosition();
  if (!(await embedded.runner.waitFor(head, 5000)))
    throw new Error(`projections did not reach position ${head}`);
};

/**
 * What commands stored after `position`. Id-block reservations are left out: the allocator reserves
 * ids a hundred at a time whenever its block runs out, whichever command happens to ask.
 */
export const storedSince = async (embedded: Embedded, position: number): Promise<string[]> =>
  (await embedded.store.readAll({ after: position }))
    .filter((event: StoredEvent) => !event.streamId.startsWith('idblock-'))
    .map((event) => `${event.streamId} ${event.type}`);

let sequence = 0;

/** A fresh, unique application name per call, so tests never depend on each other's records. */
export const uniqueName = (prefix = 'App'): string => `${prefix} ${process.pid}-${++sequence}`;

/** SaveItem (create) data of a task in `group` with overridable defaults (STYLE 17). */
export const aTask = (group: number, overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: uniqueName('Task'),
  group,
  subgroup: 'tasks',
  start: '2031-03-03T00:00',
  end: '2031-03-08T00:00',
  ...overrides,
});

/** SaveApplication (create) data with overridable defaults (STYLE 17). */
export const anApplication = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: uniqueName(),
  release: '1.0',
  status: 'PRODUKTIV',
  assetNr: `AS-${++sequence}`,
  vendor: 'in-house',
  contact: 'Test Person',
  start: '2026-01-01',
  ...overrides,
});
