import type { z } from 'zod';
import type {
  CommandResult,
  CommandType,
  InvitationView,
  Page,
  RoleView,
  TenantAdminView,
  UserAdminView,
  answerInvitationSchema,
  changeAttributeSchemasSchema,
  changeOptionListsSchema,
  changeMemberRolesSchema,
  changeTenantFeaturesSchema,
  createTenantSchema,
  createUserSchema,
  deleteRoleSchema,
  inviteMemberSchema,
  removeMemberSchema,
  saveRoleSchema,
  setUserPasswordSchema,
  updateUserSchema,
  userIdSchema,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandArgs, type CommandRequest } from '../api/commands';
import { pagedList } from '../api/pages';
import type { LoginResult } from '../session/sessionSlice';

/** What a command accepts: the schema's input, with readonly arrays welcome (the body is JSON). */
type CommandData<T> = T extends readonly (infer U)[]
  ? readonly CommandData<U>[]
  : T extends object
    ? { readonly [K in keyof T]: CommandData<T[K]> }
    : T;

type AdminTag = 'AdminTenant' | 'AdminRoles' | 'AdminUsers' | 'AdminInvitations' | 'Me';

export const adminApi = apiSlice.injectEndpoints({
  endpoints: (builder) => {
    /** A command endpoint that, once it succeeded, refetches the admin lists it changes. */
    const command = <Schema extends z.ZodType>(type: CommandType, tags: readonly AdminTag[]) =>
      builder.mutation<CommandResult, CommandRequest<CommandData<z.input<Schema>>>>({
        query: (request) => commandArgs(type, request),
        invalidatesTags: (result) => (result ? [...tags] : []),
      });
    return {
      getTenantAdmin: builder.query<TenantAdminView, void>({
        query: () => '/admin/tenant',
        providesTags: ['AdminTenant'],
      }),
      getRoles: builder.query<RoleView[], void>({
        query: () => '/admin/roles',
        providesTags: ['AdminRoles'],
      }),
      /** The users who can act in the tenant, by username, page after page; `q` searches them. */
      getAdminUsers: builder.infiniteQuery<Page<UserAdminView>, { q: string }, string | null>({
        ...pagedList<{ q: string }>('/admin/users'),
        providesTags: ['AdminUsers'],
      }),
      getInvitations: builder.query<InvitationView[], void>({
        query: () => '/admin/invitations',
        providesTags: ['AdminInvitations'],
      }),
      createTenant: command<typeof createTenantSchema>('CreateTenant', ['Me']),
      changeTenantFeatures: command<typeof changeTenantFeaturesSchema>('ChangeTenantFeatures', [
        'AdminTenant',
        'Me',
      ]),
      changeAttributeSchemas: command<typeof changeAttributeSchemasSchema>('ChangeAttributeSchemas', [
        'AdminTenant',
        'Me',
      ]),
      changeOptionLists: command<typeof changeOptionListsSchema>('ChangeOptionLists', ['AdminTenant', 'Me']),
      saveRole: command<typeof saveRoleSchema>('SaveRole', ['AdminRoles', 'AdminUsers', 'AdminTenant', 'Me']),
      deleteRole: command<typeof deleteRoleSchema>('DeleteRole', ['AdminRoles', 'AdminTenant']),
      changeMemberRoles: command<typeof changeMemberRolesSchema>('ChangeMemberRoles', [
        'AdminUsers',
        'AdminRoles',
        'AdminTenant',
        'Me',
      ]),
      inviteMember: command<typeof inviteMemberSchema>('InviteMember', ['AdminInvitations', 'AdminTenant']),
      removeMember: command<typeof removeMemberSchema>('RemoveMember', [
        'AdminUsers',
        'AdminRoles',
        'AdminTenant',
      ]),
      acceptInvitation: command<typeof answerInvitationSchema>('AcceptInvitation', ['Me']),
      declineInvitation: command<typeof answerInvitationSchema>('DeclineInvitation', ['Me']),
      createUser: command<typeof createUserSchema>('CreateUser', ['AdminUsers', 'AdminRoles']),
      updateUser: command<typeof updateUserSchema>('UpdateUser', ['AdminUsers']),
      setUserPassword: command<typeof setUserPasswordSchema>('SetUserPassword', []),
      disableUser: command<typeof userIdSchema>('DisableUser', ['AdminUsers']),
      enableUser: command<typeof userIdSchema>('EnableUser', ['AdminUsers']),
      /** A new session in another of the user's tenants; answers like login (new refresh cookie too). */
      switchTenant: builder.mutation<LoginResult, { tenant: string }>({
        query: (body) => ({ url: '/auth/switch', method: 'POST', body }),
      }),
    };
  },
});

export const {
  useGetTenantAdminQuery,
  useGetRolesQuery,
  useGetAdminUsersInfiniteQuery,
  useGetInvitationsQuery,
  useCreateTenantMutation,
  useChangeTenantFeaturesMutation,
  useChangeAttributeSchemasMutation,
  useChangeOptionListsMutation,
  useSaveRoleMutation,
  useDeleteRoleMutation,
  useChangeMemberRolesMutation,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useCreateUserMutation,
  useUpdateUserMutation,
  useSetUserPasswordMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useSwitchTenantMutation,
} = adminApi;
