import { rebase, recordConflicts, recordDifference, scenarioWins } from './differences';

const item = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  tenant: 'acme',
  version: 3,
  title: 'CRM go-live',
  start: '2026-03-02',
  end: '2026-03-20',
  effort: 10,
  deleted: false,
  ...fields,
});

describe('rebase', () => {
  it('counts each field a change touched from its live value at the base, and whether it was deleted', () => {
    const liveAtBase = item();
    const base = rebase({}, { decidedOn: liveAtBase, decided: item({ start: '2026-06-01' }), liveAtBase });
    expect(base).toEqual({ deleted: false, start: '2026-03-02' });
  });

  it('keeps the base of fields a later change left alone, and moves those it touched again', () => {
    const first = item();
    const second = item({ title: 'CRM later', version: 4 });
    const once = rebase({}, { decidedOn: first, decided: item({ start: '2026-06-01' }), liveAtBase: first });
    const twice = rebase(once, {
      decidedOn: { ...second, start: '2026-06-01' },
      decided: { ...second, start: '2026-07-01', effort: 5 },
      liveAtBase: second,
    });
    expect(twice).toEqual({ deleted: false, start: '2026-03-02', effort: 10 });
  });

  it('moves the base of a field the change names without changing its value (a resolved conflict)', () => {
    const moved = item({ start: '2026-06-01' });
    const liveNow = item({ start: '2026-04-01', version: 5 });
    const once = rebase({}, { decidedOn: item(), decided: moved, liveAtBase: item() });
    expect(rebase(once, { decidedOn: moved, decided: moved, liveAtBase: liveNow })).toEqual(once);
    const resolved = rebase(once, {
      decidedOn: moved,
      decided: moved,
      liveAtBase: liveNow,
      touched: ['start'],
    });
    expect(resolved).toEqual({ deleted: false, start: '2026-04-01' });
    expect(recordConflicts(liveNow, moved, resolved)).toEqual([]);
  });

  it('gives a record the scenario created no base: nothing live can conflict with it', () => {
    expect(rebase({}, { decidedOn: null, decided: item(), liveAtBase: null })).toEqual({});
  });
});

describe('recordConflicts', () => {
  const base = { deleted: false, start: '2026-03-02' };

  it('flags a field a live change since also changed, with the scenario’s value', () => {
    expect(recordConflicts(item({ start: '2026-04-01' }), item({ start: '2026-06-01' }), base)).toEqual([
      { field: 'start', live: '2026-04-01', scenario: '2026-06-01' },
    ]);
  });

  it('lets a live change of another field simply show', () => {
    expect(recordConflicts(item({ title: 'renamed' }), item({ start: '2026-06-01' }), base)).toEqual([]);
  });

  it('takes a live change to the scenario’s own value as agreement', () => {
    expect(recordConflicts(item({ start: '2026-06-01' }), item({ start: '2026-06-01' }), base)).toEqual([]);
  });

  it('flags a live deletion of a record the scenario changed, and a record gone live', () => {
    const scenario = item({ start: '2026-06-01' });
    const conflict = { field: 'deleted', live: true, scenario: false };
    expect(recordConflicts(item({ deleted: true }), scenario, base)).toEqual([conflict]);
    expect(recordConflicts(null, scenario, { deleted: false })).toEqual([conflict]);
  });
});

describe('scenarioWins', () => {
  it('shows the scenario’s value of every field it changed, over a live change since', () => {
    const folded = item({ deleted: true, start: '2026-06-01', title: 'renamed live' });
    const decided = item({ start: '2026-06-01' });
    expect(scenarioWins(folded, decided, { deleted: false, start: '2026-03-02' })).toEqual(
      item({ start: '2026-06-01', title: 'renamed live' }),
    );
  });
});

describe('recordDifference', () => {
  it('lists the fields that differ in the record’s field order, without bookkeeping', () => {
    const difference = recordDifference({
      kind: 'item',
      id: 7,
      live: item(),
      scenario: item({ version: 4, start: '2026-06-01', end: '2026-06-19', _startDay: 5 }),
      base: { deleted: false, start: '2026-03-02', end: '2026-03-20' },
    });
    expect(difference).toEqual({
      kind: 'item',
      id: 7,
      title: 'CRM go-live',
      change: 'changed',
      fields: [
        { field: 'start', live: '2026-03-02', scenario: '2026-06-01' },
        { field: 'end', live: '2026-03-20', scenario: '2026-06-19' },
      ],
      conflicts: [],
    });
  });

  it('names a record the scenario created or deleted so', () => {
    const created = recordDifference({ kind: 'item', id: 7, live: null, scenario: item(), base: {} });
    expect(created?.change).toBe('created');
    expect(created?.fields).toContainEqual({ field: 'title', live: null, scenario: 'CRM go-live' });
    const deleted = recordDifference({
      kind: 'item',
      id: 7,
      live: item(),
      scenario: item({ deleted: true }),
      base: { deleted: false },
    });
    expect(deleted).toMatchObject({
      change: 'deleted',
      fields: [{ field: 'deleted', live: false, scenario: true }],
    });
  });

  it('carries the conflicts beside the fields, and is null where the sides agree', () => {
    const conflicted = recordDifference({
      kind: 'group',
      id: 3,
      live: { name: 'CRM', title: 'CRM', status: 2 },
      scenario: { name: 'CRM', title: 'CRM', status: 4, conflicts: [] },
      base: { status: 1 },
    });
    expect(conflicted?.conflicts).toEqual([{ field: 'status', live: 2, scenario: 4 }]);
    expect(conflicted?.fields).toEqual([{ field: 'status', live: 2, scenario: 4 }]);
    expect(
      recordDifference({ kind: 'item', id: 7, live: item(), scenario: item({ version: 9 }), base: {} }),
    ).toBeNull();
  });
});
