import { allPermissions, topics } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { asked } from '../http/testing/query-fixtures';
import { allProjections } from '../projections/all-projections';
import { TrackerMirror } from './tracker-mirror';
import { TrackerQueriesController } from './tracker-queries.controller';
import { TrackerReleasesController } from './tracker-releases.controller';
import { busMessage, projectMessage, syncRunMessage } from './testing/tracker-messages';
import { RecordingReadStore, serves } from '../read-store/testing/recording-read-store';

describe('the indexes of the tracker queries', () => {
  it('serve every query the tracker controller and the mirror send', async () => {
    const store = new RecordingReadStore();
    const at = (minute: number) => `2026-03-02T09:0${minute}:00.000Z`;
    await store.put('trackerConnections', {
      _id: '7',
      _position: 1,
      id: 7,
      tenant: 'acme',
      name: 'Jira',
      baseUrl: 'https://jira.example',
      deployment: 'cloud',
      authMode: 'pat',
      email: null,
      version: 0,
      deleted: false,
    });
    await store.put('groups', {
      _id: '10',
      _position: 2,
      id: 10,
      tenant: 'acme',
      deleted: false,
      jirarepo: { id: '7/1', url: 'https://jira.example' },
    });
    // the mirror's own queries (a run's vanished objects), without a bus
    const mirror = new TrackerMirror(undefined as never, store, { groupId: 'g' });
    const deliver = (topic: Parameters<typeof busMessage>[0], value: Parameters<typeof busMessage>[1]) =>
      mirror.handle({ ...busMessage(topic, value), topic, partition: 0, offset: '0' });
    await deliver(
      topics.trackerProjects,
      projectMessage({ tenant: 'acme', connectionId: 7, id: '1', syncedAt: at(1) }),
    );
    await deliver(
      topics.trackerSyncRuns,
      syncRunMessage(
        { tenant: 'acme', connectionId: 7, startedAt: at(2), finishedAt: at(3) },
        { present: { projects: ['1'], boards: [], versions: [] } },
      ),
    );
    const directory = {
      user: () => ({ permissions: allPermissions }),
      tenant: () => ({ features: { jira: true } }),
    } as unknown as DirectoryCache;
    const controller = new TrackerQueriesController(store, directory);
    const principal = { userId: 1, tenant: 'acme', username: 'alice' };

    await controller.trackerConnections(principal);
    await controller.repositories(principal);
    await controller.issues(asked(principal));
    await controller.issues(asked(principal, { keys: 'A-1,B-2' }));
    expect(
      await new TrackerReleasesController(store, directory).releases(
        asked(principal, { from: '2026-01-01', to: '2026-12-31' }),
      ),
    ).toEqual([]);
    await controller.status(principal);

    const shapes = new Set(store.queries.map((q) => `${q.collection} ${Object.keys(q.filter).join()}`));
    expect(shapes.size).toBeGreaterThanOrEqual(7);
    const declared = [...allProjections, ...TrackerMirror.indexes];
    for (const query of store.queries) {
      const indexes = declared.filter((p) => p.collection === query.collection).flatMap((p) => p.indexes);
      expect({ query, served: indexes.some((index) => serves(index, query)) }).toEqual({
        query,
        served: true,
      });
    }
  });
});
