import { useState } from 'react';
import {
  Badge,
  Button,
  Divider,
  Group,
  MultiSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconKey, IconUserCheck, IconUserMinus, IconUserOff } from '@tabler/icons-react';
import { createUserSchema, inviteMemberSchema, passwordSchema, updateUserSchema } from '@fahrplan/contracts';
import type { RoleView, UserAdminView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { notifyError, notifySuccess } from '../common/notify';
import { zodValidate } from '../common/zodValidate';
import { ConfirmDialog, FormDialog, useCommandRun } from '../record-dialog/FormDialog';
import { problemFieldErrors } from '../record-dialog/commandErrors';
import {
  useChangeMemberRolesMutation,
  useCreateUserMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useSetUserPasswordMutation,
  useUpdateUserMutation,
} from './adminApi';

const roleOptions = (roles: readonly RoleView[]) =>
  roles.map((r) => ({ value: String(r.id), label: r.name }));
const roleIds = (values: readonly string[]) => values.map(Number);

/** The roles multi-select; spread the form's `getInputProps('roles')` into it. */
function RolesField({
  roles,
  readOnly = false,
  ...input
}: { roles: readonly RoleView[]; readOnly?: boolean } & GetInputPropsReturnType) {
  const value = input.value as string[];
  return (
    <MultiSelect
      label="Roles"
      placeholder={value.length === 0 ? 'no role: the user can do nothing' : undefined}
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
  const { run, busy, error } = useCommandRun();
  const toInput = (v: CreateUserValues) => ({ ...v, roles: roleIds(v.roles) });
  const form = useForm<CreateUserValues>({
    initialValues: { username: '', displayName: '', password: '', roles: [] },
    validate: zodValidate(createUserSchema, toInput),
  });
  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = createUserSchema.parse(toInput(form.getValues()));
    const ok = await run(
      async (send) => {
        await send('create', data, (idempotencyKey) => createUser({ data, idempotencyKey }).unwrap());
      },
      (e) => form.setErrors(problemFieldErrors(e, ['username', 'displayName', 'password', 'roles'])),
    );
    if (ok) {
      notifySuccess(`user ${data.username} created`);
      onClose();
    }
  };
  return (
    <FormDialog
      title="New user"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Create user"
      busy={busy}
      error={error}
    >
      <Stack>
        <TextInput
          label="User name"
          required
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <TextInput label="Display name" required {...form.getInputProps('displayName')} />
        <PasswordInput
          label="Password"
          description="at least 10 characters"
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
  const { run, busy, error } = useCommandRun();
  const toInput = (v: InviteValues) => ({ ...v, roles: roleIds(v.roles) });
  const form = useForm<InviteValues>({
    initialValues: { tenant: '', username: '', roles: [] },
    validate: zodValidate(inviteMemberSchema, toInput),
  });
  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = inviteMemberSchema.parse(toInput(form.getValues()));
    const ok = await run(
      async (send) => {
        await send('invite', data, (idempotencyKey) => invite({ data, idempotencyKey }).unwrap());
      },
      (e) => {
        form.setErrors(problemFieldErrors(e, ['tenant', 'username', 'roles']));
        // §8: 'tenant not found' / 'tenant invalid' are notices too
        const message = describeError(e);
        if (/^tenant (invalid|not found)/.test(message)) notifyError(message);
      },
    );
    if (ok) {
      notifySuccess(`${data.username} of ${data.tenant} invited`);
      onClose();
    }
  };
  return (
    <FormDialog
      title="Invite a member"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Invite"
      busy={busy}
      error={error}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          A user of another tenant joins this one once they accept the invitation.
        </Text>
        <TextInput label="Their home tenant" required data-autofocus {...form.getInputProps('tenant')} />
        <TextInput label="Their user name" required autoComplete="off" {...form.getInputProps('username')} />
        <RolesField roles={roles} {...form.getInputProps('roles')} />
      </Stack>
    </FormDialog>
  );
}

interface EditValues {
  displayName: string;
  roles: string[];
}

type Pending = 'disable' | 'enable' | 'remove' | null;

/**
 * A user of the tenant: display name (home users only: a joined member's belongs to their home tenant),
 * roles, password, disable/enable (home users, never oneself) and removal (joined members).
 */
export function EditUserDialog({
  user,
  roles,
  selfId,
  editable,
  onClose,
}: {
  user: UserAdminView;
  roles: readonly RoleView[];
  selfId: number | undefined;
  editable: boolean;
  onClose: () => void;
}) {
  const [updateUser] = useUpdateUserMutation();
  const [changeRoles] = useChangeMemberRolesMutation();
  const [setPassword] = useSetUserPasswordMutation();
  const [disableUser] = useDisableUserMutation();
  const [enableUser] = useEnableUserMutation();
  const [removeMember] = useRemoveMemberMutation();
  const { run, busy, error } = useCommandRun();
  const [pending, setPending] = useState<Pending>(null);
  const [password, setPasswordValue] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const self = user.id === selfId;
  const home = !user.joined;

  const initial: EditValues = { displayName: user.displayName, roles: user.roles.map(String) };
  const validateName = zodValidate(updateUserSchema, (v: EditValues) => ({
    id: user.id,
    displayName: v.displayName,
  }));
  const form = useForm<EditValues>({
    initialValues: initial,
    // only a home user's name is edited here (a joined member's belongs to its home tenant)
    validate: (v) => (home ? validateName(v) : {}),
  });
  const values = form.values;
  const nameChanged = home && values.displayName.trim() !== user.displayName;
  const rolesChanged = [...values.roles].sort().join() !== [...initial.roles].sort().join();

  const submit = async () => {
    if (form.validate().hasErrors || (!nameChanged && !rolesChanged)) return;
    const ok = await run(
      async (send) => {
        if (nameChanged) {
          const data = { id: user.id, displayName: values.displayName.trim() };
          await send('name', data, (idempotencyKey) => updateUser({ data, idempotencyKey }).unwrap());
        }
        if (rolesChanged) {
          const data = { user: user.id, roles: roleIds(values.roles) };
          await send('roles', data, (idempotencyKey) => changeRoles({ data, idempotencyKey }).unwrap());
        }
      },
      (e) => form.setErrors(problemFieldErrors(e, ['displayName', 'roles'])),
    );
    if (ok) {
      notifySuccess(`user ${user.username} saved`);
      onClose();
    }
  };

  const submitPassword = async () => {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      setPasswordError(parsed.error.issues[0]?.message ?? 'invalid');
      return;
    }
    const data = { id: user.id, password };
    const ok = await run(
      async (send) => {
        await send('password', { id: user.id }, (idempotencyKey) =>
          setPassword({ data, idempotencyKey }).unwrap(),
        );
      },
      (e) => setPasswordError(problemFieldErrors(e, ['password']).password ?? null),
    );
    if (ok) {
      setPasswordValue('');
      notifySuccess(`password of ${user.username} set`);
    }
  };

  const confirmPending = async () => {
    const data = { id: user.id };
    const ok = await run(async (send) => {
      if (pending === 'disable')
        await send('disable', data, (k) => disableUser({ data, idempotencyKey: k }).unwrap());
      if (pending === 'enable')
        await send('enable', data, (k) => enableUser({ data, idempotencyKey: k }).unwrap());
      if (pending === 'remove') {
        const removal = { user: user.id };
        await send('remove', removal, (k) => removeMember({ data: removal, idempotencyKey: k }).unwrap());
      }
    });
    const done = pending;
    setPending(null);
    if (!ok) return;
    notifySuccess(
      done === 'remove'
        ? `${user.username} removed from the tenant`
        : `user ${user.username} ${done === 'disable' ? 'disabled' : 'enabled'}`,
    );
    onClose();
  };

  const leading = editable && (
    <Group gap="xs">
      {home && !self && !user.disabled && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconUserOff size={16} />}
          onClick={() => setPending('disable')}
        >
          Disable
        </Button>
      )}
      {home && user.disabled && (
        <Button
          variant="subtle"
          leftSection={<IconUserCheck size={16} />}
          onClick={() => setPending('enable')}
        >
          Enable
        </Button>
      )}
      {user.joined && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={16} />}
          onClick={() => setPending('remove')}
        >
          Remove from tenant
        </Button>
      )}
    </Group>
  );

  return (
    <>
      <FormDialog
        title={
          <Group gap="xs">
            <Text fw={600}>{user.username}</Text>
            {user.joined && <Badge variant="light">joined from {user.homeTenant}</Badge>}
            {user.disabled && <Badge color="red">disabled</Badge>}
            {user.oidc && <Badge color="grape">SSO</Badge>}
          </Group>
        }
        size="lg"
        onClose={onClose}
        onSubmit={() => void submit()}
        submitLabel="Save"
        editable={editable}
        busy={busy}
        canSubmit={nameChanged || rolesChanged}
        error={error}
        leading={leading || undefined}
      >
        <Stack>
          <TextInput
            label="Display name"
            description={home ? undefined : `kept by the home tenant ${user.homeTenant}`}
            readOnly={!editable || !home}
            data-autofocus
            {...form.getInputProps('displayName')}
          />
          <RolesField roles={roles} readOnly={!editable} {...form.getInputProps('roles')} />
          {self && editable && (
            <Text size="xs" c="dimmed">
              Your own account: without a role that grants admin EDIT you can no longer change this tenant.
            </Text>
          )}
          {editable && home && (
            <>
              <Divider label="Password" labelPosition="left" />
              {user.oidc && (
                <Text size="sm" c="dimmed">
                  This user signs in with single sign-on; a password adds a local login.
                </Text>
              )}
              <Group align="flex-start">
                <PasswordInput
                  aria-label="New password"
                  placeholder="new password (at least 10 characters)"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => {
                    setPasswordValue(e.currentTarget.value);
                    setPasswordError(null);
                  }}
                  onKeyDown={(e) => {
                    // Enter sets the password here rather than saving the dialog
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void submitPassword();
                    }
                  }}
                  error={passwordError}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="light"
                  leftSection={<IconKey size={16} />}
                  onClick={() => void submitPassword()}
                  disabled={busy || !password}
                >
                  Set password
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </FormDialog>
      {pending && (
        <ConfirmDialog
          title={
            pending === 'remove' ? 'Remove member?' : pending === 'disable' ? 'Disable user?' : 'Enable user?'
          }
          confirmLabel={pending === 'remove' ? 'Remove' : pending === 'disable' ? 'Disable' : 'Enable'}
          color={pending === 'enable' ? 'blue' : 'red'}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void confirmPending()}
        >
          <Text size="sm">
            {pending === 'remove'
              ? `${user.username} of ${user.homeTenant} can no longer act in this tenant. Their account stays in ${user.homeTenant}.`
              : pending === 'disable'
                ? `${user.username} can no longer sign in; open sessions end at their next request.`
                : `${user.username} can sign in again with their roles.`}
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
