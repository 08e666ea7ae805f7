/** How each category's record looks after each of its events, and a stream's rows of history. */
import { diffRecords, tenantDecider, userDecider } from '@fahrplan/contracts';
import type { Decider, DomainEvent, HistoryCategory, HistoryRow, StoredEvent } from '@fahrplan/contracts';
import { accountsProjection } from '../accounts/accounts.projection';
import { applicationsProjection } from '../applications/applications.projection';
import { commentsProjection } from '../comments/comments.projection';
import { goalsProjection } from '../goals/goals.projection';
import { groupsProjection } from '../groups/groups.projection';
import { itemsProjection } from '../items/items.projection';
import type { Projection } from '../projections/projection';
import { resourcesProjection } from '../resources/resources.projection';
import { calendarsProjection } from '../calendars/calendars.projection';
import { scenariosProjection } from '../scenarios/scenarios.projection';
import { trackerConnectionsProjection } from '../tracker/tracker-connections.projection';

export type State = Readonly<Record<string, unknown>> | null;
type Fold = (state: State, event: StoredEvent) => State;

/** A projection's evolve of the record's document, as history states. */
const documentFold =
  (projection: Projection): Fold =>
  (state, event) =>
    projection.handles.includes(event.type) ? (projection.evolve(state, event) as State) : state;

/** A decider's evolve, for the identity records that have no read-model document. */
const deciderFold =
  <S extends { status: string }, E extends DomainEvent>({
    initialState,
    evolve,
  }: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>): Fold =>
  (state, event) => {
    const next = evolve((state as S | null) ?? initialState, event as unknown as E);
    return next.status === 'absent' ? null : (next as unknown as State);
  };

/**
 * Keeps a value the read model leaves out on purpose (a password hash, a sealed secret) as `field`, so
 * that replacing it still shows as a change; diffRecords shows such fields only as REDACTED.
 */
const withConcealed =
  (fold: Fold, field: string, valueOf: (event: StoredEvent) => unknown): Fold =>
  (state, event) => {
    const next = fold(state, event);
    if (next === null) return null;
    const value = valueOf(event);
    // an opaque marker of the change (the event's id), never the hash or the sealed value itself
    return { ...next, [field]: value === undefined ? (state?.[field] ?? null) : value ? event.id : null };
  };

/** The password hash a user event sets (none for an OIDC-only account), undefined when it keeps it. */
const passwordHashOf = (event: StoredEvent): unknown =>
  event.type === 'UserCreated' || event.type === 'UserPasswordChanged'
    ? (event.data as { passwordHash?: string }).passwordHash
    : undefined;

/** The sealed secret a tracker connection event sets, undefined when it keeps the stored one. */
const sealedSecretOf = (event: StoredEvent): unknown => (event.data as { secret?: unknown }).secret;

/**
 * How each category's record looks to users after each of its events: the read-model document its
 * projection folds (what the screens show), so a history row's differences are the differences a
 * user saw. Tenants and users live in the directory, folded by their deciders.
 */
export const historyFolds: Readonly<Record<HistoryCategory, Fold>> = {
  application: documentFold(applicationsProjection as unknown as Projection),
  group: documentFold(groupsProjection as unknown as Projection),
  item: documentFold(itemsProjection as unknown as Projection),
  goal: documentFold(goalsProjection as unknown as Projection),
  resource: documentFold(resourcesProjection as unknown as Projection),
  calendar: documentFold(calendarsProjection as unknown as Projection),
  comment: documentFold(commentsProjection as unknown as Projection),
  account: documentFold(accountsProjection as unknown as Projection),
  scenario: documentFold(scenariosProjection as unknown as Projection),
  trackerConnection: withConcealed(
    documentFold(trackerConnectionsProjection as unknown as Projection),
    'secret',
    sealedSecretOf,
  ),
  tenant: deciderFold(tenantDecider),
  user: withConcealed(deciderFold(userDecider), 'password', passwordHashOf),
};

/** A history row of one event, given the record before and after it. */
export const historyRow = (event: StoredEvent, before: State, after: State): HistoryRow => ({
  position: event.position,
  stream: event.streamId,
  revision: event.revision,
  at: event.metadata.timestamp,
  user: event.metadata.user,
  command: event.metadata.command ?? null,
  event: event.type,
  source: event.metadata.source ?? null,
  changes: diffRecords(before, after),
});

/** Every row of a stream's events, oldest first, with the record's state after each. */
export const foldHistory = (
  category: HistoryCategory,
  events: readonly StoredEvent[],
): { rows: HistoryRow[]; states: State[] } => {
  const fold = historyFolds[category];
  const rows: HistoryRow[] = [];
  const states: State[] = [];
  let state: State = null;
  for (const event of events) {
    const next = fold(state, event);
    rows.push(historyRow(event, state, next));
    states.push(next);
    state = next;
  }
  return { rows, states };
};
