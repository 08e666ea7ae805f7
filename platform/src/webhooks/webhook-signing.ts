import { createHmac, randomBytes } from 'node:crypto';
import { RefusedAddressError } from '../net/address-guard';
import type { AddressGuard } from '../net/address-guard';

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes (the HMAC key). */
export const generateWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The purpose a webhook's secret is sealed for: bound to the tenant and the webhook. */
export const webhookSecretPurpose = (tenant: string, webhookId: number): string =>
  `webhook:${tenant}:${webhookId}`;

/** The headers of one delivery: the message id (stable across retries), the time and the signature. */
export interface WebhookHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * Signs a delivery as the Standard Webhooks specification says: `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the bytes of the secret after `whsec_`; the timestamp in whole
 * seconds since the epoch. Verified against the `standardwebhooks` package in the unit spec.
 */
export const signWebhook = (secret: string, id: string, at: Date, body: string): WebhookHeaders => {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
};

/** Where webhooks may not go: hosts allowed to be private (`*`: all of them), as FAHRPLAN_WEBHOOK_PRIVATE_HOSTS lists them. */
export type WebhookPrivateHosts = readonly string[] | '*';

const allowedHost = (url: URL, allowed: WebhookPrivateHosts) =>
  allowed === '*' ||
  allowed.some((entry) => {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const [entryHost, entryPort] = entry.toLowerCase().split(/:(?=\d+$)/);
    return entryHost === host && (entryPort === undefined || entryPort === (url.port || ''));
  });

/**
 * Why a webhook may not be called at `address`, or null when it may: http only to hosts allowed to be
 * private, and no loopback, private, link-local or other special address unless allowed. Checked at
 * save and again before every delivery, since a name may resolve elsewhere later.
 */
export const webhookAddressRefusal = async (
  address: string,
  allowed: WebhookPrivateHosts,
  guard: AddressGuard,
): Promise<string | null> => {
  const url = new URL(address);
  if (url.protocol === 'http:' && !allowedHost(url, allowed))
    return 'an https:// address (http only for allowed private hosts)';
  if (allowed === '*') return null;
  try {
    await guard(url.hostname, url.port || (url.protocol === 'https:' ? '443' : '80'));
    return null;
  } catch (error) {
    if (error instanceof RefusedAddressError) return `not a public address (${error.range})`;
    return `the host does not resolve (${(error as { code?: string }).code ?? 'error'})`;
  }
};
