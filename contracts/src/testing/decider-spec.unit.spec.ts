import { z } from 'zod';
import { applicationFieldsSchema } from '../application/application';
import { versionConflict } from '../errors';
import type { DomainEvent } from '../events';
import { aContext, anApplication, deciderSpec, fixedNow, freshId } from './decider-spec';

type Counted = DomainEvent<'Counted', { readonly by: number }>;
type Count = { readonly type: 'Count'; readonly data: { by: number; version: number } };
interface Counter {
  readonly total: number;
  readonly version: number;
}

/** A decider small enough to reason about: counts up, refuses stale versions and non-positive steps. */
const counter = {
  initialState: { total: 0, version: -1 } as Counter,
  evolve: (state: Counter, event: Counted): Counter => ({
    total: state.total + event.data.by,
    version: state.version + 1,
  }),
  decide: (command: Count, state: Counter, _context: object): Counted[] => {
    if (command.data.version !== state.version) throw versionConflict(state.version);
    const by = z.number().int().positive().parse(command.data.by);
    return [{ type: 'Counted', data: { by } }];
  },
};
const count = (by: number, version: number): Count => ({ type: 'Count', data: { by, version } });
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });
const spec = deciderSpec(counter);

describe('deciderSpec', () => {
  it('passes when the decision equals the expected events', () =>
    spec
      .given([counted(1)])
      .when(count(2, 0), {})
      .then([counted(2)]));

  it('fails when the decision differs', () =>
    expect(() =>
      spec
        .given([])
        .when(count(2, -1), {})
        .then([counted(3)]),
    ).toThrow());

  it('fails a refusal when the command was decided', () =>
    expect(() => spec.given([]).when(count(2, -1), {}).thenThrows({ code: 'conflict' })).toThrow(
      /expected a refusal/,
    ));

  it('matches a DomainError by code, exact message, pattern and details', () => {
    const when = spec.given([counted(1)]).when(count(1, 5), {});
    when.thenThrows({ code: 'conflict', message: /current version 0/, details: { currentVersion: 0 } });
    expect(() => when.thenThrows({ code: 'not_found' })).toThrow();
    expect(() => when.thenThrows({ message: 'version conflict' })).toThrow();
    expect(() => when.thenThrows({ details: { currentVersion: 1 } })).toThrow();
  });

  it("matches a ZodError as code 'schema' with its issues", () => {
    const when = spec.given([]).when(count(0, -1), {});
    when.thenThrows({ code: 'schema', details: { issues: [{ code: 'too_small' }] } });
    expect(() => when.thenThrows({ code: 'validation' })).toThrow();
  });

  it('lets any other error through', () => {
    const broken = deciderSpec({
      ...counter,
      decide: () => {
        throw new TypeError('a bug');
      },
    });
    expect(() => broken.given([]).when(count(1, -1), {}).thenThrows({})).toThrow(TypeError);
  });

  it('fails a decider that mutates its command', () => {
    const mutating = deciderSpec({
      ...counter,
      decide: (command: Count) => {
        command.data.by += 1;
        return [counted(command.data.by)];
      },
    });
    expect(() =>
      mutating
        .given([])
        .when(count(1, -1), {})
        .then([counted(2)]),
    ).toThrow(TypeError);
  });

  it('fails a decider that decides differently on a second run', () => {
    let runs = 0;
    const clocked = deciderSpec({ ...counter, decide: () => [counted((runs += 1))] });
    expect(() =>
      clocked
        .given([])
        .when(count(1, -1), {})
        .then([counted(1)]),
    ).toThrow();
  });
});

describe('builders', () => {
  it('hand out a new id on every call', () => expect(freshId()).not.toBe(freshId()));

  it('build a context at the fixed time with the facts given', () =>
    expect(aContext({ newId: 7 })).toEqual({ tenant: 'acme', user: 'alice', now: fixedNow, newId: 7 }));

  it('build an application with the overrides applied and the rest kept', () => {
    const application = anApplication({ name: 'Payroll', parent: 3 });
    expect(application).toMatchObject({ name: 'Payroll', parent: 3, status: 'PRODUKTIV' });
    expect(applicationFieldsSchema.parse(application)).toEqual(application);
  });
});
