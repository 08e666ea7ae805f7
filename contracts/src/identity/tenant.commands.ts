import { z } from 'zod';
import { say } from '../rules/messages';
import { optionListsSchema } from '../options/option-lists';
import { actions, resources } from '../permissions';
import { requiredName } from '../rules/limits';
import type { Permissions } from '../permissions';

const id = z.number().int().positive();

export const featureFlagsSchema = z.strictObject({
  admin: z.boolean(),
  jira: z.boolean(),
  alm: z.boolean(),
  hermes: z.boolean(),
  financialPlanning: z.boolean(),
  agileLifecycle: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const attributeTypes = ['text', 'number', 'boolean', 'date', 'select'] as const;
export interface AttributeDefinition {
  readonly key: string;
  readonly label: string;
  readonly type: (typeof attributeTypes)[number];
  readonly options?: readonly string[];
}

/** Every feature flag off: a new tenant's features. */
export const noFeatures: FeatureFlags = {
  admin: false,
  jira: false,
  alm: false,
  hermes: false,
  financialPlanning: false,
  agileLifecycle: false,
};

/** Tenant names appear in logins, share chips and URLs: letters, digits, '.', '_' and '-'. */
export const tenantNameSchema = z
  .string({ error: say('required') })
  .trim()
  .min(2, { error: say('at-least', { bound: 2, unit: 'characters' }) })
  .max(50, { error: say('at-most', { bound: 50, unit: 'characters' }) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: "letters, digits, '.', '_' or '-'" });

export const usernameSchema = z
  .string({ error: say('required') })
  .trim()
  .min(1, { error: say('required') })
  .max(100, { error: say('at-most', { bound: 100, unit: 'characters' }) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9@._+-]*$/, { error: "letters, digits, '@', '.', '_', '+' or '-'" });

export const permissionsSchema = z
  .partialRecord(z.enum(resources), z.array(z.enum(actions)).max(actions.length))
  .transform((p): Permissions => Object.fromEntries(Object.entries(p).map(([r, a]) => [r, [...new Set(a)]])));

export const attributeDefinitionSchema = z
  .strictObject({
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, { error: 'a letter, then letters, digits or _' }),
    label: z
      .string()
      .trim()
      .min(1, { error: say('required') })
      .max(100),
    type: z.enum(attributeTypes),
    options: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  })
  .refine((d) => d.type !== 'select' || (d.options?.length ?? 0) > 0, {
    error: 'a select needs options',
    path: ['options'],
  });

const attributeListSchema = z
  .array(attributeDefinitionSchema)
  .max(50)
  .refine((list) => new Set(list.map((d) => d.key)).size === list.length, { error: 'keys must be unique' });

const version = z.number().int().nonnegative();

export const createTenantSchema = z.strictObject({
  name: tenantNameSchema,
  features: featureFlagsSchema.partial().optional(),
});
export const changeTenantFeaturesSchema = z.strictObject({
  version: version.optional(),
  features: featureFlagsSchema,
});
export const changeAttributeSchemasSchema = z.strictObject({
  version: version.optional(),
  applicationAttributes: attributeListSchema,
  taskAttributes: attributeListSchema,
  /** Issue 19 (§3: projects have attributes like applications); omitted keeps the project schema. */
  projectAttributes: attributeListSchema.optional(),
});
/** Issue 19: the option lists a tenant names its codes with; a list not named keeps what it was. */
export const changeOptionListsSchema = z.strictObject({
  version: version.optional(),
  lists: optionListsSchema,
});
export const saveRoleSchema = z.strictObject({
  id: id.optional(),
  version: version.optional(),
  name: requiredName(100),
  permissions: permissionsSchema,
});
export const deleteRoleSchema = z.strictObject({ id });
export const changeMemberRolesSchema = z.strictObject({ user: id, roles: z.array(id).max(50) });
export const inviteMemberSchema = z.strictObject({
  /** The home tenant of the invited user. */
  tenant: tenantNameSchema,
  username: usernameSchema,
  roles: z.array(id).max(50),
});
/** Accept or decline, as the invited user, an invitation of `tenant`. */
export const answerInvitationSchema = z.strictObject({ tenant: tenantNameSchema });
export const removeMemberSchema = z.strictObject({ user: id });

export type CreateTenantData = z.infer<typeof createTenantSchema>;
export type SaveRoleData = z.infer<typeof saveRoleSchema>;

export type ChangeTenantFeaturesData = z.infer<typeof changeTenantFeaturesSchema>;
export type ChangeAttributeSchemasData = z.infer<typeof changeAttributeSchemasSchema>;
export type ChangeOptionListsData = z.infer<typeof changeOptionListsSchema>;
export type DeleteRoleData = z.infer<typeof deleteRoleSchema>;
export type ChangeMemberRolesData = z.infer<typeof changeMemberRolesSchema>;
export type InviteMemberData = z.infer<typeof inviteMemberSchema>;
export type AnswerInvitationData = z.infer<typeof answerInvitationSchema>;
export type RemoveMemberData = z.infer<typeof removeMemberSchema>;

export type TenantCommand =
  | { readonly type: 'CreateTenant'; readonly data: CreateTenantData }
  | { readonly type: 'ChangeTenantFeatures'; readonly data: ChangeTenantFeaturesData }
  | { readonly type: 'ChangeAttributeSchemas'; readonly data: ChangeAttributeSchemasData }
  | { readonly type: 'ChangeOptionLists'; readonly data: ChangeOptionListsData }
  | { readonly type: 'SaveRole'; readonly data: SaveRoleData }
  | { readonly type: 'DeleteRole'; readonly data: DeleteRoleData }
  | { readonly type: 'ChangeMemberRoles'; readonly data: ChangeMemberRolesData }
  | { readonly type: 'InviteMember'; readonly data: InviteMemberData }
  | { readonly type: 'AcceptInvitation'; readonly data: AnswerInvitationData }
  | { readonly type: 'DeclineInvitation'; readonly data: AnswerInvitationData }
  | { readonly type: 'RemoveMember'; readonly data: RemoveMemberData };
