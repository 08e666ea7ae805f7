import type { TFunction } from 'i18next';
import { eventCatalogue, publishedCategories, webhookUrlSchema } from '@fahrplan/contracts';
import type { WebhookView } from '@fahrplan/contracts';
import type { SaveWebhookInput } from './webhooksApi';

export interface WebhookFormValues {
  url: string;
  events: string[];
  active: boolean;
}

export const toWebhookFormValues = (webhook: WebhookView | null): WebhookFormValues => ({
  url: webhook?.url ?? 'https://',
  events: [...(webhook?.events ?? [])],
  active: webhook?.active ?? true,
});

export const toSaveWebhook = (values: WebhookFormValues, webhook: WebhookView | null): SaveWebhookInput => ({
  ...(webhook ? { id: webhook.id, version: webhook.version } : {}),
  url: values.url.trim(),
  events: values.events,
  active: values.active,
});

/** The event picker's choices: whole categories first, then single event types, as the catalogue names them. */
export const eventChoices = (t: TFunction<'webhooks'>) => [
  {
    group: t('dialog.categories'),
    items: publishedCategories.map((category) => ({ value: category, label: category })),
  },
  {
    group: t('dialog.eventTypes'),
    items: Object.keys(eventCatalogue).map((type) => ({ value: type, label: type })),
  },
];

/** The form's rules, from the command's own schema (STYLE 13). */
export const webhookFormValidator = (t: TFunction<'webhooks'>) => ({
  url: (url: string) => (webhookUrlSchema.safeParse(url).success ? null : t('dialog.urlInvalid')),
  events: (events: string[]) => (events.length > 0 ? null : t('dialog.eventsRequired')),
});
