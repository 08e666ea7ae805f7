import type { z } from 'zod';
import { deleteApplicationSchema, saveApplicationSchema } from './application/application';
import { addAccountEntriesSchema, createAccountSchema } from './account/account';
import { createCommentSchema } from './comment/comment';
import type { PermissionAction, PermissionResource } from './permissions';

export interface CommandDefinition {
  readonly schema: z.ZodType;
  /** The permission the command needs; a function when it depends on the command (create vs edit). */
  readonly permission: (data: Record<string, unknown>) => {
    resource: PermissionResource;
    action: PermissionAction;
  };
  readonly summary: string;
}

const appEdit = () => ({ resource: 'application-details', action: 'EDIT' }) as const;

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
    permission: appEdit,
    summary: 'Add a comment to an application.',
  },
  CreateAccount: {
    schema: createAccountSchema,
    permission: appEdit,
    summary: 'Create the finance account of an application (number from assetNr, name from the name).',
  },
  AddAccountEntries: {
    schema: addAccountEntriesSchema,
    permission: appEdit,
    summary: 'Record finance entries on an account.',
  },
} satisfies Record<string, CommandDefinition>;

export type CommandType = keyof typeof commandCatalogue;
export const isCommandType = (t: string): t is CommandType => Object.hasOwn(commandCatalogue, t);
