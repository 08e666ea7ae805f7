import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { topics, trackerIssueChangedType, trackerIssueStream } from '@fahrplan/contracts';
import type { StoredEvent, TrackerIssueChangedData } from '@fahrplan/contracts';
import {
  EventPublisher,
  InProcessBus,
  SecretBox,
  SqliteEventStore,
  trackerSecretPurpose,
} from '@fahrplan/platform';
import type { DirectoryCache, ReceivedMessage } from '@fahrplan/platform';
import { appendEvent, eventually } from '@fahrplan/platform/testing';
import { createTrackerClient, describeTrackerError } from '../client';
import { startFakeTracker } from '../fake/fake-tracker';
import type { FakeIssue, FakeTracker } from '../fake/fake-tracker';
import { IssueHistory } from './issue-history';
import { TrackerSync } from './tracker-sync';

/*
 * Issue 8: tracker-sync records each observed change of a linked issue in the event log, against the
 * fake tracker over HTTP with the real client, a real event store and bus.
 */
const tenant = 'acme';
const pat = 'history-pat';
const connectionId = 7;
const connectionName = 'Jira Cloud';

describe('the history of linked tracker issues', () => {
  let dir: string;
  let store: SqliteEventStore;
  let bus: InProcessBus;
  let fake: FakeTracker;
  let sync: TrackerSync;
  let published: ReceivedMessage[];
  const secrets = new SecretBox(randomBytes(32));

  const append = (stream: string, type: string, data: object) =>
    appendEvent(store, tenant, stream, type, data);
  const runs = () => published.filter((m) => m.topic === topics.trackerSyncRuns);
  const waitForRuns = (count: number) =>
    eventually(() => expect(runs().length).toBeGreaterThanOrEqual(count), { timeoutMs: 15_000 });
  /** Asks for a run and waits until it finished (its run message is published after the history). */
  const syncNow = async (full = false) => {
    const before = runs().length;
    await append(`trackerSync-${connectionId}`, 'TrackerSyncRequested', { id: connectionId, full });
    await waitForRuns(before + 1);
  };
  const recorded = async (): Promise<StoredEvent[]> => store.readAll({ categories: ['trackerIssue'] });
  const streamOf = (key: string) => store.readStream(trackerIssueStream(connectionId, key));
  const fakeIssue = (key: string): FakeIssue => fake.data.issues.find((i) => i.key === key)!;
  const change = (key: string, fields: Partial<FakeIssue>) =>
    Object.assign(fakeIssue(key), fields, { updated: new Date().toISOString() });
  const newSync = () =>
    new TrackerSync({
      store,
      bus,
      directory: { tenant: () => ({ features: { jira: true } }) } as unknown as DirectoryCache,
      secrets,
      client: (connection, secret) =>
        createTrackerClient({
          baseUrl: connection.baseUrl,
          deployment: connection.deployment,
          auth: { mode: 'pat', token: secret },
        }),
      describe: describeTrackerError,
      links: { hostsWithoutReleaseReportSuffix: [] },
      settleMs: 10,
      log: () => undefined,
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-issue-history-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    bus = new InProcessBus();
    published = [];
    for (const topic of Object.values(topics))
      await bus.subscribe(topic, 'test', async (message) => void published.push(message));
    fake = await startFakeTracker({ credentials: { pat } });
    await append(`trackerConnection-${connectionId}`, 'TrackerConnectionCreated', {
      id: connectionId,
      name: connectionName,
      baseUrl: fake.url,
      deployment: 'cloud',
      authMode: 'pat',
      email: null,
      secret: secrets.seal(pat, trackerSecretPurpose(tenant, connectionId)),
    });
    // SDESK-1 linked by a project, SDESK-2 by an item through its jiragroup; SDESK-3 by nothing
    await append('group-1', 'GroupCreated', {
      id: 1,
      jirarepo: { id: `${connectionId}/10000`, url: fake.url },
      jiraid: 'sdesk-1',
    });
    await append('item-2', 'ItemCreated', {
      id: 2,
      group: null,
      jiraid: 'SDESK-2',
      jiragroup: `${connectionId}/10000`,
    });
    sync = newSync();
    await sync.start();
    await waitForRuns(1);
  });

  afterEach(async () => {
    await sync.stop();
    await bus.close();
    await store.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the first observation of each linked issue, with the fields the mirror shows and its source', async () => {
    const events = await recorded();
    expect(events.map((e) => e.streamId).sort()).toEqual([
      trackerIssueStream(connectionId, 'SDESK-1'),
      trackerIssueStream(connectionId, 'SDESK-2'),
    ]);
    const first = (await streamOf('SDESK-1'))[0]!;
    const issue = fakeIssue('SDESK-1');
    expect(first.type).toBe(trackerIssueChangedType);
    expect(first.data).toEqual({
      connectionId,
      key: 'SDESK-1',
      summary: issue.summary,
      status: issue.status,
      statusCategory: issue.statusCategory,
      assignee: issue.assignee,
      dueDate: issue.dueDate,
      issueType: issue.issueType,
      fixVersions: [...issue.fixVersions].sort(),
      deleted: false,
    } satisfies TrackerIssueChangedData);
    expect(first.metadata).toMatchObject({
      tenant,
      user: 'tracker-sync',
      source: `tracker:${connectionName}`,
      schemaVersion: 1,
    });
  });

  it('records a status change of a linked issue exactly once', async () => {
    const before = (await recorded()).length;
    const status = fakeIssue('SDESK-1').status === 'Done' ? 'In Progress' : 'Done';
    change('SDESK-1', { status, statusCategory: status === 'Done' ? 'done' : 'indeterminate' });
    await syncNow();
    await syncNow(true);
    const events = await recorded();
    expect(events).toHaveLength(before + 1);
    const latest = events.at(-1)!;
    expect(latest.streamId).toBe(trackerIssueStream(connectionId, 'SDESK-1'));
    expect(latest.revision).toBe(1);
    expect(latest.data).toMatchObject({ key: 'SDESK-1', status, deleted: false });
    expect(latest.metadata.source).toBe(`tracker:${connectionName}`);
  });

  it('records nothing when a run sees no change, nor after a restart', async () => {
    const before = await recorded();
    expect(before).toHaveLength(2);
    await syncNow(true);
    expect(await recorded()).toHaveLength(2);

    await sync.stop();
    published = published.filter((m) => m.topic !== topics.trackerSyncRuns);
    sync = newSync();
    await sync.start();
    await waitForRuns(1); // the restarted worker's first run reads every linked issue
    await syncNow(true);
    expect((await recorded()).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  it('records nothing of an issue that no project or item links', async () => {
    change('SDESK-3', { summary: 'changed, but linked by nothing' });
    await syncNow(true);
    expect((await recorded()).map((e) => e.streamId)).not.toContain(
      trackerIssueStream(connectionId, 'SDESK-3'),
    );
    // once linked, it has a history
    await append('item-3', 'ItemCreated', { id: 3, group: 1, jiraid: 'SDESK-3', jiragroup: null });
    await eventually(async () => expect(await streamOf('SDESK-3')).toHaveLength(1), { timeoutMs: 15_000 });
  });

  it('records an issue that vanished from the tracker as deleted, once', async () => {
    fake.data.issues.splice(fake.data.issues.indexOf(fakeIssue('SDESK-2')), 1);
    await syncNow(true);
    await syncNow(true);
    const history = await streamOf('SDESK-2');
    expect(history.map((e) => (e.data as TrackerIssueChangedData).deleted)).toEqual([false, true]);
    expect(history[1]!.data).toEqual({ ...(history[0]!.data as object), deleted: true });
  });

  it('never publishes these events on the planning-events topic', async () => {
    // a published event after them, so the publisher provably read past them
    await append('group-1', 'GroupDeleted', { id: 1 });
    const saved = new Map<string, number>();
    const publisher = new EventPublisher({
      store,
      bus,
      checkpoints: {
        checkpoint: async (name) => saved.get(name) ?? 0,
        saveCheckpoint: async (name, position) => void saved.set(name, position),
      },
    });
    await publisher.start();
    try {
      expect(await publisher.waitFor(await store.headPosition(), 10_000)).toBe(true);
    } finally {
      await publisher.stop();
    }
    const planning = published
      .filter((m) => m.topic === topics.planningEvents)
      .map((m) => JSON.parse(m.value));
    expect(planning.map((m) => m.type)).toContain('GroupDeleted');
    expect(planning.map((m) => m.type)).not.toContain(trackerIssueChangedType);
    expect(await recorded()).not.toHaveLength(0);
  });
});

describe('two recorders of one issue', () => {
  it('record one change once: the second decides again on what the first appended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fahrplan-issue-history-race-'));
    const store = new SqliteEventStore(join(dir, 'events.db'));
    try {
      const connection = { id: connectionId, tenant, name: connectionName };
      const observed = (status: string): TrackerIssueChangedData => ({
        connectionId,
        key: 'SDESK-1',
        summary: 'Chatbot',
        status,
        statusCategory: 'indeterminate',
        assignee: null,
        dueDate: null,
        issueType: 'Story',
        fixVersions: [],
        deleted: false,
      });
      const now = () => new Date();
      const one = new IssueHistory(store, now);
      const two = new IssueHistory(store, now);
      expect(await one.record(connection, [{ key: 'SDESK-1', data: observed('To Do') }])).toBe(1);
      // both remember revision 0 now
      expect(await two.record(connection, [{ key: 'SDESK-1', data: observed('To Do') }])).toBe(0);
      const counts = await Promise.all([
        one.record(connection, [{ key: 'SDESK-1', data: observed('In Progress') }]),
        two.record(connection, [{ key: 'SDESK-1', data: observed('In Progress') }]),
      ]);
      expect(counts.sort()).toEqual([0, 1]);
      const history = await store.readStream(trackerIssueStream(connectionId, 'SDESK-1'));
      expect(history.map((e) => (e.data as TrackerIssueChangedData).status)).toEqual([
        'To Do',
        'In Progress',
      ]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
