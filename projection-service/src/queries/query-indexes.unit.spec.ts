import { allPermissions } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { allProjections } from '../projections/all-projections';
import { ItemQueriesController } from './item-queries.controller';
import { QueriesController } from './queries.controller';
import { ResourceQueriesController } from './resource-queries.controller';
import { SharesController } from './shares.controller';
import { RecordingReadStore, serves } from './testing/recording-read-store';

describe('the indexes the projections declare', () => {
  it('serve every query the queries controller sends', async () => {
    const store = new RecordingReadStore();
    await store.put('applications', {
      _id: '5',
      _position: 1,
      id: 5,
      tenant: 'acme',
      name: 'Billing',
      deleted: false,
      parent: null,
    });
    await store.put('groups', {
      _id: '7',
      _position: 2,
      id: 7,
      tenant: 'acme',
      title: 'Roll-out',
      deleted: false,
      parent: null,
      metrics: [],
      start: null,
      end: null,
      goals: [{ goalId: 9, value: 3 }],
      applications: [5],
    });
    // a project of tenant beta shared with acme and accepted: found by title only after acme's own
    await store.put('groups', {
      _id: '8',
      _position: 3,
      id: 8,
      tenant: 'beta',
      title: 'Shared',
      deleted: false,
      parent: null,
      metrics: [],
      start: null,
      end: null,
      goals: [],
      applications: [],
      account: null,
      acceptedBy: ['acme'],
    });
    const directory = { user: () => ({ permissions: allPermissions }) } as unknown as DirectoryCache;
    const controller = new QueriesController(store, directory);
    const principal = { userId: 1, tenant: 'acme', username: 'alice' };

    await controller.applications(principal);
    await controller.applications(principal, 'bill');
    await controller.applications(principal, undefined, 'PRODUKTIV');
    await controller.applications(principal, 'bill', 'PRODUKTIV');
    await controller.application(principal, 'billing');
    await controller.comments(principal, 'application', '5');
    await controller.application(principal, '5');
    await controller.applicationProjects(principal, '5');
    await controller.groups(principal);
    await controller.groups(principal, 'roll');
    await controller.groups(principal, undefined, '3');
    await controller.groups(principal, undefined, undefined, undefined, undefined, undefined, '5');
    await controller.group(principal, 'roll-out');
    await controller.group(principal, '7');
    await controller.group(principal, 'shared');
    await controller.comments(principal, 'PROJECT', '8');
    await controller.groupGoals(principal, '7');
    await controller.goals(principal);
    await new ResourceQueriesController(store, directory).resources(principal);
    await new SharesController(store, directory).shares(principal);
    await store.put('items', {
      _id: '50',
      _position: 4,
      id: 50,
      tenant: 'acme',
      title: 'Build',
      group: 7,
      deleted: false,
      start: '2026-03-02T00:00',
      end: null,
      effort: null,
      rank: null,
    });
    const items = new ItemQueriesController(store, directory);
    await items.item(principal, '50');
    await items.item(principal, 'build');
    await items.items(principal, '7');
    await items.items(principal, '8');
    await items.timeline(principal, '2026-03-01', '2026-04-01');
    await items.timeline(principal, '2026-03-01', '2026-04-01', '7,8', '3', '1', '5');
    await controller.comments(principal, 'task', '50');

    const shapes = new Set(
      store.queries.map((query) => `${query.collection} ${Object.keys(query.filter).join()}`),
    );
    expect(shapes.size).toBeGreaterThanOrEqual(5);
    for (const query of store.queries) {
      const indexes = allProjections.find((p) => p.collection === query.collection)?.indexes ?? [];
      expect({ query, served: indexes.some((index) => serves(index, query)) }).toEqual({
        query,
        served: true,
      });
    }
  });
});
