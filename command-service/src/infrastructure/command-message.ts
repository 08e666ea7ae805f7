import type { CommandEnvelope } from './aggregate-runner';

/** What travels on the Nest CommandBus: a validated command with its envelope. */
export class CommandMessage<Data = unknown> {
  constructor(
    readonly data: Data,
    readonly envelope: CommandEnvelope,
  ) {}
}

export class SaveApplicationMessage extends CommandMessage {}
export class DeleteApplicationMessage extends CommandMessage {}
export class CreateCommentMessage extends CommandMessage {}
export class CreateAccountMessage extends CommandMessage {}
export class AddAccountEntriesMessage extends CommandMessage {}

export class SaveGroupMessage extends CommandMessage {}
export class DeleteGroupMessage extends CommandMessage {}
export class SetGroupGoalsMessage extends CommandMessage {}
export class CreateGoalMessage extends CommandMessage {}
export class ShareProjectMessage extends CommandMessage {}
export class UnshareProjectMessage extends CommandMessage {}
export class AcceptProjectShareMessage extends CommandMessage {}
export class AddSubgroupMessage extends CommandMessage {}
export class RenameSubgroupMessage extends CommandMessage {}

export class SaveItemMessage extends CommandMessage {}
export class DeleteItemMessage extends CommandMessage {}

export const messageClasses = {
  SaveApplication: SaveApplicationMessage,
  DeleteApplication: DeleteApplicationMessage,
  CreateComment: CreateCommentMessage,
  CreateAccount: CreateAccountMessage,
  AddAccountEntries: AddAccountEntriesMessage,
  SaveGroup: SaveGroupMessage,
  DeleteGroup: DeleteGroupMessage,
  SetGroupGoals: SetGroupGoalsMessage,
  CreateGoal: CreateGoalMessage,
  ShareProject: ShareProjectMessage,
  UnshareProject: UnshareProjectMessage,
  AcceptProjectShare: AcceptProjectShareMessage,
  AddSubgroup: AddSubgroupMessage,
  RenameSubgroup: RenameSubgroupMessage,
  SaveItem: SaveItemMessage,
  DeleteItem: DeleteItemMessage,
} as const;
