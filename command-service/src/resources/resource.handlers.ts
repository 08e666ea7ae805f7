import { CommandHandler } from '@nestjs/cqrs';
import { resourceDecider } from '@fahrplan/contracts';
import type { CommandResult, SaveResourceData } from '@fahrplan/contracts';
import { AggregateHandler, namedRecordHandler } from '../infrastructure/aggregate-handler';
import { DeleteResourceMessage, SaveResourceMessage } from '../infrastructure/command-message';
import { assertAssignableCalendar } from '../infrastructure/lookups';

@CommandHandler(SaveResourceMessage)
export class SaveResourceHandler extends AggregateHandler<SaveResourceMessage> {
  async execute({ data, envelope }: SaveResourceMessage): Promise<CommandResult> {
    const command = data as SaveResourceData;
    const record = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const save = { type: 'SaveResource', data: command } as const;
    return this.runOnRecord('resource', record, resourceDecider, save, envelope, async (state) => {
      const current = state.status === 'absent' ? undefined : state.calendar;
      await assertAssignableCalendar(this.lookupsFor(envelope), command.calendar, current, envelope.tenant);
      return {};
    });
  }
}

export const resourceHandlers = [
  SaveResourceHandler,
  namedRecordHandler(DeleteResourceMessage, 'DeleteResource', 'resource', resourceDecider),
];
