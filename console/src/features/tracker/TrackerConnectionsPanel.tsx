import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TrackerConnectionView } from '@fahrplan/contracts';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { sendOnce } from '../api/commands';
import { RowAction, RecordsTable, RowActions, TableLoad } from '../common/AdminTable';
import { useCan } from '../auth/permissions';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { InfoDialog } from '../record-dialog/InfoDialog';
import { authModeLabels, deploymentLabels } from './connectionForm';
import { ConnectionTestResult } from './ConnectionTestResult';
import { mirrorHealth, shownTime } from './mirrorStatus';
import { useDeleteTrackerConnectionMutation, useGetTrackerConnectionsQuery } from './trackerApi';
import { TrackerConnectionDialog } from './TrackerConnectionDialog';
import { useConnectionTest } from './useConnectionTest';
import { useJiraEnabled, useNow, useSyncNow } from './useTracker';

function MirrorCell({ connection, now }: { connection: TrackerConnectionView; now: number }) {
  const { t } = useTranslation('tracker');
  const health = mirrorHealth(connection.sync, now, t);
  const attempt =
    connection.sync.lastAttemptAt &&
    t('mirror.lastAttempt', { at: shownTime(connection.sync.lastAttemptAt) });
  if (health.kind === 'failing')
    return (
      <Stack gap={0} data-testid="mirror-status">
        <Text size="sm" c="var(--mantine-color-error)" fw={500}>
          {health.text}
        </Text>
        <Text size="xs" c="var(--mantine-color-error)" lineClamp={2} title={health.message}>
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
  const { t } = useTranslation('tracker');
  useEffect(() => {
    const { id, baseUrl, deployment, authMode, email } = tested;
    void run({ id, baseUrl, deployment, authMode, email });
  }, [run, tested]);
  return (
    <InfoDialog
      title={t('testDialog.title', { name: connection.name })}
      onClose={onClose}
      closeLabel={t('testDialog.close')}
    >
      <Text size="sm" c="dimmed">
        {t('testDialog.what', {
          url: connection.baseUrl,
          deployment: deploymentLabels(t)[connection.deployment],
          authentication: authModeLabels(t)[connection.authMode],
        })}
      </Text>
      <ConnectionTestResult state={test.state} elapsed={test.elapsed} onCancel={onClose} />
    </InfoDialog>
  );
}

function SyncButton({ connection }: { connection: TrackerConnectionView }) {
  const { start, syncing, ready } = useSyncNow(connection.id);
  const { t } = useTranslation('tracker');
  return (
    <RowAction
      tooltip={syncing ? t('sync.syncingTooltip') : t('sync.now')}
      label={t('sync.nowOf', { name: connection.name })}
      icon={<IconRefresh size={16} />}
      loading={syncing}
      disabled={!ready}
      onClick={() => void start()}
    />
  );
}

function DeleteConfirm({ connection, onClose }: { connection: TrackerConnectionView; onClose: () => void }) {
  const [remove] = useDeleteTrackerConnectionMutation();
  const { t } = useTranslation('tracker');
  const data = { id: connection.id, version: connection.version };
  return (
    <ConfirmRecordDelete
      title={t('connections.deleteTitle')}
      confirmLabel={t('connections.deleteConfirm')}
      remove={() => sendOnce(remove, data)}
      deleted={t('connections.deleted', { name: connection.name })}
      onClose={onClose}
    >
      <Text size="sm">{t('connections.deleteText', { name: connection.name, url: connection.baseUrl })}</Text>
    </ConfirmRecordDelete>
  );
}

function FeatureOff() {
  const { t } = useTranslation('tracker');
  return (
    <Alert color="gray" variant="light" icon={<IconPlugConnectedX />} title={t('featureOff.title')}>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="featureOff.text"
          components={{ b: <b />, settings: <Anchor component={Link} to="/admin/tenant" /> }}
        />
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
  const { t } = useTranslation('tracker');
  const deployments = deploymentLabels(t);
  const authModes = authModeLabels(t);
  const close = () => setOpen(null);
  const connections = data ?? [];

  return (
    <Stack gap="sm">
      <SectionHeader title={t('connections.title')} level={2} intro={t('connections.intro')}>
        {jira && editable && (
          <NewButton
            label={t('connections.new')}
            onClick={() => setOpen({ mode: 'edit', connection: null })}
          />
        )}
      </SectionHeader>
      {!jira ? (
        <FeatureOff />
      ) : (
        <TableLoad what={t('connections.what')} isLoading={isLoading} isError={isError} error={error}>
          <RecordsTable
            count={connections.length}
            empty={{
              icon: IconPlugConnected,
              text: editable ? t('connections.emptyEditable') : t('connections.empty'),
            }}
            label={t('connections.table')}
            cells={[
              t('dialog.name'),
              t('dialog.baseUrl'),
              t('dialog.deployment'),
              t('dialog.authentication'),
              t('connections.mirror'),
              { label: t('connections.actions'), w: 150, unlabelled: true },
            ]}
          >
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
                    {deployments[connection.deployment]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{authModes[connection.authMode]}</Text>
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
                  editLabel={t('connections.edit')}
                  showLabel={t('connections.show')}
                  readOnly={!editable}
                  onEdit={() => setOpen({ mode: 'edit', connection })}
                  onDelete={() => setOpen({ mode: 'delete', connection })}
                  extra={
                    <>
                      {canSync && <SyncButton connection={connection} />}
                      {editable && (
                        <RowAction
                          tooltip={t('connections.test')}
                          label={t('connections.testOf', { name: connection.name })}
                          icon={<IconPlugConnected size={16} />}
                          onClick={() => setOpen({ mode: 'test', connection })}
                        />
                      )}
                    </>
                  }
                />
              </Table.Tr>
            ))}
          </RecordsTable>
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
