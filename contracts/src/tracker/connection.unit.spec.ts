import { describe, expect, it } from '@jest/globals';
import {
  hostWithoutSchemeMessage,
  saveTrackerConnectionSchema,
  testTrackerConnectionSchema,
  trackerConnectionDecider,
  trackerSyncDecider,
} from './connection';
import type { TrackerConnectionContext, TrackerConnectionEvent, TrackerConnectionState } from './connection';

const sealed = (n: number) => ({ alg: 'A256GCM' as const, kid: 'k', iv: `iv${n}`, tag: 't', data: `d${n}` });
const context = (over: Partial<TrackerConnectionContext> = {}): TrackerConnectionContext => ({
  tenant: 'demo',
  user: 'admin',
  now: '2026-11-23T00:00:00Z',
  newId: 7,
  jiraEnabled: true,
  sealedSecret: sealed(1),
  ...over,
});
const fold = (events: TrackerConnectionEvent[]): TrackerConnectionState =>
  events.reduce(trackerConnectionDecider.evolve, trackerConnectionDecider.initialState);
const settings = {
  name: 'Jira',
  baseUrl: 'https://jira.example.com',
  deployment: 'cloud' as const,
  authMode: 'basic' as const,
  email: 'ops@example.com',
};

describe('SaveTrackerConnection input', () => {
  it("answers a host without a scheme with §8's message, and trims trailing slashes", () => {
    const bad = saveTrackerConnectionSchema.safeParse({
      ...settings,
      baseUrl: 'jira.example.com',
      secret: 's',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({ path: ['baseUrl'], message: hostWithoutSchemeMessage });
    const good = saveTrackerConnectionSchema.parse({
      ...settings,
      baseUrl: ' https://jira.example.com/jira/ ',
      secret: 's',
    });
    expect(good.baseUrl).toBe('https://jira.example.com/jira');
  });

  it('needs a secret to create, a version to update, and an e-mail for basic authentication', () => {
    const issues = (data: object) =>
      saveTrackerConnectionSchema.safeParse(data).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues(settings)).toEqual(['secret']);
    expect(issues({ ...settings, id: 3 })).toEqual(['version']);
    expect(issues({ ...settings, email: null, secret: 's' })).toEqual(['email']);
    // other modes drop the e-mail
    expect(saveTrackerConnectionSchema.parse({ ...settings, authMode: 'pat', secret: 's' }).email).toBeNull();
    expect(issues({ ...settings, id: 3, version: 0, unknown: 1 })).toEqual(['']);
  });

  it('tests a saved connection without repeating its secret', () => {
    expect(testTrackerConnectionSchema.safeParse({ ...settings, id: 3 }).success).toBe(true);
    expect(testTrackerConnectionSchema.safeParse(settings).success).toBe(false);
    // the same e-mail rule as saving
    expect(
      testTrackerConnectionSchema.safeParse({ ...settings, id: 3, email: 'not an address' }).error?.issues[0]
        ?.path,
    ).toEqual(['email']);
  });
});

describe('the tracker connection decider', () => {
  const { email, ...rest } = settings;
  const command = { type: 'SaveTrackerConnection' as const, data: { ...rest, email } };

  it('creates a connection with the sealed secret', () => {
    expect(
      trackerConnectionDecider.decide(command, trackerConnectionDecider.initialState, context()),
    ).toEqual([{ type: 'TrackerConnectionCreated', data: { id: 7, ...settings, secret: sealed(1) } }]);
  });

  it('refuses everything while the jira feature is off', () => {
    expect(() =>
      trackerConnectionDecider.decide(
        command,
        trackerConnectionDecider.initialState,
        context({ jiraEnabled: false }),
      ),
    ).toThrow(/jira/);
  });

  it('records only changed settings, keeps the secret without a new one, and checks the version', () => {
    const state = fold([
      { type: 'TrackerConnectionCreated', data: { id: 7, ...settings, secret: sealed(1) } },
    ]);
    const update = {
      type: 'SaveTrackerConnection' as const,
      data: { ...command.data, id: 7, version: 0, name: 'Jira Cloud' },
    };
    const events = trackerConnectionDecider.decide(update, state, context({ sealedSecret: null }));
    expect(events).toEqual([
      { type: 'TrackerConnectionUpdated', data: { id: 7, changes: { name: 'Jira Cloud' } } },
    ]);
    expect(
      fold([
        { type: 'TrackerConnectionCreated', data: { id: 7, ...settings, secret: sealed(1) } },
        ...events,
      ]),
    ).toMatchObject({
      name: 'Jira Cloud',
      secret: sealed(1),
      version: 1,
    });
    expect(
      trackerConnectionDecider.decide(
        { ...update, data: { ...command.data, id: 7, version: 0 } },
        state,
        context({ sealedSecret: null }),
      ),
    ).toEqual([]);
    expect(() =>
      trackerConnectionDecider.decide({ ...update, data: { ...update.data, version: 3 } }, state, context()),
    ).toThrow(/version conflict/);
    // the stored secret is not sent to a new address, under a new mode or as another user
    for (const change of [
      { authMode: 'pat' as const, email: null },
      { baseUrl: 'https://attacker.example' },
      { email: 'someone@else.example' },
    ])
      expect(() =>
        trackerConnectionDecider.decide(
          { ...update, data: { ...update.data, ...change } },
          state,
          context({ sealedSecret: null }),
        ),
      ).toThrow(/secret/);
    // with the secret typed again, they may change
    expect(
      trackerConnectionDecider.decide(
        { ...update, data: { ...update.data, baseUrl: 'https://jira2.example.com' } },
        state,
        context({ sealedSecret: sealed(2) }),
      ),
    ).toEqual([
      {
        type: 'TrackerConnectionUpdated',
        data: {
          id: 7,
          changes: { name: 'Jira Cloud', baseUrl: 'https://jira2.example.com' },
          secret: sealed(2),
        },
      },
    ]);
  });

  it('deletes, and a deleted connection is not found', () => {
    const state = fold([
      { type: 'TrackerConnectionCreated', data: { id: 7, ...settings, secret: sealed(1) } },
      { type: 'TrackerConnectionDeleted', data: { id: 7 } },
    ]);
    expect(() =>
      trackerConnectionDecider.decide(
        { type: 'DeleteTrackerConnection', data: { id: 7, version: 1 } },
        state,
        context(),
      ),
    ).toThrow(/not found/);
  });

  it('asks for a sync of live connections only', () => {
    const base = { tenant: 'demo', user: 'u', now: 'n', jiraEnabled: true };
    const sync = { type: 'SyncTrackerConnection' as const, data: { id: 7 } };
    expect(trackerSyncDecider.decide(sync, { requests: 0 }, { ...base, connectionActive: true })).toEqual([
      { type: 'TrackerSyncRequested', data: { id: 7, full: false } },
    ]);
    expect(() =>
      trackerSyncDecider.decide(sync, { requests: 0 }, { ...base, connectionActive: false }),
    ).toThrow(/not found/);
  });
});
