import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { publicAddressesOnly } from '../net/address-guard';
import { generateWebhookSecret, signWebhook, webhookAddressRefusal } from './webhook-signing';

describe('signWebhook', () => {
  const body = JSON.stringify({ id: 'e1', type: 'GroupCreated', data: { title: 'Kasse' } });

  it("signs so that the standardwebhooks package's Webhook.verify accepts the delivery", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signWebhook(secret, 'msg_1', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it("matches the package's own signature byte for byte", () => {
    const secret = generateWebhookSecret();
    const at = new Date('2026-11-29T02:00:00Z');
    expect(signWebhook(secret, 'msg_2', at, body)['webhook-signature']).toBe(
      new Webhook(secret).sign('msg_2', at, body),
    );
  });

  it('is refused by the package for another secret, an altered body or an old timestamp', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook(secret, 'msg_3', new Date(), body);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    const old = signWebhook(secret, 'msg_3', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/too old/i);
  });
});

describe('webhookAddressRefusal', () => {
  const guard = publicAddressesOnly(['127.0.0.1']);

  it('refuses http to a public host, and private addresses not allowed', async () => {
    expect(await webhookAddressRefusal('http://93.184.215.14/x', [], publicAddressesOnly())).toMatch(/https/);
    expect(await webhookAddressRefusal('https://10.0.0.8/x', [], publicAddressesOnly())).toMatch(/private/);
    expect(await webhookAddressRefusal('https://169.254.169.254/x', [], publicAddressesOnly())).toMatch(
      /linkLocal/,
    );
    expect(await webhookAddressRefusal('https://[::1]/x', [], publicAddressesOnly())).toMatch(/loopback/);
  });

  it('allows the hosts allowed to be private, http included, and public https addresses', async () => {
    expect(await webhookAddressRefusal('http://127.0.0.1:8080/x', ['127.0.0.1'], guard)).toBeNull();
    expect(await webhookAddressRefusal('https://93.184.215.14/x', [], publicAddressesOnly())).toBeNull();
    expect(await webhookAddressRefusal('http://10.0.0.8/x', '*', publicAddressesOnly())).toBeNull();
  });
});
