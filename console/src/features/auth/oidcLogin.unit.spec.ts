import { describe, expect, it } from '@jest/globals';
import { oidcErrorMessage, oidcStartUrl } from './oidcLogin';

describe('oidcLogin', () => {
  it('passes the typed tenant, trimmed and encoded', () => {
    expect(oidcStartUrl(' demo ')).toBe('/api/auth/oidc/start?tenant=demo');
    expect(oidcStartUrl('a&b=c')).toBe('/api/auth/oidc/start?tenant=a%26b%3Dc');
  });

  it('explains known refusals, has a generic text for others, nothing without an error', () => {
    expect(oidcErrorMessage('oidc-not-mapped')).toMatch(/not assigned to any tenant/);
    expect(oidcErrorMessage('something-else')).toMatch(/failed/);
    expect(oidcErrorMessage(null)).toBeNull();
  });
});
