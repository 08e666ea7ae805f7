import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconEye,
  IconPencil,
  IconPlugConnected,
  IconPlugConnectedX,
  IconPlus,
  IconRefresh,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TrackerConnectionView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { ConfirmDialog } from '../record-dialog/FormDialog';
import { RowActions, TableLoad } from '../common/AdminTable';
import { useCan } from '../auth/permissions';
import { EmptyState } from '../common/EmptyState';
import { notifyError, notifySuccess } from '../common/notify';
import { authModeLabels, deploymentLabels } from './connectionForm';
import { ConnectionTestResult } from './ConnectionTestResult';
import { mirrorHealth, shownTime } from './mirrorStatus';
import { useDeleteTrackerConnectionMutation, useGetTrackerConnectionsQuery } from './trackerApi';
import { TrackerConnectionDialog } from './TrackerConnectionDialog';
import { useConnectionTest } from './useConnectionTest';
import { useJiraEnabled, useNow, useSyncNow } from './useTracker';

function MirrorCell({ connection, now }: { connection: TrackerConnectionView; now: number }) {
  const health = mirrorHealth(connection.sync, now);
  const attempt = connection.sync.lastAttemptAt && `last attempt ${shownTime(connection.sync.lastAttemptAt)}`;
  if (health.kind === 'failing')
    return (
      <Stack gap={0} data-testid="mirror-status">
        <Text size="sm" c="red.7" fw={500}>
          {health.text}
        </Text>
        <Text size="xs" c="red.7" lineClamp={2} title={health.message}>
          {health.message}
        </Text>
      </Stack>
    );
  return (
    <Text
      size="sm"
      c={health.kind === 'fresh' ? undefined : 'dimmed'}
      title={attempt || undefined}
      data-testid="mirror-status"
    >
      {health.text}
    </Text>
  );
}

/** 'Test' of a saved connection with its stored secret, shown in a small dialog of its own. */
function TestDialog({ connection, onClose }: { connection: TrackerConnectionView; onClose: () => void }) {
  const test = useConnectionTest();
  const { run } = test;
  // once per dialog: the connection as shown when it opened is the one tested
  const [tested] = useState(connection);
  useEffect(() => {
    const { id, baseUrl, deployment, authMode, email } = tested;
    void run({ id, baseUrl, deployment, authMode, email });
  }, [run, tested]);
  return (
    <Modal opened onClose={onClose} title={`Test of ${connection.name}`} size="md">
      <Stack>
        <Text size="sm" c="dimmed">
          {connection.baseUrl} · {deploymentLabels[connection.deployment]} ·{' '}
          {authModeLabels[connection.authMode]}
        </Text>
        <ConnectionTestResult state={test.state} elapsed={test.elapsed} onCancel={onClose} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SyncButton({ connection }: { connection: TrackerConnectionView }) {
  const { start, syncing, ready } = useSyncNow(connection.id);
  return (
    <Tooltip label={syncing ? 'Syncing…' : 'Sync now'}>
      <ActionIcon
        aria-label={`Sync ${connection.name} now`}
        variant="subtle"
        loading={syncing}
        disabled={!ready}
        onClick={() => void start()}
      >
        <IconRefresh size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function DeleteConfirm({ connection, onClose }: { connection: TrackerConnectionView; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteTrackerConnectionMutation();
  const confirm = async () => {
    try {
      await remove({
        data: { id: connection.id, version: connection.version },
        idempotencyKey: crypto.randomUUID(),
      }).unwrap();
      notifySuccess(`tracker connection ${connection.name} deleted`);
    } catch (failure) {
      notifyError(describeError(failure));
    }
    onClose();
  };
  return (
    <ConfirmDialog
      title="Delete tracker connection?"
      confirmLabel="Delete connection"
      busy={isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Text size="sm">
        {connection.name} ({connection.baseUrl}) is no longer mirrored: its repositories, issues and releases
        leave the console. Projects and items keep their links; its stored secret is gone with it.
      </Text>
    </ConfirmDialog>
  );
}

function FeatureOff() {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconPlugConnectedX />}
      title="The issue-tracker integration is off"
    >
      <Text size="sm">
        Connections to Jira are available once the tenant&apos;s <b>Jira</b> feature is on. Switch it on under{' '}
        <Anchor component={Link} to="/admin/tenant">
          Tenant → Feature flags
        </Anchor>
        ; then the project and item dialogs link repositories and issues, and the timeline shows releases.
      </Text>
    </Alert>
  );
}

type Open =
  | { mode: 'edit'; connection: TrackerConnectionView | null }
  | { mode: 'test' | 'delete'; connection: TrackerConnectionView };

/**
 * Administration → Issue tracker: the tenant's tracker connections with their mirror state; with admin
 * EDIT add, edit, test and delete them, with group-details EDIT sync them. Without the jira feature: how
 * to switch it on.
 */
export function TrackerConnectionsPanel({ editable }: { editable: boolean }) {
  const jira = useJiraEnabled();
  const { data, isLoading, isError, error } = useGetTrackerConnectionsQuery(undefined, { skip: !jira });
  const [open, setOpen] = useState<Open | null>(null);
  const now = useNow();
  // a sync changes what projects show: SyncTrackerConnection needs group-details EDIT, not admin EDIT
  const canSync = useCan('group-details', 'EDIT');
  const close = () => setOpen(null);
  const connections = data ?? [];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Title order={3}>Issue tracker</Title>
          <Text size="sm" c="dimmed">
            Jira sites the tenant mirrors: repositories, boards, releases and linked issues
          </Text>
        </div>
        {jira && editable && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpen({ mode: 'edit', connection: null })}
          >
            New connection
          </Button>
        )}
      </Group>
      {!jira ? (
        <FeatureOff />
      ) : (
        <TableLoad what="Tracker connections" isLoading={isLoading} isError={isError} error={error}>
          {connections.length === 0 ? (
            <EmptyState
              icon={IconPlugConnected}
              text={
                editable
                  ? 'No tracker connection yet: add one with “New connection”.'
                  : 'No tracker connection yet.'
              }
            />
          ) : (
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="tracker connections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Base URL</Table.Th>
                  <Table.Th>Deployment</Table.Th>
                  <Table.Th>Authentication</Table.Th>
                  <Table.Th>Mirror</Table.Th>
                  <Table.Th w={150} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {connections.map((connection) => (
                  <Table.Tr key={connection.id} data-testid={`tracker-connection-${connection.id}`}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {connection.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={connection.baseUrl} target="_blank" rel="noopener noreferrer" size="sm">
                        {connection.baseUrl}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        variant="light"
                        color={connection.deployment === 'cloud' ? 'blue' : 'grape'}
                        tt="none"
                        style={{ overflow: 'visible' }}
                      >
                        {deploymentLabels[connection.deployment]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{authModeLabels[connection.authMode]}</Text>
                      {connection.email && (
                        <Text size="xs" c="dimmed">
                          {connection.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <MirrorCell connection={connection} now={now} />
                    </Table.Td>
                    <RowActions
                      name={connection.name}
                      editLabel={editable ? 'Edit' : 'Show'}
                      editIcon={editable ? <IconPencil size={16} /> : <IconEye size={16} />}
                      onEdit={() => setOpen({ mode: 'edit', connection })}
                      onDelete={editable ? () => setOpen({ mode: 'delete', connection }) : undefined}
                      extra={
                        <>
                          {canSync && <SyncButton connection={connection} />}
                          {editable && (
                            <Tooltip label="Test">
                              <ActionIcon
                                aria-label={`Test ${connection.name}`}
                                variant="subtle"
                                onClick={() => setOpen({ mode: 'test', connection })}
                              >
                                <IconPlugConnected size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </>
                      }
                    />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </TableLoad>
      )}
      {open?.mode === 'edit' && (
        <TrackerConnectionDialog connection={open.connection} editable={editable} onClose={close} />
      )}
      {open?.mode === 'test' && <TestDialog connection={open.connection} onClose={close} />}
      {open?.mode === 'delete' && <DeleteConfirm connection={open.connection} onClose={close} />}
    </Stack>
  );
}
