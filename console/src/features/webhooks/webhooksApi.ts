import type {
  CommandInput,
  Page,
  WebhookDeliveryView,
  WebhookTestResult,
  WebhookView,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';

export type SaveWebhookInput = CommandInput<'SaveWebhook'>;

/** How often the list asks again while it is shown: deliveries and pauses happen beside any command. */
export const webhooksPollMs = 5000;

/** Issue 23: the tenant's webhooks with their latest deliveries, a webhook's log, the commands and the test ping. */
export const webhooksApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getWebhooks: builder.query<Page<WebhookView>, void>({
      query: () => ({ url: '/webhooks', params: { limit: 1000 } }),
      providesTags: ['Webhook'],
    }),
    getWebhookDeliveries: builder.query<Page<WebhookDeliveryView>, { id: number; cursor?: string }>({
      query: ({ id, cursor }) => ({
        url: `/webhooks/${id}/deliveries`,
        params: { limit: 50, ...(cursor ? { cursor } : {}) },
      }),
      providesTags: ['Webhook'],
    }),
    saveWebhook: builder.mutation(commandEndpoint('SaveWebhook', () => ['Webhook'])),
    deleteWebhook: builder.mutation(commandEndpoint('DeleteWebhook', () => ['Webhook'])),
    testWebhook: builder.mutation<WebhookTestResult, number>({
      query: (id) => ({ url: `/webhooks/${id}/test`, method: 'POST' }),
      invalidatesTags: ['Webhook'],
    }),
  }),
});

export const {
  useGetWebhooksQuery,
  useGetWebhookDeliveriesQuery,
  useSaveWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
} = webhooksApi;
