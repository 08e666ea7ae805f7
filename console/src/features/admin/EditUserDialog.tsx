import { useState } from 'react';
import { Badge, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconKey, IconUserCheck, IconUserMinus, IconUserOff } from '@tabler/icons-react';
import { passwordSchema, updateUserSchema } from '@fahrplan/contracts';
import type { RoleView, UserAdminView } from '@fahrplan/contracts';
import { notifySuccess } from '../common/notify';
import { zodValidate } from '../common/zodValidate';
import { problemFieldErrors } from '../record-dialog/commandErrors';
import { ConfirmDialog, FormDialog, useCommandRun } from '../record-dialog/FormDialog';
import {
  useChangeMemberRolesMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useRemoveMemberMutation,
  useSetUserPasswordMutation,
  useUpdateUserMutation,
} from './adminApi';
import { RolesField, roleIds } from './UserDialogs';

/** The dialog's command runner: one busy state and one failure alert for all of its commands. */
type Commands = Pick<ReturnType<typeof useCommandRun>, 'run' | 'busy'>;

interface EditValues {
  displayName: string;
  roles: string[];
}

type Pending = 'disable' | 'enable' | 'remove' | null;

/** The user's name with what sets it apart: joined from another tenant, disabled, single sign-on. */
function UserTitle({ user }: { user: UserAdminView }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs">
      <Text fw={600}>{user.username}</Text>
      {user.joined && <Badge variant="light">{t('editUser.joinedFrom', { tenant: user.homeTenant })}</Badge>}
      {user.disabled && <Badge color="red">{t('users.disabled')}</Badge>}
      {user.oidc && <Badge color="grape">{t('users.sso')}</Badge>}
    </Group>
  );
}

/** A home user's new password: its own field and button (Enter sets it rather than saving the dialog). */
function PasswordSection({ user, run, busy }: { user: UserAdminView } & Commands) {
  const [setPassword] = useSetUserPasswordMutation();
  const { t } = useTranslation('admin');
  const [password, setPasswordValue] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const submitPassword = async () => {
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) {
      setPasswordError(parsed.error.issues[0]?.message ?? t('editUser.invalid'));
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
      notifySuccess(t('editUser.passwordSet', { username: user.username }));
    }
  };

  return (
    <>
      <Divider label={t('userDialogs.password')} labelPosition="left" />
      {user.oidc && (
        <Text size="sm" c="dimmed">
          {t('editUser.ssoHint')}
        </Text>
      )}
      <Group align="flex-start">
        <PasswordInput
          aria-label={t('editUser.newPassword')}
          placeholder={t('editUser.newPasswordPlaceholder')}
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
          {t('editUser.setPassword')}
        </Button>
      </Group>
    </>
  );
}

/**
 * Disable/enable (home users, never oneself) and removal (joined members): the footer's buttons
 * (`leading`) and the confirmation they open (`confirm`, rendered beside the dialog).
 */
function useStatusActions({
  user,
  self,
  editable,
  run,
  busy,
  onClose,
}: { user: UserAdminView; self: boolean; editable: boolean; onClose: () => void } & Commands) {
  const [disableUser] = useDisableUserMutation();
  const [enableUser] = useEnableUserMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [pending, setPending] = useState<Pending>(null);
  const { t } = useTranslation('admin');
  const home = !user.joined;

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
    const username = user.username;
    notifySuccess(
      done === 'remove'
        ? t('editUser.removed', { username })
        : done === 'disable'
          ? t('editUser.disabled', { username })
          : t('editUser.enabled', { username }),
    );
    onClose();
  };

  const actions = [
    { action: 'disable', shown: home && !self && !user.disabled, color: 'red', Icon: IconUserOff },
    { action: 'enable', shown: home && user.disabled, color: undefined, Icon: IconUserCheck },
    { action: 'remove', shown: user.joined, color: 'red', Icon: IconUserMinus },
  ] as const;
  const labels = {
    disable: t('editUser.disable'),
    enable: t('editUser.enable'),
    remove: t('editUser.remove'),
  };
  const leading = editable && (
    <Group gap="xs">
      {actions.map(
        ({ action, shown, color, Icon }) =>
          shown && (
            <Button
              key={action}
              variant="subtle"
              color={color}
              leftSection={<Icon size={16} />}
              onClick={() => setPending(action)}
            >
              {labels[action]}
            </Button>
          ),
      )}
    </Group>
  );

  const confirm = pending && (
    <ConfirmDialog
      title={
        pending === 'remove'
          ? t('editUser.confirmRemove.title')
          : pending === 'disable'
            ? t('editUser.confirmDisable.title')
            : t('editUser.confirmEnable.title')
      }
      confirmLabel={
        pending === 'remove'
          ? t('editUser.confirmRemove.confirm')
          : pending === 'disable'
            ? t('editUser.disable')
            : t('editUser.enable')
      }
      color={pending === 'enable' ? 'blue' : 'red'}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => void confirmPending()}
    >
      <Text size="sm">
        {pending === 'remove'
          ? t('editUser.confirmRemove.text', { username: user.username, tenant: user.homeTenant })
          : pending === 'disable'
            ? t('editUser.confirmDisable.text', { username: user.username })
            : t('editUser.confirmEnable.text', { username: user.username })}
      </Text>
    </ConfirmDialog>
  );
  return { leading, confirm };
}

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
  const { t } = useTranslation('admin');
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
  const { run, busy, error } = useCommandRun({ form, fields: ['displayName', 'roles'] });
  const status = useStatusActions({ user, self, editable, run, busy, onClose });
  const values = form.values;
  const nameChanged = home && values.displayName.trim() !== user.displayName;
  const rolesChanged = [...values.roles].sort().join() !== [...initial.roles].sort().join();

  const submit = async () => {
    if (form.validate().hasErrors || (!nameChanged && !rolesChanged)) return;
    const ok = await run(async (send) => {
      if (nameChanged) {
        const data = { id: user.id, displayName: values.displayName.trim() };
        await send('name', data, (idempotencyKey) => updateUser({ data, idempotencyKey }).unwrap());
      }
      if (rolesChanged) {
        const data = { user: user.id, roles: roleIds(values.roles) };
        await send('roles', data, (idempotencyKey) => changeRoles({ data, idempotencyKey }).unwrap());
      }
    });
    if (ok) {
      notifySuccess(t('editUser.saved', { username: user.username }));
      onClose();
    }
  };

  return (
    <>
      <FormDialog
        title={<UserTitle user={user} />}
        size="lg"
        onClose={onClose}
        onSubmit={() => void submit()}
        submitLabel={t('editUser.save')}
        editable={editable}
        busy={busy}
        canSubmit={nameChanged || rolesChanged}
        error={error}
        leading={status.leading || undefined}
      >
        <Stack>
          <TextInput
            label={t('users.columns.displayName')}
            description={home ? undefined : t('editUser.keptByHome', { tenant: user.homeTenant })}
            readOnly={!editable || !home}
            data-autofocus
            {...form.getInputProps('displayName')}
          />
          <RolesField roles={roles} readOnly={!editable} {...form.getInputProps('roles')} />
          {self && editable && (
            <Text size="xs" c="dimmed">
              {t('editUser.ownAccount')}
            </Text>
          )}
          {editable && home && <PasswordSection user={user} run={run} busy={busy} />}
        </Stack>
      </FormDialog>
      {status.confirm}
    </>
  );
}
