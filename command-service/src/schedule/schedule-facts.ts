import {
  decideReschedule,
  defaultCalendarId,
  dependencyDecider,
  dependencyStream,
  graphOf,
  groupDecider,
  itemDecider,
  itemsToSchedule,
  maxScheduledItems,
  refusal,
  streamName,
} from '@fahrplan/contracts';
import type {
  DomainEvent,
  ItemToSchedule,
  ItemsRescheduled,
  ReschedulePreviewData,
} from '@fahrplan/contracts';
import type { AggregateRunner } from '../infrastructure/aggregate-runner';
import type { Fold } from '../infrastructure/kept-folds';
import type { Lookups } from '../infrastructure/lookups';

/** A stream of the tenant folded, or null when it is another tenant's (the runner's load refuses those). */
const loadOwn = async <S>(load: () => Promise<{ state: S }>): Promise<S | null> => {
  try {
    return (await load()).state;
  } catch {
    return null;
  }
};

/**
 * Decides a reschedule on the write side's own streams: the tenant's dependency graph, the items the
 * moves reach (and their other predecessors), and their projects' scheduling modes. Items of projects
 * shared with the tenant (their streams are the owner's) constrain their successors and never move.
 */
export const decideOnStreams = async (
  runner: AggregateRunner,
  lookups: Pick<Lookups, 'sharedItems' | 'calendarRules'>,
  { tenant, user, scenario }: { readonly tenant: string; readonly user: string; readonly scenario?: number },
  command: ReschedulePreviewData & { readonly id: string },
): Promise<ItemsRescheduled[]> => {
  // in a scenario (issue 22) every stream is read with the scenario's own events of it on top; live,
  // each from its fold kept since the last decision (a drag moves the same thousand items again),
  // all of a kind in one read of the store
  const load = <S, E extends DomainEvent>(stream: string, decider: Fold<S, E>, what: string) =>
    scenario === undefined
      ? runner.loadState(stream, decider, tenant, what)
      : runner.loadInScenario(stream, decider, tenant, what, scenario);
  const loadAll = async <S, E extends DomainEvent>(
    streams: readonly string[],
    decider: Fold<S, E>,
    what: string,
  ): Promise<(S | null)[]> =>
    scenario === undefined
      ? (await runner.loadStates(streams, decider, tenant)).map((loaded) => loaded?.state ?? null)
      : Promise.all(streams.map((stream) => loadOwn(() => load(stream, decider, what))));
  const graph = graphOf((await load(dependencyStream(tenant), dependencyDecider, 'dependency')).state);
  const moved = command.moves.map((m) => m.item);
  const ids = command.cascade ? itemsToSchedule(graph, moved) : moved;
  if (!ids)
    throw refusal('schedule-too-large', `a change may reschedule at most ${maxScheduledItems} items`, {
      params: { limit: maxScheduledItems },
    });
  const states = await loadAll(
    ids.map((id) => streamName('item', id)),
    itemDecider,
    'item',
  );
  const groupIds = [...new Set(states.flatMap((s) => (s?.status === 'active' ? [s.fields.group] : [])))];
  const groupStates = await loadAll(
    groupIds.map((id) => streamName('group', id)),
    groupDecider,
    'project',
  );
  const groups = new Map(groupIds.map((id, i) => [id, groupStates[i]!] as const));
  // each item moves on its project's calendar (issue 24)
  const rules = new Map(
    await Promise.all(
      [...groups].flatMap(([id, group]) =>
        group?.status === 'active'
          ? [
              lookups
                .calendarRules(group.fields.calendar ?? defaultCalendarId, tenant)
                .then((r) => [id, r] as const),
            ]
          : [],
      ),
    ),
  );
  const shared = await lookups.sharedItems(
    ids.filter((_, i) => states[i] === null),
    tenant,
  );
  const items = new Map<number, ItemToSchedule | null>(
    [...shared].map(([id, item]) => [id, { id, ...item, automatic: false, shared: true }]),
  );
  ids.forEach((id, i) => {
    if (shared.has(id)) return;
    const state = states[i];
    const group = state?.status === 'active' ? groups.get(state.fields.group) : null;
    items.set(
      id,
      state?.status === 'active' && group?.status === 'active'
        ? {
            id,
            version: state.version,
            title: state.fields.title,
            start: state.fields.start,
            end: state.fields.end,
            automatic: group.fields.scheduling === 'automatic',
            rules: rules.get(state.fields.group),
          }
        : null,
    );
  });
  return decideReschedule(command, { tenant, user, now: new Date().toISOString(), graph, items });
};
