import { describe, expect, it } from '@jest/globals';
import { aContext, deciderSpec } from '../testing/decider-spec';
import { saveWebhookSchema, webhookDecider, webhookWants } from './webhook';
import type { WebhookCommand, WebhookContext, WebhookEvent } from './webhook';

const spec = deciderSpec(webhookDecider);
const sealed = (n: number) => ({ alg: 'A256GCM' as const, kid: 'k', iv: `iv${n}`, tag: 't', data: `d${n}` });
const context = (facts: Partial<WebhookContext> = {}): WebhookContext =>
  aContext({ newId: 5, sealedSecret: null, urlRefused: null, ...facts });
const settings = {
  url: 'https://hooks.example.com/fahrplan',
  events: ['item', 'GroupCreated'],
  active: true,
};
const save = (
  data: Partial<Extract<WebhookCommand, { type: 'SaveWebhook' }>['data']> = {},
): WebhookCommand => ({
  type: 'SaveWebhook',
  data: { ...settings, ...data },
});
const created: WebhookEvent = { type: 'WebhookSaved', data: { id: 5, ...settings, secret: sealed(1) } };
const paused: WebhookEvent = { type: 'WebhookPaused', data: { id: 5, reason: 'HTTP 500', failures: 8 } };

describe('SaveWebhook input', () => {
  it('takes https and http addresses, event types and categories of the catalogue, without duplicates', () => {
    const parsed = saveWebhookSchema.parse({
      url: ' https://hooks.example.com/x ',
      events: ['item', 'item', 'GroupCreated'],
      active: true,
    });
    expect(parsed).toEqual({
      url: 'https://hooks.example.com/x',
      events: ['item', 'GroupCreated'],
      active: true,
    });
    expect(saveWebhookSchema.safeParse({ ...settings, url: 'http://localhost:9/x' }).success).toBe(true);
  });

  it('refuses other schemes, credentials in the address, unknown events, no events and a malformed secret', () => {
    for (const bad of [
      { url: 'ftp://hooks.example.com' },
      { url: 'https://user:pw@hooks.example.com' },
      { url: 'hooks.example.com' },
      { events: ['UserCreated'] },
      { events: [] },
      { secret: 'not-a-secret' },
      { id: 5 },
    ])
      expect(saveWebhookSchema.safeParse({ ...settings, ...bad }).success).toBe(false);
    expect(
      saveWebhookSchema.safeParse({ ...settings, secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}` })
        .success,
    ).toBe(true);
  });
});

describe('webhookWants', () => {
  it('matches an event by its type or by its category', () => {
    expect(webhookWants(['item'], 'ItemCreated', 'item')).toBe(true);
    expect(webhookWants(['GroupCreated'], 'GroupCreated', 'group')).toBe(true);
    expect(webhookWants(['GroupCreated'], 'GroupUpdated', 'group')).toBe(false);
  });
});

describe('when the webhook is absent', () => {
  it('creates it with the sealed secret', () =>
    spec
      .given([])
      .when(save(), context({ sealedSecret: sealed(1) }))
      .then([created]));

  it('refuses a refused address, naming why', () =>
    spec
      .given([])
      .when(save(), context({ sealedSecret: sealed(1), urlRefused: 'a private address (loopback)' }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'url', message: 'a private address (loopback)' }] },
      }));

  it('refuses a creation without a secret', () =>
    spec.given([]).when(save(), context()).thenThrows({ code: 'validation' }));

  it('refuses a change of a webhook that does not exist', () =>
    spec
      .given([])
      .when(save({ id: 5, version: 0 }), context())
      .thenThrows({ code: 'not_found' }));
});

describe('when the webhook is active', () => {
  it('changes its events and keeps the secret when none is given', () =>
    spec
      .given([created])
      .when(save({ id: 5, version: 0, events: ['item'] }), context())
      .then([{ type: 'WebhookSaved', data: { id: 5, ...settings, events: ['item'] } }]));

  it('records nothing when nothing changes', () =>
    spec
      .given([created])
      .when(save({ id: 5, version: 0, events: ['GroupCreated', 'item'] }), context())
      .then([]));

  it('answers a stale version with a conflict', () =>
    spec
      .given([created])
      .when(save({ id: 5, version: 3 }), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 0 } }));

  it('is paused by the deliverer with the reason', () =>
    spec
      .given([created])
      .when({ type: 'PauseWebhook', data: { id: 5, reason: 'HTTP 500', failures: 8 } }, context())
      .then([paused]));

  it('is deleted on the version the user saw', () =>
    spec
      .given([created])
      .when({ type: 'DeleteWebhook', data: { id: 5, version: 0 } }, context())
      .then([{ type: 'WebhookDeleted', data: { id: 5 } }]));
});

describe('when the webhook is paused', () => {
  it('is not paused twice', () =>
    spec
      .given([created, paused])
      .when({ type: 'PauseWebhook', data: { id: 5, reason: 'again', failures: 9 } }, context())
      .then([]));

  it('resumes on a save that keeps it active, and the resumption clears the pause', () => {
    spec
      .given([created, paused])
      .when(save({ id: 5, version: 1 }), context())
      .then([{ type: 'WebhookSaved', data: { id: 5, ...settings } }]);
    const state = [
      created,
      paused,
      { type: 'WebhookSaved', data: { id: 5, ...settings } } as WebhookEvent,
    ].reduce(webhookDecider.evolve, webhookDecider.initialState);
    expect(state).toMatchObject({ status: 'active', paused: null, version: 2, secret: sealed(1) });
  });
});

describe('when the webhook is switched off or deleted', () => {
  it('is not paused while switched off', () =>
    spec
      .given([created, { type: 'WebhookSaved', data: { id: 5, ...settings, active: false } }])
      .when({ type: 'PauseWebhook', data: { id: 5, reason: 'HTTP 500', failures: 8 } }, context())
      .then([]));

  it('refuses changes once deleted', () =>
    spec
      .given([created, { type: 'WebhookDeleted', data: { id: 5 } }])
      .when(save({ id: 5, version: 1 }), context())
      .thenThrows({ code: 'not_found' }));
});
