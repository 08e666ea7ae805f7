import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, oidcConfigOf, oidcEnv, parseEnv } from './config';

const parse = (env: Record<string, string>, publicUrl?: string) =>
  oidcConfigOf(parseEnv(z.object(oidcEnv), env), publicUrl);

const mapping = JSON.stringify([{ claim: 'groups', value: 'g', tenant: 'demo', roles: ['Viewer'] }]);
const base = {
  FAHRPLAN_OIDC_ISSUER: 'https://id.example.com/realms/fahrplan',
  FAHRPLAN_OIDC_CLIENT_ID: 'fahrplan',
  FAHRPLAN_OIDC_CLIENT_SECRET: 'very-secret-value',
  FAHRPLAN_PUBLIC_URL: 'https://fahrplan.example.com',
  FAHRPLAN_OIDC_MAPPING: mapping,
};

describe('oidcConfigOf', () => {
  it('is off without issuer and client id (empty counts as unset)', () => {
    expect(parse({})).toBeUndefined();
    expect(parse({ FAHRPLAN_OIDC_ISSUER: '', FAHRPLAN_OIDC_CLIENT_ID: '' })).toBeUndefined();
  });

  it('reads the provider, the callback under the public URL, the defaults and the mapping', () => {
    expect(parse(base)).toEqual({
      issuer: 'https://id.example.com/realms/fahrplan',
      clientId: 'fahrplan',
      clientSecret: 'very-secret-value',
      redirectUri: 'https://fahrplan.example.com/api/auth/oidc/callback',
      label: 'OpenID Connect',
      scopes: 'openid profile email',
      mapping: JSON.parse(mapping),
    });
  });

  it('prefers an explicit redirect URI, else falls back to the server’s own origin', () => {
    const { FAHRPLAN_PUBLIC_URL: _unused, ...rest } = base;
    expect(parse(rest, 'http://localhost:3000')?.redirectUri).toBe(
      'http://localhost:3000/api/auth/oidc/callback',
    );
    expect(
      parse({ ...base, FAHRPLAN_OIDC_REDIRECT_URI: 'https://x.example.com/api/auth/oidc/callback' })
        ?.redirectUri,
    ).toBe('https://x.example.com/api/auth/oidc/callback');
    expect(() => parse(rest)).toThrow(/FAHRPLAN_PUBLIC_URL or FAHRPLAN_OIDC_REDIRECT_URI/);
  });

  it('names the variable of a bad setting and never echoes the secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...base, FAHRPLAN_OIDC_CLIENT_ID: '' }, /FAHRPLAN_OIDC_CLIENT_ID/],
      [{ ...base, FAHRPLAN_OIDC_MAPPING: '' }, /FAHRPLAN_OIDC_MAPPING/],
      [{ ...base, FAHRPLAN_OIDC_MAPPING: '[{' }, /FAHRPLAN_OIDC_MAPPING is not valid JSON/],
      [{ ...base, FAHRPLAN_OIDC_MAPPING: '[]' }, /FAHRPLAN_OIDC_MAPPING: rules: at least one rule/],
      [{ ...base, FAHRPLAN_OIDC_MAPPING: '[{"claim":"groups"}]' }, /FAHRPLAN_OIDC_MAPPING: 0\.value/],
      [{ ...base, FAHRPLAN_OIDC_ISSUER: 'not a url' }, /FAHRPLAN_OIDC_ISSUER/],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        parse(env);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('very-secret-value');
    }
  });
});
