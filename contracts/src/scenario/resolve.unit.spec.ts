import type { DomainEvent, StoredEvent } from '../events';
import { DomainError } from '../errors';
import { decidePublish } from './publish';
import {
  decideResolution,
  isResolvableConflict,
  resolutionDecider,
  resolveScenarioConflictSchema,
} from './resolve';
import type { ResolutionState, ResolveScenarioConflictData } from './resolve';

const stored = (stream: string, event: DomainEvent, revision: number, base?: number): StoredEvent => ({
  ...event,
  id: `${stream}/${revision}`,
  streamId: stream,
  revision,
  position: revision,
  metadata: (base === undefined ? {} : { base }) as StoredEvent['metadata'],
});
const created: DomainEvent = {
  type: 'ItemCreated',
  data: { id: 12, title: 'CRM rollout', start: '2027-01-04T00:00', end: '2027-02-01T00:00', group: 7 },
};
const updated = (changes: Record<string, unknown>): DomainEvent => ({
  type: 'ItemUpdated',
  data: { id: 12, changes },
});
const LIVE = 'item-12';
const OURS = 'scenarioPlan-3-item-12';

/** The item moved to July in the scenario (on live revision 0), then to May live: a conflict on both dates. */
const conflicted = (): ResolutionState =>
  [
    stored(LIVE, created, 0),
    stored(LIVE, updated({ start: '2027-05-03T00:00', end: '2027-05-31T00:00' }), 1),
    stored(OURS, updated({ start: '2027-07-05T00:00', end: '2027-08-02T00:00' }), 0, 0),
  ].reduce(resolutionDecider.evolve, resolutionDecider.initialState);

const resolve = (
  field: string,
  keep: 'scenario' | 'live',
  state = conflicted(),
): { events: DomainEvent[]; state: ResolutionState } => {
  const command: ResolveScenarioConflictData = { scenario: 3, kind: 'item', id: 12, field, keep };
  const events = decideResolution(command, state);
  // appended to the scenario's stream with the live revision now as its base
  const next = events
    .map((event, i) => stored(OURS, event, state.scenario.length + i, state.live.length - 1))
    .reduce(resolutionDecider.evolve, state);
  return { events, state: next };
};

const publishOf = (state: ResolutionState) =>
  decidePublish([{ stream: LIVE, live: state.live, scenario: state.scenario }]);

describe('resolving a scenario conflict', () => {
  it('folds the live stream and the scenario’s stream apart', () => {
    const state = conflicted();
    expect(state.live.map((e) => e.revision)).toEqual([0, 1]);
    expect(state.scenario).toHaveLength(1);
  });

  describe('when the live plan moved a field the scenario also moved', () => {
    it('keeps the scenario’s value: an update with that value, no conflict left on that field', () => {
      const { events, state } = resolve('start', 'scenario');
      expect(events).toEqual([updated({ start: '2027-07-05T00:00' })]);
      const [record] = publishOf(state).conflicts;
      expect(record!.conflicts.map((c) => c.field)).toEqual(['end']);
    });

    it('takes the live value: an update with the live value, and no conflict once both fields are resolved', () => {
      const once = resolve('start', 'live');
      expect(once.events).toEqual([updated({ start: '2027-05-03T00:00' })]);
      const twice = resolve('end', 'live', once.state);
      expect(twice.events).toEqual([updated({ end: '2027-05-31T00:00' })]);
      const publish = publishOf(twice.state);
      expect(publish.conflicts).toEqual([]);
      expect(publish.changes[0]!.events.at(-1)).toEqual(updated({ end: '2027-05-31T00:00' }));
    });

    it('refuses a value that would put the end before the begin, naming the field', () => {
      const keepStart = resolve('start', 'scenario');
      const refusal = (() => {
        try {
          resolve('end', 'live', keepStart.state);
        } catch (error) {
          return error;
        }
      })() as DomainError;
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal.code).toBe('validation');
      expect(refusal.details.fieldErrors?.[0]?.field).toBe('end');
    });
  });

  describe('when the field has no conflict', () => {
    it('refuses with 409: resolved already, or a field the live plan did not move', () => {
      const { state } = resolve('start', 'scenario');
      expect(() => resolve('start', 'live', state)).toThrow(/no conflict/);
      expect(() => resolve('title', 'scenario')).toThrow(
        expect.objectContaining({ code: 'conflict' }) as Error,
      );
    });
  });

  describe('the command’s schema', () => {
    const parse = (kind: string, field: string) =>
      resolveScenarioConflictSchema.safeParse({ scenario: 3, kind, id: 12, field, keep: 'live' }).success;

    it('takes the fields an item’s, a project’s and a goal’s update carries', () => {
      expect(parse('item', 'start')).toBe(true);
      expect(parse('group', 'metric1')).toBe(true);
      expect(parse('goal', 'rank')).toBe(true);
    });

    it('refuses lanes, goal values, entries, deletions and dependencies (400): they have no update of one field', () => {
      expect(parse('group', 'subgroups')).toBe(false);
      expect(parse('group', 'subgroups.lane-1')).toBe(false);
      expect(parse('group', 'goals.4')).toBe(false);
      expect(parse('account', 'entries.Budget/2027')).toBe(false);
      expect(parse('item', 'deleted')).toBe(false);
      expect(parse('dependency', 'cycle')).toBe(false);
      expect(parse('lane', 'name')).toBe(false);
      expect(parse('item', 'type')).toBe(false);
      expect(parse('item', 'className')).toBe(false);
      expect(parse('item', 'group')).toBe(false);
      expect(parse('group', 'parent')).toBe(false);
      expect(parse('goal', 'parent')).toBe(false);
      expect(isResolvableConflict('item', 'end')).toBe(true);
      expect(isResolvableConflict('group', 'goals')).toBe(false);
    });
  });
});
