import { MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GetInputPropsReturnType } from '@mantine/form';
import { createUserSchema, inviteMemberSchema } from '@fahrplan/contracts';
import type { RoleView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { notifyError } from '../common/notify';
import { zodCommand } from '../common/zodValidate';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { useCreateUserMutation, useInviteMemberMutation } from './adminApi';

const roleOptions = (roles: readonly RoleView[]) =>
  roles.map((r) => ({ value: String(r.id), label: r.name }));
export const roleIds = (values: readonly string[]) => values.map(Number);
/** A form's values as its command takes them: the chosen roles by id. */
const withRoleIds = <V extends { roles: string[] }>(values: V) => ({
  ...values,
  roles: roleIds(values.roles),
});

/** The roles multi-select; spread the form's `getInputProps('roles')` into it. */
export function RolesField({
  roles,
  readOnly = false,
  ...input
}: { roles: readonly RoleView[]; readOnly?: boolean } & GetInputPropsReturnType) {
  const value = input.value as string[];
  const { t } = useTranslation('admin');
  return (
    <MultiSelect
      label={t('users.columns.roles')}
      placeholder={value.length === 0 ? t('userDialogs.noRole') : undefined}
      data={roleOptions(roles)}
      {...input}
      readOnly={readOnly}
      searchable
      clearable={!readOnly}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
    />
  );
}

interface CreateUserValues {
  username: string;
  displayName: string;
  password: string;
  roles: string[];
}

/** A new local account of this tenant with its roles; the password is checked as the server does. */
export function CreateUserDialog({ roles, onClose }: { roles: readonly RoleView[]; onClose: () => void }) {
  const [createUser] = useCreateUserMutation();
  const { t } = useTranslation('admin');
  const { validate, parse } = zodCommand(createUserSchema, withRoleIds<CreateUserValues>);
  const { form, dialogProps } = useFormCommand({
    form: { initialValues: { username: '', displayName: '', password: '', roles: [] }, validate },
    step: 'create',
    parse,
    command: createUser,
    notice: (data) => t('userDialogs.created', { username: data.username }),
    onClose,
  });
  return (
    <FormDialog title={t('users.new')} submitLabel={t('userDialogs.create')} {...dialogProps}>
      <Stack>
        <TextInput
          label={t('users.columns.username')}
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <TextInput label={t('users.columns.displayName')} required {...form.getInputProps('displayName')} />
        <PasswordInput
          label={t('userDialogs.password')}
          description={t('userDialogs.passwordRule')}
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <RolesField roles={roles} {...form.getInputProps('roles')} />
      </Stack>
    </FormDialog>
  );
}

interface InviteValues {
  tenant: string;
  username: string;
  roles: string[];
}

/** Invites a user of another tenant; they accept in their header and can then switch to this tenant. */
export function InviteDialog({ roles, onClose }: { roles: readonly RoleView[]; onClose: () => void }) {
  const [invite] = useInviteMemberMutation();
  const { t } = useTranslation('admin');
  const { validate, parse } = zodCommand(inviteMemberSchema, withRoleIds<InviteValues>);
  const { form, dialogProps } = useFormCommand({
    form: { initialValues: { tenant: '', username: '', roles: [] }, validate },
    step: 'invite',
    parse,
    command: invite,
    notice: (data) => t('userDialogs.invited', { username: data.username, tenant: data.tenant }),
    onClose,
    onError: (e) => {
      // §8: 'tenant not found' / 'tenant invalid' are notices too
      const message = describeError(e);
      if (/^tenant (invalid|not found)/.test(message)) notifyError(message);
    },
  });
  return (
    <FormDialog title={t('userDialogs.inviteTitle')} submitLabel={t('userDialogs.invite')} {...dialogProps}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('userDialogs.inviteHint')}
        </Text>
        <TextInput
          label={t('userDialogs.theirTenant')}
          required
          data-autofocus
          {...form.getInputProps('tenant')}
        />
        <TextInput
          label={t('userDialogs.theirUsername')}
          required
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <RolesField roles={roles} {...form.getInputProps('roles')} />
      </Stack>
    </FormDialog>
  );
}
