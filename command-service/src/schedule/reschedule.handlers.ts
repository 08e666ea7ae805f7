import { CommandHandler } from '@nestjs/cqrs';
import {
  conflictOf,
  itemDecider,
  notFound,
  scenarioStreamName,
  scheduleStream,
  streamName,
} from '@fahrplan/contracts';
import type {
  CommandResult,
  ItemState,
  ItemsRescheduled,
  RecordedMove,
  RescheduleData,
} from '@fahrplan/contracts';
import { nameBasedUuid } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { AggregateRunner, CommandEnvelope, Loaded } from '../infrastructure/aggregate-runner';
import { RescheduleMessage } from '../infrastructure/command-message';
import { followSteps } from '../infrastructure/follow-step';
import type { FollowStep, StepDone } from '../infrastructure/follow-step';
import { decideOnStreams } from './schedule-facts';

/** A move as the answer gives it: with the item's version after it, so that the reverse is the undo. */
export interface DoneMove extends RecordedMove {
  readonly version: number;
}

/** What Reschedule answers beyond a command's result: every move made. */
export interface RescheduleResult extends CommandResult {
  readonly moves: readonly DoneMove[];
}

/** The id of an item's event in a reschedule: the same on every retry, so that none is written twice. */
const stepId = (stream: string, item: number, step: 'move' | 'revert') =>
  nameBasedUuid(`${stream}\u0000${item}\u0000${step}`);

/**
 * A reschedule over several item streams, never seen half (docs/design/scheduling.md): its one
 * `ItemsRescheduled` event in its own stream is the commit point the items read model applies at
 * once; then each item's stream gets the same dates as `ItemUpdated`, expecting the version the
 * decision saw. A retry (same id) finds the commit and completes the items idempotently. An item
 * changed by someone else between decision and its step reverts the steps done and records the
 * reversal in the reschedule's stream, so readers see the whole change undone, and answers 409.
 */
@CommandHandler(RescheduleMessage)
export class RescheduleHandler extends AggregateHandler<RescheduleMessage> {
  async execute({ data, envelope }: RescheduleMessage): Promise<RescheduleResult> {
    const command = data as RescheduleData;
    const plan = planOf(this.runner, envelope);
    const stream = plan.stream(scheduleStream(command.id));
    const committed = await this.committed(stream, envelope.tenant);
    if (committed?.reverts !== undefined) throw this.refusedEarlier(committed);
    let moves = committed?.moves;
    let commit: FollowStep | undefined;
    if (!moves) {
      const events = await decideOnStreams(this.runner, this.lookupsFor(envelope), envelope, command);
      if (events.length === 0)
        return { id: command.moves[0]!.item, version: command.moves[0]!.version, position: 0, moves: [] };
      moves = events[0]!.data.moves;
      // appended with the items' steps, before them: one commit on SQLite, so none is ever stored alone
      // (a concurrent run of the same request commits and steps under the same ids: ours are found done)
      commit = { stream, expected: 'no_stream', events: [{ id: stepId(stream, 0, 'move'), ...events[0]! }] };
    }
    const [committedAt, ...steps] = await this.moveItems(plan, stream, moves, envelope, command.id, commit);
    let position = committedAt?.position ?? 0;
    const done = moves.flatMap((move, i) => {
      const at = steps[i];
      return at ? [{ ...move, version: move.version + 1, at }] : [];
    });
    if (done.length < moves.length) {
      await this.revert(plan, stream, moves, done, envelope, command.id);
      const titles = await Promise.all(
        moves
          .filter((_, i) => steps[i] === null)
          .map(async ({ item }) => {
            const { state } = await plan.load(item);
            return state.status === 'absent' ? `#${item}` : state.fields.title;
          }),
      );
      const items = titles.join(', ');
      throw conflictOf('schedule-conflict', `changed meanwhile by someone else: ${items}`, { items });
    }
    for (const { at } of done) position = Math.max(position, at.position);
    const first = done[0]!;
    return { id: first.item, version: first.version, position, moves: done.map(({ at: _, ...m }) => m) };
  }

  /** The reschedule's commit, if stored already; its last event (a reversal) when it was refused. */
  private async committed(stream: string, tenant: string): Promise<ItemsRescheduled['data'] | null> {
    const events = await this.runner.read(stream);
    const last = events.at(-1);
    if (!last) return null;
    if (last.metadata.tenant !== tenant) throw notFound('reschedule');
    const recorded = last.data as ItemsRescheduled['data'];
    if (recorded.reverts !== undefined) return recorded;
    return events[0]!.data as ItemsRescheduled['data'];
  }

  private refusedEarlier(reversal: ItemsRescheduled['data']) {
    const items = reversal.moves.map((m) => `#${m.item}`).join(', ');
    return conflictOf('schedule-conflict', `the reschedule was refused: items changed meanwhile (${items})`, {
      items,
    });
  }

  /**
   * The commit (when not stored yet) and the items' steps, all at once (one commit on SQLite): each
   * item's new dates on its stream, expecting the version the decision saw. Answers where the commit
   * landed (null when it was stored before), then where each step did, that of an earlier attempt's
   * step when it is there already, or null when someone else changed the item meanwhile.
   */
  private async moveItems(
    plan: Plan,
    stream: string,
    moves: readonly RecordedMove[],
    envelope: CommandEnvelope,
    correlationId: string,
    commit?: FollowStep,
  ): Promise<(StepDone | null)[]> {
    const steps = await Promise.all(
      moves.map(async (move) => {
        const data = { id: move.item, changes: { start: move.start, end: move.end } };
        const events = [{ id: stepId(stream, move.item, 'move'), type: 'ItemUpdated', data }];
        return { ...(await plan.step(move)), events };
      }),
    );
    if (!commit) return [null, ...(await followSteps(this.runner, steps, envelope, correlationId))];
    const done = await followSteps(this.runner, [commit, ...steps], envelope, correlationId);
    if (!done[0]) throw new Error(`the reschedule ${correlationId} found its stream taken`);
    return done;
  }

  /**
   * Compensation: the items moved go back where they were (each expecting the version its step made;
   * one changed again meanwhile keeps that change), and the reschedule's stream records the reversal
   * with every item's dates as its own stream now has them, which the read model applies at once.
   */
  private async revert(
    plan: Plan,
    stream: string,
    moves: readonly RecordedMove[],
    done: readonly (DoneMove & { readonly at: StepDone })[],
    envelope: CommandEnvelope,
    correlationId: string,
  ): Promise<void> {
    const steps = await Promise.all(
      done.map(async (move) => {
        const data = { id: move.item, changes: { start: move.before.start, end: move.before.end } };
        const events = [{ id: stepId(stream, move.item, 'revert'), type: 'ItemUpdated', data }];
        return { ...(await plan.step(move)), expected: move.at.revision, events };
      }),
    );
    await followSteps(this.runner, steps, envelope, correlationId);
    const current = await Promise.all(
      moves.map(async (move): Promise<RecordedMove> => {
        const { state } = await plan.load(move.item);
        return state.status === 'absent'
          ? move
          : { ...move, start: state.fields.start, end: state.fields.end, version: state.version };
      }),
    );
    const reversal: ItemsRescheduled = {
      type: 'ItemsRescheduled',
      data: { id: correlationId, moves: current, reverts: correlationId },
    };
    await this.runner.appendStep(
      stream,
      [{ id: stepId(stream, 0, 'revert'), ...reversal }],
      0,
      envelope,
      correlationId,
    );
  }
}

/**
 * Where a reschedule decides and writes: the live plan, or a scenario (issue 22), whose item streams
 * are its own streams of the items, each item's version its live revision plus the scenario's events.
 */
interface Plan {
  readonly stream: (live: string) => string;
  readonly load: (item: number) => Promise<Loaded<ItemState>>;
  /** Where an item's step goes, expecting the version `move` saw. */
  readonly step: (move: RecordedMove) => Promise<Omit<FollowStep, 'events'>>;
}

const planOf = (runner: AggregateRunner, envelope: CommandEnvelope): Plan => {
  const { tenant, scenario } = envelope;
  const load = (item: number) =>
    scenario === undefined
      ? runner.load(streamName('item', item), itemDecider, tenant, 'item')
      : runner.loadInScenario(streamName('item', item), itemDecider, tenant, 'item', scenario);
  if (scenario === undefined)
    return {
      stream: (live) => live,
      load,
      step: (move) => Promise.resolve({ stream: streamName('item', move.item), expected: move.version }),
    };
  return {
    stream: (live) => scenarioStreamName(scenario, live),
    load,
    step: async (move) => {
      const loaded = await load(move.item);
      // the version counts the live events first: a live change since the decision makes it stale
      const expected = move.version - loaded.live;
      if (expected < 0) await runner.noteInScenario(scenario, streamName('item', move.item), envelope);
      return {
        stream: loaded.target,
        expected: expected < 0 ? 'no_stream' : expected,
        ...(loaded.base === undefined ? {} : { base: loaded.base }),
      };
    },
  };
};

export const scheduleHandlers = [RescheduleHandler];
