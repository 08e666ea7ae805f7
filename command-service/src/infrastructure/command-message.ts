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
export class RestoreApplicationMessage extends CommandMessage {}
export class CreateBaselineMessage extends CommandMessage {}
export class DeleteBaselineMessage extends CommandMessage {}
export class CreateCalendarFeedMessage extends CommandMessage {}
export class RegenerateCalendarFeedMessage extends CommandMessage {}
export class RevokeCalendarFeedMessage extends CommandMessage {}
export class CreateScenarioMessage extends CommandMessage {}
export class RenameScenarioMessage extends CommandMessage {}
export class DiscardScenarioMessage extends CommandMessage {}
export class PublishScenarioMessage extends CommandMessage {}
export class ResolveScenarioConflictMessage extends CommandMessage {}
export class CreateCommentMessage extends CommandMessage {}
export class CreateAccountMessage extends CommandMessage {}
export class AddAccountEntriesMessage extends CommandMessage {}
export class RemoveAccountEntryMessage extends CommandMessage {}

export class SaveGroupMessage extends CommandMessage {}
export class DeleteGroupMessage extends CommandMessage {}
export class RestoreGroupMessage extends CommandMessage {}
export class SetGroupGoalsMessage extends CommandMessage {}
export class CreateGoalMessage extends CommandMessage {}
export class UpdateGoalMessage extends CommandMessage {}
export class DeleteGoalMessage extends CommandMessage {}
export class SaveResourceMessage extends CommandMessage {}
export class DeleteResourceMessage extends CommandMessage {}
export class SaveCalendarMessage extends CommandMessage {}
export class DeleteCalendarMessage extends CommandMessage {}
export class SaveTrackerConnectionMessage extends CommandMessage {}
export class DeleteTrackerConnectionMessage extends CommandMessage {}
export class SyncTrackerConnectionMessage extends CommandMessage {}
export class SaveWebhookMessage extends CommandMessage {}
export class DeleteWebhookMessage extends CommandMessage {}
export class ShareProjectMessage extends CommandMessage {}
export class UnshareProjectMessage extends CommandMessage {}
export class AcceptProjectShareMessage extends CommandMessage {}
export class DeclineProjectShareMessage extends CommandMessage {}
export class AddSubgroupMessage extends CommandMessage {}
export class RenameSubgroupMessage extends CommandMessage {}
export class RemoveSubgroupMessage extends CommandMessage {}
export class RestoreSubgroupMessage extends CommandMessage {}

export class SaveItemMessage extends CommandMessage {}
export class DeleteItemMessage extends CommandMessage {}
export class RestoreItemMessage extends CommandMessage {}
export class AddDependencyMessage extends CommandMessage {}
export class RemoveDependencyMessage extends CommandMessage {}
export class RescheduleMessage extends CommandMessage {}

export class CreateTenantMessage extends CommandMessage {}
export class ChangeTenantFeaturesMessage extends CommandMessage {}
export class ChangeAttributeSchemasMessage extends CommandMessage {}
export class ChangeOptionListsMessage extends CommandMessage {}
export class SaveRoleMessage extends CommandMessage {}
export class DeleteRoleMessage extends CommandMessage {}
export class ChangeMemberRolesMessage extends CommandMessage {}
export class InviteMemberMessage extends CommandMessage {}
export class RemoveMemberMessage extends CommandMessage {}
export class AcceptInvitationMessage extends CommandMessage {}
export class DeclineInvitationMessage extends CommandMessage {}
export class CreateUserMessage extends CommandMessage {}
export class UpdateUserMessage extends CommandMessage {}
export class SetUserPasswordMessage extends CommandMessage {}
export class DisableUserMessage extends CommandMessage {}
export class EnableUserMessage extends CommandMessage {}
export class ChangeMyPreferencesMessage extends CommandMessage {}

export const messageClasses = {
  SaveApplication: SaveApplicationMessage,
  DeleteApplication: DeleteApplicationMessage,
  RestoreApplication: RestoreApplicationMessage,
  CreateBaseline: CreateBaselineMessage,
  DeleteBaseline: DeleteBaselineMessage,
  CreateCalendarFeed: CreateCalendarFeedMessage,
  RegenerateCalendarFeed: RegenerateCalendarFeedMessage,
  RevokeCalendarFeed: RevokeCalendarFeedMessage,
  CreateScenario: CreateScenarioMessage,
  RenameScenario: RenameScenarioMessage,
  DiscardScenario: DiscardScenarioMessage,
  PublishScenario: PublishScenarioMessage,
  ResolveScenarioConflict: ResolveScenarioConflictMessage,
  CreateComment: CreateCommentMessage,
  CreateAccount: CreateAccountMessage,
  AddAccountEntries: AddAccountEntriesMessage,
  RemoveAccountEntry: RemoveAccountEntryMessage,
  SaveGroup: SaveGroupMessage,
  DeleteGroup: DeleteGroupMessage,
  RestoreGroup: RestoreGroupMessage,
  SetGroupGoals: SetGroupGoalsMessage,
  CreateGoal: CreateGoalMessage,
  UpdateGoal: UpdateGoalMessage,
  DeleteGoal: DeleteGoalMessage,
  SaveResource: SaveResourceMessage,
  DeleteResource: DeleteResourceMessage,
  SaveCalendar: SaveCalendarMessage,
  DeleteCalendar: DeleteCalendarMessage,
  SaveTrackerConnection: SaveTrackerConnectionMessage,
  DeleteTrackerConnection: DeleteTrackerConnectionMessage,
  SyncTrackerConnection: SyncTrackerConnectionMessage,
  SaveWebhook: SaveWebhookMessage,
  DeleteWebhook: DeleteWebhookMessage,
  ShareProject: ShareProjectMessage,
  UnshareProject: UnshareProjectMessage,
  AcceptProjectShare: AcceptProjectShareMessage,
  DeclineProjectShare: DeclineProjectShareMessage,
  AddSubgroup: AddSubgroupMessage,
  RenameSubgroup: RenameSubgroupMessage,
  RemoveSubgroup: RemoveSubgroupMessage,
  RestoreSubgroup: RestoreSubgroupMessage,
  SaveItem: SaveItemMessage,
  DeleteItem: DeleteItemMessage,
  RestoreItem: RestoreItemMessage,
  AddDependency: AddDependencyMessage,
  RemoveDependency: RemoveDependencyMessage,
  Reschedule: RescheduleMessage,
  CreateTenant: CreateTenantMessage,
  ChangeTenantFeatures: ChangeTenantFeaturesMessage,
  ChangeAttributeSchemas: ChangeAttributeSchemasMessage,
  ChangeOptionLists: ChangeOptionListsMessage,
  SaveRole: SaveRoleMessage,
  DeleteRole: DeleteRoleMessage,
  ChangeMemberRoles: ChangeMemberRolesMessage,
  InviteMember: InviteMemberMessage,
  RemoveMember: RemoveMemberMessage,
  AcceptInvitation: AcceptInvitationMessage,
  DeclineInvitation: DeclineInvitationMessage,
  CreateUser: CreateUserMessage,
  UpdateUser: UpdateUserMessage,
  SetUserPassword: SetUserPasswordMessage,
  DisableUser: DisableUserMessage,
  EnableUser: EnableUserMessage,
  ChangeMyPreferences: ChangeMyPreferencesMessage,
} as const;
