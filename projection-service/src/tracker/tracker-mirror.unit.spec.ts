import { topics, trackerMessageHeaders } from '@fahrplan/contracts';
import { InProcessBus } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import {
  busMessage,
  issueMessage,
  projectMessage,
  publishTracker,
  syncRunMessage,
} from './testing/tracker-messages';
import { TrackerMirror } from './tracker-mirror';

const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
const base = (id: string, minute: number) => ({ tenant: 'acme', connectionId: 7, id, syncedAt: at(minute) });

describe('the tracker mirror', () => {
  let bus: InProcessBus;
  let store: MemoryReadStore;
  let mirror: TrackerMirror;
  let warnings: string[];

  beforeEach(async () => {
    bus = new InProcessBus({ onHandlerError: () => undefined, redeliveryDelayMs: 5 });
    store = new MemoryReadStore();
    warnings = [];
    mirror = new TrackerMirror(bus, store, { groupId: 'test', warn: (message) => warnings.push(message) });
    await mirror.start();
  });

  afterEach(async () => {
    await mirror.stop();
    await bus.close();
  });

  const issue = (key: string, minute: number, summary: string) =>
    issueMessage({ ...base(key.replace('-', ''), minute), key }, { summary });

  it('skips a message it cannot parse and folds the next one of the partition', async () => {
    await bus.publish(topics.trackerIssues, [
      { ...busMessage(topics.trackerIssues, issue('A-1', 1, 'x')), value: '{"tenant": "acme", not json' },
      busMessage(topics.trackerIssues, { ...issue('A-2', 1, 'x'), summary: 42 } as never),
      busMessage(topics.trackerIssues, issue('A-3', 1, 'Folded')),
    ]);

    await eventually(async () =>
      expect(await store.get('trackerIssues', 'acme:7/A3')).toMatchObject({ summary: 'Folded' }),
    );
    expect(await store.get('trackerIssues', 'acme:7/A1')).toBeNull();
    expect(await store.get('trackerIssues', 'acme:7/A2')).toBeNull();
    expect(warnings).toEqual([
      expect.stringContaining('not JSON'),
      expect.stringMatching(/invalid TrackerIssue \(summary\)/),
    ]);
  });

  it('skips other schema versions with one warning per version, and other message types', async () => {
    await bus.publish(topics.trackerIssues, [
      busMessage(topics.trackerIssues, issue('A-1', 1, 'v2'), { [trackerMessageHeaders.schemaVersion]: '2' }),
      busMessage(topics.trackerIssues, issue('A-2', 1, 'v2'), { [trackerMessageHeaders.schemaVersion]: '2' }),
      busMessage(topics.trackerIssues, issue('A-3', 1, 'none'), {
        [trackerMessageHeaders.schemaVersion]: undefined,
      }),
      busMessage(topics.trackerIssues, issue('A-4', 1, 'type'), {
        [trackerMessageHeaders.messageType]: 'TrackerBoard',
      }),
      busMessage(topics.trackerIssues, issue('A-5', 1, 'tenant'), { [trackerMessageHeaders.tenant]: 'beta' }),
      busMessage(topics.trackerIssues, issue('A-6', 1, 'v1')),
    ]);

    await eventually(async () => expect(await store.get('trackerIssues', 'acme:7/A6')).not.toBeNull());
    expect((await store.dump()).trackerIssues!.map((doc) => doc.key)).toEqual(['A-6']);
    expect(warnings).toEqual([
      expect.stringContaining('schema version 2'),
      expect.stringContaining('schema version (none)'),
      expect.stringContaining('message type TrackerBoard'),
      expect.stringContaining('tenant header'),
    ]);
  });

  it('keeps the newest snapshot whatever order they come in, and tells of what changed', async () => {
    const changes: unknown[] = [];
    mirror.onChange((change) => changes.push(change));
    await publishTracker.issues(
      bus,
      issue('A-1', 5, 'Newer'),
      issue('A-1', 3, 'Older'),
      issue('A-2', 1, 'Last'),
    );

    await eventually(async () => expect(await store.get('trackerIssues', 'acme:7/A2')).not.toBeNull());
    expect(await store.get('trackerIssues', 'acme:7/A1')).toMatchObject({
      summary: 'Newer',
      syncedAt: at(5),
    });
    // the older snapshot changed nothing
    expect(changes).toEqual([
      { tenant: 'acme', collections: ['trackerIssues'] },
      { tenant: 'acme', collections: ['trackerIssues'] },
    ]);
  });

  it('marks the projects a successful run did not read as deleted, and records the run', async () => {
    await publishTracker.projects(bus, projectMessage(base('1', 1)), projectMessage(base('2', 1)));
    await eventually(async () => expect(await store.get('trackerProjects', 'acme:7/2')).not.toBeNull());
    // a failed run lists nothing and removes nothing
    await publishTracker.runs(
      bus,
      syncRunMessage(
        { tenant: 'acme', connectionId: 7, startedAt: at(2), finishedAt: at(3) },
        {
          error: { code: 'unreachable', status: null, statusText: null, message: 'down' },
          lastSuccessAt: null,
        },
      ),
    );
    await eventually(async () =>
      expect(await store.get('trackerSyncRuns', 'acme:7')).toMatchObject({ startedAt: at(2) }),
    );
    expect((await store.find('trackerProjects', { deleted: false })).map((doc) => doc.id)).toEqual([
      '1',
      '2',
    ]);

    const changes: unknown[] = [];
    mirror.onChange((change) => changes.push(change));
    await publishTracker.runs(
      bus,
      syncRunMessage(
        { tenant: 'acme', connectionId: 7, startedAt: at(4), finishedAt: at(6) },
        { present: { projects: ['1'], boards: [], versions: [] } },
      ),
    );

    await eventually(async () =>
      expect(await store.get('trackerSyncRuns', 'acme:7')).toMatchObject({ startedAt: at(4) }),
    );
    expect(await store.get('trackerProjects', 'acme:7/1')).toMatchObject({ deleted: false });
    expect(await store.get('trackerProjects', 'acme:7/2')).toMatchObject({ deleted: true, syncedAt: at(4) });
    expect(changes).toEqual([{ tenant: 'acme', collections: ['trackerProjects', 'trackerSyncRuns'] }]);
  });

  it('lets go of the topics on stop, so that another mirror of the group takes over', async () => {
    await mirror.stop();
    await publishTracker.issues(bus, issue('A-1', 1, 'late'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(await store.get('trackerIssues', 'acme:7/A1')).toBeNull();

    const second = new TrackerMirror(bus, store, { groupId: 'test' });
    await second.start();
    await eventually(async () => expect(await store.get('trackerIssues', 'acme:7/A1')).not.toBeNull());
    await second.stop();
  });
});
