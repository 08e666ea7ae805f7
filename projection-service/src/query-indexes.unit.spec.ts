import { allPermissions } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { allProjections } from './projections/all-projections';
import { ApplicationsController } from './applications/applications.controller';
import { CommentsController } from './comments/comments.controller';
import { GoalsController } from './goals/goals.controller';
import { GroupsController } from './groups/groups.controller';
import { ItemsController } from './items/items.controller';
import { TimelineController } from './items/timeline.controller';
import { ResourcesController } from './resources/resources.controller';
import { SharesController } from './shares/shares.controller';
import { RecordingReadStore, serves } from './read-store/testing/recording-read-store';

describe('the indexes the projections declare', () => {
  it("serve every query the read models' controllers send", async () => {
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
    const applications = new ApplicationsController(store, directory);
    const comments = new CommentsController(store, directory);
    const groups = new GroupsController(store, directory);
    const goals = new GoalsController(store, directory);
    const principal = { userId: 1, tenant: 'acme', username: 'alice' };

    await applications.applications(principal);
    await applications.applications(principal, 'bill');
    await applications.applications(principal, undefined, 'PRODUKTIV');
    await applications.applications(principal, 'bill', 'PRODUKTIV');
    await applications.application(principal, 'billing');
    await comments.comments(principal, 'application', '5');
    await applications.application(principal, '5');
    await applications.applicationProjects(principal, '5');
    await groups.groups(principal);
    await groups.groups(principal, 'roll');
    await groups.groups(principal, undefined, '3');
    await groups.groups(principal, undefined, undefined, undefined, undefined, undefined, '5');
    await groups.group(principal, 'roll-out');
    await groups.group(principal, '7');
    await groups.group(principal, 'shared');
    await comments.comments(principal, 'PROJECT', '8');
    await goals.groupGoals(principal, '7');
    await goals.goals(principal);
    await new ResourcesController(store, directory).resources(principal);
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
    const items = new ItemsController(store, directory);
    const timeline = new TimelineController(store, directory);
    await items.item(principal, '50');
    await items.item(principal, 'build');
    await items.items(principal, '7');
    await items.items(principal, '8');
    await timeline.timeline(principal, '2026-03-01', '2026-04-01');
    await timeline.timeline(principal, '2026-03-01', '2026-04-01', '7,8', '3', '1', '5');
    await comments.comments(principal, 'task', '50');

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
