import type { TFunction } from 'i18next';
import type { WebhookDeliveryView } from '@fahrplan/contracts';

/** A delivery's state as the log names it. */
export const deliveryStatusLabels = (
  t: TFunction<'webhooks'>,
): Record<WebhookDeliveryView['status'], string> => ({
  delivered: t('log.statuses.delivered'),
  pending: t('log.statuses.pending'),
  failed: t('log.statuses.failed'),
});
