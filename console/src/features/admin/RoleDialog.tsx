import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { actions, resources, saveRoleSchema } from '@fahrplan/contracts';
import type { Permissions, RoleView } from '@fahrplan/contracts';
import { sameValues } from '../common/formChanges';
import { notifySuccess } from '../common/notify';
import { zodCommand } from '../common/zodValidate';
import { ConfirmDialog, FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { useDeleteRoleMutation, useSaveRoleMutation } from './adminApi';
import {
  actionLabels,
  allOrNone,
  grantCount,
  normalizePermissions,
  resourceLabels,
  withPermission,
  withResource,
} from './permissionMatrix';

/** Resources × VIEW/CREATE/EDIT as checkboxes, with a row shortcut and all/none above. */
export function PermissionMatrix({
  value,
  onChange,
  readOnly,
}: {
  value: Permissions;
  onChange: (next: Permissions) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('admin');
  const resourceNames = resourceLabels(t);
  const actionNames = actionLabels(t);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {t('roles.columns.permissions')}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="compact-xs" variant="light" onClick={() => onChange(allOrNone(true))}>
              {t('roleDialog.all')}
            </Button>
            <Button size="compact-xs" variant="light" color="gray" onClick={() => onChange(allOrNone(false))}>
              {t('roleDialog.none')}
            </Button>
          </Group>
        )}
      </Group>
      <Table withTableBorder verticalSpacing={6} aria-label={t('roleDialog.matrix')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('roleDialog.resource')}</Table.Th>
            {actions.map((action) => (
              <Table.Th key={action} ta="center">
                {actionNames[action]}
              </Table.Th>
            ))}
            <Table.Th ta="center">{t('roleDialog.row')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resources.map((resource) => {
            const granted = value[resource] ?? [];
            const { label, description } = resourceNames[resource];
            return (
              <Table.Tr key={resource}>
                <Table.Td>
                  <Text size="sm">{label}</Text>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </Table.Td>
                {actions.map((action) => (
                  <Table.Td key={action}>
                    <Group justify="center">
                      <Checkbox
                        aria-label={t('roleDialog.cell', { resource: label, action: actionNames[action] })}
                        checked={granted.includes(action)}
                        disabled={readOnly}
                        onChange={(e) =>
                          onChange(withPermission(value, resource, action, e.currentTarget.checked))
                        }
                      />
                    </Group>
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group justify="center">
                    <Checkbox
                      aria-label={t('roleDialog.wholeRow', { resource: label })}
                      checked={granted.length === actions.length}
                      indeterminate={granted.length > 0 && granted.length < actions.length}
                      disabled={readOnly}
                      onChange={(e) => onChange(withResource(value, resource, e.currentTarget.checked))}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

interface RoleValues {
  name: string;
  permissions: Permissions;
}

/** A new role (no `role`) or an existing one; deleting a role some member holds answers 409. */
export function RoleDialog({
  role,
  editable,
  onClose,
}: {
  role: RoleView | null;
  editable: boolean;
  onClose: () => void;
}) {
  const [saveRole] = useSaveRoleMutation();
  const [deleteRole] = useDeleteRoleMutation();
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation('admin');
  const { validate, parse } = zodCommand(saveRoleSchema, (v: RoleValues) => ({
    ...(role ? { id: role.id } : {}),
    name: v.name,
    permissions: normalizePermissions(v.permissions),
  }));
  const { form, run, busy, dialogProps } = useFormCommand({
    form: {
      initialValues: { name: role?.name ?? '', permissions: normalizePermissions(role?.permissions ?? {}) },
      validate,
    },
    step: 'save',
    parse,
    command: saveRole,
    notice: (data) => t('roleDialog.saved', { name: data.name }),
    onClose,
  });
  const changed =
    !role ||
    form.values.name.trim() !== role.name ||
    !sameValues(normalizePermissions(form.values.permissions), normalizePermissions(role.permissions));

  const remove = async () => {
    if (!role) return;
    const data = { id: role.id };
    const ok = await run(async (send) => {
      await send('delete', data, (idempotencyKey) => deleteRole({ data, idempotencyKey }).unwrap());
    });
    setConfirming(false);
    if (ok) {
      notifySuccess(t('roleDialog.deleted', { name: role.name }));
      onClose();
    }
  };

  const inUse = (role?.members ?? 0) > 0;
  const leading =
    editable && role ? (
      // a role in use cannot go (the server answers 409 too); the member count is the directory's
      <Tooltip label={t('roleDialog.heldBy', { count: role.members })} disabled={!inUse}>
        <span>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={inUse}
            onClick={() => setConfirming(true)}
          >
            {t('roleDialog.delete')}
          </Button>
        </span>
      </Tooltip>
    ) : undefined;

  return (
    <>
      <FormDialog
        title={role ? t('roleDialog.title', { name: role.name }) : t('roles.new')}
        size="xl"
        submitLabel={role ? t('roleDialog.save') : t('roleDialog.create')}
        editable={editable}
        canSubmit={changed}
        leading={leading}
        {...dialogProps}
      >
        <Stack>
          <TextInput
            label={t('roleDialog.name')}
            required
            readOnly={!editable}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <PermissionMatrix
            value={form.values.permissions}
            onChange={(next) => form.setFieldValue('permissions', next)}
            readOnly={!editable}
          />
          {grantCount(form.values.permissions) === 0 && (
            <Text size="sm" c="dimmed">
              {t('roleDialog.grantsNothing')}
            </Text>
          )}
          {typeof form.errors.permissions === 'string' && (
            <Text size="sm" c="red">
              {form.errors.permissions}
            </Text>
          )}
        </Stack>
      </FormDialog>
      {confirming && role && (
        <ConfirmDialog
          title={t('roleDialog.deleteTitle')}
          confirmLabel={t('roleDialog.deleteConfirm')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          <Text size="sm">
            {inUse
              ? t('roleDialog.deleteInUse', { name: role.name, count: role.members })
              : t('roleDialog.deleteGone', { name: role.name })}
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
