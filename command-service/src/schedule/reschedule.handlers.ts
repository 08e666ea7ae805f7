import { CommandHandler } from '@nestjs/cqrs';
import { conflictOf, itemDecider, notFound, scheduleStream, streamName } from '@fahrplan/contracts';
import type { CommandResult, ItemsRescheduled, RecordedMove, RescheduleData } from '@fahrplan/contracts';
import { WrongExpectedRevisionError, nameBasedUuid } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { CommandEnvelope } from '../infrastructure/aggregate-runner';
import { RescheduleMessage } from '../infrastructure/command-message';
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
    const stream = scheduleStream(command.id);
    const committed = await this.committed(stream, envelope.tenant);
    if (committed?.reverts !== undefined) throw this.refusedEarlier(committed);
    let moves = committed?.moves;
    let position = 0;
    if (!moves) {
      const events = await decideOnStreams(this.runner, envelope, command);
      if (events.length === 0)
        return { id: command.moves[0]!.item, version: command.moves[0]!.version, position, moves: [] };
      const commit = events[0]!;
      try {
        ({ position } = await this.runner.appendStep(
          stream,
          [{ id: stepId(stream, 0, 'move'), ...commit }],
          'no_stream',
          envelope,
          command.id,
        ));
        moves = commit.data.moves;
      } catch (error) {
        // a concurrent run of the same request committed first: finish its steps
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const winner = await this.committed(stream, envelope.tenant);
        if (!winner || winner.reverts !== undefined) throw error;
        moves = winner.moves;
      }
    }
    const steps = await this.moveItems(stream, moves, envelope, command.id);
    const done = moves.flatMap((move, i): DoneMove[] =>
      steps[i] === null ? [] : [{ ...move, version: move.version + 1 }],
    );
    if (done.length < moves.length) {
      await this.revert(stream, moves, done, envelope, command.id);
      const titles = await Promise.all(
        moves
          .filter((_, i) => steps[i] === null)
          .map(async ({ item }) => {
            const { state } = await this.runner.load(
              streamName('item', item),
              itemDecider,
              envelope.tenant,
              'item',
            );
            return state.status === 'absent' ? `#${item}` : state.fields.title;
          }),
      );
      const items = titles.join(', ');
      throw conflictOf('schedule-conflict', `changed meanwhile by someone else: ${items}`, { items });
    }
    for (const step of steps) position = Math.max(position, step!);
    const first = done[0]!;
    return { id: first.item, version: first.version, position, moves: done };
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
   * The items' steps, all at once: each item's new dates on its stream, expecting the version the
   * decision saw. Answers each step's position, that of an earlier attempt's step when it is there
   * already, or null when someone else changed the item meanwhile.
   */
  private async moveItems(
    stream: string,
    moves: readonly RecordedMove[],
    envelope: CommandEnvelope,
    correlationId: string,
  ): Promise<(number | null)[]> {
    const ids = moves.map((move) => stepId(stream, move.item, 'move'));
    const outcomes = await this.runner.appendSteps(
      moves.map((move, i) => ({
        stream: streamName('item', move.item),
        events: [
          {
            id: ids[i]!,
            type: 'ItemUpdated',
            data: { id: move.item, changes: { start: move.start, end: move.end } },
          },
        ],
        expected: move.version,
      })),
      envelope,
      correlationId,
    );
    return Promise.all(
      outcomes.map(async (outcome, i) => {
        if (outcome.status === 'fulfilled') return outcome.value.position;
        if (!(outcome.reason instanceof WrongExpectedRevisionError)) throw outcome.reason;
        const [move, id] = [moves[i]!, ids[i]!];
        const [next] = await this.runner.read(streamName('item', move.item), move.version + 1, 1);
        return next?.id === id ? next.position : null;
      }),
    );
  }

  /**
   * Compensation: the items moved go back where they were (each expecting the version its step made;
   * one changed again meanwhile keeps that change), and the reschedule's stream records the reversal
   * with every item's dates as its own stream now has them, which the read model applies at once.
   */
  private async revert(
    stream: string,
    moves: readonly RecordedMove[],
    done: readonly DoneMove[],
    envelope: CommandEnvelope,
    correlationId: string,
  ): Promise<void> {
    const outcomes = await this.runner.appendSteps(
      done.map((move) => ({
        stream: streamName('item', move.item),
        events: [
          {
            id: stepId(stream, move.item, 'revert'),
            type: 'ItemUpdated',
            data: { id: move.item, changes: { start: move.before.start, end: move.before.end } },
          },
        ],
        expected: move.version,
      })),
      envelope,
      correlationId,
    );
    for (const outcome of outcomes)
      if (outcome.status === 'rejected' && !(outcome.reason instanceof WrongExpectedRevisionError))
        throw outcome.reason;
    const current = await Promise.all(
      moves.map(async (move): Promise<RecordedMove> => {
        const { state } = await this.runner.load(
          streamName('item', move.item),
          itemDecider,
          envelope.tenant,
          'item',
        );
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

export const scheduleHandlers = [RescheduleHandler];
