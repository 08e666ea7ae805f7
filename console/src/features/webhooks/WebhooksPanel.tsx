import { useState } from 'react';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconListDetails, IconSend, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookStatus, WebhookView } from '@fahrplan/contracts';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { sendOnce } from '../api/commands';
import { RowAction, RecordsTable, RowActions, TableLoad } from '../common/AdminTable';
import { useCan } from '../auth/permissions';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { notifyError, notifySuccess } from '../common/notify';
import { DeliveryLog } from './DeliveryLog';
import { deliveryStatusLabels } from './deliveryStatus';
import { SecretOnce, WebhookDialog } from './WebhookDialog';
import {
  useDeleteWebhookMutation,
  useGetWebhooksQuery,
  useTestWebhookMutation,
  webhooksPollMs,
} from './webhooksApi';
import { ValueBadge } from '../common/ValueBadge';

const statusColor: Record<WebhookStatus, string> = { active: 'green', paused: 'red', inactive: 'gray' };

function TestButton({ webhook }: { webhook: WebhookView }) {
  const [test, { isLoading }] = useTestWebhookMutation();
  const { t } = useTranslation('webhooks');
  const send = async () => {
    try {
      const result = await test(webhook.id).unwrap();
      if (result.ok) notifySuccess(t('test.ok', { status: result.statusCode ?? '', ms: result.latencyMs }));
      else notifyError(t('test.failed', { error: result.error ?? '' }));
    } catch {
      notifyError(t('test.refused'));
    }
  };
  return (
    <RowAction
      tooltip={t('list.test')}
      label={t('list.testOf', { url: webhook.url })}
      icon={<IconSend size={16} />}
      loading={isLoading}
      onClick={() => void send()}
    />
  );
}

type Open =
  | { mode: 'edit'; webhook: WebhookView | null }
  | { mode: 'log' | 'delete'; webhook: WebhookView }
  | { mode: 'secret'; secret: string };

/**
 * Administration → Webhooks (issue 23): the tenant's signed webhooks with their state, a notice for
 * those paused after failing, and the latest delivery; with webhooks EDIT add, edit, test and delete.
 */
export function WebhooksPanel() {
  const canView = useCan('webhooks', 'VIEW');
  const editable = useCan('webhooks', 'EDIT');
  const { t } = useTranslation('webhooks');
  const { data, isLoading, isError, error } = useGetWebhooksQuery(undefined, {
    skip: !canView,
    pollingInterval: webhooksPollMs,
  });
  const [open, setOpen] = useState<Open | null>(null);
  const [remove] = useDeleteWebhookMutation();
  const close = () => setOpen(null);
  const webhooks = data?.items ?? [];
  const paused = webhooks.filter((webhook) => webhook.status === 'paused');
  const statuses: Record<WebhookStatus, string> = {
    active: t('status.active'),
    paused: t('status.paused'),
    inactive: t('status.inactive'),
  };

  if (!canView)
    return (
      <Alert color="gray" variant="light">
        {t('list.needsView')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <SectionHeader title={t('list.title')} level={2} intro={t('list.intro')}>
        {editable && (
          <NewButton label={t('list.new')} onClick={() => setOpen({ mode: 'edit', webhook: null })} />
        )}
      </SectionHeader>
      {paused.map((webhook) => (
        <Alert
          key={webhook.id}
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={t('notice.title', { url: webhook.url })}
          data-testid="webhook-paused-notice"
        >
          <Text size="sm">{t('notice.text', { reason: webhook.paused?.reason ?? '' })}</Text>
        </Alert>
      ))}
      <TableLoad what={t('list.what')} isLoading={isLoading} isError={isError} error={error}>
        <RecordsTable
          count={webhooks.length}
          empty={{ icon: IconWebhook, text: editable ? t('list.emptyEditable') : t('list.empty') }}
          label={t('list.table')}
          cells={[
            t('list.url'),
            t('list.events'),
            t('list.status'),
            t('list.last'),
            { label: t('list.actions'), w: 170, unlabelled: true },
          ]}
        >
          {webhooks.map((webhook) => {
            const last = webhook.deliveries[0];
            return (
              <Table.Tr key={webhook.id} data-testid={`webhook-${webhook.id}`}>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                    {webhook.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {webhook.events.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ValueBadge value={webhook.status} colours={statusColor} labels={statuses} tt="none" />
                </Table.Td>
                <Table.Td>
                  {last ? (
                    <Text size="sm">
                      {t('list.lastDelivery', {
                        type: last.eventType,
                        status: deliveryStatusLabels(t)[last.status],
                        code: last.statusCode ?? '–',
                      })}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('list.noDelivery')}
                    </Text>
                  )}
                </Table.Td>
                <RowActions
                  name={webhook.url}
                  editLabel={t('list.edit')}
                  showLabel={t('list.show')}
                  readOnly={!editable}
                  onEdit={() => setOpen({ mode: 'edit', webhook })}
                  onDelete={() => setOpen({ mode: 'delete', webhook })}
                  extra={
                    <>
                      <RowAction
                        tooltip={t('list.log')}
                        label={t('list.logOf', { url: webhook.url })}
                        icon={<IconListDetails size={16} />}
                        onClick={() => setOpen({ mode: 'log', webhook })}
                      />
                      {editable && webhook.status !== 'inactive' && <TestButton webhook={webhook} />}
                    </>
                  }
                />
              </Table.Tr>
            );
          })}
        </RecordsTable>
      </TableLoad>
      {open?.mode === 'edit' && (
        <WebhookDialog
          webhook={open.webhook}
          editable={editable}
          onClose={close}
          onCreated={(secret) => setOpen({ mode: 'secret', secret })}
        />
      )}
      {open?.mode === 'log' && <DeliveryLog webhook={open.webhook} onClose={close} />}
      {open?.mode === 'delete' && (
        <ConfirmRecordDelete
          title={t('list.deleteTitle')}
          confirmLabel={t('list.deleteConfirm')}
          remove={() => sendOnce(remove, { id: open.webhook.id, version: open.webhook.version })}
          deleted={t('list.deleted', { url: open.webhook.url })}
          onClose={close}
        >
          <Text size="sm">{t('list.deleteText', { url: open.webhook.url })}</Text>
        </ConfirmRecordDelete>
      )}
      {open?.mode === 'secret' && <SecretOnce secret={open.secret} onClose={close} />}
    </Stack>
  );
}
