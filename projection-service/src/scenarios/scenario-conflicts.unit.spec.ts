import { decidePublish } from '@fahrplan/contracts';
import type { FieldDifference, StoredEvent } from '@fahrplan/contracts';
import { itemCreatedData } from '../http/testing/query-fixtures';
import { planProjections } from '../projections/all-projections';
import { documentKey, foldOverlay } from './scenario-overlay';
import { SCENARIO, liveEvent, scenarioEvent } from './testing/scenario-history';

const STREAM = 'item-201';
const march = itemCreatedData(201, 10, '2026-03-02T00:00', '2026-03-20T00:00');
const created = () => liveEvent('ItemCreated', march, 0);
const liveUpdate = (changes: Record<string, unknown>, revision: number) =>
  liveEvent('ItemUpdated', { id: 201, changes }, revision);
const ourUpdate = (changes: Record<string, unknown>, revision: number, base: number) =>
  scenarioEvent('ItemUpdated', { id: 201, changes }, revision, { base });

/** The read side's flags of item 201: the scenario's overlay folded on the live record now. */
const flagged = (live: readonly StoredEvent[], ours: readonly StoredEvent[]): readonly FieldDifference[] => {
  const items = planProjections.find((projection) => projection.collection === 'items')!;
  const now = live.reduce<object | null>((doc, event) => items.evolve(doc, event), null);
  const documents = new Map([[documentKey('items', '201'), { ...now, _id: '201', _position: 1 }]]);
  const changes = [{ tenant: 'acme', scenario: SCENARIO, stream: STREAM, events: ours }];
  const [overlaid] = foldOverlay(planProjections, changes, documents, new Map([[STREAM, live]]));
  return (overlaid!.scenario?.conflicts ?? []) as FieldDifference[];
};

/** What a publish of the same histories refuses on. */
const refused = (live: readonly StoredEvent[], ours: readonly StoredEvent[]): readonly FieldDifference[] =>
  decidePublish([{ stream: STREAM, live, scenario: ours }]).conflicts.flatMap((record) => record.conflicts);

const june = { start: '2026-06-01T00:00' };
const april = { start: '2026-04-01T00:00' };

/** Histories of one item: the live plan's events and the scenario's, and the conflicts both must find. */
const histories: readonly {
  readonly name: string;
  readonly live: StoredEvent[];
  readonly ours: StoredEvent[];
  readonly conflicts: FieldDifference[];
}[] = [
  {
    name: 'a live move of the start the scenario moved',
    live: [created(), liveUpdate(april, 1)],
    ours: [ourUpdate(june, 0, 0)],
    conflicts: [{ field: 'start', live: april.start, scenario: june.start }],
  },
  {
    name: 'a live move to the scenario’s own start',
    live: [created(), liveUpdate(june, 1)],
    ours: [ourUpdate(june, 0, 0)],
    conflicts: [],
  },
  {
    name: 'a live move and back',
    live: [created(), liveUpdate(april, 1), liveUpdate({ start: march.start }, 2)],
    ours: [ourUpdate(june, 0, 0)],
    conflicts: [],
  },
  {
    name: 'a live change of another field',
    live: [created(), liveUpdate({ title: 'Renamed' }, 1)],
    ours: [ourUpdate(june, 0, 0)],
    conflicts: [],
  },
  {
    name: 'a live change of one of two fields the scenario moved',
    live: [created(), liveUpdate({ end: '2026-03-27T00:00' }, 1)],
    ours: [ourUpdate({ ...june, end: '2026-06-19T00:00' }, 0, 0)],
    conflicts: [{ field: 'end', live: '2026-03-27T00:00', scenario: '2026-06-19T00:00' }],
  },
  {
    name: 'a live deletion',
    live: [created(), liveEvent('ItemDeleted', { id: 201 }, 1)],
    ours: [ourUpdate(june, 0, 0)],
    conflicts: [{ field: 'deleted', live: true, scenario: false }],
  },
  {
    name: 'a live move before the scenario’s change was decided',
    live: [created(), liveUpdate(april, 1)],
    ours: [ourUpdate(june, 0, 1)],
    conflicts: [],
  },
  {
    name: 'a live move, then the scenario’s start saved again on it',
    live: [created(), liveUpdate(april, 1)],
    ours: [ourUpdate(june, 0, 0), ourUpdate({ start: '2026-07-01T00:00' }, 1, 1)],
    conflicts: [],
  },
  {
    name: 'a conflict resolved by keeping the scenario’s start (the same value, a new base)',
    live: [created(), liveUpdate(april, 1)],
    ours: [ourUpdate(june, 0, 0), ourUpdate(june, 1, 1)],
    conflicts: [],
  },
  {
    name: 'a conflict resolved on one of two fields',
    live: [created(), liveUpdate({ ...april, end: '2026-04-30T00:00' }, 1)],
    ours: [ourUpdate({ ...june, end: '2026-06-19T00:00' }, 0, 0), ourUpdate(june, 1, 1)],
    conflicts: [{ field: 'end', live: '2026-04-30T00:00', scenario: '2026-06-19T00:00' }],
  },
];

describe('one conflict rule for the read side’s flags and the publish’s refusal', () => {
  for (const { name, live, ours, conflicts } of histories)
    it(`agree on ${name}`, () => {
      expect({ read: flagged(live, ours), publish: refused(live, ours) }).toEqual({
        read: conflicts,
        publish: conflicts,
      });
    });

  it('covers histories with and without conflicts (the comparison can fail)', () => {
    expect(histories.filter((h) => h.conflicts.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(histories.filter((h) => h.conflicts.length === 0).length).toBeGreaterThanOrEqual(3);
  });
});
