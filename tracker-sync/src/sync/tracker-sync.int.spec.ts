import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { topics } from '@fahrplan/contracts';
import {
  InProcessBus,
  SecretBox,
  SqliteEventStore,
  eventMetadata,
  trackerSecretPurpose,
} from '@fahrplan/platform';
import type { DirectoryCache, ReceivedMessage } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import type { MirrorClient, MirrorIssue } from './mirror-run';
import { TrackerSync } from './tracker-sync';
import type { TrackerSyncOptions } from './tracker-sync';

/*
 * The worker against a real event store and bus, with a scripted tracker: what it publishes when
 * links come and go, when a connection is deleted while a run reads, and which keys it asks for.
 */
const tenant = 'acme';

class ScriptedTracker implements MirrorClient {
  projectList = [
    { id: '10000', key: 'SDESK', name: 'Service Desk' },
    { id: '10001', key: 'CLOUD', name: 'Cloud' },
  ];
  knownIssues = new Set(['SDESK-1', 'SDESK-2']);
  queries: string[] = [];
  /** Resolved when a run may go on past its first listing. */
  gate: Promise<void> = Promise.resolve();
  /** How many runs have started reading. */
  started = 0;

  async *projects() {
    this.started += 1;
    await this.gate;
    yield* this.projectList;
  }
  async *boards() {
    yield { id: 1, name: 'board', type: 'scrum', location: { projectKey: 'SDESK' } };
  }
  async *versions(projectId: string) {
    yield { id: `${projectId}1`, name: '1.0', releaseDate: '2026-12-01', released: false, archived: false };
  }
  async *searchIssues({ jql }: { jql: string }) {
    this.queries.push(jql);
    const keys = /key in \(([^)]*)\)/.exec(jql)![1]!.split(', ');
    if (keys.some((key) => !this.knownIssues.has(key)))
      throw Object.assign(new Error('unknown key'), { status: 400 });
    for (const key of keys) yield this.issue(key);
  }
  getIssue = async (key: string): Promise<MirrorIssue> => {
    if (!this.knownIssues.has(key)) throw Object.assign(new Error('no such issue'), { status: 404 });
    return this.issue(key);
  };
  private issue(key: string): MirrorIssue {
    return { id: key.replace(/\D/g, ''), key, fields: { summary: key, updated: new Date().toISOString() } };
  }
}

describe('the tracker-sync worker', () => {
  let dir: string;
  let store: SqliteEventStore;
  let bus: InProcessBus;
  let sync: TrackerSync;
  let options: TrackerSyncOptions;
  let tracker: ScriptedTracker;
  let published: ReceivedMessage[];
  const secrets = new SecretBox(randomBytes(32));

  const appendAs = (owner: string, stream: string, type: string, data: object) =>
    store.append(
      stream,
      [
        {
          id: randomUUID(),
          type,
          data,
          metadata: eventMetadata({ tenant: owner, user: 'admin', timestamp: new Date().toISOString() }),
        },
      ],
      'any',
    );
  const append = (stream: string, type: string, data: object) => appendAs(tenant, stream, type, data);
  const of = (topic: string) => published.filter((m) => m.topic === topic).map((m) => JSON.parse(m.value));
  const runs = () => of(topics.trackerSyncRuns);
  const nextRun = async (count: number) =>
    eventually(() => expect(runs().length).toBeGreaterThanOrEqual(count), { timeoutMs: 10_000 });
  const requestSync = (full = false) => append('trackerSync-7', 'TrackerSyncRequested', { id: 7, full });

  const connect = (owner: string, id: number) =>
    appendAs(owner, `trackerConnection-${id}`, 'TrackerConnectionCreated', {
      id,
      name: 'Jira',
      baseUrl: 'https://jira.example.com',
      deployment: 'cloud',
      authMode: 'pat',
      email: null,
      secret: secrets.seal('token', trackerSecretPurpose(owner, id)),
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-tracker-sync-'));
    store = new SqliteEventStore(join(dir, 'events.db'));
    bus = new InProcessBus();
    published = [];
    for (const topic of Object.values(topics))
      await bus.subscribe(topic, 'test', async (message) => void published.push(message));
    tracker = new ScriptedTracker();
    await connect(tenant, 7);
    options = {
      store,
      bus,
      directory: { tenant: () => ({ features: { jira: true } }) } as unknown as DirectoryCache,
      secrets,
      client: () => tracker,
      describe: (error) => ({ code: 'x', status: null, statusText: null, message: String(error) }),
      links: { hostsWithoutReleaseReportSuffix: [] },
      settleMs: 10,
      log: () => undefined,
    };
    sync = new TrackerSync(options);
    await sync.start();
    await nextRun(1);
  });

  afterEach(async () => {
    await sync.stop();
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes the versions of a repository again when it is linked anew', async () => {
    await append('group-1', 'GroupCreated', { id: 1, jirarepo: { id: '7/10000', url: 'x' }, jiraid: null });
    await nextRun(2);
    await eventually(() => expect(of(topics.trackerVersions).map((v) => v.id)).toEqual(['100001']));
    await append('group-1', 'GroupUpdated', { id: 1, changes: { jirarepo: null } });
    await nextRun(3);
    // the run lists no versions: the projection marks the old one deleted
    expect(runs().at(-1).present.versions).toEqual([]);
    await append('group-1', 'GroupUpdated', { id: 1, changes: { jirarepo: { id: '7/10000', url: 'x' } } });
    await nextRun(4);
    await eventually(() => expect(of(topics.trackerVersions).map((v) => v.id)).toEqual(['100001', '100001']));
  });

  it('publishes only what changed since its last run', async () => {
    const before = of(topics.trackerProjects).length;
    expect(before).toBe(2);
    await requestSync();
    await nextRun(2);
    expect(of(topics.trackerProjects).length).toBe(before);
    tracker.projectList[0] = { ...tracker.projectList[0]!, name: 'Service Desk 2' };
    await requestSync();
    await nextRun(3);
    expect(of(topics.trackerProjects).map((p) => p.name)).toEqual([
      'Service Desk',
      'Cloud',
      'Service Desk 2',
    ]);
  });

  it('publishes nothing of a run whose connection was deleted while it read', async () => {
    let open!: () => void;
    tracker.gate = new Promise<void>((resolve) => (open = resolve));
    tracker.projectList[1] = { ...tracker.projectList[1]!, name: 'renamed meanwhile' };
    const started = tracker.started;
    await requestSync();
    await eventually(() => expect(tracker.started).toBe(started + 1));
    await append('trackerConnection-7', 'TrackerConnectionDeleted', { id: 7 });
    // the deletion is folded before the run may go on
    await eventually(() => expect(sync.connection(tenant, 7)).toBeUndefined());
    open();
    await sync.stop();
    expect(runs()).toHaveLength(1);
    expect(of(topics.trackerProjects).map((p) => p.name)).not.toContain('renamed meanwhile');
  });

  it('asks for issues updated since the last run, and leaves keys the tracker does not know out until a full run', async () => {
    await append('item-1', 'ItemCreated', { id: 1, group: null, jiraid: 'SDESK-1', jiragroup: null });
    await append('item-2', 'ItemCreated', { id: 2, group: null, jiraid: 'SDESK-9', jiragroup: null });
    await nextRun(2);
    // SDESK-9 does not exist: the batch was read key by key, SDESK-9 remembered as missing
    expect(of(topics.trackerIssues).map((i) => i.key)).toEqual(['SDESK-1']);
    tracker.queries = [];
    await requestSync();
    await nextRun(3);
    expect(tracker.queries).toEqual([expect.stringMatching(/^key in \(SDESK-1\) AND updated >= "-\d+m"/)]);
    tracker.knownIssues.add('SDESK-9');
    tracker.queries = [];
    await requestSync(true);
    await nextRun(4);
    expect(tracker.queries).toEqual(['key in (SDESK-1, SDESK-9) ORDER BY key ASC']);
    expect(of(topics.trackerIssues).map((i) => i.key)).toContain('SDESK-9');
  });

  it("folds a tenant's projects and items once it has a connection: those linked before it are mirrored", async () => {
    // beta links an issue while it has no connection: the worker keeps nothing of beta's items
    await appendAs('beta', 'item-31', 'ItemCreated', {
      id: 31,
      group: null,
      jiraid: 'SDESK-2',
      jiragroup: null,
    });
    await appendAs('beta', 'item-32', 'ItemCreated', { id: 32, group: null, jiraid: null, jiragroup: null });
    expect(tracker.queries).toEqual([]);
    await connect('beta', 8);
    await eventually(() => expect(tracker.queries).toEqual([expect.stringMatching(/^key in \(SDESK-2\)/)]), {
      timeoutMs: 10_000,
    });
    // a worker started later folds beta's links at its start, as beta has a connection now
    await sync.stop();
    tracker.queries = [];
    sync = new TrackerSync(options);
    await sync.start();
    await eventually(
      () => expect(tracker.queries).toEqual(expect.arrayContaining([expect.stringMatching(/SDESK-2/)])),
      { timeoutMs: 10_000 },
    );
  });
});
