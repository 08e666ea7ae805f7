import { useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryView, WebhookView } from '@fahrplan/contracts';
import { TableLoad } from '../common/AdminTable';
import { EmptyState } from '../common/EmptyState';
import { TableHeader } from '../common/TableHeader';
import { InfoDialog } from '../record-dialog/InfoDialog';
import { deliveryStatusLabels } from './deliveryStatus';
import { useGetWebhookDeliveriesQuery } from './webhooksApi';
import { ValueBadge } from '../common/ValueBadge';

const statusColor: Record<WebhookDeliveryView['status'], string> = {
  delivered: 'green',
  pending: 'yellow',
  failed: 'red',
};

const shown = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

/** Delivery rows: the event, its state, attempts, the last answer or error, latency and the next attempt. */
export function DeliveryRows({ deliveries }: { deliveries: readonly WebhookDeliveryView[] }) {
  const { t } = useTranslation('webhooks');
  const statuses = deliveryStatusLabels(t);
  return (
    <Table striped verticalSpacing="xs" aria-label={t('log.table')}>
      <TableHeader
        cells={[
          t('log.event'),
          t('log.status'),
          t('log.attempts'),
          t('log.answer'),
          t('log.latency'),
          t('log.next'),
        ]}
      />
      <Table.Tbody>
        {deliveries.map((delivery) => (
          <Table.Tr key={`${delivery.eventId}-${delivery.eventType}`} data-testid="webhook-delivery">
            <Table.Td>
              <Text size="sm">{delivery.eventType}</Text>
              <Text size="xs" c="dimmed">
                {delivery.aggregate} · {shown(delivery.lastAttemptAt)}
              </Text>
            </Table.Td>
            <Table.Td>
              <ValueBadge value={delivery.status} colours={statusColor} labels={statuses} tt="none" />
            </Table.Td>
            <Table.Td>{delivery.attempts}</Table.Td>
            <Table.Td>
              <Text size="sm">{delivery.statusCode ?? '–'}</Text>
              {delivery.lastError && (
                <Text size="xs" c="var(--mantine-color-error)" lineClamp={2} title={delivery.lastError}>
                  {delivery.lastError}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{delivery.latencyMs === null ? '–' : t('log.ms', { ms: delivery.latencyMs })}</Table.Td>
            <Table.Td>
              <Text size="sm">{shown(delivery.nextAttemptAt)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One page of the log: the first, or the one after `cursor`. */
function LogPage({ id, cursor, onMore }: { id: number; cursor?: string; onMore: (next: string) => void }) {
  const { t } = useTranslation('webhooks');
  const { data, isLoading, isError, error } = useGetWebhookDeliveriesQuery({
    id,
    ...(cursor ? { cursor } : {}),
  });
  const deliveries = data?.items ?? [];
  return (
    <TableLoad what={t('log.what')} isLoading={isLoading} isError={isError} error={error}>
      {deliveries.length === 0 && !cursor ? (
        <EmptyState icon={IconListDetails} text={t('log.empty')} />
      ) : (
        <DeliveryRows deliveries={deliveries} />
      )}
      {data?.nextCursor && (
        <Group justify="center">
          <Button variant="subtle" onClick={() => onMore(data.nextCursor!)}>
            {t('log.more')}
          </Button>
        </Group>
      )}
    </TableLoad>
  );
}

/** A webhook's whole delivery log, newest first, a page at a time. */
export function DeliveryLog({ webhook, onClose }: { webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <InfoDialog
      title={t('log.title', { url: webhook.url })}
      size="xl"
      onClose={onClose}
      closeLabel={t('log.close')}
    >
      <Stack>
        {cursors.map((cursor, index) => (
          <LogPage
            key={cursor ?? 'first'}
            id={webhook.id}
            {...(cursor ? { cursor } : {})}
            onMore={(next) => index === cursors.length - 1 && setCursors([...cursors, next])}
          />
        ))}
      </Stack>
    </InfoDialog>
  );
}
