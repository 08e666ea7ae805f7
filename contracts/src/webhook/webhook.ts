import { z } from 'zod';
import { deciderOf, evolverOf, unknownCommand } from '../decider';
import { existsAlready, invalidField, validationError } from '../errors';
import type { DecisionContext, DomainEvent } from '../events';
import { eventCatalogue, publishedCategories } from '../event-catalogue';
import { say } from '../rules/messages';
import { requireVersionWhenUpdating } from '../rules/save-command';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';
import type { SealedSecret } from '../tracker/connection';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** The type of the ping `POST /api/webhooks/<id>/test` sends: never an event of the log. */
export const webhookTestEventType = 'webhook.test';

/** What a webhook may subscribe to: an event type of the public catalogue or a whole category of them. */
export const webhookEventChoices: readonly string[] = [
  ...publishedCategories,
  ...Object.keys(eventCatalogue),
];

/**
 * A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. The bytes after
 * the prefix are the HMAC key.
 */
export const webhookSecretPattern = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/**
 * A webhook's address as typed: http or https, without credentials or fragment. Whether http is
 * allowed and whether the host is a public one is the handler's check (the deployment's allowed
 * private hosts, a DNS lookup), again at every delivery.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .transform((text, ctx) => {
    let url: URL | null = null;
    try {
      url = new URL(text);
    } catch {
      // refused below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.hostname === '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: 'an https:// address' });
      return z.NEVER;
    }
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'put no user name or password in the address' });
      return z.NEVER;
    }
    return url.href;
  });

/**
 * SaveWebhook: create without `id` (a secret is generated unless given, and answered once), change one
 * with `id` and the `version` the user saw (without `secret` the stored one is kept). `active: true`
 * on a paused webhook resumes its deliveries where they stopped.
 */
export const saveWebhookSchema = z
  .strictObject({
    id: id.optional(),
    version: version.optional(),
    url: webhookUrlSchema,
    events: z
      .array(
        z.string().refine((choice) => webhookEventChoices.includes(choice), {
          message: 'an event type or category of the published catalogue',
        }),
      )
      .min(1)
      .max(100)
      .transform((events) => [...new Set(events)]),
    secret: z.string().regex(webhookSecretPattern, 'whsec_ and base64 of 24 to 64 bytes').optional(),
    active: z.boolean(),
  })
  .superRefine(requireVersionWhenUpdating);
export type SaveWebhookData = z.output<typeof saveWebhookSchema>;

export const deleteWebhookSchema = z.strictObject({ id, version });
export type DeleteWebhookData = z.infer<typeof deleteWebhookSchema>;

/** Why the deliverer paused a webhook: the delivery it gave up on and its last error. */
export interface WebhookPauseReason {
  readonly reason: string;
  readonly failures: number;
}

/** What a webhook's events say of it: never its secret in clear. */
export interface WebhookSettings {
  readonly url: string;
  readonly events: readonly string[];
  readonly active: boolean;
}

export type WebhookCommand =
  | {
      readonly type: 'SaveWebhook';
      /** The command without its plain secret: the handler seals it into the context first. */
      readonly data: Omit<SaveWebhookData, 'secret'>;
    }
  | { readonly type: 'DeleteWebhook'; readonly data: DeleteWebhookData }
  /** The deliverer's, never a client's: a webhook that keeps failing stops being called. */
  | { readonly type: 'PauseWebhook'; readonly data: { readonly id: number } & WebhookPauseReason };

export type WebhookSaved = DomainEvent<
  'WebhookSaved',
  WebhookSettings & {
    readonly id: number;
    /** Present on creation and when the secret was replaced: sealed, never in clear. */
    readonly secret?: SealedSecret;
  }
>;
export type WebhookPaused = DomainEvent<'WebhookPaused', { readonly id: number } & WebhookPauseReason>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', { readonly id: number }>;
export type WebhookEvent = WebhookSaved | WebhookPaused | WebhookDeleted;

export const webhookEventTypes = [
  'WebhookSaved',
  'WebhookPaused',
  'WebhookDeleted',
] as const satisfies readonly WebhookEvent['type'][];

export type WebhookState = RecordState<
  WebhookSettings & {
    readonly secret: SealedSecret;
    /** Set by WebhookPaused, cleared by a save that activates the webhook. */
    readonly paused: WebhookPauseReason | null;
  }
>;

export const initialWebhookState: WebhookState = { status: 'absent' };

export const evolveWebhook = evolverOf<WebhookState, WebhookEvent>({
  WebhookSaved: (state, { id: webhookId, secret, url, events, active }) =>
    state.status === 'absent'
      ? { status: 'active', id: webhookId, url, events, active, secret: secret!, paused: null, version: 0 }
      : revised(state, (recorded) => ({
          url,
          events,
          active,
          secret: secret ?? recorded.secret,
          paused: active ? null : recorded.paused,
        })),
  WebhookPaused: (state, { reason, failures }) => revised(state, () => ({ paused: { reason, failures } })),
  WebhookDeleted: markDeleted,
});

export interface WebhookContext extends DecisionContext {
  /** The id allocated for a new webhook. */
  readonly newId: number;
  /** The command's secret (given or generated), sealed by the handler; null to keep the stored one. */
  readonly sealedSecret: SealedSecret | null;
  /** Why the address may not be called (a private host, http to a public one), or null when it may. */
  readonly urlRefused: string | null;
}

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((event) => b.includes(event));

export const decideWebhook = (
  command: WebhookCommand,
  state: WebhookState,
  context: WebhookContext,
): WebhookEvent[] => {
  switch (command.type) {
    case 'SaveWebhook': {
      const { id: requestedId, version: seen, url, events, active } = command.data;
      if (context.urlRefused !== null)
        throw invalidField(
          'url',
          context.urlRefused,
          `the webhook address is refused: ${context.urlRefused}`,
        );
      if (requestedId === undefined) {
        if (state.status !== 'absent') throw existsAlready('webhook');
        if (context.sealedSecret === null)
          throw invalidField('secret', say('required'), 'a secret is needed');
        return [
          {
            type: 'WebhookSaved',
            data: { id: context.newId, url, events, active, secret: context.sealedSecret },
          },
        ];
      }
      assertLiveAt(state, seen, 'webhook');
      const resumes = active && state.paused !== null;
      if (
        url === state.url &&
        sameEvents(events, state.events) &&
        active === state.active &&
        !resumes &&
        context.sealedSecret === null
      )
        return [];
      return [
        {
          type: 'WebhookSaved',
          data: {
            id: state.id,
            url,
            events,
            active,
            ...(context.sealedSecret ? { secret: context.sealedSecret } : {}),
          },
        },
      ];
    }
    case 'PauseWebhook': {
      // a webhook deleted, switched off or paused meanwhile needs no pause
      if (state.status !== 'active' || !state.active || state.paused !== null) return [];
      const { reason, failures } = command.data;
      if (reason.length === 0) throw validationError('a pause names its reason');
      return [{ type: 'WebhookPaused', data: { id: state.id, reason: reason.slice(0, 500), failures } }];
    }
    case 'DeleteWebhook': {
      assertLiveAt(state, command.data.version, 'webhook');
      return [{ type: 'WebhookDeleted', data: { id: state.id } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const webhookDecider = deciderOf(decideWebhook, evolveWebhook, initialWebhookState);

/** Whether a webhook subscribed with `events` receives an event of `type` in `category`. */
export const webhookWants = (events: readonly string[], type: string, category: string): boolean =>
  events.includes(type) || events.includes(category);

/** A webhook's state as the list shows it: delivering, paused by failures, or switched off. */
export const webhookStatuses = ['active', 'paused', 'inactive'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/** One delivery of an event to a webhook (or a test ping), as the delivery log shows it. */
export interface WebhookDeliveryView {
  readonly eventId: string;
  readonly eventType: string;
  readonly aggregate: string;
  readonly position: number;
  /** pending: waiting for its next attempt (or for an earlier event of its aggregate); delivered; failed: a test that failed. */
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly statusCode: number | null;
  readonly lastError: string | null;
  readonly latencyMs: number | null;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
}

export interface WebhookView {
  readonly id: number;
  readonly url: string;
  readonly events: readonly string[];
  readonly active: boolean;
  readonly status: WebhookStatus;
  /** Why the deliverer paused it; null unless paused. */
  readonly paused: WebhookPauseReason | null;
  readonly version: number;
  /** The latest deliveries, newest first; more from `GET /api/webhooks/<id>/deliveries`. */
  readonly deliveries: readonly WebhookDeliveryView[];
}

/** What `POST /api/webhooks/<id>/test` answers. */
export interface WebhookTestResult {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly latencyMs: number;
}
