import { useState } from 'react';
import { ActionIcon, Alert, Badge, Table, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconEye,
  IconListDetails,
  IconPencil,
  IconSend,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookStatus, WebhookView } from '@fahrplan/contracts';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { AdminPanel, RowActions, TableLoad } from '../common/AdminTable';
import { useCan } from '../auth/permissions';
import { EmptyState } from '../common/EmptyState';
import { TableHeader } from '../common/TableHeader';
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
    <Tooltip label={t('list.test')}>
      <ActionIcon
        aria-label={t('list.testOf', { url: webhook.url })}
        variant="subtle"
        loading={isLoading}
        onClick={() => void send()}
      >
        <IconSend size={16} />
      </ActionIcon>
    </Tooltip>
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

  return (
    <AdminPanel
      canView={canView}
      needsView={t('list.needsView')}
      title={t('list.title')}
      intro={t('list.intro')}
      newLabel={t('list.new')}
      {...(editable ? { onNew: () => setOpen({ mode: 'edit', webhook: null }) } : {})}
    >
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
        {webhooks.length === 0 ? (
          <EmptyState icon={IconWebhook} text={editable ? t('list.emptyEditable') : t('list.empty')} />
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('list.table')}>
            <TableHeader
              cells={[
                t('list.url'),
                t('list.events'),
                t('list.status'),
                t('list.last'),
                { label: t('list.actions'), w: 170, unlabelled: true },
              ]}
            />
            <Table.Tbody>
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
                      <Badge variant="light" color={statusColor[webhook.status]} tt="none">
                        {statuses[webhook.status]}
                      </Badge>
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
                      editLabel={editable ? t('list.edit') : t('list.show')}
                      editIcon={editable ? <IconPencil size={16} /> : <IconEye size={16} />}
                      onEdit={() => setOpen({ mode: 'edit', webhook })}
                      onDelete={editable ? () => setOpen({ mode: 'delete', webhook }) : undefined}
                      extra={
                        <>
                          <Tooltip label={t('list.log')}>
                            <ActionIcon
                              aria-label={t('list.logOf', { url: webhook.url })}
                              variant="subtle"
                              onClick={() => setOpen({ mode: 'log', webhook })}
                            >
                              <IconListDetails size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {editable && webhook.status !== 'inactive' && <TestButton webhook={webhook} />}
                        </>
                      }
                    />
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
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
          remove={(idempotencyKey) =>
            remove({ data: { id: open.webhook.id, version: open.webhook.version }, idempotencyKey }).unwrap()
          }
          deleted={t('list.deleted', { url: open.webhook.url })}
          onClose={close}
        >
          <Text size="sm">{t('list.deleteText', { url: open.webhook.url })}</Text>
        </ConfirmRecordDelete>
      )}
      {open?.mode === 'secret' && <SecretOnce secret={open.secret} onClose={close} />}
    </AdminPanel>
  );
}
