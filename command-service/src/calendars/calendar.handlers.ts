import { CommandHandler } from '@nestjs/cqrs';
import { calendarDeciderOf, calendarStream, defaultCalendarId } from '@fahrplan/contracts';
import type {
  CalendarCommand,
  CalendarContext,
  CalendarState,
  CommandResult,
  DeleteCalendarData,
  SaveCalendarData,
} from '@fahrplan/contracts';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { CommandEnvelope, NewId } from '../infrastructure/aggregate-runner';
import { DeleteCalendarMessage, SaveCalendarMessage } from '../infrastructure/command-message';

/** Calendars are the tenant's own: the default one's stream names the tenant (docs/design/calendars.md). */
abstract class CalendarHandler<
  M extends SaveCalendarMessage | DeleteCalendarMessage,
> extends AggregateHandler<M> {
  protected runOnCalendar(
    { id, claim }: NewId,
    command: CalendarCommand,
    envelope: CommandEnvelope,
    facts: (state: CalendarState) => Promise<Partial<CalendarContext>> = async () => ({}),
  ): Promise<CommandResult> {
    return this.runner.run({
      stream: calendarStream(envelope.tenant, id),
      id,
      ...(claim ? { claim } : {}),
      what: 'calendar',
      decider: calendarDeciderOf(id),
      command,
      envelope,
      context: async (state, base) => ({ ...base, ...(await facts(state)) }),
    });
  }
}

@CommandHandler(SaveCalendarMessage)
export class SaveCalendarHandler extends CalendarHandler<SaveCalendarMessage> {
  async execute({ data, envelope }: SaveCalendarMessage): Promise<CommandResult> {
    const command = data as SaveCalendarData;
    const record = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    return this.runOnCalendar(record, { type: 'SaveCalendar', data: command }, envelope);
  }
}

@CommandHandler(DeleteCalendarMessage)
export class DeleteCalendarHandler extends CalendarHandler<DeleteCalendarMessage> {
  execute({ data, envelope }: DeleteCalendarMessage): Promise<CommandResult> {
    const command = data as DeleteCalendarData;
    const deletable = (state: CalendarState) =>
      state.status === 'active' && state.id !== defaultCalendarId && state.version === command.version;
    // who uses it is a scan of the tenant's projects and resources: only for a delete that can happen
    return this.runOnCalendar(
      { id: command.id },
      { type: 'DeleteCalendar', data: command },
      envelope,
      async (state) =>
        deletable(state)
          ? { usedBy: await this.lookupsFor(envelope).calendarUsage(command.id, envelope.tenant) }
          : {},
    );
  }
}

export const calendarHandlers = [SaveCalendarHandler, DeleteCalendarHandler];
