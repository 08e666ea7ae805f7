import type {
  CommandInput,
  CommandType,
  InvitationView,
  Page,
  RoleView,
  TenantAdminView,
  UserAdminView,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
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
    const command = <T extends CommandType>(type: T, tags: readonly AdminTag[]) =>
      builder.mutation(commandEndpoint<T, CommandData<CommandInput<T>>>(type, () => tags));
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
      createTenant: command('CreateTenant', ['Me']),
      changeTenantFeatures: command('ChangeTenantFeatures', ['AdminTenant', 'Me']),
      changeAttributeSchemas: command('ChangeAttributeSchemas', ['AdminTenant', 'Me']),
      changeOptionLists: command('ChangeOptionLists', ['AdminTenant', 'Me']),
      saveRole: command('SaveRole', ['AdminRoles', 'AdminUsers', 'AdminTenant', 'Me']),
      deleteRole: command('DeleteRole', ['AdminRoles', 'AdminTenant']),
      changeMemberRoles: command('ChangeMemberRoles', ['AdminUsers', 'AdminRoles', 'AdminTenant', 'Me']),
      inviteMember: command('InviteMember', ['AdminInvitations', 'AdminTenant']),
      removeMember: command('RemoveMember', ['AdminUsers', 'AdminRoles', 'AdminTenant']),
      acceptInvitation: command('AcceptInvitation', ['Me']),
      declineInvitation: command('DeclineInvitation', ['Me']),
      createUser: command('CreateUser', ['AdminUsers', 'AdminRoles']),
      updateUser: command('UpdateUser', ['AdminUsers']),
      setUserPassword: command('SetUserPassword', []),
      disableUser: command('DisableUser', ['AdminUsers']),
      enableUser: command('EnableUser', ['AdminUsers']),
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
