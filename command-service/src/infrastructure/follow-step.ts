import type { StoredEvent } from '@fahrplan/contracts';
import { WrongExpectedRevisionError } from '@fahrplan/platform';
import type { AggregateRunner, CommandEnvelope, FlowStep } from './aggregate-runner';

/**
 * One step of an action that commits in one event and then follows onto other streams (a reschedule,
 * a scenario's publish; docs/design/scheduling.md): the events a stream gets, under ids derived from
 * the action, so that a retry stores nothing twice; `expected` is the revision the decision saw.
 */
export type FollowStep = FlowStep;

/** Where a step's events landed: the position and revision of its last event. */
export interface StepDone {
  readonly position: number;
  readonly revision: number;
}

/** Whether a step may come after the events written to its stream since the decision. */
type MayFollow = (since: readonly StoredEvent[]) => boolean;

/**
 * A step whose append found its stream moved on: where an earlier attempt's step landed when it is
 * there already, else the step appended after the events since when `mayFollow` lets it, else null.
 */
const recovered = async (
  runner: AggregateRunner,
  step: FollowStep,
  envelope: CommandEnvelope,
  correlationId: string,
  mayFollow: MayFollow,
): Promise<StepDone | null> => {
  const since = await runner.read(step.stream, step.expected === 'no_stream' ? 0 : Number(step.expected) + 1);
  const ours = since.findIndex((event) => event.id === step.events[0]?.id);
  if (ours >= 0) {
    const last = since[ours + step.events.length - 1] ?? since.at(-1)!;
    return { position: last.position, revision: last.revision };
  }
  const head = since.at(-1);
  if (!head || !mayFollow(since)) return null;
  return followStep(runner, { ...step, expected: head.revision }, envelope, correlationId, mayFollow);
};

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
  mayFollow: MayFollow = () => false,
): Promise<StepDone | null> => {
  const [done] = await followSteps(runner, [step], envelope, correlationId, mayFollow);
  return done!;
};

/**
 * `followStep` for many steps at once: appended together (one commit on SQLite, docs/design/
 * event-store.md), each checked on its own, and those that found their stream moved on recovered one
 * by one. Answers each step's outcome in order.
 */
export const followSteps = async (
  runner: AggregateRunner,
  steps: readonly FollowStep[],
  envelope: CommandEnvelope,
  correlationId: string,
  mayFollow: MayFollow = () => false,
): Promise<(StepDone | null)[]> => {
  const outcomes = await runner.appendSteps(steps, envelope, correlationId);
  return Promise.all(
    outcomes.map(async (outcome, i) => {
      if (outcome.status === 'fulfilled')
        return { position: outcome.value.position, revision: outcome.value.nextRevision };
      if (!(outcome.reason instanceof WrongExpectedRevisionError)) throw outcome.reason;
      return recovered(runner, steps[i]!, envelope, correlationId, mayFollow);
    }),
  );
};
