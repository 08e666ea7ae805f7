import { describe, expect, it } from '@jest/globals';
import { englishT } from './testing';

describe('englishT', () => {
  it("reads a feature's English catalogue, with interpolation", () => {
    const t = englishT('auth');
    expect(t('logIn')).toBe('Log in');
    expect(t('signInWith', { provider: 'Keycloak' })).toBe('Sign in with Keycloak');
  });
});
