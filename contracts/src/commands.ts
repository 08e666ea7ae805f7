import type { z } from 'zod';
import {
  deleteApplicationSchema,
  restoreApplicationSchema,
  saveApplicationSchema,
} from './application/application';
import { addAccountEntriesSchema, createAccountSchema, removeAccountEntrySchema } from './account/account';
import { createBaselineSchema, deleteBaselineSchema } from './baseline/baseline';
import { calendarFeedIdSchema, createCalendarFeedSchema } from './calendar-feed/calendar-feed';
import { deleteCalendarSchema, saveCalendarSchema } from './calendar/calendar';
import {
  createScenarioSchema,
  discardScenarioSchema,
  publishScenarioSchema,
  renameScenarioSchema,
} from './scenario/scenario';
import { resolveScenarioConflictSchema } from './scenario/resolve';
import { createCommentSchema } from './comment/comment';
import { createGoalSchema, deleteGoalSchema, updateGoalSchema } from './goal/goal';
import { deleteResourceSchema, saveResourceSchema } from './resource/resource';
import {
  acceptProjectShareSchema,
  addSubgroupSchema,
  declineProjectShareSchema,
  deleteGroupSchema,
  removeSubgroupSchema,
  renameSubgroupSchema,
  restoreGroupSchema,
  restoreSubgroupSchema,
  saveGroupSchema,
  setGroupGoalsSchema,
  shareProjectSchema,
} from './group/group.commands';
import { deleteItemSchema, restoreItemSchema, saveItemSchema } from './item/item';
import { addDependencySchema, removeDependencySchema } from './dependency/dependency';
import { rescheduleSchema } from './schedule/schedule';
import {
  answerInvitationSchema,
  changeAttributeSchemasSchema,
  changeOptionListsSchema,
  changeMemberRolesSchema,
  changeTenantFeaturesSchema,
  createTenantSchema,
  deleteRoleSchema,
  inviteMemberSchema,
  removeMemberSchema,
  saveRoleSchema,
} from './identity/tenant.commands';
import { createUserSchema, setUserPasswordSchema, updateUserSchema, userIdSchema } from './identity/user';
import { changeMyPreferencesSchema } from './preferences/preferences';
import {
  deleteTrackerConnectionSchema,
  saveTrackerConnectionSchema,
  syncTrackerConnectionSchema,
} from './tracker/connection';
import { deleteWebhookSchema, saveWebhookSchema } from './webhook/webhook';
import type { AccountRefType } from './account/account';
import type { PermissionAction, PermissionResource } from './permissions';

export interface CommandDefinition {
  readonly schema: z.ZodType;
  /** The permission the command needs; a function when it depends on the command (create vs edit). */
  readonly permission: (
    data: Record<string, unknown>,
    target?: CommandTarget,
  ) => {
    resource: PermissionResource;
    action: PermissionAction;
  } | null;
  /**
   * True when the permission depends on the record the command targets, which only its handler loads:
   * the HTTP layer then leaves the check to the handler, which calls `permission` with the target.
   */
  readonly permissionByTarget?: boolean;
  readonly summary: string;
}

/** What a handler knows of the record a `permissionByTarget` command targets. */
export interface CommandTarget {
  readonly refType: AccountRefType;
}

const appEdit = () => ({ resource: 'application-details', action: 'EDIT' }) as const;
const groupEdit = () => ({ resource: 'group-details', action: 'EDIT' }) as const;
/** Answering one's own invitation needs no permission in the inviting tenant: only a signed-in user. */
const signedIn = () => null;
const shareEdit = () => ({ resource: 'group-shares', action: 'EDIT' }) as const;
const adminEdit = () => ({ resource: 'admin', action: 'EDIT' }) as const;
const webhooksEdit = () => ({ resource: 'webhooks', action: 'EDIT' }) as const;
/** Comments and accounts need EDIT on the details resource of what they belong to (§6). */
const byRefType = (d: Record<string, unknown>) => (d.refType === 'application' ? appEdit() : groupEdit());
/**
 * An account entry command names only the account: its handler passes the account's refType, and the
 * command needs EDIT on the details of the record the account belongs to.
 */
const byAccountTarget = {
  permission: (_data?: Record<string, unknown>, target?: CommandTarget) =>
    target?.refType === 'group' ? groupEdit() : appEdit(),
  permissionByTarget: true,
} as const;

/** Every command of the public HTTP API: POST /api/commands/<type>. */
export const commandCatalogue = {
  SaveApplication: {
    schema: saveApplicationSchema,
    permission: (d) => ({ resource: 'application-details', action: d.id === undefined ? 'CREATE' : 'EDIT' }),
    summary: 'Create an application (without id) or update one (with id and the version the user saw).',
  },
  DeleteApplication: {
    schema: deleteApplicationSchema,
    permission: appEdit,
    summary: 'Soft-delete an application.',
  },
  RestoreApplication: {
    schema: restoreApplicationSchema,
    permission: appEdit,
    summary: 'Restore a deleted application (with the version of its deletion); 409 when it is not deleted.',
  },
  CreateComment: {
    schema: createCommentSchema,
    permission: byRefType,
    summary: 'Add a comment to an application or a project (refType PROJECT).',
  },
  CreateAccount: {
    schema: createAccountSchema,
    permission: byRefType,
    summary:
      'Create the finance account of an application (number from assetNr, name from the name) or of a project (refType group: number from projectNr, name from the title).',
  },
  AddAccountEntries: {
    schema: addAccountEntriesSchema,
    ...byAccountTarget,
    summary:
      'Record finance entries on an account; needs EDIT on application-details for an application account, on group-details for a project account.',
  },
  RemoveAccountEntry: {
    schema: removeAccountEntrySchema,
    ...byAccountTarget,
    summary:
      "Remove the entry (sicht, periode) from an account, as AddAccountEntries needs EDIT on its record's details; 404 'account entry not found' when the account has none with that key. Recording the entry again restores it.",
  },
  SaveGroup: {
    schema: saveGroupSchema,
    permission: (d) => ({ resource: 'group-details', action: d.id === undefined ? 'CREATE' : 'EDIT' }),
    summary:
      'Create a project (without id; §4 defaults) or update one (with id and the version the user saw).',
  },
  DeleteGroup: {
    schema: deleteGroupSchema,
    permission: groupEdit,
    summary:
      "Soft-delete a project with its items and lanes (restored with it). 409 while live projects name it as parent ('the project has 2 subprojects …') or while it is shared with a tenant, pending or accepted ('revoke the share first').",
  },
  RestoreGroup: {
    schema: restoreGroupSchema,
    permission: groupEdit,
    summary:
      'Restore a deleted project (with the version of its deletion) with the items and lanes it had; 409 when its parent project is deleted.',
  },
  SetGroupGoals: {
    schema: setGroupGoalsSchema,
    permission: groupEdit,
    summary: "Set a project's goal values (0–9); unchanged values record nothing.",
  },
  CreateGoal: {
    schema: createGoalSchema,
    permission: () => ({ resource: 'group-details', action: 'CREATE' }),
    summary: 'Create a strategic goal.',
  },
  UpdateGoal: {
    schema: updateGoalSchema,
    permission: adminEdit,
    summary:
      'Change a strategic goal (with id and the version the user saw); omitted fields stay unchanged. The parent must be a live goal of the tenant and must not create a cycle.',
  },
  DeleteGoal: {
    schema: deleteGoalSchema,
    permission: adminEdit,
    summary:
      "Soft-delete a strategic goal: 409 'goal in use' while a live project has a value for it, 409 'goal has child goals' while live goals name it as parent.",
  },
  SaveTrackerConnection: {
    schema: saveTrackerConnectionSchema,
    permission: adminEdit,
    summary:
      'Create a tracker connection (without id; the secret is required) or change one (with id and the version the user saw; without `secret` the stored one is kept). Needs the tenant\'s jira feature (403 otherwise). The secret is encrypted before it is stored and never returned; a base URL without http:// or https:// answers 400 "Couldn\'t parse the host URL".',
  },
  DeleteTrackerConnection: {
    schema: deleteTrackerConnectionSchema,
    permission: adminEdit,
    summary: 'Delete a tracker connection: its mirror leaves every query, links on projects and items stay.',
  },
  SyncTrackerConnection: {
    schema: syncTrackerConnectionSchema,
    permission: groupEdit,
    summary:
      'Ask tracker-sync to mirror a connection now (EDIT on group-details: planners who link projects) (`full`: every linked issue, not only those updated since the last run).',
  },
  SaveWebhook: {
    schema: saveWebhookSchema,
    permission: webhooksEdit,
    summary:
      'Create a signed webhook (without id) or change one (with id and the version the user saw): an https address (http and private hosts only where the deployment allows them; the host is resolved and checked now and at every delivery), the published event types or categories it receives, and whether it is active. Without `secret` a new webhook gets a generated Standard Webhooks secret (`whsec_…`), answered once as `secret` and never again; a change without `secret` keeps the stored one. `active: true` resumes a paused webhook where it stopped. Needs EDIT on webhooks.',
  },
  DeleteWebhook: {
    schema: deleteWebhookSchema,
    permission: webhooksEdit,
    summary:
      'Delete a webhook (with the version the user saw): its pending deliveries are dropped. Needs EDIT on webhooks.',
  },
  SaveCalendar: {
    schema: saveCalendarSchema,
    permission: (d) => ({ resource: 'calendars', action: d.id === undefined ? 'CREATE' : 'EDIT' }),
    summary:
      "Create a working-day calendar (without id: its definition applies since always) or change one (with id and the version the user saw; the tenant's default calendar is id 0, version -1 until first changed): a new name renames it; a changed definition needs `effectiveFrom`, the first day it applies to (a change with the same date replaces the earlier). Needs CREATE or EDIT on calendars.",
  },
  DeleteCalendar: {
    schema: deleteCalendarSchema,
    permission: () => ({ resource: 'calendars', action: 'EDIT' }),
    summary:
      "Delete a calendar (with the version the user saw). 409 `in-use` while a live project or resource names it; the tenant's default calendar (id 0) is never deleted. Needs EDIT on calendars.",
  },
  SaveResource: {
    schema: saveResourceSchema,
    permission: adminEdit,
    summary:
      "Create a resource (without id) or change one (with id and the version the user saw): the name, trimmed, 1–100 characters; its own working-day `calendar` (issue 24; null: its projects' calendars) and its part-time `share` (1–100 percent, default 100). An unknown calendar is refused (400).",
  },
  DeleteResource: {
    schema: deleteResourceSchema,
    permission: adminEdit,
    summary: 'Soft-delete a resource: projects and items keep its id, but new assignments refuse it.',
  },
  ShareProject: {
    schema: shareProjectSchema,
    permission: shareEdit,
    summary:
      "Share a project with another tenant by name (needs EDIT on group-shares): the share stays PENDING until that tenant accepts or declines it. 400 'tenant not found' for an unknown tenant, 'tenant invalid' for the own one; 409 when shared with it already.",
  },
  UnshareProject: {
    schema: shareProjectSchema,
    permission: shareEdit,
    summary:
      "Revoke a share with a tenant, pending or accepted (needs EDIT on group-shares): the project leaves that tenant's queries at once. 404 'share not found' when the project is not shared with it.",
  },
  AcceptProjectShare: {
    schema: acceptProjectShareSchema,
    // deciding on shares is share administration of the receiving tenant (§6 group-shares), not
    // editing a project of its own
    permission: shareEdit,
    summary:
      "Accept, as the tenant a project was shared with, the pending share (needs EDIT on group-shares of the accepting tenant): the project then shows in this tenant's queries, read-only. 404 without a share to the caller's tenant, 409 when accepted already.",
  },
  DeclineProjectShare: {
    schema: declineProjectShareSchema,
    permission: shareEdit,
    summary:
      "Decline, as the tenant a project was shared with, the pending share (needs EDIT on group-shares of the declining tenant): the share ends and the owner may share again. 404 without a share to the caller's tenant, 409 when accepted already.",
  },
  AddSubgroup: {
    schema: addSubgroupSchema,
    permission: groupEdit,
    summary: "Add an INDIVIDUAL lane (subgroup) to a project; its id is answered in the project's subgroups.",
  },
  RenameSubgroup: {
    schema: renameSubgroupSchema,
    permission: groupEdit,
    summary: "Rename one of a project's INDIVIDUAL lanes.",
  },
  RemoveSubgroup: {
    schema: removeSubgroupSchema,
    permission: groupEdit,
    summary:
      "Remove one of a project's INDIVIDUAL lanes: 409 while it holds items ('move or delete them first'), 400 for a default lane.",
  },
  RestoreSubgroup: {
    schema: restoreSubgroupSchema,
    permission: groupEdit,
    summary:
      'Bring a removed lane back with its id and name; 409 when another lane has taken its name meanwhile.',
  },
  SaveItem: {
    schema: saveItemSchema,
    permission: (d) => ({ resource: 'items', action: d.id === undefined ? 'CREATE' : 'EDIT' }),
    summary:
      'Create a task or milestone (without id; milestone: end null) or update one (with id and the version the user saw). The system type and class name need EDIT on item-details-system.',
  },
  DeleteItem: {
    schema: deleteItemSchema,
    permission: () => ({ resource: 'items', action: 'EDIT' }),
    summary: 'Soft-delete an item.',
  },
  RestoreItem: {
    schema: restoreItemSchema,
    permission: () => ({ resource: 'items', action: 'EDIT' }),
    summary:
      'Restore a deleted item (with the version of its deletion); 409 while its project is deleted, 400 when its lane was removed.',
  },
  AddDependency: {
    schema: addDependencySchema,
    permission: () => ({ resource: 'items', action: 'EDIT' }),
    summary:
      'Make item `successor` depend on item `predecessor` (type finish-to-start by default, or start-to-start; lag in working days, negative for a lead). The predecessor may be an item of a project shared with the tenant and accepted, the successor must be its own. 400 for an item depending on itself, a duplicate or a cycle (naming it by item titles); 404 for an item the tenant cannot see.',
  },
  RemoveDependency: {
    schema: removeDependencySchema,
    permission: () => ({ resource: 'items', action: 'EDIT' }),
    summary: 'Remove a dependency (with version 0 if given); 404 when there is none by that id, or no more.',
  },
  CreateBaseline: {
    schema: createBaselineSchema,
    permission: () => ({ resource: 'history', action: 'CREATE' }),
    summary:
      'Name the plan as it stood at an instant (`at`, default now; not in the future, not before the tenant existed): nothing is copied, comparisons read the plan as of `at`. Needs CREATE on history.',
  },
  DeleteBaseline: {
    schema: deleteBaselineSchema,
    permission: () => ({ resource: 'history', action: 'EDIT' }),
    summary:
      'Delete a baseline (with the version the user saw, when given; 409 when it changed). Needs EDIT on history.',
  },
  CreateCalendarFeed: {
    schema: createCalendarFeedSchema,
    permission: () => ({ resource: 'items', action: 'VIEW' }),
    summary:
      "Create a secret iCalendar feed of the caller's own: milestones (and tasks with `includeTasks`) of the projects the filters choose (projects, resources, applications; none: all), as the timeline filters them: the tenant's own projects and those shared with it and accepted, which drop out of the feed when the share ends; any other project id is 400. The answer carries `secret` and `path` (`/feeds/<secret>.ics`) once: only the secret's SHA-256 is stored. Needs VIEW on items.",
  },
  RegenerateCalendarFeed: {
    schema: calendarFeedIdSchema,
    permission: () => ({ resource: 'items', action: 'VIEW' }),
    summary:
      "Replace the secret of one of the caller's own feeds (the old address answers 404 from now on); the answer carries the new `secret` and `path` once. 404 for another user's feed.",
  },
  RevokeCalendarFeed: {
    schema: calendarFeedIdSchema,
    permission: signedIn,
    summary:
      "Revoke one of the caller's own feeds (an administrator: any feed of the tenant); its address answers 404 from now on. 404 for another user's feed.",
  },
  CreateScenario: {
    schema: createScenarioSchema,
    permission: () => ({ resource: 'scenarios', action: 'CREATE' }),
    summary:
      'Branch a what-if scenario from the plan at an instant (`from`, default now; not in the future, not before the tenant existed): nothing is copied, the scenario sees the live plan up to `from`, the live changes since and its own changes on top. Needs CREATE on scenarios.',
  },
  RenameScenario: {
    schema: renameScenarioSchema,
    permission: () => ({ resource: 'scenarios', action: 'EDIT' }),
    summary:
      'Rename an open scenario and, when given, replace its description (empty clears it), on the version the user saw (409 when it changed). Needs EDIT on scenarios.',
  },
  DiscardScenario: {
    schema: discardScenarioSchema,
    permission: () => ({ resource: 'scenarios', action: 'EDIT' }),
    summary:
      'Discard an open scenario unpublished, on the version the user saw (409 when it changed); the live plan is untouched. Needs EDIT on scenarios.',
  },
  PublishScenario: {
    schema: publishScenarioSchema,
    permission: () => ({ resource: 'scenarios', action: 'EDIT' }),
    summary:
      "Apply an open scenario's changes to the live plan, all or nothing, on the version of the scenario the user saw (409 when it changed): each record's changes follow as ordinary events (History: from the scenario). 409 `scenario-conflict` with `records` when the live plan changed a field the scenario changes since the scenario's change (or deleted the record): nothing is stored. Needs EDIT on scenarios and, for each change, the permission its command needs. A retry completes an interrupted publish; afterwards the scenario is closed (published).",
  },
  ResolveScenarioConflict: {
    schema: resolveScenarioConflictSchema,
    permission: () => ({ resource: 'scenarios', action: 'EDIT' }),
    summary:
      "Settle the conflict on one field of one record of an open scenario (a live change since the scenario's change moved the field to another value): `keep: 'scenario'` keeps the scenario's value, `'live'` takes the live one. Stored in the scenario as the record's own update, decided on the live record now, so the field no longer conflicts and no longer stops a publish. Items, projects and goals, on the fields their updates carry; lanes, goal values, account entries, deletions and dependencies are refused with 400 (save them again in the scenario). 409 when the field has no conflict; 404 for another tenant's, an unknown or a closed scenario. Needs EDIT on scenarios and the permission the record's update needs.",
  },
  Reschedule: {
    schema: rescheduleSchema,
    permission: () => ({ resource: 'items', action: 'EDIT' }),
    summary:
      "Move or resize items in one user action (issue 21): each move names an item, the version the user saw and its new dates; with `cascade` (default) the successors in automatic projects follow, forward only unless `backward`. All or nothing: 409 `schedule-conflict` naming every stale item, and nothing moves. `id` names the action, so a retry with the same id stores nothing twice. The answer lists the moves with the items' new versions and former dates: their reverse with `cascade: false` is the undo. `POST /api/commands/Reschedule/preview` answers the moves without storing anything.",
  },
  CreateTenant: {
    schema: createTenantSchema,
    permission: () => ({ resource: 'admin', action: 'CREATE' }),
    summary:
      'Create a tenant with its feature flags and the built-in roles Administrator and Viewer; the caller becomes its administrator (switch to it with POST /api/auth/switch). Needs CREATE on admin.',
  },
  ChangeTenantFeatures: {
    schema: changeTenantFeaturesSchema,
    permission: adminEdit,
    summary:
      "Set the caller's tenant's feature flags (§1); with `version`, refused with 409 when the tenant changed meanwhile.",
  },
  ChangeAttributeSchemas: {
    schema: changeAttributeSchemasSchema,
    permission: adminEdit,
    summary: 'Set the custom attribute schemas of applications and tasks (the generated fields of §2).',
  },
  ChangeOptionLists: {
    schema: changeOptionListsSchema,
    permission: adminEdit,
    summary:
      'Set option lists that name the codes of project status, phase, health, type (art) and class (klasse) and of item status: value, label, colour, order, counts as done, and which project statuses a shared parent may have. Lists not named keep what they were.',
  },
  SaveRole: {
    schema: saveRoleSchema,
    permission: adminEdit,
    summary: 'Create a role (without id) or change one: a name and permissions on the resources of §6.',
  },
  DeleteRole: {
    schema: deleteRoleSchema,
    permission: adminEdit,
    summary: 'Delete a role that no member holds (409 otherwise).',
  },
  ChangeMemberRoles: {
    schema: changeMemberRolesSchema,
    permission: adminEdit,
    summary: "Set the roles a member holds in the caller's tenant; applies at the member's next request.",
  },
  InviteMember: {
    schema: inviteMemberSchema,
    permission: adminEdit,
    summary:
      'Invite a user of another tenant (their home tenant and user name) with roles. Answered the same whether or not the user exists; the user accepts or declines.',
  },
  RemoveMember: {
    schema: removeMemberSchema,
    permission: adminEdit,
    summary: 'Remove a member who joined from another tenant; access ends at their next request.',
  },
  AcceptInvitation: {
    schema: answerInvitationSchema,
    permission: signedIn,
    summary:
      "Accept, as the invited user, the invitation of `tenant`: it then shows among the user's tenants.",
  },
  DeclineInvitation: {
    schema: answerInvitationSchema,
    permission: signedIn,
    summary: 'Decline, as the invited user, the invitation of `tenant`.',
  },
  CreateUser: {
    schema: createUserSchema,
    permission: adminEdit,
    summary: "Create a local user in the caller's tenant with a password (at least 10 characters) and roles.",
  },
  UpdateUser: {
    schema: updateUserSchema,
    permission: adminEdit,
    summary: "Change a home user's display name.",
  },
  SetUserPassword: {
    schema: setUserPasswordSchema,
    permission: adminEdit,
    summary: "Set a home user's password; their sessions keep running until they end.",
  },
  DisableUser: {
    schema: userIdSchema,
    permission: adminEdit,
    summary: 'Disable a home user: their access ends at the next request, and they cannot sign in.',
  },
  EnableUser: {
    schema: userIdSchema,
    permission: adminEdit,
    summary: 'Enable a disabled home user again.',
  },
  ChangeMyPreferences: {
    schema: changeMyPreferencesSchema,
    permission: signedIn,
    summary:
      "Change the caller's own preferences (the console's language: de-CH, fr-CH, it-CH or en; null follows the browser), in every tenant they act in.",
  },
} satisfies Record<string, CommandDefinition>;

export type CommandType = keyof typeof commandCatalogue;
/** The data of a command as a client writes it (before its schema's defaults and transforms). */
export type CommandInput<T extends CommandType> = z.input<(typeof commandCatalogue)[T]['schema']>;
export const isCommandType = (t: string): t is CommandType => Object.hasOwn(commandCatalogue, t);
