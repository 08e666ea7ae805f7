import { readFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { z } from 'zod';
import { oidcMappingSchema } from '@fahrplan/command-service';
import type { OidcConfig } from '@fahrplan/command-service';
import { defaultAsOfPerMinute } from '@fahrplan/projection-service';

/**
 * Distributed services are configured only by environment variables (issue 3). Each service parses
 * its own with one zod schema, so a missing or malformed setting stops the start with a message that
 * names the variable, and never echoes a secret.
 */
const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => ['true', '1', 'yes'].includes(value));
const url = z.string().trim().min(1);
/** A comma-separated list; empty entries are dropped. */
const list = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    );

/**
 * The reverse proxies whose X-Forwarded-For names the client (login throttling per address):
 * addresses, CIDR ranges or host names, comma-separated. Without any, the peer of the socket is the
 * client, whatever it sends.
 */
export const trustedProxiesEnv = { FAHRPLAN_TRUSTED_PROXIES: list().optional() };

/** New `asOf` positions each user may open per minute (issue 18: each costs a fold or a versioned read). */
const asOfLimitEnv = {
  FAHRPLAN_AS_OF_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(defaultAsOfPerMinute),
};

/**
 * Threads that answer the heaviest queries of `npm start`'s read models (timeline, portfolio) beside
 * the main thread, which keeps serving commands meanwhile; one more answers the lookups (an item by
 * id); 0: the main thread answers them all. Default: one per core but one, so that with the lookups'
 * thread there is one per core (at least one): on two cores a second page thread found no core free
 * (the main thread and the lookups take one) and held 120–180 MB more after bench:scale's load.
 */
const queryThreadsEnv = {
  FAHRPLAN_QUERY_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(16)
    .default(Math.max(1, availableParallelism() - 1)),
};

const tokenSecret = {
  /** base64 of at least 32 random bytes, shared by every service that checks access tokens */
  TOKEN_SECRET: z.string().optional(),
  /** or a file holding it (a Docker secret or a shared volume) */
  TOKEN_SECRET_FILE: z.string().optional(),
};

const common = {
  ...tokenSecret,
  ...trustedProxiesEnv,
  EVENTSTORE_URL: url,
  /** how long a graceful shutdown may take before the process gives up and exits */
  SHUTDOWN_TIMEOUT_MS: milliseconds(15_000),
  INSTANCE_ID: z.string().trim().min(1).default(`${hostname()}-${process.pid}`),
};

/** OIDC login (off without issuer and client id); see oidcConfigOf. */
export const oidcEnv = {
  FAHRPLAN_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  FAHRPLAN_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  FAHRPLAN_OIDC_CLIENT_SECRET: z.string().optional(),
  /** default: FAHRPLAN_PUBLIC_URL + /api/auth/oidc/callback */
  FAHRPLAN_OIDC_REDIRECT_URI: z.url({ protocol: /^https?$/ }).optional(),
  /** the console's address as browsers reach it, e.g. https://fahrplan.example.com */
  FAHRPLAN_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  FAHRPLAN_OIDC_LABEL: z.string().trim().min(1).max(50).default('OpenID Connect'),
  FAHRPLAN_OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  /** JSON: [{"claim":"groups","value":"…","tenant":"…","roles":["Administrator"]}, …] */
  FAHRPLAN_OIDC_MAPPING: z.string().optional(),
  FAHRPLAN_OIDC_COOKIE_SECRET: z.string().min(32).optional(),
};
export type OidcEnv = z.infer<z.ZodObject<typeof oidcEnv>>;

/** The key tracker connection secrets are sealed with: command-service seals, tracker-sync opens. */
const trackerKey = {
  /** base64 of exactly 32 random bytes */
  FAHRPLAN_TRACKER_KEY: z.string().optional(),
  /** or a file holding it */
  FAHRPLAN_TRACKER_KEY_FILE: z.string().optional(),
};

const hostList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value): readonly string[] | '*' =>
      value.trim() === '*'
        ? '*'
        : value
            .split(',')
            .map((host) => host.trim())
            .filter(Boolean),
    );
const privateHosts = (fallback: string) => ({ FAHRPLAN_TRACKER_PRIVATE_HOSTS: hostList(fallback) });

/**
 * Webhooks (issue 23) on non-public addresses, the same rules as the tracker's: none by default; `*`
 * allows every one, else hosts or host:port entries, which may also be called over http.
 */
export const webhookPrivateHostsEnv = { FAHRPLAN_WEBHOOK_PRIVATE_HOSTS: hostList('').optional() };

export const commandServiceEnv = z.object({
  ...common,
  ...oidcEnv,
  ...trackerKey,
  ...webhookPrivateHostsEnv,
  PORT: port(3001),
  /** issue 23: the read store, where an import looks its rows' records up by name; without it no /api/imports */
  MONGODB_URL: url.optional(),
  /** create the demo tenant on first start, as `npm start` does */
  FAHRPLAN_DEMO: flag(true),
  FAHRPLAN_DEMO_PASSWORD: z.string().optional(),
});
export type CommandServiceConfig = z.infer<typeof commandServiceEnv>;

export const projectionServiceEnv = z.object({
  ...common,
  ...asOfLimitEnv,
  PORT: port(3002),
  /** the read store; without it the read models live in memory (one instance only) */
  MONGODB_URL: url.optional(),
  /** comma-separated; without them planning events are not published */
  KAFKA_BROKERS: url.optional(),
  /** how long an instance holds the projection and publisher leases without renewing them */
  LEASE_TTL_MS: milliseconds(10_000),
  /** issue 23: the key webhook secrets are sealed with (the command service's); without it no webhook is delivered */
  ...trackerKey,
  ...webhookPrivateHostsEnv,
  /** issue 23: calendar feeds link to the console there (else to the address the request came to) */
  FAHRPLAN_PUBLIC_URL: oidcEnv.FAHRPLAN_PUBLIC_URL,
});
export type ProjectionServiceConfig = z.infer<typeof projectionServiceEnv>;

/** Hosts whose release links get no '/tab/release-report-all-issues' suffix (§1), comma-separated. */
const releaseLinkHosts = { FAHRPLAN_TRACKER_PLAIN_RELEASE_HOSTS: list() };

const syncInterval = {
  /** how often every connection is mirrored */
  FAHRPLAN_TRACKER_SYNC_INTERVAL_MS: milliseconds(5 * 60_000),
};

/**
 * Trackers on non-public addresses (loopback, private networks, link-local): none by default; `*`
 * allows every one, else a comma-separated list of hosts (any port) or host:port entries allowed to
 * be internal.
 */

/** `npm start`'s tracker, proxy and query settings (its tracker key lives in the data folder). */
export const embeddedTrackerEnv = z.object({
  ...trustedProxiesEnv,
  ...asOfLimitEnv,
  ...queryThreadsEnv,
  ...releaseLinkHosts,
  ...syncInterval,
  // none: `npm start` allows its own address only while it serves the demo's fake tracker
  ...privateHosts(''),
  ...webhookPrivateHostsEnv,
  /** serve a fake issue tracker at /demo-tracker, and link the demo tenant to it on first start */
  FAHRPLAN_DEMO_TRACKER: flag(true),
});

export const trackerSyncEnv = z.object({
  ...common,
  ...trackerKey,
  ...releaseLinkHosts,
  ...syncInterval,
  ...privateHosts(''),
  PORT: port(3003),
  /** the tracker topics go to Kafka; tracker-sync has nothing to do without it */
  KAFKA_BROKERS: url,
  /**
   * a folder where tracker-sync keeps its world of connections and links with the log position it covers,
   * so that a restart folds only the events after it; unset: every start folds the whole log
   */
  FAHRPLAN_TRACKER_STATE_DIR: z.string().optional(),
  /** `index/count`: this instance mirrors the connections whose id % count = index */
  FAHRPLAN_TRACKER_SHARD: z
    .string()
    .regex(/^\d+\/\d+$/, 'index/count, e.g. 0/2')
    .optional()
    .transform((value) => {
      if (!value) return undefined;
      const [index, count] = value.split('/').map(Number) as [number, number];
      return { index, count };
    })
    .refine((shard) => !shard || (shard.count > 0 && shard.index < shard.count), 'index must be below count'),
});
export type TrackerSyncConfig = z.infer<typeof trackerSyncEnv>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses `env` or throws a ConfigError listing every bad variable by name (values are never shown).
 * An empty variable counts as unset, as `${VAR:-}` in docker-compose.yml leaves it.
 */
export const parseEnv = <Schema extends z.ZodType>(
  schema: Schema,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<Schema> => {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
};

/** A base64 key from the variable `name` or the file `name`_FILE; undefined when neither is set. */
const keyOf = (name: string, value: string | undefined, file: string | undefined): Buffer | undefined => {
  if (value && file) throw new ConfigError(`set ${name} or ${name}_FILE, not both`);
  let encoded = value;
  if (file) {
    try {
      encoded = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `${name}_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
  return encoded ? Buffer.from(encoded.trim(), 'base64') : undefined;
};

/** The token signing key from TOKEN_SECRET or TOKEN_SECRET_FILE. */
export const tokenSecretOf = (config: { TOKEN_SECRET?: string; TOKEN_SECRET_FILE?: string }): Buffer => {
  const secret = keyOf('TOKEN_SECRET', config.TOKEN_SECRET, config.TOKEN_SECRET_FILE);
  if (!secret) throw new ConfigError('TOKEN_SECRET or TOKEN_SECRET_FILE is required');
  if (secret.length < 32)
    throw new ConfigError(
      'the token secret must be base64 of at least 32 bytes (e.g. `openssl rand -base64 32`)',
    );
  return secret;
};

/** The tracker secrets key from FAHRPLAN_TRACKER_KEY or its _FILE; undefined when unset (no connections then). */
export const trackerKeyOf = (config: {
  FAHRPLAN_TRACKER_KEY?: string;
  FAHRPLAN_TRACKER_KEY_FILE?: string;
}): Buffer | undefined => {
  const key = keyOf('FAHRPLAN_TRACKER_KEY', config.FAHRPLAN_TRACKER_KEY, config.FAHRPLAN_TRACKER_KEY_FILE);
  if (key && key.length !== 32)
    throw new ConfigError(
      'FAHRPLAN_TRACKER_KEY must be base64 of exactly 32 bytes (e.g. `openssl rand -base64 32`)',
    );
  return key;
};

/**
 * The OIDC login of this deployment, or undefined when FAHRPLAN_OIDC_ISSUER and
 * FAHRPLAN_OIDC_CLIENT_ID are unset. `publicUrl` is the fallback origin for the callback (the
 * embedded server knows its own). Errors name the variable, never a value.
 */
export const oidcConfigOf = (env: OidcEnv, publicUrl?: string): OidcConfig | undefined => {
  const issuer = env.FAHRPLAN_OIDC_ISSUER;
  const clientId = env.FAHRPLAN_OIDC_CLIENT_ID;
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId)
    throw new ConfigError('OIDC needs both FAHRPLAN_OIDC_ISSUER and FAHRPLAN_OIDC_CLIENT_ID');
  const origin = env.FAHRPLAN_PUBLIC_URL ?? publicUrl;
  const redirectUri =
    env.FAHRPLAN_OIDC_REDIRECT_URI ?? (origin && new URL('/api/auth/oidc/callback', origin).href);
  if (!redirectUri) throw new ConfigError('OIDC needs FAHRPLAN_PUBLIC_URL or FAHRPLAN_OIDC_REDIRECT_URI');
  if (!env.FAHRPLAN_OIDC_MAPPING)
    throw new ConfigError('OIDC needs FAHRPLAN_OIDC_MAPPING (which claims give which tenant and roles)');
  let json: unknown;
  try {
    json = JSON.parse(env.FAHRPLAN_OIDC_MAPPING);
  } catch {
    throw new ConfigError('FAHRPLAN_OIDC_MAPPING is not valid JSON');
  }
  const mapping = oidcMappingSchema.safeParse(json);
  if (!mapping.success)
    throw new ConfigError(
      `FAHRPLAN_OIDC_MAPPING: ${mapping.error.issues.map((i) => `${i.path.join('.') || 'rules'}: ${i.message}`).join('; ')}`,
    );
  return {
    issuer,
    clientId,
    ...(env.FAHRPLAN_OIDC_CLIENT_SECRET ? { clientSecret: env.FAHRPLAN_OIDC_CLIENT_SECRET } : {}),
    ...(env.FAHRPLAN_OIDC_COOKIE_SECRET ? { cookieSecret: env.FAHRPLAN_OIDC_COOKIE_SECRET } : {}),
    redirectUri,
    label: env.FAHRPLAN_OIDC_LABEL,
    scopes: env.FAHRPLAN_OIDC_SCOPES,
    mapping: mapping.data,
  };
};
