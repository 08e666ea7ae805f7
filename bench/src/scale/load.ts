/** The HTTP load of `npm run bench:scale`: one session, queries on N connections, commands confirmed by read-your-writes. */
import { Pool } from 'undici';
import { format, percentile } from '../figures';

/** Logs in again before issue 18's access token (10 minutes) runs out. */
const TOKEN_REFRESH_MS = 5 * 60_000;

/**
 * One user of the demo tenant: logs in once and reuses the token (issue 18 throttles logins and
 * queues password hashing, so a bench that logs in per request measures the throttle).
 */
export class Session {
  private token = '';
  private loggedInAt = 0;

  constructor(
    /** Where queries go, and where logins and commands go (the same server but in the distributed shape). */
    readonly url: string,
    readonly commandUrl: string,
    private readonly credentials: { tenant: string; username: string; password: string },
  ) {}

  /** Outside anything timed: a token, fresh enough for the next minutes. */
  async fresh(): Promise<this> {
    if (this.token && performance.now() - this.loggedInAt < TOKEN_REFRESH_MS) return this;
    const response = await fetch(`${this.commandUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.credentials),
    });
    if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
    this.token = ((await response.json()) as { accessToken: string }).accessToken;
    this.loggedInAt = performance.now();
    return this;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }
}

/** The seeded folders' demo administrator, signed in on `deployment`. */
export const demoAdmin = (deployment: { queryUrl: string; commandUrl: string }, password: string) =>
  new Session(deployment.queryUrl, deployment.commandUrl, {
    tenant: 'demo',
    username: 'admin',
    password,
  }).fresh();

export interface Sample {
  readonly ms: number;
  readonly bytes: number;
  readonly status: number;
}

/**
 * Kept-alive connections for the timed requests, one pool per server (undici's `Pool`, as many
 * connections as requests under way). The load runs on the server's machine, so what the client
 * spends is taken from the server, and at 10 connections the client's time per answer is in every
 * latency: fetch cost twice node:http (an item: p95 25 ms with fetch, 8 ms with node:http, the same
 * server), and undici's own request API 0.13 ms of CPU per small answer against node:http's 0.15 ms
 * (docs/design/small-request-cost.md). Idle connections do not keep the process alive.
 */
const pools = new Map<string, Pool>();

/** GET `path` of `origin` with `headers`: its status and the size of its body (read whole). */
const get = async (origin: string, path: string, headers: Record<string, string>) => {
  let pool = pools.get(origin);
  if (!pool) pools.set(origin, (pool = new Pool(origin)));
  const { statusCode, body } = await pool.request({ path, method: 'GET', headers });
  let bytes = 0;
  for await (const chunk of body) bytes += (chunk as Buffer).length;
  return { status: statusCode, bytes };
};

/** One request; status 0 when no answer came (the connection failed or was reset). */
const timed = async (session: Session, path: string): Promise<Sample> => {
  const start = performance.now();
  try {
    const { status, bytes } = await get(session.url, path, session.headers());
    return { ms: performance.now() - start, bytes, status };
  } catch {
    return { ms: performance.now() - start, bytes: 0, status: 0 };
  }
};

/**
 * The client's garbage collected before it asks, where node runs with `--expose-gc` (`npm run
 * bench:scale` does): the load runs on the server's two cores, and the client's heap fills with the
 * answers it reads (a year's page is 0.6 MB), so a full collection of the client during a kind's 200
 * requests held the ten under way, 61 ms of the client's CPU in one run of items that otherwise took
 * 12, and landed in the server's p95. Whether it does is printed with the bench's settings.
 */
const clientGc = (globalThis as { gc?: () => void }).gc;
export const clientCollects = clientGc !== undefined;
const collectClientGarbage = () => clientGc?.();

/** Asks every path once, `connections` requests at a time. */
export const ask = async (session: Session, paths: readonly string[], connections: number) => {
  await session.fresh();
  collectClientGarbage();
  const samples: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) samples.push(await timed(session, paths[next++]!));
    }),
  );
  return samples;
};

/** Asks `paths` round and round on `connections` connections until `done` settles; the samples. */
export const askUntil = async (
  session: Session,
  paths: readonly string[],
  connections: number,
  done: Promise<unknown>,
) => {
  collectClientGarbage();
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const samples: Sample[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!finished) samples.push(await timed(session, paths[next++ % paths.length]!));
    }),
  );
  return samples;
};

/** A latency figure: p50 / p95 of the 200 answers, their mean size, and what was not 200. */
export interface Latency {
  readonly text: string;
  /** p95 in ms (what the targets name), when any request answered 200. */
  readonly value?: number;
}

export const latency = (samples: readonly Sample[]): Latency => {
  const ok = samples.filter((s) => s.status === 200);
  // what did not answer 200, by status: "400 × 200", "no answer × 6" (connection reset)
  const counts = new Map<string, number>();
  for (const { status } of samples.filter((s) => s.status !== 200)) {
    const key = status ? String(status) : 'no answer';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const statuses = [...counts].map(([status, count]) => `${status} × ${count}`).join(', ');
  if (ok.length === 0) return { text: `n/a: ${statuses || 'no requests'}` };
  const ms = ok.map((s) => s.ms).sort((a, b) => a - b);
  const p95 = percentile(ms, 95);
  const bytes = ok.reduce((sum, s) => sum + s.bytes, 0) / ok.length;
  const size =
    bytes < 1024
      ? `${format(bytes)} B`
      : bytes < 2 ** 20
        ? `${format(bytes / 1024, 1)} kB`
        : `${format(bytes / 2 ** 20, 1)} MB`;
  const failed = statuses ? `; ${statuses}` : '';
  return { text: `${format(percentile(ms, 50), 1)} / ${format(p95, 1)} ms (${size})${failed}`, value: p95 };
};

interface Confirmation {
  /** POST sent → the command's 200 received, ms. */
  readonly saved: number;
  /** POST sent → the item read with `X-Fahrplan-After: <position>` received, ms. */
  readonly confirmed: number;
}

/**
 * Renames `ids`' items one after another (`POST /api/commands/SaveItem {id, version, title}`), each
 * confirmed as the console confirms a change: `GET /api/items/<id>` with `X-Fahrplan-After` (the
 * command's position), answered once the read models have passed it.
 */
export const readYourWrites = async (session: Session, ids: readonly number[]) => {
  const confirmations: Confirmation[] = [];
  /** Why the others failed (a reset connection, a 503 after waiting): counted, not fatal. */
  const failures: string[] = [];
  for (const id of ids) {
    await session.fresh();
    try {
      confirmations.push(await confirmedSave(session, id));
    } catch (error) {
      failures.push(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
    }
  }
  return { confirmations, failures };
};

const confirmedSave = async (session: Session, id: number): Promise<Confirmation> => {
  const response = await fetch(`${session.url}/api/items/${id}`, { headers: session.headers() });
  if (!response.ok) throw new Error(`GET /api/items/${id}: ${response.status} ${await response.text()}`);
  const item = (await response.json()) as { version: number; title: string };
  const start = performance.now();
  const saved = await fetch(`${session.commandUrl}/api/commands/SaveItem`, {
    method: 'POST',
    headers: session.headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ id, version: item.version, title: `${item.title.slice(0, 80)} *` }),
  });
  if (!saved.ok) throw new Error(`SaveItem ${id}: ${saved.status} ${await saved.text()}`);
  const { position } = (await saved.json()) as { position: number };
  const savedMs = performance.now() - start;
  const read = await fetch(`${session.url}/api/items/${id}`, {
    headers: session.headers({ 'x-fahrplan-after': String(position) }),
  });
  const body = (await read.json()) as { version?: number };
  if (!read.ok || body.version !== item.version + 1)
    throw new Error(`the confirmation of SaveItem ${id} answered ${read.status} ${JSON.stringify(body)}`);
  return { saved: savedMs, confirmed: performance.now() - start };
};

/** p50 / p95 of `values` in ms, and the p95; `failed` counted beside. */
export const spread = (values: readonly number[], failed = 0): Latency => {
  const failures = failed ? `; ${failed} failed` : '';
  if (values.length === 0) return { text: `n/a${failures}` };
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return { text: `${format(percentile(sorted, 50), 1)} / ${format(p95, 1)} ms${failures}`, value: p95 };
};
