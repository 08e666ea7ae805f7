import { randomUUID } from 'node:crypto';
import { trackerTopicCatalogue } from '@fahrplan/contracts';
import { SqliteBus } from '@fahrplan/platform';
import { eventually } from '@fahrplan/platform/testing';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { issueMessage, projectMessage, publishTracker, syncRunMessage } from './testing/tracker-messages';
import { TrackerMirror } from './tracker-mirror';

const at = (minute: number) => `2026-03-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
const base = (id: string, minute: number, connectionId = 7) => ({
  tenant: 'acme',
  connectionId,
  id,
  syncedAt: at(minute),
});

/**
 * The embedded app folds the tracker topics from their beginning at every start, with a new consumer
 * group, into its persistent read store: a restart must neither duplicate nor lose mirrored objects,
 * and a store rebuilt without them (npm run replay) gets them back.
 */
describe('the tracker mirror on a persistent store, folding the topics again at each start', () => {
  let bus: SqliteBus;
  const stores: SqliteReadStore[] = [];
  const store = () => {
    const opened = new SqliteReadStore(':memory:', TrackerMirror.indexes);
    stores.push(opened);
    return opened;
  };
  const mirrors: TrackerMirror[] = [];
  /** A mirror as the embedded app starts one, caught up with every topic. */
  const startMirror = async (readStore: SqliteReadStore, marker: number) => {
    const mirror = new TrackerMirror(bus, readStore, {
      groupId: `embedded.tracker-mirror.${randomUUID()}`,
      fromBeginning: true,
    });
    mirrors.push(mirror);
    await mirror.start();
    // one more message per topic, published after the start: once each is folded, so is all before it
    await publishTracker.projects(bus, projectMessage(base(`marker-${marker}`, 30, 99)));
    await publishTracker.issues(bus, issueMessage({ ...base(`M${marker}`, 30, 99), key: `M-${marker}` }));
    await publishTracker.runs(
      bus,
      syncRunMessage({ tenant: 'acme', connectionId: 90 + marker, startedAt: at(30), finishedAt: at(31) }),
    );
    await eventually(async () => {
      expect(await readStore.get('trackerProjects', `acme:99/marker-${marker}`)).not.toBeNull();
      expect(await readStore.get('trackerIssues', `acme:99/M${marker}`)).not.toBeNull();
      expect(await readStore.get('trackerSyncRuns', `acme:${90 + marker}`)).not.toBeNull();
    });
    return mirror;
  };
  const withoutMarkers = (dump: Awaited<ReturnType<SqliteReadStore['dump']>>) =>
    Object.fromEntries(
      Object.entries(dump).map(([collection, docs]) => [
        collection,
        docs.filter((doc) => doc.connectionId !== 99 && !/^acme:9\d$/.test(doc._id)),
      ]),
    );

  beforeEach(() => {
    bus = new SqliteBus(':memory:', { compactedTopics: Object.keys(trackerTopicCatalogue), pollMs: 20 });
  });
  afterEach(async () => {
    await Promise.all(mirrors.splice(0).map((mirror) => mirror.stop()));
    await bus.close();
    stores.splice(0).forEach((opened) => opened.close());
  });

  it('holds the same documents after a restart, and after a rebuild of the store without them', async () => {
    const readStore = store();
    await publishTracker.projects(
      bus,
      projectMessage(base('1', 1)),
      projectMessage(base('2', 1)),
      projectMessage(base('3', 1)),
    );
    await publishTracker.issues(
      bus,
      issueMessage({ ...base('A1', 1), key: 'A-1' }, { summary: 'first' }),
      issueMessage({ ...base('A1', 5), key: 'A-1' }, { summary: 'newest' }),
    );
    // a run that no longer read project 2 (it is removed), which then came back after the run
    await publishTracker.runs(
      bus,
      syncRunMessage(
        { tenant: 'acme', connectionId: 7, startedAt: at(4), finishedAt: at(6) },
        { present: { projects: ['1', '3'], boards: [], versions: [] } },
      ),
    );
    const first = await startMirror(readStore, 1);
    await publishTracker.projects(bus, projectMessage(base('2', 8), { name: 'Back again' }));
    await eventually(async () =>
      expect(await readStore.get('trackerProjects', 'acme:7/2')).toMatchObject({ name: 'Back again' }),
    );
    await first.stop();
    const before = withoutMarkers(await readStore.dump());
    expect(before.trackerProjects!.map((doc) => [doc._id, doc.deleted])).toEqual([
      ['acme:7/1', false],
      ['acme:7/2', false],
      ['acme:7/3', false],
    ]);
    expect(before.trackerIssues!.map((doc) => doc.summary)).toEqual(['newest']);

    await startMirror(readStore, 2);
    expect(withoutMarkers(await readStore.dump())).toEqual(before);

    const rebuilt = store();
    await startMirror(rebuilt, 3);
    expect(withoutMarkers(await rebuilt.dump())).toEqual(before);
  });
});
