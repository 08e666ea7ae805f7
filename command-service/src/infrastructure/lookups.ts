import { accountDecider, groupDecider, isSprintGroup, streamName, subgroupsOf } from '@fahrplan/contracts';
import type {
  Category,
  Decider,
  DomainEvent,
  GroupEvent,
  GroupState,
  ItemGroupFacts,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import type { AggregateRunner, Loaded } from './aggregate-runner';

const MAX_DEPTH = 1000;

/** An aggregate whose state names its parent: applications and projects. */
type Hierarchical = { readonly status: string; readonly fields?: { readonly parent: number | null } };

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

/**
 * The requested parent's chain up to the root, for the decider's cycle check; null when the parent
 * is not an active aggregate of the tenant in `category`.
 */
export const parentChain = async <S extends Hierarchical, E extends DomainEvent>(
  runner: AggregateRunner,
  category: Category,
  decider: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>,
  parent: number,
  tenant: string,
): Promise<number[] | null> =>
  followParents(parent, async (current) => {
    const loaded: Loaded<S> | null = await runner
      .load(streamName(category, current), decider, tenant, category)
      .catch(() => null);
    if (!loaded || loaded.state.status !== 'active') return undefined;
    return loaded.state.fields?.parent ?? null;
  });

/** The account a command links, as the tenant has it; null when it has no such account. */
export const linkedAccount = async (runner: AggregateRunner, account: number, tenant: string) => {
  const loaded = await runner
    .load(streamName('account', account), accountDecider, tenant, 'account')
    .catch(() => null);
  return loaded?.state.status === 'active'
    ? { refType: loaded.state.refType, refId: loaded.state.refId }
    : null;
};

/** The tenant that owns a stream (the tenant of its first event); null for an empty stream. */
export const streamOwner = async (store: EventStore, stream: string): Promise<string | null> => {
  const [first] = await store.readStream(stream);
  return first?.metadata.tenant ?? null;
};

/** A project's state and owner, whichever tenant owns it: only for checks that follow shares. */
const anyGroup = async (store: EventStore, id: number) => {
  const events = await store.readStream(streamName('group', id));
  if (events.length === 0) return null;
  const state = events.reduce<GroupState>(
    (s, e) => groupDecider.evolve(s, e as unknown as GroupEvent),
    groupDecider.initialState,
  );
  return { tenant: events[0]!.metadata.tenant, state };
};

/**
 * The requested parent project's chain up to the root, for the decider's cycle check. The parent must
 * be an active project of the tenant or one shared with it and ACCEPTED (§4), else null; beyond it the
 * chain follows each project's parent in its owner's tenant, so a cycle through shared projects of
 * several tenants is found too.
 */
export const groupParentChain = async (
  store: EventStore,
  parent: number,
  tenant: string,
): Promise<number[] | null> =>
  followParents(parent, async (current, first) => {
    const loaded = await anyGroup(store, current);
    const state = loaded?.state;
    if (!loaded || state?.status !== 'active') return undefined;
    const visible =
      loaded.tenant === tenant || state.shares.some((s) => s.tenant === tenant && s.status === 'ACCEPTED');
    // only the requested parent must be visible; its ancestors are followed in their owners' tenants
    if (first && !visible) return undefined;
    return state.fields.parent;
  });

/**
 * The status of the requested parent when another tenant owns it (a project shared with the tenant),
 * for the §4 shared-parent status rule; undefined for an own or unknown parent.
 */
export const sharedParentStatus = async (
  store: EventStore,
  parent: number,
  tenant: string,
): Promise<number | undefined> => {
  const loaded = await anyGroup(store, parent);
  return loaded && loaded.tenant !== tenant && loaded.state.status === 'active'
    ? loaded.state.fields.status
    : undefined;
};

/**
 * What an item's decision needs of the project it is planned in: its lanes and whether it is the
 * sprint group. Only an active project of the caller's tenant qualifies; a project shared with the
 * tenant is read-only there (§4), so it is not found like any other tenant's.
 */
export const itemGroupFacts = async (
  runner: AggregateRunner,
  group: number,
  tenant: string,
): Promise<ItemGroupFacts | null> => {
  const loaded = await runner
    .load(streamName('group', group), groupDecider, tenant, 'group')
    .catch(() => null);
  const state = loaded?.state;
  if (state?.status !== 'active') return null;
  return {
    subgroups: subgroupsOf(state.subgroups).map((s) => s.id),
    sprint: isSprintGroup(state.fields),
  };
};
