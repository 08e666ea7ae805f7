import { describe, expect, it } from '@jest/globals';
import { mapClaims } from './oidc-config';
import { LoginCookieCodec } from './oidc-login-cookie';

const mapping = [
  { claim: 'groups', value: 'planners', tenant: 'demo', roles: ['Viewer'] },
  { claim: 'groups', value: 'admins', tenant: 'demo', roles: ['Administrator'] },
  { claim: 'email_verified', value: 'true', tenant: 'other', roles: ['Viewer'] },
  { claim: 'department', value: 'IT', tenant: 'it', roles: [] },
];

describe('mapClaims', () => {
  it('collects the roles of every matching rule per tenant, tenants in rule order', () => {
    const mapped = mapClaims(mapping, { groups: ['admins', 'planners'], email_verified: true });
    expect([...mapped.keys()]).toEqual(['demo', 'other']);
    expect([...mapped.get('demo')!]).toEqual(['Viewer', 'Administrator']);
    expect([...mapped.get('other')!]).toEqual(['Viewer']);
  });

  it('compares a single claim value, and a rule without roles still maps the tenant', () => {
    expect([...mapClaims(mapping, { department: 'IT' }).entries()]).toEqual([['it', new Set()]]);
  });

  it('maps nothing for other values, missing claims or objects', () => {
    expect(mapClaims(mapping, { groups: ['Admins'], department: { name: 'IT' } }).size).toBe(0);
    expect(mapClaims(mapping, {}).size).toBe(0);
  });
});

describe('LoginCookieCodec', () => {
  const login = { state: 's', nonce: 'n', codeVerifier: 'v', tenant: 'demo' };
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = () => now;

  it('opens what it sealed, but not after its lifetime', () => {
    const codec = new LoginCookieCodec('a shared secret', 60_000, clock);
    const sealed = codec.seal(login);
    expect(sealed).not.toContain('demo');
    expect(codec.open(sealed)).toEqual(login);
    now = new Date(now.getTime() + 61_000);
    expect(codec.open(sealed)).toBeUndefined();
  });

  it('refuses altered cookies, other keys and junk', () => {
    const codec = new LoginCookieCodec('a shared secret', 60_000, clock);
    const sealed = codec.seal(login);
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(codec.open(raw.toString('base64url'))).toBeUndefined();
    expect(new LoginCookieCodec('another secret', 60_000, clock).open(sealed)).toBeUndefined();
    expect(new LoginCookieCodec('a shared secret', 60_000, clock).open(sealed)).toEqual(login);
    for (const junk of [undefined, '', 'abc', 42, 'x'.repeat(5000)]) expect(codec.open(junk)).toBeUndefined();
  });
});
