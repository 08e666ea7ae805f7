import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { actions, resources, saveRoleSchema } from '@fahrplan/contracts';
import type { Permissions, RoleView } from '@fahrplan/contracts';
import { sameValues } from '../common/formChanges';
import { notifySuccess } from '../common/notify';
import { zodValidate } from '../common/zodValidate';
import { ConfirmDialog, FormDialog, useCommandRun } from '../record-dialog/FormDialog';
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
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          Permissions
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="compact-xs" variant="light" onClick={() => onChange(allOrNone(true))}>
              All
            </Button>
            <Button size="compact-xs" variant="light" color="gray" onClick={() => onChange(allOrNone(false))}>
              None
            </Button>
          </Group>
        )}
      </Group>
      <Table withTableBorder verticalSpacing={6} aria-label="permission matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Resource</Table.Th>
            {actions.map((action) => (
              <Table.Th key={action} ta="center">
                {actionLabels[action]}
              </Table.Th>
            ))}
            <Table.Th ta="center">Row</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resources.map((resource) => {
            const granted = value[resource] ?? [];
            const { label, description } = resourceLabels[resource];
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
                        aria-label={`${label}: ${actionLabels[action]}`}
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
                      aria-label={`${label}: all`}
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
  const toInput = (v: RoleValues) => ({
    ...(role ? { id: role.id } : {}),
    name: v.name,
    permissions: normalizePermissions(v.permissions),
  });
  const form = useForm<RoleValues>({
    initialValues: { name: role?.name ?? '', permissions: normalizePermissions(role?.permissions ?? {}) },
    validate: zodValidate(saveRoleSchema, toInput),
  });
  const { run, busy, error } = useCommandRun({ form, fields: ['name', 'permissions'] });
  const changed =
    !role ||
    form.values.name.trim() !== role.name ||
    !sameValues(normalizePermissions(form.values.permissions), normalizePermissions(role.permissions));

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const data = saveRoleSchema.parse(toInput(form.getValues()));
    const ok = await run(async (send) => {
      await send('save', data, (idempotencyKey) => saveRole({ data, idempotencyKey }).unwrap());
    });
    if (ok) {
      notifySuccess(`role ${data.name} saved`);
      onClose();
    }
  };

  const remove = async () => {
    if (!role) return;
    const data = { id: role.id };
    const ok = await run(async (send) => {
      await send('delete', data, (idempotencyKey) => deleteRole({ data, idempotencyKey }).unwrap());
    });
    setConfirming(false);
    if (ok) {
      notifySuccess(`role ${role.name} deleted`);
      onClose();
    }
  };

  const inUse = (role?.members ?? 0) > 0;
  const leading =
    editable && role ? (
      // a role in use cannot go (the server answers 409 too); the member count is the directory's
      <Tooltip label={`held by ${role.members} member(s): take it from them first`} disabled={!inUse}>
        <span>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={inUse}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </span>
      </Tooltip>
    ) : undefined;

  return (
    <>
      <FormDialog
        title={role ? `Role ${role.name}` : 'New role'}
        size="xl"
        onClose={onClose}
        onSubmit={() => void submit()}
        submitLabel={role ? 'Save' : 'Create role'}
        editable={editable}
        busy={busy}
        canSubmit={changed}
        error={error}
        leading={leading}
      >
        <Stack>
          <TextInput
            label="Name"
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
              A role without permissions grants nothing.
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
          title="Delete role?"
          confirmLabel="Delete role"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          <Text size="sm">
            {inUse
              ? `${role.name} is held by ${role.members} member(s); the server refuses to delete a role in use.`
              : `${role.name} will be gone; its history stays in the event log.`}
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
