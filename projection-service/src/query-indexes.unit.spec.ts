import { allPermissions } from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { asked } from './http/testing/query-fixtures';
import { allProjections } from './projections/all-projections';
import { ApplicationsController, applicationSorts } from './applications/applications.controller';
import { CommentsController } from './comments/comments.controller';
import { GoalsController } from './goals/goals.controller';
import { GroupsController, groupSorts } from './groups/groups.controller';
import { ItemsController } from './items/items.controller';
import { TimelineController } from './items/timeline.controller';
import { ResourcesController } from './resources/resources.controller';
import { SharesController } from './shares/shares.controller';
import { RecordingReadStore, serves } from './read-store/testing/recording-read-store';
import type { ReadDocument } from './read-store/read-store';
import type { Derived } from './projections/projection';
import { applicationKeys } from './applications/applications.projection';
import { groupKeys } from './groups/groups.projection';
import { itemKeys } from './items/items.projection';
import { resourceKeys } from './resources/resources.projection';
import { answered } from './http/json-text';
import { CalendarFeedsController } from './calendar-feeds/calendar-feeds.controller';
import { feedEvents } from './calendar-feeds/feed-events';
import { liveFeedOf } from './calendar-feeds/public-feeds.controller';
import { CalendarsController } from './calendars/calendars.controller';
import { calendarDocId } from './calendars/calendars.projection';

describe('the indexes the projections declare', () => {
  it("serve every query the read models' controllers send", async () => {
    const store = new RecordingReadStore();
    // documents as the projections store them: with their lists' keys
    const keysOf: Record<string, (doc: never) => Derived> = {
      applications: applicationKeys,
      groups: groupKeys,
      items: itemKeys,
      resources: resourceKeys,
    };
    const put = (collection: string, doc: ReadDocument) =>
      store.put(collection, { ...doc, ...keysOf[collection]!(doc as never) });
    await put('applications', {
      _id: '5',
      _position: 1,
      id: 5,
      tenant: 'acme',
      name: 'Billing',
      deleted: false,
      parent: null,
    });
    await put('groups', {
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
    await put('groups', {
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
    await put('groups', {
      _id: '9',
      _position: 5,
      id: 9,
      tenant: 'acme',
      title: 'Zeta',
      deleted: false,
      parent: 7,
      metrics: [],
      start: '2026-01-01',
      end: null,
      goals: [],
      applications: [5],
      account: null,
    });
    await put('resources', {
      _id: '3',
      _position: 6,
      id: 3,
      tenant: 'acme',
      name: 'Ops',
      deleted: false,
    });
    // every list's second page too: its cursor joins the filter with `$and`
    const pages = async (list: (query: Record<string, string>) => Promise<{ nextCursor: string | null }>) => {
      const first = await list({ limit: '1' });
      expect(first.nextCursor).not.toBeNull();
      await list({ limit: '1', cursor: first.nextCursor! });
    };

    await applications.applications(asked(principal));
    await applications.applications(asked(principal, { q: 'bill' }));
    await applications.applications(asked(principal, { status: 'PRODUKTIV' }));
    await applications.applications(asked(principal, { q: 'bill', status: 'PRODUKTIV' }));
    await applications.applications(asked(principal, { id: '5,6' }));
    for (const sort of Object.keys(applicationSorts))
      for (const direction of ['', '-']) {
        await applications.applications(asked(principal, { sort: `${direction}${sort}` }));
        await applications.applications(asked(principal, { sort: `${direction}${sort}`, q: 'bill' }));
      }
    await applications.application(asked(principal, {}, { idOrName: 'billing' }));
    await comments.comments(asked(principal, { refType: 'application', refId: '5' }));
    await applications.application(asked(principal, {}, { idOrName: '5' }));
    await applications.applicationProjects(asked(principal, {}, { id: '5' }));
    await pages((query) => applications.applicationProjects(asked(principal, query, { id: '5' })));
    await answered(groups.groups(asked(principal)));
    await answered(groups.groups(asked(principal, { q: 'roll' })));
    await answered(groups.groups(asked(principal, { status: '3' })));
    await answered(groups.groups(asked(principal, { phase: '1' })));
    await answered(groups.groups(asked(principal, { health: '2' })));
    await answered(groups.groups(asked(principal, { resource: '3' })));
    await answered(groups.groups(asked(principal, { application: '5' })));
    await answered(groups.groups(asked(principal, { application: '5', q: 'roll' })));
    await answered(groups.groups(asked(principal, { parent: '7' })));
    await answered(groups.groups(asked(principal, { parent: '7,8' })));
    await answered(groups.groups(asked(principal, { id: '7,8,9' })));
    await answered(groups.groups(asked(principal, { shared: 'false' })));
    await answered(groups.groups(asked(principal, { shared: 'true' })));
    for (const sort of Object.keys(groupSorts))
      for (const direction of ['', '-']) {
        await answered(groups.groups(asked(principal, { sort: `${direction}${sort}` })));
        await answered(groups.groups(asked(principal, { sort: `${direction}${sort}`, q: 'roll' })));
        await pages((query) =>
          answered(groups.groups(asked(principal, { ...query, sort: `${direction}${sort}` }))),
        );
      }
    await groups.group(asked(principal, {}, { idOrName: 'roll-out' }));
    await groups.group(asked(principal, {}, { idOrName: '7' }));
    await groups.group(asked(principal, {}, { idOrName: 'shared' }));
    await comments.comments(asked(principal, { refType: 'PROJECT', refId: '8' }));
    await goals.groupGoals(asked(principal, {}, { idOrName: '7' }));
    await goals.goals(asked(principal));
    const resources = new ResourcesController(store, directory);
    await resources.resources(asked(principal));
    await resources.resources(asked(principal, { q: 'op' }));
    await resources.resources(asked(principal, { id: '3' }));
    const shares = new SharesController(store, directory);
    for (const direction of ['incoming', 'outgoing']) {
      await shares.shares(asked(principal, { direction }));
      await shares.shares(asked(principal, { direction, status: 'PENDING' }));
    }
    await put('items', {
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
    await put('items', {
      _id: '51',
      _position: 7,
      id: 51,
      tenant: 'acme',
      title: 'Test',
      group: 7,
      deleted: false,
      start: '2026-03-03T00:00',
      end: null,
      effort: null,
      rank: null,
    });
    const items = new ItemsController(store, directory);
    const timeline = new TimelineController(store, directory);
    await items.item(asked(principal, {}, { idOrName: '50' }));
    await items.item(asked(principal, {}, { idOrName: 'build' }));
    await items.items(asked(principal, { group: '7' }));
    await items.items(asked(principal, { group: '7', sort: '-rank' }));
    await items.items(asked(principal, { group: '8' }));
    await items.items(asked(principal, { q: 'buil', sort: 'title' }));
    await items.items(asked(principal, { q: 'buil', sort: '-title' }));
    await pages((query) => items.items(asked(principal, { ...query, group: '7' })));
    await answered(timeline.timeline(asked(principal, { from: '2026-03-01', to: '2026-04-01' })));
    await answered(
      timeline.timeline(
        asked(principal, {
          from: '2026-03-01',
          to: '2026-04-01',
          group: '7,8',
          status: '3',
          resource: '1',
          application: '5',
        }),
      ),
    );
    await comments.comments(asked(principal, { refType: 'task', refId: '50' }));
    for (const id of [60, 61])
      await store.put('calendarFeeds', {
        _id: String(id),
        _position: id,
        id,
        tenant: 'acme',
        owner: 'alice',
        name: `Feed ${id}`,
        secretHash: `${id}`.repeat(32),
        createdAt: `2026-03-0${id - 59}T09:00:00.000Z`,
        deleted: false,
      });
    // issue 23: the caller's feeds, a feed by its secret's hash, and a feed's items by window
    await new CalendarFeedsController(store, directory).feeds(asked(principal));
    await pages((query) =>
      new CalendarFeedsController(store, directory).feeds(
        asked(principal, { limit: query.limit, cursor: query.cursor }),
      ),
    );
    await liveFeedOf(store, `${'A'.repeat(43)}.ics`);
    const feedFilters = { includeTasks: true, projects: [7], resources: [3], applications: [5] };
    const year = { from: '2026-01-01', to: '2027-01-01' };
    await feedEvents(store, 'acme', feedFilters, year);
    const all = { includeTasks: false, projects: null, resources: null, applications: null };
    expect((await feedEvents(store, 'acme', all, year)).map((event) => event.id)).toEqual([50, 51]);

    // issue 24: the calendars by id, each with the projects and resources that use it
    for (const id of [0, 12])
      await store.put('calendars', {
        _id: calendarDocId('acme', id),
        _position: 70 + id,
        id,
        tenant: 'acme',
        name: `Calendar ${id}`,
        versions: [],
        version: 0,
        deleted: false,
      });
    const calendars = new CalendarsController(store, directory);
    await pages((query) => calendars.calendars(asked(principal, query)));
    await calendars.calendar(principal, '12');

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
