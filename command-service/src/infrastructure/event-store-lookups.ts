import {
  accountDecider,
  applicationDecider,
  calendarDecider,
  calendarDeciderOf,
  calendarStream,
  defaultCalendarId,
  defaultCalendarState,
  defaultCalendarVersions,
  goalDecider,
  groupDecider,
  isSprintGroup,
  itemDecider,
  notFound,
  parseStreamName,
  resourceDecider,
  scenarioStreamName,
  streamName,
  subgroupsOf,
} from '@fahrplan/contracts';
import type {
  AccountOwner,
  AccountRefType,
  CalendarEvent,
  CalendarRules,
  CalendarState,
  Category,
  Decider,
  DomainEvent,
  GoalEvent,
  GoalState,
  GroupEvent,
  GroupState,
  DependencyItemFacts,
  ItemEvent,
  ItemGroupFacts,
  ItemState,
  ResourceEvent,
  ResourceState,
  StoredEvent,
} from '@fahrplan/contracts';
import { swissCalendarRules } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { scenarioRecords } from './aggregate-runner';
import type { ItemIndex, LookupCategory, Lookups, SharedItemFacts } from './lookups';

type Fold<S, E extends DomainEvent> = Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>;

const initialItem = itemDecider.initialState;
const foldItem = (events: readonly StoredEvent[]) =>
  events.reduce((s, e) => itemDecider.evolve(s, e as unknown as ItemEvent), initialItem);

const MAX_DEPTH = 1000;
const PAGE = 1000;

/**
 * Follows parents from `parent` to the root, stopping at a repeat (a cycle) or after MAX_DEPTH.
 * `parentOf` gives a reachable aggregate's parent (null at the root), or undefined where the walk
 * ends: then the chain so far, or null when not even `parent` is reachable.
 */
const followParents = async (
  parent: number,
  parentOf: (id: number, first: boolean) => Promise<number | null | undefined>,
): Promise<number[] | null> => {
  const chain: number[] = [];
  for (let current: number | null = parent; current !== null && chain.length < MAX_DEPTH;) {
    if (chain.includes(current)) break;
    const next = await parentOf(current, chain.length === 0);
    if (next === undefined) return chain.length === 0 ? null : chain;
    chain.push(current);
    current = next;
  }
  return chain;
};

/** Whether a project is the tenant's own or shared with it and ACCEPTED (§3). */
const visibleTo = (project: { tenant: string; state: GroupState }, tenant: string): boolean =>
  project.tenant === tenant ||
  (project.state.status !== 'absent' &&
    project.state.shares.some((s) => s.tenant === tenant && s.status === 'ACCEPTED'));

/**
 * The lookups as folds of the event store's streams. In a scenario (`inScenario`) a record is its live
 * stream with the scenario's own stream of it on top, as the runner loads the record a command decides
 * (docs/design/scenarios.md).
 */
export class EventStoreLookups implements Lookups {
  constructor(
    private readonly store: EventStore,
    /** The item index: the log holds no index of items by project and lane. */
    private readonly items: ItemIndex,
    private readonly scenario?: number,
  ) {}

  inScenario(scenario: number): Lookups {
    return new EventStoreLookups(this.store, this.items, scenario);
  }

  /**
   * The items the scenario changed, each as the live plan has it and as the scenario does: what the
   * live item index says of them is to be corrected by the difference.
   */
  private async scenarioItems(tenant: string): Promise<{ live: ItemState; ours: ItemState }[]> {
    if (this.scenario === undefined) return [];
    const streams = (await scenarioRecords(this.store, this.scenario)).filter(
      (stream) => parseStreamName(stream).category === 'item',
    );
    return Promise.all(
      streams.map(async (stream) => {
        const events = await this.eventsOf(stream);
        const live = await this.store.readStream(stream);
        if (events[0]?.metadata.tenant !== tenant) return { live: initialItem, ours: initialItem };
        return { live: foldItem(live), ours: foldItem(events) };
      }),
    );
  }

  /** A record's events: its live stream's, then the scenario's own of it. */
  private async eventsOf(stream: string): Promise<StoredEvent[]> {
    const live = await this.store.readStream(stream);
    if (this.scenario === undefined) return live;
    return [...live, ...(await this.store.readStream(scenarioStreamName(this.scenario, stream)))];
  }

  /** A record of the tenant folded; `undefined` when its stream is another tenant's. */
  private async fold<S, E extends DomainEvent>(
    stream: string,
    decider: Fold<S, E>,
    tenant: string,
  ): Promise<S | undefined> {
    const events = await this.eventsOf(stream);
    if (events.length > 0 && events[0]!.metadata.tenant !== tenant) return undefined;
    return events.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState);
  }

  async laneItems(group: number, lane: string, tenant: string): Promise<number> {
    const inLane = (state: ItemState) =>
      state.status === 'active' && state.fields.group === group && state.fields.subgroup === lane ? 1 : 0;
    const changed = await this.scenarioItems(tenant);
    const live = await this.items.laneItems(tenant, group, lane);
    return changed.reduce((count, { live, ours }) => count + inLane(ours) - inLane(live), live);
  }

  async highestRank(group: number, tenant: string): Promise<string | null> {
    const ranks = (await this.scenarioItems(tenant)).flatMap(({ ours }) =>
      ours.status === 'active' && ours.fields.group === group && ours.fields.rank ? [ours.fields.rank] : [],
    );
    const live = await this.items.highestRank(tenant, group);
    // ranks are ASCII: their string order is their order
    return [...ranks, ...(live === null ? [] : [live])].sort().at(-1) ?? null;
  }

  async firstEventAt(stream: string): Promise<string | null> {
    const [first] = await this.store.readStream(stream, 0, 1);
    return first?.metadata.timestamp ?? null;
  }

  /** A stream's state when it is the tenant's; null when it is another tenant's or cannot be read. */
  private stateOf<S, E extends DomainEvent>(
    category: Category,
    decider: Fold<S, E>,
    id: number,
    tenant: string,
  ): Promise<S | null> {
    return this.fold(streamName(category, id), decider, tenant)
      .then((state) => state ?? null)
      .catch(() => null);
  }

  private readonly states: Record<
    LookupCategory,
    (id: number, tenant: string) => Promise<{ readonly status: string } | null>
  > = {
    application: (id, tenant) => this.stateOf('application', applicationDecider, id, tenant),
    group: (id, tenant) => this.stateOf('group', groupDecider, id, tenant),
    item: (id, tenant) => this.stateOf('item', itemDecider, id, tenant),
    goal: (id, tenant) => this.stateOf('goal', goalDecider, id, tenant),
    resource: (id, tenant) => this.stateOf('resource', resourceDecider, id, tenant),
    // the default calendar (0) is never deleted: its stream, the tenant's, needs no reading
    calendar: (id, tenant) =>
      id === defaultCalendarId
        ? Promise.resolve(defaultCalendarState)
        : this.stateOf('calendar', calendarDecider, id, tenant),
  };

  async isLive(category: LookupCategory, id: number, tenant: string): Promise<boolean> {
    return (await this.states[category](id, tenant))?.status === 'active';
  }

  async missing(category: LookupCategory, ids: readonly number[], tenant: string): Promise<number[]> {
    const found = await Promise.all(ids.map((id) => this.isLive(category, id, tenant)));
    return ids.filter((_, i) => !found[i]);
  }

  parentChain(category: 'application' | 'goal', parent: number, tenant: string): Promise<number[] | null> {
    const stateOf =
      category === 'application'
        ? (id: number) => this.stateOf('application', applicationDecider, id, tenant)
        : (id: number) => this.stateOf('goal', goalDecider, id, tenant);
    return followParents(parent, async (current) => {
      const state = await stateOf(current);
      return state?.status === 'active' ? state.fields.parent : undefined;
    });
  }

  /** A project's state and owner, whichever tenant owns it: only for checks that follow shares. */
  private async anyGroup(id: number) {
    const events = await this.eventsOf(streamName('group', id));
    if (events.length === 0) return null;
    const state = events.reduce<GroupState>(
      (s, e) => groupDecider.evolve(s, e as unknown as GroupEvent),
      groupDecider.initialState,
    );
    return { tenant: events[0]!.metadata.tenant, state };
  }

  groupParentChain(parent: number, tenant: string): Promise<number[] | null> {
    return followParents(parent, async (current, first) => {
      const loaded = await this.anyGroup(current);
      const state = loaded?.state;
      if (!loaded || state?.status !== 'active') return undefined;
      // only the requested parent must be visible; its ancestors are followed in their owners' tenants
      if (first && !visibleTo(loaded, tenant)) return undefined;
      return state.fields.parent;
    });
  }

  async missingVisibleGroups(ids: readonly number[], tenant: string): Promise<number[]> {
    const found = await Promise.all(
      ids.map(async (id) => {
        const loaded = await this.anyGroup(id);
        return loaded?.state.status === 'active' && visibleTo(loaded, tenant);
      }),
    );
    return ids.filter((_, i) => !found[i]);
  }

  async sharedParentStatus(parent: number, tenant: string): Promise<number | undefined> {
    const loaded = await this.anyGroup(parent);
    return loaded && loaded.tenant !== tenant && loaded.state.status === 'active'
      ? loaded.state.fields.status
      : undefined;
  }

  async groupOwner(group: number): Promise<string | null> {
    // the tenant of a stream's first event owns it (an accepting tenant may append to a project)
    const [first] = await this.eventsOf(streamName('group', group));
    return first?.metadata.tenant ?? null;
  }

  async linkedAccount(account: number, tenant: string) {
    const state = await this.stateOf('account', accountDecider, account, tenant);
    return state?.status === 'active' ? { refType: state.refType, refId: state.refId } : null;
  }

  async accountOwner(refType: AccountRefType, refId: number, tenant: string): Promise<AccountOwner | null> {
    // unlike the other lookups, a stream of another tenant (or a failing store) is an error here
    if (refType === 'group') {
      const state = await this.fold(streamName('group', refId), groupDecider, tenant);
      if (!state) throw notFound('group');
      return state.status === 'active'
        ? { name: state.fields.title, assetNr: state.fields.projectNr, account: state.fields.account }
        : null;
    }
    const state = await this.fold(streamName('application', refId), applicationDecider, tenant);
    if (!state) throw notFound('application');
    return state.status === 'active'
      ? { name: state.fields.name, assetNr: state.fields.assetNr, account: state.fields.account }
      : null;
  }

  async itemGroupFacts(group: number, tenant: string): Promise<ItemGroupFacts | null> {
    const state = await this.stateOf('group', groupDecider, group, tenant);
    if (state?.status !== 'active') return null;
    return {
      subgroups: subgroupsOf(state.subgroups).map((s) => s.id),
      sprint: isSprintGroup(state.fields),
      rules: await this.calendarRules(state.fields.calendar ?? defaultCalendarId, tenant),
    };
  }

  /**
   * An item whoever owns it, as the tenant may see it: its own, or one of a project shared with it and
   * accepted; null otherwise. `live` when the item and its project are.
   */
  private async visibleItem(id: number, tenant: string) {
    const events = await this.eventsOf(streamName('item', id));
    if (events.length === 0) return null;
    const state = events.reduce<ItemState>(
      (s, e) => itemDecider.evolve(s, e as unknown as ItemEvent),
      itemDecider.initialState,
    );
    if (state.status === 'absent') return null;
    const owner = events[0]!.metadata.tenant;
    const project = await this.anyGroup(state.fields.group);
    const accepted =
      project?.state.status === 'active' &&
      project.state.shares.some((share) => share.tenant === tenant && share.status === 'ACCEPTED');
    if (owner !== tenant && !accepted) return null;
    return {
      title: state.fields.title,
      own: owner === tenant,
      live: state.status === 'active' && project?.state.status === 'active',
      version: state.version,
      start: state.fields.start,
      end: state.fields.end,
    };
  }

  async sharedItems(ids: readonly number[], tenant: string) {
    const found = new Map<number, SharedItemFacts>();
    for (const id of new Set(ids)) {
      const item = await this.visibleItem(id, tenant);
      if (item?.live && !item.own)
        found.set(id, { title: item.title, version: item.version, start: item.start, end: item.end });
    }
    return found;
  }

  async dependencyItems(ids: readonly number[], tenant: string) {
    const found: Record<number, DependencyItemFacts | null> = {};
    for (const id of new Set(ids)) {
      const item = await this.visibleItem(id, tenant);
      found[id] = item?.live ? { title: item.title, own: item.own } : null;
    }
    return found;
  }

  async itemTitles(ids: readonly number[], tenant: string) {
    const titles: Record<number, string> = {};
    for (const id of new Set(ids)) {
      const item = await this.visibleItem(id, tenant);
      if (item) titles[id] = item.title;
    }
    return titles;
  }

  /**
   * Every event of `categories`, in one paged read, with the tenant that owns its stream: that of the
   * stream's first event (an accepting tenant may append to a project). In a scenario its own events
   * of those categories follow, under their live streams' names, so that they fold on top.
   */
  private async scan(
    categories: Category[],
    visit: (event: StoredEvent, owner: string) => void,
  ): Promise<void> {
    const owners = new Map<string, string>();
    const own = (event: StoredEvent) => {
      if (!owners.has(event.streamId)) owners.set(event.streamId, event.metadata.tenant);
      visit(event, owners.get(event.streamId)!);
    };
    await this.readPaged(categories, own);
    if (this.scenario === undefined) return;
    for (const stream of await scenarioRecords(this.store, this.scenario))
      if (categories.includes(parseStreamName(stream).category as Category))
        for (const event of await this.store.readStream(scenarioStreamName(this.scenario, stream)))
          own({ ...event, streamId: stream });
  }

  private async readPaged(categories: Category[], visit: (event: StoredEvent) => void): Promise<void> {
    for (let after = 0; ;) {
      const page = await this.store.readAll({ after, maxCount: PAGE, categories });
      page.forEach(visit);
      if (page.length < PAGE) return;
      after = page.at(-1)!.position;
    }
  }

  /**
   * Folded from one paged read of both categories. Goals are deleted rarely, by an administrator, so
   * this scan is cheaper than an index the command service would have to keep for this one check.
   */
  /** The tenant's records of two categories, each folded: a scan, for the rare commands that ask who uses a record. */
  private async foldTenant<A, EA extends DomainEvent, B, EB extends DomainEvent>(
    tenant: string,
    [first, a]: [Category, Fold<A, EA>],
    [second, b]: [Category, Fold<B, EB>],
  ): Promise<[A[], B[]]> {
    const firsts = new Map<string, A>();
    const seconds = new Map<string, B>();
    await this.scan([first, second], (event, owner) => {
      if (owner !== tenant) return;
      const { streamId } = event;
      if (parseStreamName(streamId).category === first)
        firsts.set(streamId, a.evolve(firsts.get(streamId) ?? a.initialState, event as unknown as EA));
      else seconds.set(streamId, b.evolve(seconds.get(streamId) ?? b.initialState, event as unknown as EB));
    });
    return [[...firsts.values()], [...seconds.values()]];
  }

  async goalUsage(goal: number, tenant: string) {
    const [groups, goals] = await this.foldTenant<GroupState, GroupEvent, GoalState, GoalEvent>(
      tenant,
      ['group', groupDecider],
      ['goal', goalDecider],
    );
    return {
      usedBy: groups.flatMap((g) => (g.status === 'active' && goal in g.goals ? [g.id] : [])),
      children: goals.flatMap((g) => (g.status === 'active' && g.fields.parent === goal ? [g.id] : [])),
    };
  }

  async calendarRules(calendar: number, tenant: string): Promise<CalendarRules> {
    const state = await this.fold<CalendarState, CalendarEvent>(
      calendarStream(tenant, calendar),
      calendarDeciderOf(calendar),
      tenant,
    ).catch(() => undefined);
    if (state?.status === 'active')
      return swissCalendarRules(`${tenant} ${calendar} ${state.version}`, state.versions);
    return calendar === defaultCalendarId
      ? swissCalendarRules(`${tenant} ${calendar} -1`, defaultCalendarVersions)
      : this.calendarRules(defaultCalendarId, tenant);
  }

  /** Like goalUsage, a scan: calendars are deleted rarely. A project without a calendar has the default. */
  async calendarUsage(calendar: number, tenant: string) {
    const [groups, resources] = await this.foldTenant<GroupState, GroupEvent, ResourceState, ResourceEvent>(
      tenant,
      ['group', groupDecider],
      ['resource', resourceDecider],
    );
    return {
      projects: groups.filter(
        (g) => g.status === 'active' && (g.fields.calendar ?? defaultCalendarId) === calendar,
      ).length,
      resources: resources.filter((r) => r.status === 'active' && r.calendar === calendar).length,
    };
  }

  /** Like goalUsage, a scan: projects are deleted rarely, and a child may live in any tenant. */
  async subprojects(group: number, tenant: string) {
    const groups = new Map<string, { state: GroupState; owner: string }>();
    await this.scan(['group'], (event, owner) => {
      const state = groups.get(event.streamId)?.state ?? groupDecider.initialState;
      groups.set(event.streamId, {
        state: groupDecider.evolve(state, event as unknown as GroupEvent),
        owner,
      });
    });
    return [...groups.values()].flatMap(({ state, owner }) =>
      state.status === 'active' && state.fields.parent === group
        ? [{ id: state.id, title: owner === tenant ? state.fields.title : null }]
        : [],
    );
  }
}
