import type { StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from '@fahrplan/platform';
import type { ExpectedRevision } from '@fahrplan/platform';
import type { AggregateRunner, CommandEnvelope } from './aggregate-runner';

/**
 * One step of an action that commits in one event and then follows onto other streams (a reschedule,
 * a scenario's publish; docs/design/scheduling.md): the events a stream gets, under ids derived from
 * the action, so that a retry stores nothing twice.
 */
export interface FollowStep {
  readonly stream: string;
  /** The revision the decision saw: the step's events come right after it. */
  readonly expected: ExpectedRevision;
  readonly events: readonly { readonly id: string; readonly type: string; readonly data: unknown }[];
  /** In a scenario: the live revision of the record the decision saw (the events' `base`). */
  readonly base?: number;
}

/** Where a step's events landed: the position and revision of its last event. */
export interface StepDone {
  readonly position: number;
  readonly revision: number;
}

/**
 * Appends a step expecting the revision the decision saw. Answers where it landed, that of an earlier
 * attempt's step when it is there already, or null when someone else wrote to the stream meanwhile and
 * `mayFollow` (given the events written since) does not let the step come after them.
 */
export const followStep = async (
  runner: AggregateRunner,
  step: FollowStep,
  envelope: CommandEnvelope,
  correlationId: string,
  mayFollow: (since: readonly StoredEvent[]) => boolean = () => false,
): Promise<StepDone | null> => {
  try {
    const { position, nextRevision } = await runner.appendStep(
      step.stream,
      step.events,
      step.expected,
      envelope,
      correlationId,
      step.base,
    );
    return { position, revision: nextRevision };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
    const since = await runner.read(
      step.stream,
      step.expected === 'no_stream' ? 0 : Number(step.expected) + 1,
    );
    const ours = since.findIndex((event) => event.id === step.events[0]?.id);
    if (ours >= 0) {
      const last = since[ours + step.events.length - 1] ?? since.at(-1)!;
      return { position: last.position, revision: last.revision };
    }
    const head = since.at(-1);
    if (!head || !mayFollow(since)) return null;
    return followStep(runner, { ...step, expected: head.revision }, envelope, correlationId, mayFollow);
  }
};
