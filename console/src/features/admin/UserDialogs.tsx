import { MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { GetInputPropsReturnType } from '@mantine/form';
import { createUserSchema, inviteMemberSchema } from '@fahrplan/contracts';
import type { RoleView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { notifyError, notifySuccess } from '../common/notify';
import { zodValidate } from '../common/zodValidate';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { useCreateUserMutation, useInviteMemberMutation } from './adminApi';

const roleOptions = (roles: readonly RoleView[]) =>
  roles.map((r) => ({ value: String(r.id), label: r.name }));
export const roleIds = (values: readonly string[]) => values.map(Number);

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
  const toInput = (v: CreateUserValues) => ({ ...v, roles: roleIds(v.roles) });
  const form = useForm<CreateUserValues>({
    initialValues: { username: '', displayName: '', password: '', roles: [] },
    validate: zodValidate(createUserSchema, toInput),
  });
  const { submit, busy, error } = useFormCommand({
    form,
    fields: ['username', 'displayName', 'password', 'roles'],
    step: 'create',
    parse: (values) => createUserSchema.parse(toInput(values)),
    send: (data, idempotencyKey) => createUser({ data, idempotencyKey }).unwrap(),
    onDone: (data) => {
      notifySuccess(t('userDialogs.created', { username: data.username }));
      onClose();
    },
  });
  return (
    <FormDialog
      title={t('users.new')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('userDialogs.create')}
      busy={busy}
      error={error}
    >
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
  const toInput = (v: InviteValues) => ({ ...v, roles: roleIds(v.roles) });
  const form = useForm<InviteValues>({
    initialValues: { tenant: '', username: '', roles: [] },
    validate: zodValidate(inviteMemberSchema, toInput),
  });
  const { submit, busy, error } = useFormCommand({
    form,
    fields: ['tenant', 'username', 'roles'],
    step: 'invite',
    parse: (values) => inviteMemberSchema.parse(toInput(values)),
    send: (data, idempotencyKey) => invite({ data, idempotencyKey }).unwrap(),
    onDone: (data) => {
      notifySuccess(t('userDialogs.invited', { username: data.username, tenant: data.tenant }));
      onClose();
    },
    onError: (e) => {
      // §8: 'tenant not found' / 'tenant invalid' are notices too
      const message = describeError(e);
      if (/^tenant (invalid|not found)/.test(message)) notifyError(message);
    },
  });
  return (
    <FormDialog
      title={t('userDialogs.inviteTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('userDialogs.invite')}
      busy={busy}
      error={error}
    >
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
