import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigError,
  commandServiceEnv,
  embeddedTrackerEnv,
  parseEnv,
  projectionServiceEnv,
  tokenSecretOf,
} from './config';

const secret = Buffer.alloc(32, 7).toString('base64');
const failure = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('parseEnv', () => {
  it('applies the defaults of command-service', () =>
    expect(parseEnv(commandServiceEnv, { EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' })).toMatchObject({
      PORT: 3001,
      FAHRPLAN_DEMO: true,
      SHUTDOWN_TIMEOUT_MS: 15_000,
    }));

  it('reads numbers and flags from their text', () =>
    expect(
      parseEnv(projectionServiceEnv, {
        EVENTSTORE_URL: 'sqlite:/tmp/events.db',
        PORT: '4002',
        LEASE_TTL_MS: '2500',
        MONGODB_URL: 'mongodb://localhost:27017/fahrplan',
      }),
    ).toMatchObject({ PORT: 4002, LEASE_TTL_MS: 2500, MONGODB_URL: 'mongodb://localhost:27017/fahrplan' }));

  it('turns FAHRPLAN_DEMO=false off', () =>
    expect(parseEnv(commandServiceEnv, { EVENTSTORE_URL: 'x', FAHRPLAN_DEMO: 'false' }).FAHRPLAN_DEMO).toBe(
      false,
    ));

  it("gives npm start one page thread per core but one (at least one), and takes the operator's count", () => {
    expect(parseEnv(embeddedTrackerEnv, {}).FAHRPLAN_QUERY_THREADS).toBe(
      Math.max(1, availableParallelism() - 1),
    );
    expect(parseEnv(embeddedTrackerEnv, { FAHRPLAN_QUERY_THREADS: '3' }).FAHRPLAN_QUERY_THREADS).toBe(3);
    expect(parseEnv(embeddedTrackerEnv, { FAHRPLAN_QUERY_THREADS: '0' }).FAHRPLAN_QUERY_THREADS).toBe(0);
  });

  it('names every bad variable at once', () => {
    const { message } = failure(() => parseEnv(projectionServiceEnv, { PORT: 'eighty', LEASE_TTL_MS: '-1' }));
    expect(message).toContain('EVENTSTORE_URL');
    expect(message).toContain('PORT');
    expect(message).toContain('LEASE_TTL_MS');
  });

  it('never repeats a value in its message', () => {
    const { message } = failure(() =>
      parseEnv(commandServiceEnv, { EVENTSTORE_URL: 'x', FAHRPLAN_DEMO: 'sometimes-secret-value' }),
    );
    expect(message).toContain('FAHRPLAN_DEMO');
    expect(message).not.toContain('sometimes-secret-value');
  });
});

describe('tokenSecretOf', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'fahrplan-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('decodes TOKEN_SECRET', () =>
    expect(tokenSecretOf({ TOKEN_SECRET: secret })).toEqual(Buffer.alloc(32, 7)));

  it('reads TOKEN_SECRET_FILE, ignoring a trailing newline', () => {
    const file = join(dir, 'token.key');
    writeFileSync(file, `${secret}\n`);
    expect(tokenSecretOf({ TOKEN_SECRET_FILE: file })).toEqual(Buffer.alloc(32, 7));
  });

  it('requires one of them', () =>
    expect(failure(() => tokenSecretOf({})).message).toMatch(/TOKEN_SECRET or TOKEN_SECRET_FILE/));

  it('refuses both at once', () =>
    expect(failure(() => tokenSecretOf({ TOKEN_SECRET: secret, TOKEN_SECRET_FILE: 'x' })).message).toMatch(
      /not both/,
    ));

  it('refuses a key shorter than 32 bytes without echoing it', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    const { message } = failure(() => tokenSecretOf({ TOKEN_SECRET: short }));
    expect(message).toMatch(/at least 32 bytes/);
    expect(message).not.toContain(short);
  });

  it('says which file it cannot read', () =>
    expect(failure(() => tokenSecretOf({ TOKEN_SECRET_FILE: join(dir, 'missing') })).message).toMatch(
      /missing cannot be read: ENOENT/,
    ));
});

describe('an empty variable', () => {
  it('counts as unset, so a default applies', () => {
    const config = parseEnv(projectionServiceEnv, { EVENTSTORE_URL: 'x', KAFKA_BROKERS: '', PORT: '' });
    expect(config.PORT).toBe(3002);
    expect(config).not.toHaveProperty('KAFKA_BROKERS');
  });

  it('counts as missing where a value is required', () =>
    expect(failure(() => parseEnv(commandServiceEnv, { EVENTSTORE_URL: '' })).message).toMatch(
      /EVENTSTORE_URL/,
    ));
});
