import { ZodError } from 'zod';
import { DomainError } from '../errors';
import type { DomainErrorCode } from '../errors';
import type { Decider } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import type { ApplicationFields } from '../application/application';

/** How a command must be refused: a DomainError's code, or 'schema' for a ZodError; an exact or matching message. */
export interface ExpectedFailure {
  readonly code?: DomainErrorCode | 'schema';
  readonly message?: string | RegExp;
  /** Matched partially: a DomainError's details, or `{ issues }` of a ZodError. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/** Frozen inputs make a decider that mutates its command, state or context throw instead of pass. */
const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const nested of Object.values(value)) deepFreeze(nested);
  }
  return value;
};

const failureOf = (error: unknown) => {
  if (error instanceof DomainError)
    return { code: error.code, message: error.message, details: error.details };
  if (error instanceof ZodError)
    return { code: 'schema' as const, message: error.message, details: { issues: error.issues } };
  throw error;
};

/** given(events).when(command, context).then(events) | .thenThrows(failure) (STYLE 16). */
export const deciderSpec = <C, S, E extends DomainEvent, X>(decider: Decider<C, S, E, X>) => ({
  given: (history: readonly E[]) => ({
    when: (command: C, context: X) => {
      const decide = () => {
        const state = deepFreeze(history).reduce((s, e) => decider.evolve(s, e), decider.initialState);
        return decider.decide(deepFreeze(command), deepFreeze(state), deepFreeze(context));
      };
      return {
        /** The decision equals `expected`; deciding again gives the same events (no hidden clock or ids). */
        then: (expected: readonly E[]) => {
          const events = decide();
          expect(events).toEqual(expected);
          expect(decide()).toEqual(events);
        },
        thenThrows: (expected: ExpectedFailure) => {
          let decided: E[];
          try {
            decided = decide();
          } catch (error) {
            const actual = failureOf(error);
            if (expected.code !== undefined) expect(actual.code).toBe(expected.code);
            if (typeof expected.message === 'string') expect(actual.message).toBe(expected.message);
            if (expected.message instanceof RegExp) expect(actual.message).toMatch(expected.message);
            if (expected.details !== undefined) expect(actual.details).toMatchObject(expected.details);
            return;
          }
          throw new Error(`expected a refusal ${JSON.stringify(expected)}, got ${JSON.stringify(decided)}`);
        },
      };
    },
  }),
});

/** The fixed clock of every decider spec (STYLE 17). */
export const fixedNow = '2026-03-02T09:30:00.000Z';

let lastId = 1000;
/** A new id on every call, so records of different tests never share one. */
export const freshId = (): number => (lastId += 1);

/** The context every decider receives, plus its own facts (`newId`, `parentChain`, `owner`, …). */
export const aContext = <X extends object>(facts: X): DecisionContext & X => ({
  tenant: 'acme',
  user: 'alice',
  now: fixedNow,
  ...facts,
});

/** Every field of an application set to a plausible value; override what the test is about. */
export const anApplication = (overrides: Partial<ApplicationFields> = {}): ApplicationFields => ({
  name: 'Billing',
  release: '2.1',
  shortname: 'BIL',
  description: 'Invoices and dunning',
  contact: 'Jane Roe',
  start: '2026-01-01',
  end: '2026-12-31',
  assetNr: 'A-4711',
  provider: 'In-house',
  vendor: 'Acme Corp',
  cockpitid: 'COCKPIT-1',
  docUrl: 'https://docs.example.com/billing',
  parent: null,
  parentOrder: null,
  rank: null,
  status: 'PRODUKTIV',
  attributes: [],
  account: null,
  ...overrides,
});
