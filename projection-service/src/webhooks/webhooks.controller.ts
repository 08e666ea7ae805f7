import { Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { DomainError, can, notFound, notPermitted } from '@fahrplan/contracts';
import type { Page, WebhookDeliveryView, WebhookTestResult, WebhookView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { WEBHOOK_DELIVERER } from '../http/tokens';
import type { ReadDocument } from '../read-store/read-store';
import type { WebhookDeliverer } from './webhook-deliverer';
import { deliveryView, webhookStatusOf } from './webhooks.projection';
import type { WebhookDoc } from './webhooks.projection';

/** The latest deliveries each webhook of the list shows. */
const LATEST = 10;
const newestFirst = [['order', -1]] as const;

const webhookId = (id: string): number => {
  if (!/^\d{1,15}$/.test(id)) throw notFound('webhook');
  return Number(id);
};

/** Issue 23: the tenant's webhooks with their delivery logs, and the test ping. */
@ReadModelController()
export class WebhooksController extends ReadModelQueries {
  @Inject(WEBHOOK_DELIVERER) private readonly deliverer!: WebhookDeliverer | null;

  /** A page of the tenant's webhooks by id, each with its latest deliveries (never a secret). */
  @Get('webhooks')
  async webhooks(@Asked() { principal, query }: ReadRequest): Promise<Page<WebhookView>> {
    requireView(this.directory, principal, 'webhooks');
    const { tenant } = principal;
    const page = await pageOf(
      this.store,
      'webhooks',
      { tenant, deleted: false },
      [['id', 1]],
      pageRequest(query.limit, query.cursor),
    );
    const views = await Promise.all(
      page.docs.map(async (doc) => {
        const hook = doc as unknown as WebhookDoc & ReadDocument;
        const deliveries = await this.store.find(
          'webhookDeliveries',
          { tenant, webhook: hook.id },
          { sort: { order: -1 }, limit: LATEST },
        );
        return {
          id: hook.id,
          url: hook.url,
          events: hook.events,
          active: hook.active,
          status: webhookStatusOf(hook),
          paused: hook.paused,
          version: hook.version,
          deliveries: deliveries.map(deliveryView),
        };
      }),
    );
    return pageAnswer(views, page.nextCursor);
  }

  /** A page of one webhook's delivery log, newest first. */
  @Get('webhooks/:id/deliveries')
  async deliveries(
    @Asked() { principal, params: { id }, query }: ReadRequest<'id'>,
  ): Promise<Page<WebhookDeliveryView>> {
    requireView(this.directory, principal, 'webhooks');
    const { tenant } = principal;
    const webhook = webhookId(id);
    const doc = await this.store.get('webhooks', String(webhook));
    if (!doc || doc.tenant !== tenant || doc.deleted) throw notFound('webhook');
    const page = await pageOf(
      this.store,
      'webhookDeliveries',
      { tenant, webhook },
      newestFirst,
      pageRequest(query.limit, query.cursor),
    );
    return pageAnswer(page.docs.map(deliveryView), page.nextCursor);
  }

  /** Sends a `webhook.test` ping now and answers how it went (EDIT on webhooks). */
  @Post('webhooks/:id/test')
  @HttpCode(200)
  async test(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<WebhookTestResult> {
    const user = this.directory.user(principal.tenant, principal.username);
    if (!user || !can(user.permissions, 'webhooks', 'EDIT')) throw notPermitted();
    if (!this.deliverer)
      throw new DomainError(
        'forbidden',
        'webhooks are not configured on this service (FAHRPLAN_TRACKER_KEY)',
      );
    return this.deliverer.test(principal.tenant, webhookId(id));
  }
}
