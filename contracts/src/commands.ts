import type { z } from 'zod';
import { deleteApplicationSchema, saveApplicationSchema } from './application/application';
import { addAccountEntriesSchema, createAccountSchema } from './account/account';
import { createCommentSchema } from './comment/comment';
import { createGoalSchema } from './goal/goal';
import {
  acceptProjectShareSchema,
  addSubgroupSchema,
  deleteGroupSchema,
  renameSubgroupSchema,
  saveGroupSchema,
  setGroupGoalsSchema,
  shareProjectSchema,
} from './group/group';
import { deleteItemSchema, saveItemSchema } from './item/item';
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
  };
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
const shareEdit = () => ({ resource: 'group-shares', action: 'EDIT' }) as const;
/** Comments and accounts need EDIT on the details resource of what they belong to (§6). */
const byRefType = (d: Record<string, unknown>) => (d.refType === 'application' ? appEdit() : groupEdit());

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
    // the command names only the account: its handler passes the account's refType
    permission: (_data?: Record<string, unknown>, target?: CommandTarget) =>
      target?.refType === 'group' ? groupEdit() : appEdit(),
    permissionByTarget: true,
    summary:
      'Record finance entries on an account; needs EDIT on application-details for an application account, on group-details for a project account.',
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
    summary: 'Soft-delete a project.',
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
  ShareProject: {
    schema: shareProjectSchema,
    permission: shareEdit,
    summary: 'Share a project with another tenant: the share stays PENDING until that tenant accepts it.',
  },
  UnshareProject: {
    schema: shareProjectSchema,
    permission: shareEdit,
    summary: 'Stop sharing a project with a tenant, whether the share is pending or accepted.',
  },
  AcceptProjectShare: {
    schema: acceptProjectShareSchema,
    permission: groupEdit,
    summary:
      "Accept, as the tenant a project was shared with, the pending share: the project then shows in this tenant's queries, read-only. 404 without a share to the caller's tenant, 409 when accepted already.",
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
} satisfies Record<string, CommandDefinition>;

export type CommandType = keyof typeof commandCatalogue;
export const isCommandType = (t: string): t is CommandType => Object.hasOwn(commandCatalogue, t);
