import { CommandHandler } from '@nestjs/cqrs';
import { can, itemDecider, optionListsOf } from '@fahrplan/contracts';
import type {
  CommandResult,
  DeleteItemData,
  ItemCommand,
  ItemContext,
  ItemEvent,
  ItemState,
  RestoreItemData,
  SaveItemData,
} from '@fahrplan/contracts';
import type { DirectoryCache } from '@fahrplan/platform';
import { AggregateHandler } from '../infrastructure/aggregate-handler';
import type { CommandEnvelope } from '../infrastructure/aggregate-runner';
import { DeleteItemMessage, RestoreItemMessage, SaveItemMessage } from '../infrastructure/command-message';
import { assertAssignableResource } from '../infrastructure/lookups';

export const ITEM_RANKS = Symbol('ItemRanks');

/** §4: only a user with EDIT on item-details-system sets an item's type and class name. */
const isSystemEditor = (directory: DirectoryCache, { tenant, user }: CommandEnvelope): boolean => {
  const found = directory.user(tenant, user);
  return found !== undefined && can(found.permissions, 'item-details-system', 'EDIT');
};

type ItemFacts = Omit<ItemContext, 'tenant' | 'user' | 'now' | 'newId'>;
type ItemMessage = SaveItemMessage | DeleteItemMessage | RestoreItemMessage;

abstract class ItemHandler<M extends ItemMessage> extends AggregateHandler<M> {
  /**
   * Delete and restore act on the item `data.id` as it stands: the decider needs whether the user is a
   * system editor and the project facts `groupOf` finds for the item's state.
   */
  protected runOnItem(
    command: Extract<ItemCommand, { type: 'DeleteItem' | 'RestoreItem' }>,
    envelope: CommandEnvelope,
    groupOf: (state: ItemState) => Promise<ItemFacts['group']> | ItemFacts['group'],
  ): Promise<CommandResult> {
    const systemEditor = isSystemEditor(this.directory, envelope);
    return this.runOnRecord<ItemCommand, ItemState, ItemEvent, ItemFacts>(
      'item',
      { id: command.data.id },
      itemDecider,
      command,
      envelope,
      async (state) => ({
        group: await groupOf(state),
        systemEditor,
      }),
    );
  }
}

@CommandHandler(SaveItemMessage)
export class SaveItemHandler extends ItemHandler<SaveItemMessage> {
  async execute({ data, envelope }: SaveItemMessage): Promise<CommandResult> {
    const command = data as SaveItemData;
    const { id, claim } = command.id === undefined ? await this.runner.newId(envelope) : { id: command.id };
    const { tenant } = envelope;
    const systemEditor = isSystemEditor(this.directory, envelope);
    const record = this.directory.tenant(tenant);
    const tenantFacts = {
      systemEditor,
      taskAttributes: record?.taskAttributes ?? [],
      optionLists: optionListsOf(record?.optionLists),
    };
    return this.runOnRecord<ItemCommand, ItemState, ItemEvent, ItemFacts>(
      'item',
      { id, claim },
      itemDecider,
      { type: 'SaveItem', data: command },
      envelope,
      async (state) => {
        const current = state.status === 'absent' ? undefined : state.fields.resource;
        await assertAssignableResource(this.lookupsFor(envelope), command.resource, current, tenant);
        const group = command.group ?? (state.status === 'absent' ? undefined : state.fields.group);
        if (group === undefined) return { group: null, ...tenantFacts };
        const facts = await this.lookupsFor(envelope).itemGroupFacts(group, tenant);
        if (command.id !== undefined || (command.rank ?? null) !== null)
          return { group: facts, ...tenantFacts };
        // a new item ranks after the project's highest (§9): the only rank of the project it needs
        const highest = await this.lookupsFor(envelope).highestRank(group, tenant);
        return { group: facts, ...tenantFacts, groupRanks: highest === null ? [] : [highest] };
      },
    );
  }
}

@CommandHandler(DeleteItemMessage)
export class DeleteItemHandler extends ItemHandler<DeleteItemMessage> {
  execute({ data, envelope }: DeleteItemMessage): Promise<CommandResult> {
    const command = { type: 'DeleteItem', data: data as DeleteItemData } as const;
    return this.runOnItem(command, envelope, () => null);
  }
}

/** The item comes back into its project and lane: the decider needs to know they are still there. */
@CommandHandler(RestoreItemMessage)
export class RestoreItemHandler extends ItemHandler<RestoreItemMessage> {
  execute({ data, envelope }: RestoreItemMessage): Promise<CommandResult> {
    const command = { type: 'RestoreItem', data: data as RestoreItemData } as const;
    return this.runOnItem(command, envelope, (state) =>
      state.status === 'absent'
        ? null
        : this.lookupsFor(envelope).itemGroupFacts(state.fields.group, envelope.tenant),
    );
  }
}

export const itemHandlers = [SaveItemHandler, DeleteItemHandler, RestoreItemHandler];
